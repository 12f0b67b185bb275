/**
 * An amount's explanation (the library's `explain` option, docs/explanation.md) as a panel:
 * the exact and the rounded amount, every rule tried (applied or not, and why), and for every
 * rule that applied the figures it used, with value, unit, source and provenance. The rule
 * set's texts are shown as they are written (the bundled sets' rule descriptions are English),
 * as secondary text under the page's own Dutch line built from the data (explanation-text.ts).
 */
import type { AmountTrace, Explanation, FigureUse, RuleTrace } from '../index.js';
import { h, tableHead } from './dom.js';
import {
  amountSummaryText,
  amountsText,
  becauseText,
  factLabel,
  type MeasureLabel,
  measureName,
  postName,
  roundingText,
  ruleSummaryText,
  statusText,
  tableKeyText,
  unitText,
  valueText,
} from './explanation-text.js';
import { formatDecimal, formatEuro } from './format.js';
import { dutchProvenance } from './messages.js';

/** The traces of totals (`TotaalLasten`, `Afloscapaciteit`, `Tekort`). */
export type TotalTrace = Explanation['totals'][number];

const FIGURE_KINDS: Readonly<Record<FigureUse['kind'], string>> = {
  parameter: 'parameter',
  table: 'tabelcel',
  fact: 'gegeven van het huishouden',
  value: 'tussenwaarde',
  post: 'post',
  const: 'vast getal in de regel',
};

function figureName(figure: FigureUse): HTMLElement {
  if (figure.kind === 'fact') {
    // A fact of the household: its Dutch label (the form's words), not the rules' name.
    return h('td', {}, h('span', {}, factLabel(figure.name)), h('span', { class: 'soort' }, ` ${FIGURE_KINDS.fact}`));
  }
  const name = figure.kind === 'post' ? postName(figure.name) : 'name' in figure ? figure.name : '';
  const detail =
    figure.kind === 'table'
      ? tableKeyText(figure.key)
      : figure.kind === 'parameter'
        ? figure.description
        : figure.kind === 'post'
          ? `${measureName(figure.measure)}, ${figure.rounded ? 'afgerond' : 'exact'}`
          : '';
  return h(
    'td',
    {},
    name === '' ? null : h('code', {}, name),
    h('span', { class: 'soort' }, ` ${FIGURE_KINDS[figure.kind]}`),
    detail === '' ? null : h('span', { class: 'detail' }, detail),
  );
}

function figureValue(figure: FigureUse): string {
  const value = figure.kind === 'fact' ? valueText(figure.value) : formatDecimal(figure.value);
  const unit = 'unit' in figure ? unitText(figure.unit) : '';
  return unit === '' ? value : `${value} ${unit}`;
}

function figureSource(figure: FigureUse): HTMLElement {
  if (figure.kind !== 'parameter' && figure.kind !== 'table') return h('td', { 'data-kop': 'Bron' }, '—');
  const { source } = figure;
  return h(
    'td',
    { class: 'bron', 'data-kop': 'Bron' },
    h('span', {}, `${source.publisher}: ${source.title} (${source.period})`),
    source.locator === undefined ? null : h('span', { class: 'detail' }, `Vindplaats: ${source.locator}`),
    source.document === undefined ? null : h('span', { class: 'detail' }, `Document: ${source.document}`),
    source.url === undefined ? null : h('span', { class: 'detail url' }, source.url),
    h('span', { class: 'detail' }, `Gelezen op ${source.read} (bron ${source.key})`),
  );
}

function figureProvenance(figure: FigureUse): HTMLElement {
  if (figure.kind !== 'parameter' && figure.kind !== 'table') return h('td', { 'data-kop': 'Herkomst' }, '—');
  const why = figure.formula ?? figure.reasoning;
  return h(
    'td',
    { 'data-kop': 'Herkomst' },
    h('span', { class: `herkomst herkomst-${figure.provenance}` }, dutchProvenance(figure.provenance)),
    why === undefined ? null : h('span', { class: 'detail' }, why),
  );
}

/** The figures an amount read, as a table. */
function figuresTable(figures: readonly FigureUse[]): HTMLElement {
  return h(
    'table',
    { class: 'figuren' },
    h('caption', {}, 'Gebruikte cijfers'),
    tableHead(['Cijfer', 'Waarde', 'Bron', 'Herkomst']),
    h(
      'tbody',
      {},
      figures.map((figure) =>
        h(
          'tr',
          { 'data-figuur': 'name' in figure ? figure.name : figure.kind },
          figureName(figure),
          h('td', { class: 'getal', 'data-kop': 'Waarde' }, figureValue(figure)),
          figureSource(figure),
          figureProvenance(figure),
        ),
      ),
    ),
  );
}

