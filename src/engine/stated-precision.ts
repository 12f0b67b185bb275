/**
 * The numbers of an explanation at a stated precision. The engine computes with decimal.js at
 * 34 significant digits, so a division leaves a tail that is an artefact of that precision, not
 * a figure (`373.7572108800000000000000000000002`). An explanation states every decimal to
 * {@link STATED_SIGNIFICANT_DIGITS} significant digits, rounded half up, trailing zeros dropped
 * (`373.75721088`); a post whose stated amount would not round to the amount the result shows
 * (an exact amount a hair's breadth from a rounding boundary) keeps the engine's full value
 * beside it in `full`, so a recomputation from the explanation always lands on the result.
 * docs/explanation.md, "Precision".
 */
import type { AmountTrace, Explanation, FigureUse, RuleTrace, TotalTrace } from '../contract/explanation.js';
import { Money } from '../contract/money.js';
import type { RoundingMode } from '../rules/format/manifest.js';
import { ROUNDING } from './expression.js';

/** Significant digits of every decimal an explanation states (the engine keeps 34). */
export const STATED_SIGNIFICANT_DIGITS = 20;

/** A decimal string at the stated precision: `1.663483047619047619047619047619048` → `1.6634830476190476190`. */
export function stated(text: string): string {
  // A text this short has at most 20 digits: nothing to round, and no Decimal to make (most
  // figures and amounts are short; explanations hold hundreds of them).
  if (text.length <= STATED_SIGNIFICANT_DIGITS) return text;
  return new Money(text).toSignificantDigits(STATED_SIGNIFICANT_DIGITS, Money.ROUND_HALF_UP).toString();
}

const statedAll = (amounts: Readonly<Record<string, string>>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(amounts)) out[k] = stated(v);
  return out;
};

function statedFigure(f: FigureUse): FigureUse {
  return f.kind === 'fact' ? f : { ...f, value: stated(f.value) };
}

function statedRule(r: RuleTrace): RuleTrace {
  return {
    ...r,
    ...(r.amounts === undefined ? {} : { amounts: statedAll(r.amounts) }),
    ...(r.figures === undefined ? {} : { figures: r.figures.map(statedFigure) }),
  };
}

function statedTrace(t: AmountTrace): AmountTrace {
  const exact = statedAll(t.exact);
  const full: Record<string, string> = {};
  if (t.rounded !== undefined && t.rounding !== undefined) {
    const mode = ROUNDING[t.rounding.mode as RoundingMode];
    for (const [m, shown] of Object.entries(exact)) {
      if (shown === t.exact[m]) continue; // stated as it was: it rounds as the result did
      const again = new Money(shown).toDecimalPlaces(t.rounding.decimals, mode);
      const rounded = t.rounded[m];
      if (rounded !== undefined && !again.eq(rounded)) full[m] = t.exact[m] as string;
    }
  }
  return {
    ...t,
    exact,
    ...(Object.keys(full).length > 0 ? { full } : {}),
    rules: t.rules.map(statedRule),
  };
}

function statedTotal(t: TotalTrace): TotalTrace {
  return { ...t, value: stated(t.value), figures: t.figures.map(statedFigure) };
}

/** The explanation with every decimal at the stated precision, and `full` where a post needs it. */
export function withStatedPrecision(explanation: Explanation): Explanation {
  return {
    ...explanation,
    posts: explanation.posts.map(statedTrace),
    values: explanation.values.map(statedTrace),
    totals: explanation.totals.map(statedTotal),
  };
}
