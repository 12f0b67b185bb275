/**
 * How well founded each amount is (`Onderbouwing`): a marker per amount in the result table,
 * the names of its estimates and values to verify at the top of its explanation, and a legend
 * below the table. The marker is a symbol and a word, never colour alone, and a screen reader
 * hears the word and how many uncertain figures lie behind it.
 */
import type { Onderbouwing } from '../contract/results.js';
import { PROVENANCE_LABELS, PROVENANCE_MEANINGS } from '../contract/provenance-labels.js';
import { h, srOnly } from './dom.js';

type Kind = Onderbouwing['Zwakst'];

/** A symbol per kind, beside the word (hidden from screen readers, which hear the word). */
const SYMBOLS: Readonly<Record<Kind, string>> = { read: '✓', derived: '=', 'to-verify': '?', estimate: '≈' };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The uncertain figures behind an amount, counted: `2 schattingen en 1 te verifiëren waarde`. */
function counted(o: Onderbouwing): string {
  const parts = [
    ...(o.Schattingen.length > 0 ? [plural(o.Schattingen.length, 'schatting', 'schattingen')] : []),
    ...(o.TeVerifieren.length > 0
      ? [plural(o.TeVerifieren.length, 'te verifiëren waarde', 'te verifiëren waarden')]
      : []),
  ];
  return parts.join(' en ');
}

/** The table cell of one amount: its marker, or empty when the result has no `Onderbouwing`. */
export function foundationCell(o: Onderbouwing | undefined): HTMLElement {
  if (o === undefined) return h('td', { class: 'onderbouwing' });
  const uncertain = counted(o);
  return h(
    'td',
    { class: 'onderbouwing', 'data-zwakst': o.Zwakst },
    h(
      'span',
      { class: `onderbouwing-merk merk-${o.Zwakst}` },
      h('span', { 'aria-hidden': 'true' }, `${SYMBOLS[o.Zwakst]} `),
      PROVENANCE_LABELS[o.Zwakst],
    ),
    uncertain === '' ? undefined : srOnly(`, rust op ${uncertain} (zie de uitleg)`),
  );
}

/** At the top of an amount's explanation: which estimates and values to verify it rests on. */
export function foundationNote(o: Onderbouwing | undefined): HTMLElement | undefined {
  if (o === undefined) return undefined;
  const list = (label: string, names: readonly string[]) =>
    names.length === 0
      ? undefined
      : h(
          'p',
          {},
          `${label}: `,
          names.flatMap((n, i) => [i > 0 ? ', ' : '', h('code', {}, n)]),
        );
  return h(
    'div',
    { class: 'onderbouwing-noot' },
    h('p', {}, h('strong', {}, 'Onderbouwing: '), `${PROVENANCE_LABELS[o.Zwakst]} — ${PROVENANCE_MEANINGS[o.Zwakst]}.`),
    list('Schattingen', o.Schattingen),
    list('Te verifiëren', o.TeVerifieren),
  );
}

/** What the markers mean, below the table. */
export function foundationLegend(): HTMLElement {
  const kinds = Object.keys(PROVENANCE_LABELS) as Kind[];
  return h(
    'section',
    { class: 'onderbouwing-legenda', 'aria-labelledby': 'onderbouwing-legenda-kop' },
    h('h3', { id: 'onderbouwing-legenda-kop' }, 'Onderbouwing'),
    h(
      'p',
      {},
      'Per bedrag het zwakste cijfer uit de rekenregels waarop het voor dit huishouden rust, van sterk naar zwak. ' +
        'De uitleg bij een bedrag noemt de schattingen en te verifiëren waarden bij naam.',
    ),
    h(
      'dl',
      {},
      kinds.flatMap((kind) => [
        h(
          'dt',
          {},
          h(
            'span',
            { class: `onderbouwing-merk merk-${kind}` },
            h('span', { 'aria-hidden': 'true' }, `${SYMBOLS[kind]} `),
            PROVENANCE_LABELS[kind],
          ),
        ),
        h('dd', {}, PROVENANCE_MEANINGS[kind]),
      ]),
    ),
  );
}
