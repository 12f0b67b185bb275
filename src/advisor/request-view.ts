/**
 * The request to copy: the body as JSON and as a curl command for this service's API, each in
 * a read-only text box (so it can be read and selected by hand too) with a button that puts it
 * on the clipboard. When the clipboard refuses, the text is selected instead and the page says
 * how to copy it.
 */
import type { ApiRequest } from './api.js';
import { KEY_VARIABLE, curlCommand, jsonText } from './curl.js';
import { h } from './dom.js';

export interface RequestView {
  readonly element: HTMLElement;
  /** Shows the texts for this body and request. */
  update(request: Omit<ApiRequest, 'explain'>, body: unknown): void;
}

async function copy(text: string, box: HTMLTextAreaElement, status: HTMLElement, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = `${what} staat op het klembord.`;
  } catch {
    box.focus();
    box.select();
    status.textContent = `Kopiëren naar het klembord lukte niet. De tekst is geselecteerd: kopieer hem met Ctrl+C (Cmd+C op een Mac).`;
  }
}

function copyBlock(
  id: string,
  label: string,
  hint: string | undefined,
  rows: number,
  button: string,
  status: HTMLElement,
) {
  const box = h('textarea', {
    id,
    readonly: true,
    rows,
    spellcheck: 'false',
    class: 'code',
    'aria-describedby': hint === undefined ? undefined : `${id}-hint`,
  });
  const knop = h('button', { type: 'button', id: `${id}-kopieer` }, button);
  knop.addEventListener('click', () => void copy(box.value, box, status, label));
  const element = h(
    'div',
    { class: 'veld' },
    h('label', { for: id }, label),
    hint === undefined ? null : h('p', { class: 'hint', id: `${id}-hint` }, hint),
    box,
    knop,
  );
  return { element, box };
}

export function requestView(): RequestView {
  const status = h('p', { class: 'kopieer-status', role: 'status', id: 'kopieer-status' });
  const json = copyBlock('verzoek-json', 'Verzoek als JSON', undefined, 14, 'Kopieer JSON', status);
  const curl = copyBlock(
    'verzoek-curl',
    'Verzoek als curl-opdracht',
    `De sleutel komt uit de shellvariabele ${KEY_VARIABLE}: zet die eerst met export ${KEY_VARIABLE}=uw-sleutel.`,
    6,
    'Kopieer curl-opdracht',
    status,
  );
  const element = h(
    'section',
    { class: 'paneel', 'aria-labelledby': 'verzoek-kop' },
    h('h2', { id: 'verzoek-kop' }, 'Verzoek voor de API'),
    h('p', {}, 'Hetzelfde verzoek als hierboven, om zelf naar de API te sturen.'),
    json.element,
    curl.element,
    status,
  );
  return {
    element,
    update(request, body) {
      json.box.value = jsonText(body);
      curl.box.value = curlCommand(request, body);
    },
  };
}
