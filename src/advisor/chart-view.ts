/**
 * The charts as inline SVG, drawn from the geometry in chart-geometry.ts. Colours come from
 * the style sheet (classes, no inline style, as the CSP wants); every bar carries its amount
 * as text, and the table above says the same in words, so the chart is a picture of it
 * (`role="img"` with a description), not the only way to read it.
 */
import type { RepaymentCapacityResult, RetirementExpenditureResult } from '../index.js';
import {
  type ChartLayout,
  fitDimensions,
  GROUPED_DIMENSIONS,
  groupedBarsLayout,
  WATERFALL_DIMENSIONS,
  waterfallLayout,
  waterfallSteps,
} from './chart-geometry.js';
import { h, s } from './dom.js';
import { formatEuro } from './format.js';

function draw(layout: ChartLayout, title: string, description: string, id: string): SVGSVGElement {
  return s(
    'svg',
    {
      class: 'grafiek',
      id,
      viewBox: `0 0 ${layout.width} ${layout.height}`,
      width: layout.width,
      height: layout.height,
      role: 'img',
      'aria-labelledby': `${id}-titel ${id}-beschrijving`,
    },
    s('title', { id: `${id}-titel` }, title),
    s('desc', { id: `${id}-beschrijving` }, description),
    layout.labels.map((label) =>
      s(
        'text',
        {
          x: label.x,
          y: label.y,
          class: label.heading ? 'as-kop' : 'as-label',
          'dominant-baseline': 'middle',
        },
        label.text,
      ),
    ),
    s('line', { ...layout.zero, class: 'nullijn' }),
    layout.connectors.map((c) => s('line', { ...c, class: 'verbinding' })),
    layout.bars.map((bar) =>
      s(
        'g',
        { class: `staaf staaf-${bar.kind}` },
        s('rect', { x: bar.x, y: bar.y, width: bar.width, height: bar.height }),
        s('text', { x: bar.valueX, y: bar.textY, class: 'waarde', 'dominant-baseline': 'middle' }, bar.valueText),
      ),
    ),
  );
}

/** The waterfall from income down to the capacity and on to the maximum capacity, drawn `width` pixels wide (see `fitDimensions`). */
export function repaymentChart(result: RepaymentCapacityResult, width = WATERFALL_DIMENSIONS.width): HTMLElement {
  const steps = waterfallSteps(result);
  const deductions = steps.filter((step) => step.kind === 'last').length;
  const last =
    result.Tekort > 0
      ? `een tekort van ${formatEuro(result.Tekort)}`
      : `een afloscapaciteit van ${formatEuro(result.Afloscapaciteit)}`;
  const atMinimum =
    result.MinimaalTekort > 0
      ? `Met minimale lasten (${formatEuro(result.TotaalMinimaleLasten)}) blijft een tekort van ${formatEuro(result.MinimaalTekort)}.`
      : `Met minimale lasten (${formatEuro(result.TotaalMinimaleLasten)}) is de maximale afloscapaciteit ${formatEuro(result.MaximaleAfloscapaciteit)}.`;
  return figure(
    draw(
      waterfallLayout(steps, fitDimensions(WATERFALL_DIMENSIONS, width)),
      'Van inkomen naar afloscapaciteit',
      `Het netto inkomen van ${formatEuro(result.NettoBesteedbaarInkomenPerMaand)}, verminderd met ${deductions} lasten, geeft ${last} per maand. ${atMinimum}`,
      'grafiek-afloscapaciteit',
    ),
    legend([['inkomen', 'Inkomen'], ['last', 'Lasten'], ...legendOfTheEnd(result)]),
    'Posten van € 0 zijn niet getekend.',
  );
}

/** Basis and Voorbeeld per post, grouped, drawn `width` pixels wide (see `fitDimensions`). */
export function retirementChart(result: RetirementExpenditureResult, width = GROUPED_DIMENSIONS.width): HTMLElement {
  return figure(
    draw(
      groupedBarsLayout(result, fitDimensions(GROUPED_DIMENSIONS, width)),
      'Basis en Voorbeeld per post',
      `Per post twee staven: Basis en Voorbeeld. Totaal Basis ${formatEuro(result.Totaal.Basis)}, Voorbeeld ${formatEuro(result.Totaal.Voorbeeld)} per maand.`,
      'grafiek-pensioenuitgaven',
    ),
    legend([
      ['basis', 'Basis'],
      ['voorbeeld', 'Voorbeeld'],
    ]),
  );
}

/** A drawn chart with its caption: the legend and any notes. */
function figure(chart: SVGSVGElement, ...caption: (HTMLElement | string)[]): HTMLElement {
  return h('figure', { class: 'grafiek-figuur' }, chart, h('figcaption', {}, ...caption));
}

function legendOfTheEnd(result: RepaymentCapacityResult): (readonly [kind: string, label: string])[] {
  const kinds = new Set(waterfallSteps(result).map((step) => step.kind));
  const entries: (readonly [string, string])[] = [];
  if (kinds.has('capaciteit')) entries.push(['capaciteit', 'Afloscapaciteit']);
  if (kinds.has('tekort')) entries.push(['tekort', 'Tekort']);
  if (kinds.has('besparing')) entries.push(['besparing', 'Besparing tot de minimale lasten']);
  if (kinds.has('maximum')) entries.push(['maximum', 'Maximale afloscapaciteit']);
  return entries;
}

function legend(items: readonly (readonly [kind: string, label: string])[]): HTMLElement {
  return h(
    'ul',
    { class: 'legenda' },
    items.map(([kind, label]) =>
      h('li', {}, h('span', { class: `kleur kleur-${kind}`, 'aria-hidden': 'true' }), label),
    ),
  );
}
