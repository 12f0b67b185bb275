/**
 * The charts' geometry, computed apart from drawing so it is unit-tested
 * (test/advisor/chart-geometry.test.ts): where every bar goes, in the SVG's own units.
 *
 * - Afloscapaciteit: a waterfall, one row per step: the income as a bar from 0, then every
 *   deduction as a segment hanging from what was left before it, then the capacity (or, when
 *   the costs exceed the income, the shortfall below zero); then what cutting the spending to
 *   the minimum gives back, rising from there, and the maximum capacity (or the shortfall that
 *   remains even then).
 * - Pensioenuitgaven: per post two bars, Basis and Voorbeeld, the posts grouped under their group.
 */
import type { RepaymentCapacityResult, RetirementExpenditureResult } from '../index.js';
import { formatEuro } from './format.js';

export type StepKind = 'inkomen' | 'last' | 'capaciteit' | 'tekort' | 'besparing' | 'maximum';

/** One row of the waterfall, in euros: the bar spans `start`..`end`. */
export interface WaterfallStep {
  readonly label: string;
  readonly kind: StepKind;
  /** The amount the row shows (a deduction as a positive amount). */
  readonly amount: number;
  readonly start: number;
  readonly end: number;
}

/** A post's description without its parenthesised detail, at most `max` characters. */
export function shortLabel(text: string, max = 34): string {
  const head = text.split(' (')[0]?.trim() || text;
  return head.length <= max ? head : `${head.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The waterfall's steps: the income, every deduction that is not zero (each from what is left
 * down by its amount), then the capacity from 0, or the shortfall from below zero up to 0.
 * Then the maximum capacity (issue 16): what the minimum gives back (`TotaalLasten` −
 * `TotaalMinimaleLasten`, when not zero) rising from the capacity or shortfall, and the
 * maximum capacity from 0, or the shortfall that remains at the minimum.
 */
export function waterfallSteps(result: RepaymentCapacityResult): WaterfallStep[] {
  const income = result.NettoBesteedbaarInkomenPerMaand;
  const steps: WaterfallStep[] = [{ label: 'Netto inkomen', kind: 'inkomen', amount: income, start: 0, end: income }];
  let left = income;
  for (const post of result.Posten) {
    if (post.Bedrag === 0) continue;
    steps.push({
      label: shortLabel(post.Omschrijving),
      kind: 'last',
      amount: post.Bedrag,
      start: left,
      end: left - post.Bedrag,
    });
    left -= post.Bedrag;
  }
  if (result.Tekort > 0) {
    steps.push({ label: 'Tekort', kind: 'tekort', amount: result.Tekort, start: -result.Tekort, end: 0 });
  } else {
    steps.push({
      label: 'Afloscapaciteit',
      kind: 'capaciteit',
      amount: result.Afloscapaciteit,
      start: 0,
      end: result.Afloscapaciteit,
    });
  }
  return [...steps, ...maximumSteps(result)];
}

/** The waterfall's rows for the maximum capacity, after the capacity's (see {@link waterfallSteps}). */
function maximumSteps(result: RepaymentCapacityResult): WaterfallStep[] {
  const steps: WaterfallStep[] = [];
  const back = result.TotaalLasten - result.TotaalMinimaleLasten;
  if (back > 0) {
    const from = result.Afloscapaciteit - result.Tekort;
    steps.push({ label: 'Besparing tot het minimum', kind: 'besparing', amount: back, start: from, end: from + back });
  }
  if (result.MinimaalTekort > 0) {
    const amount = result.MinimaalTekort;
    steps.push({ label: 'Tekort bij minimale lasten', kind: 'tekort', amount, start: -amount, end: 0 });
  } else {
    const amount = result.MaximaleAfloscapaciteit;
    steps.push({ label: 'Maximale afloscapaciteit', kind: 'maximum', amount, start: 0, end: amount });
  }
  return steps;
}

export interface ChartDimensions {
  /** The whole drawing's width. */
  readonly width: number;
  /** Room for the row labels on the left. */
  readonly labelWidth: number;
  /** Room for the amounts right of the longest bar. */
  readonly valueWidth: number;
  readonly rowHeight: number;
  readonly barHeight: number;
  readonly top: number;
  /**
   * Narrow screens: each row's label on a line of its own above its bars (no label column), so
   * the drawing fits a phone's width at full text size.
   */
  readonly labelsAbove?: boolean;
}

/** Below this width (in CSS pixels) a chart puts its labels above the bars. */
export const NARROW_CHART_WIDTH = 560;
/** The narrowest drawing: below it the SVG scales down (text would go under 13 px). */
export const MIN_CHART_WIDTH = 280;
/** The height of a label's own line when labels go above the bars. */
const LABEL_BAND = 18;

/**
 * The dimensions for a chart drawn `available` pixels wide: drawn at that width (at most the
 * usual 720, at least {@link MIN_CHART_WIDTH}), so the SVG is not scaled and its 13 px text stays
 * 13 px; below {@link NARROW_CHART_WIDTH} with the labels above the bars.
 */
export function fitDimensions(dims: ChartDimensions, available: number): ChartDimensions {
  if (!Number.isFinite(available) || available <= 0) return dims;
  const width = Math.floor(Math.min(dims.width, Math.max(MIN_CHART_WIDTH, available)));
  if (width >= NARROW_CHART_WIDTH) return { ...dims, width };
  return { ...dims, width, labelWidth: 0, labelsAbove: true, rowHeight: dims.rowHeight + LABEL_BAND };
}

export const WATERFALL_DIMENSIONS: ChartDimensions = {
  width: 720,
  labelWidth: 220,
  valueWidth: 90,
  rowHeight: 30,
  barHeight: 20,
  top: 10,
};

/** A bar as drawn, with its amount's text and where that text goes. */
export interface Bar {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly kind: string;
  /** The amount as text (`−€ 800` for a deduction). */
  readonly valueText: string;
  /** Where the amount's text starts (left of it, right of the bar). */
  readonly valueX: number;
  /** The text's vertical middle. */
  readonly textY: number;
}

export interface RowLabel {
  readonly text: string;
  /** Where the text starts. */
  readonly x: number;
  readonly y: number;
  /** A group's heading rather than a row's name. */
  readonly heading: boolean;
}

export interface Line {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

export interface ChartLayout {
  readonly width: number;
  readonly height: number;
  readonly labels: readonly RowLabel[];
  readonly bars: readonly Bar[];
  /** The line at zero euros. */
  readonly zero: Line;
  /** Dashed lines joining one step's end to the next step's start (waterfall only). */
  readonly connectors: readonly Line[];
}

const round = (n: number): number => Math.round(n * 100) / 100;

/** The waterfall drawn: rows top to bottom, a shared scale from the lowest to the highest euro amount. */
export function waterfallLayout(
  steps: readonly WaterfallStep[],
  dims: ChartDimensions = WATERFALL_DIMENSIONS,
): ChartLayout {
  const ends = steps.flatMap((s) => [s.start, s.end]);
  const min = Math.min(0, ...ends);
  const max = Math.max(1, ...ends);
  const plot = dims.width - dims.labelWidth - dims.valueWidth;
  const x = (euros: number): number => dims.labelWidth + ((euros - min) / (max - min)) * plot;
  const rowTop = (i: number): number => dims.top + i * dims.rowHeight;
  const band = dims.labelsAbove === true ? LABEL_BAND : 0;
  const inset = band + (dims.rowHeight - band - dims.barHeight) / 2;
  const bars = steps.map((step, i): Bar => {
    const left = x(Math.min(step.start, step.end));
    const width = Math.max(x(Math.max(step.start, step.end)) - left, step.amount > 0 ? 1 : 0);
    const negative = step.kind === 'last' || step.kind === 'tekort';
    return {
      x: round(left),
      y: round(rowTop(i) + inset),
      width: round(width),
      height: dims.barHeight,
      kind: step.kind,
      valueText: formatEuro(negative ? -step.amount : step.amount),
      valueX: round(left + width + 6),
      textY: round(rowTop(i) + inset + dims.barHeight / 2),
    };
  });
  const connectors: Line[] = [];
  for (let i = 0; i + 1 < steps.length; i += 1) {
    const step = steps[i] as WaterfallStep;
    const next = steps[i + 1] as WaterfallStep;
    // What is left after this step is where the next one starts (for a capacity row: its top,
    // the capacity; the row after it, what the minimum gives back, starts from there).
    const at =
      next.kind === 'capaciteit' || next.kind === 'maximum'
        ? next.end
        : next.kind === 'tekort' || next.kind === 'besparing'
          ? next.start
          : step.end;
    connectors.push({
      x1: round(x(at)),
      y1: round(rowTop(i) + inset + dims.barHeight),
      x2: round(x(at)),
      y2: round(rowTop(i + 1) + inset),
    });
  }
  const height = dims.top * 2 + steps.length * dims.rowHeight;
  return {
    width: dims.width,
    height,
    labels: steps.map((step, i) => ({
      text: step.label,
      x: band > 0 ? 0 : 8,
      y: round(band > 0 ? rowTop(i) + band / 2 : rowTop(i) + dims.rowHeight / 2),
      heading: false,
    })),
    bars,
    zero: { x1: round(x(0)), y1: dims.top / 2, x2: round(x(0)), y2: height - dims.top / 2 },
    connectors,
  };
}

export type Series = 'basis' | 'voorbeeld';

export const GROUPED_DIMENSIONS: ChartDimensions = {
  width: 720,
  labelWidth: 250,
  valueWidth: 80,
  rowHeight: 40,
  barHeight: 14,
  top: 10,
};

/** The retirement chart: a heading row per group, and per post a Basis bar above a Voorbeeld bar. */
export function groupedBarsLayout(
  result: RetirementExpenditureResult,
  dims: ChartDimensions = GROUPED_DIMENSIONS,
): ChartLayout {
  const max = Math.max(1, ...result.Posten.flatMap((p) => [p.Basis, p.Voorbeeld]));
  const plot = dims.width - dims.labelWidth - dims.valueWidth;
  const widthOf = (euros: number): number => (euros / max) * plot;
  const headingHeight = 26;
  const band = dims.labelsAbove === true ? LABEL_BAND : 0;
  const labels: RowLabel[] = [];
  const bars: Bar[] = [];
  let y = dims.top;
  const groups = [...new Set(result.Posten.map((p) => p.Groep))];
  for (const group of groups) {
    const heading = result.Groepen.find((g) => g.Code === group)?.Omschrijving ?? group;
    labels.push({ text: shortLabel(heading, 40), x: 0, y: round(y + headingHeight / 2 + 2), heading: true });
    y += headingHeight;
    for (const post of result.Posten.filter((p) => p.Groep === group)) {
      labels.push({
        text: shortLabel(post.Omschrijving),
        x: band > 0 ? 0 : 8,
        y: round(band > 0 ? y + band / 2 : y + dims.rowHeight / 2),
        heading: false,
      });
      const inset = band + (dims.rowHeight - band - 2 * dims.barHeight - 2) / 2;
      const series: readonly [Series, number][] = [
        ['basis', post.Basis],
        ['voorbeeld', post.Voorbeeld],
      ];
      series.forEach(([kind, euros], i) => {
        const top = y + inset + i * (dims.barHeight + 2);
        const width = Math.max(widthOf(euros), euros > 0 ? 1 : 0);
        bars.push({
          x: dims.labelWidth,
          y: round(top),
          width: round(width),
          height: dims.barHeight,
          kind,
          valueText: formatEuro(euros),
          valueX: round(dims.labelWidth + width + 6),
          textY: round(top + dims.barHeight / 2),
        });
      });
      y += dims.rowHeight;
    }
  }
  const height = y + dims.top;
  return {
    width: dims.width,
    height,
    labels,
    bars,
    zero: { x1: dims.labelWidth, y1: dims.top / 2, x2: dims.labelWidth, y2: height - dims.top / 2 },
    connectors: [],
  };
}
