/**
 * The step every operation computed from a rule set shares: choose the rule set the options
 * name (after the body was read, so a bad body is reported even when the rule-set option is
 * wrong too) and run its compiled calculation for the household.
 */
import { type Evaluation, programFor } from '../engine/compile.js';
import type { AnyHousehold } from '../household/household.js';
import type { CalculationId } from '../rules/format/calculation.js';
import type { RuleSet } from '../rules/rule-set.js';
import { needsExplanation } from './foundations.js';
import { chooseRuleSet, type CalculationOptions } from './options.js';

/** A request read, the rule set chosen for it and the household's evaluation. */
export interface Evaluated<Parsed> {
  readonly parsed: Parsed;
  readonly ruleSet: RuleSet;
  readonly evaluation: Evaluation;
}

/**
 * Reads the body with `read` (throwing its `ValidationError`), then chooses the rule set and
 * evaluates `calculation` for the household, recording the explanation when the options need it.
 */
export function evaluateRequest<Parsed extends { readonly household: AnyHousehold }>(
  calculation: CalculationId,
  read: (body: unknown) => Parsed,
  body: unknown,
  options: CalculationOptions | undefined,
): Evaluated<Parsed> {
  const parsed = read(body);
  const ruleSet = chooseRuleSet(options, calculation);
  const evaluation = programFor(ruleSet, calculation).evaluate(parsed.household, {
    explain: needsExplanation(options),
  });
  return { parsed, ruleSet, evaluation };
}