function rule(trace: RuleTrace, label: MeasureLabel): HTMLElement {
  return h(
    'li',
    { class: trace.applied ? 'regel toegepast' : 'regel niet-toegepast', 'data-regel': trace.id },
    h(
      'p',
      { class: 'regel-kop' },
      h('span', { class: 'label' }, trace.applied ? 'Toegepast' : 'Niet toegepast'),
      ' ',
      h('code', {}, trace.id),
    ),
    h('p', { class: 'uitleg-samenvatting' }, ruleSummaryText(trace, label)),
    h('p', { class: 'detail' }, `Waarom: ${becauseText(trace.because)}`),
    h('p', { class: 'detail regel-omschrijving' }, `Omschrijving in de rekenregels: ${trace.description}`),
    trace.figures === undefined || trace.figures.length === 0 ? null : figuresTable(trace.figures),
  );
}

function ruleSetLine(explanation: Explanation): HTMLElement {
  const set = explanation.ruleSet;
  return h(
    'p',
    { class: 'detail regelset' },
    `Rekenregels ${set.id} (geldig ${set.validFrom} t/m ${set.validUntil}, status ${statusText(set.status)}), inhoudshash `,
    h('code', {}, set.hash),
  );
}

/**
 * A post's explanation: exact and rounded amounts, the rounding, every rule tried. `label` names
 * the measures as the result's method means them (`Bedrag (standaardniveau)`).
 */
export function postExplanation(
  trace: AmountTrace,
  explanation: Explanation,
  label: MeasureLabel = measureName,
): HTMLElement {
  const rounding = trace.rounding;
  return h(
    'div',
    { class: 'uitleg-inhoud' },
    h('p', {}, h('strong', {}, trace.description)),
    h(
      'p',
      {},
      `Exact: ${amountsText(trace.exact, label)}. Getoond: ${amountsText(trace.rounded, label)}`,
      rounding === undefined ? '.' : ` (afgerond ${roundingText(rounding)}).`,
    ),
    h('p', { class: 'uitleg-samenvatting' }, amountSummaryText(trace)),
    h('h4', {}, 'Regels'),
    h(
      'ol',
      { class: 'regels' },
      trace.rules.map((r) => rule(r, label)),
    ),
    ruleSetLine(explanation),
  );
}

/** A total's explanation: what it is and the figures its formula read. */
export function totalExplanation(trace: TotalTrace, explanation: Explanation): HTMLElement {
  return h(
    'div',
    { class: 'uitleg-inhoud' },
    h('p', {}, h('strong', {}, trace.name), `: ${trace.description}.`),
    h('p', {}, `Uitkomst: € ${formatDecimal(trace.value)}`),
    figuresTable(trace.figures),
    ruleSetLine(explanation),
  );
}

/** A subtotal or total that is the sum of rounded posts (pensioenuitgaven's groups and total). */
export function sumExplanation(
  title: string,
  parts: readonly { readonly label: string; readonly basis: number; readonly voorbeeld: number }[],
  total: { readonly basis: number; readonly voorbeeld: number },
  explanation: Explanation | undefined,
): HTMLElement {
  return h(
    'div',
    { class: 'uitleg-inhoud' },
    h('p', {}, h('strong', {}, title), ': de som van de getoonde (afgeronde) posten.'),
    h(
      'table',
      { class: 'figuren' },
      h('caption', {}, 'Opgeteld'),
      tableHead(['Post', 'Basis', 'Voorbeeld']),
      h(
        'tbody',
        {},
        parts.map((part) =>
          h(
            'tr',
            {},
            h('td', {}, part.label),
            h('td', { class: 'getal', 'data-kop': 'Basis' }, formatEuro(part.basis)),
            h('td', { class: 'getal', 'data-kop': 'Voorbeeld' }, formatEuro(part.voorbeeld)),
          ),
        ),
        h(
          'tr',
          { class: 'som' },
          h('th', { scope: 'row' }, 'Som'),
          h('td', { class: 'getal', 'data-kop': 'Basis' }, formatEuro(total.basis)),
          h('td', { class: 'getal', 'data-kop': 'Voorbeeld' }, formatEuro(total.voorbeeld)),
        ),
      ),
    ),
    explanation === undefined ? null : ruleSetLine(explanation),
  );
}
