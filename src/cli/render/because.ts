/**
 * Why a rule applied or not, in plain words for `--explain` (`--format table`), from the
 * condition the library records in a rule's `because` (data, docs/explanation.md): the
 * comparison as the rule file writes it (`children ≥ 2`, `age < aowLeeftijd`, as
 * `budgetnorm rules show` does), what the household had, and the outcome:
 * `children ≥ 2 (children is 0): nee`.
 */
import { type TraceWording, wordTrace } from '../../contract/condition-trace-text.js';
import {
  type ComparedValue,
  type ComparisonTrace,
  type ConditionTrace,
  referenceIn,
} from '../../contract/explanation.js';
import type { ConditionValue, Operator } from '../../rules/format/condition.js';
import { renderCondition } from '../../rules/language/readable.js';

const PARAM_PREFIX = 'param:';

/** A fact or parameter by the name the rule file uses for it, with its path. */
function name(fact: string, path: string | undefined): string {
  const bare = fact.startsWith(PARAM_PREFIX) ? fact.slice(PARAM_PREFIX.length) : fact;
  return path === undefined || path === '$' ? bare : `${bare}${path.slice(1)}`;
}

function shown(value: ComparedValue | undefined): string {
  if (value === undefined) return '(geen waarde)';
  return JSON.stringify(value);
}

const outcome = (result: boolean): string => (result ? 'ja' : 'nee');

/** One comparison as the rule file writes it, what the household had, and the outcome. */
function comparisonWords(trace: ComparisonTrace): string {
  const reference = referenceIn(trace.value);
  const written = renderCondition({
    fact: trace.fact,
    path: trace.path,
    operator: trace.operator as Operator,
    value:
      reference === undefined
        ? (trace.value as ConditionValue)
        : { fact: reference.fact, ...(reference.path === undefined ? {} : { path: reference.path }) },
  });
  const had = [`${name(trace.fact, trace.path)} is ${shown(trace.receivedValue)}`];
  if (reference !== undefined) had.push(`${name(reference.fact, reference.path)} is ${shown(reference.receivedValue)}`);
  return `${written} (${had.join(', ')}): ${outcome(trace.result)}`;
}

const WORDS: TraceWording = {
  comparison: comparisonWords,
  noneOf: (parts) => `geen van: ${parts}`,
  not: (part) => `niet (${part})`,
};

const conditionWords = (trace: ConditionTrace): string => wordTrace(trace, WORDS);

/**
 * Why a rule did or did not apply, in plain words.
 *
 * @param because - The rule's `because`: its condition as evaluated; undefined for a rule without one.
 * @returns `children ≥ 2 (children is 0): nee`; `altijd (geen voorwaarde)` for a rule without a condition.
 */
export function becauseWords(because: ConditionTrace | undefined): string {
  return because === undefined ? 'altijd (geen voorwaarde)' : conditionWords(because);
}
