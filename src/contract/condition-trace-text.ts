/**
 * The walk every reader of a rule's `because` makes (docs/explanation.md): `all` and `any` as
 * their parts joined, a list of several inside a list in brackets, `not` around its part. Each
 * reader (the advisor in Dutch, the CLI as the rule file writes it) supplies only its words for
 * a comparison and for the two compound cases, so the structure is read in one place.
 */
import type { ComparisonTrace, ConditionTrace } from './explanation.js';

/** A reader's words for the parts of a condition trace. */
export interface TraceWording {
  /** One comparison, with what the household had and the outcome. */
  comparison(trace: ComparisonTrace): string;
  /** An `any` of which no part held, its parts already worded. */
  noneOf(parts: string): string;
  /** A `not`, its part already worded. */
  not(part: string): string;
}

/** The condition trace in a reader's words: parts of `all`/`any` joined with `; `. */
export function wordTrace(trace: ConditionTrace, wording: TraceWording): string {
  const parts = (list: readonly ConditionTrace[]): string => {
    if (list.length === 1) return wordTrace(list[0] as ConditionTrace, wording);
    const several = (t: ConditionTrace) => ('all' in t && t.all.length > 1) || ('any' in t && t.any.length > 1);
    return list.map((t) => (several(t) ? `(${wordTrace(t, wording)})` : wordTrace(t, wording))).join('; ');
  };
  if ('all' in trace) return parts(trace.all);
  if ('any' in trace) return trace.result ? parts(trace.any) : wording.noneOf(parts(trace.any));
  if ('not' in trace) return wording.not(wordTrace(trace.not, wording));
  return wording.comparison(trace);
}
