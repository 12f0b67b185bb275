/**
 * Building DOM nodes without HTML strings: every text goes in as a text node, so nothing a rule
 * set or an answer says can become markup. (And the page's CSP allows no inline script or style.)
 */

export type Child = Node | string | number | null | undefined | false;
export type Attributes = Readonly<Record<string, string | number | boolean | undefined>>;

function setAttributes(element: Element, attributes: Attributes): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
}

function append(element: Element, children: readonly (Child | readonly Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'number' ? String(child) : child);
  }
}

/** An HTML element with attributes and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Child | readonly Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  setAttributes(element, attributes);
  append(element, children);
  return element;
}

/**
 * A table's head row: one column header per label; `numeric` columns are right-aligned
 * (`getal`), as their cells are.
 */
export function tableHead(labels: readonly string[], numeric: (column: number) => boolean = () => false): HTMLElement {
  return h(
    'thead',
    {},
    h(
      'tr',
      {},
      labels.map((label, i) => h('th', { scope: 'col', class: numeric(i) ? 'getal' : undefined }, label)),
    ),
  );
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes and children. */
export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Child | readonly Child[])[]
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag);
  setAttributes(element, attributes);
  append(element, children);
  return element;
}

/** A text only screen readers read (`.sr-only`). */
export function srOnly(text: string): HTMLSpanElement {
  return h('span', { class: 'sr-only' }, text);
}

/** An id made of a path: `Kinderen[0].Leeftijd` → `f-Kinderen-0--Leeftijd`. */
export function idOf(prefix: string, path: string): string {
  return `${prefix}-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
