/**
 * The explanation (`explain: true`, `?uitleg=true`): for every amount, the rules tried and
 * why they did or did not apply, the amount each produced, and every figure used with its
 * value, unit, source and provenance — enough to recompute the number by hand. All amounts
 * are decimal strings, so the document is plain JSON. Its shape is part of the API and is
 * versioned by `format`.
 */
import type { ProvenanceKind } from '../rules/format/common.js';

export const EXPLANATION_FORMAT = 'budgetnorm-explanation/1';

/** What a parameter and a table cell both say about themselves: value, unit, source, provenance. */
export interface SourcedFigure {
  readonly name: string;
  readonly value: string;
  readonly unit: string;
  readonly source: SourceRef;
  readonly provenance: ProvenanceKind;
  readonly formula?: string;
  readonly reasoning?: string;
}

/** A figure an amount used. */
export type FigureUse =
  | (SourcedFigure & { readonly kind: 'parameter'; readonly description: string })
  | (SourcedFigure & { readonly kind: 'table'; readonly key: Readonly<Record<string, string>> })
  | { readonly kind: 'fact'; readonly name: string; readonly value: string | number | boolean }
  | { readonly kind: 'value'; readonly name: string; readonly value: string }
  | {
      readonly kind: 'post';
      readonly name: string;
      readonly measure: string;
      readonly rounded: boolean;
      readonly value: string;
    }
  /** A literal in the rule; `unit` only where the rule gives one (otherwise it takes its neighbours'). */
  | { readonly kind: 'const'; readonly value: string; readonly unit?: string };

export interface SourceRef {
  readonly key: string;
  readonly publisher: string;
  readonly title: string;
  readonly url?: string;
  readonly document?: string;
  readonly period: string;
  /** When budgetnorm read the source. */
  readonly read: string;
  readonly note?: string;
  readonly locator?: string;
}

export interface RuleTrace {
  readonly id: string;
  readonly description: string;
  readonly applied: boolean;
  /** The comparison that decided, e.g. `age greaterThanInclusive 67: age is 45, so false`; `always` without a condition. */
  readonly because: string;
  /** Per measure, the rule's exact amount (only for rules that applied). */
  readonly amounts?: Readonly<Record<string, string>>;
  /** Per measure, the amount expression as written in the rule file: with `figures`, enough to recompute. */
  readonly expressions?: Readonly<Record<string, unknown>>;
  /** Each figure read, once, however often the expression uses it. */
  readonly figures?: readonly FigureUse[];
}

export interface AmountTrace {
  readonly code: string;
  readonly description: string;
  readonly combine: 'first' | 'sum';
  /** Per measure: exact and rounded (for posts) amounts. */
  readonly exact: Readonly<Record<string, string>>;
  readonly rounded?: Readonly<Record<string, string>>;
  readonly rounding?: { readonly policy: string; readonly decimals: number; readonly mode: string };
  readonly rules: readonly RuleTrace[];
}

export interface TotalTrace {
  readonly name: string;
  readonly description: string;
  readonly value: string;
  readonly figures: readonly FigureUse[];
}

export interface Explanation {
  readonly format: typeof EXPLANATION_FORMAT;
  readonly ruleSet: {
    readonly id: string;
    readonly hash: string;
    readonly validFrom: string;
    readonly validUntil: string;
    readonly status: string;
  };
  readonly calculation: string;
  /** The facts read off the household, as the rules saw them. */
  readonly facts: Readonly<Record<string, string | number | boolean>>;
  readonly posts: readonly AmountTrace[];
  readonly values: readonly AmountTrace[];
  readonly totals: readonly TotalTrace[];
}
