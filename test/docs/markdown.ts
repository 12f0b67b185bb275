/**
 * Reading the documentation pages for their tests: fenced code blocks with their info string
 * and line, and the Markdown table that follows a `<!-- check:… -->` marker.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Page {
  readonly name: string;
  readonly text: string;
  readonly lines: readonly string[];
}

export function readPage(relativePath: string): Page {
  const text = readFileSync(`${ROOT}${relativePath}`, 'utf8');
  return { name: relativePath, text, lines: text.split('\n') };
}

export interface FencedBlock {
  /** The word after the language: `expression`, `condition`, … (empty when there is none). */
  readonly kind: string;
  readonly language: string;
  /** `key=value` words of the info string, e.g. `file=manifest.json`, `unit=EUR/month`. */
  readonly attributes: Readonly<Record<string, string>>;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly body: string;
  /** `docs/rules-format.md:123`, for messages. */
  readonly where: string;
}

/** Every fenced code block of a page (backtick fences; an unclosed fence is an error). */
export function fencedBlocks(page: Page): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  let open:
    | {
        language: string;
        kind: string;
        attributes: Record<string, string>;
        line: number;
        indent: string;
        body: string[];
      }
    | undefined;
  page.lines.forEach((text, i) => {
    if (open === undefined) {
      const m = /^(\s*)```(\S*)\s*(.*)$/.exec(text);
      if (m === null) return;
      const words = (m[3] ?? '').split(/\s+/).filter((w) => w !== '');
      const attributes: Record<string, string> = {};
      let kind = '';
      for (const w of words) {
        const eq = w.indexOf('=');
        if (eq > 0) attributes[w.slice(0, eq)] = w.slice(eq + 1);
        else if (kind === '') kind = w;
        else throw new Error(`${page.name}:${i + 1}: unexpected word "${w}" in the info string`);
      }
      open = { language: m[2] ?? '', kind, attributes, line: i + 1, indent: m[1] ?? '', body: [] };
      return;
    }
    if (/^\s*```\s*$/.test(text)) {
      blocks.push({
        kind: open.kind,
        language: open.language,
        attributes: open.attributes,
        line: open.line,
        body: open.body.join('\n'),
        where: `${page.name}:${open.line}`,
      });
      open = undefined;
      return;
    }
    open.body.push(text.startsWith(open.indent) ? text.slice(open.indent.length) : text);
  });
  if (open !== undefined) throw new Error(`${page.name}:${open.line}: code block is never closed`);
  return blocks;
}

/** The rows (cells trimmed) of the Markdown table right after each `<!-- check:<name> -->` marker. */
export function checkedTables(page: Page, name: string): { line: number; rows: string[][] }[] {
  const out: { line: number; rows: string[][] }[] = [];
  page.lines.forEach((text, i) => {
    if (text.trim() !== `<!-- check:${name} -->`) return;
    const rows: string[][] = [];
    let j = i + 1;
    while (j < page.lines.length && (page.lines[j] as string).trim() === '') j += 1;
    const header = j;
    for (; j < page.lines.length && (page.lines[j] as string).trim().startsWith('|'); j += 1) {
      if (j === header || j === header + 1) continue; // header and separator
      rows.push(
        (page.lines[j] as string)
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((c) => c.trim()),
      );
    }
    out.push({ line: header + 1, rows });
  });
  return out;
}

/** `` `x` `` → `x`; anything else unchanged. */
export function unquote(cell: string): string {
  const m = /^`([^`]*)`$/.exec(cell);
  return m === null ? cell : (m[1] as string);
}
