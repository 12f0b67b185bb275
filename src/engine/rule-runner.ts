/**
 * Running the compiled rules of one post or value for a household: the first rule that applies,
 * or the sum of all that apply. One runner for every evaluation: in an explained one (a
 * recording program's, compile.ts) it also records every rule tried (its condition as data, its
 * amounts and the figures they read) in the evaluation's recorder.
 *
 * A post's or value's amounts are a list, one per measure in the calculation's order (`amount`
 * alone for a value), not a record by measure name: every post of every evaluation is made,
 * rounded and summed per measure, and a record keyed by a name that varies (`bedrag`, `basis`,
 * …) made each of those steps a keyed load or store of many shapes.
 */
import type { ConditionTrace, RuleTrace } from '../contract/explanation.js';
import { RuleEvaluationError } from '../contract/errors.js';
import { addMoney, type Decimal } from '../contract/money.js';
import type { Combine, Notice } from '../rules/format/calculation.js';
import type { Expression } from '../rules/format/expression.js';
import type { EvalContext, TraceRecorder } from './context.js';
import type { AmountMemo, MemoKey } from './amount-memo.js';
import type { AmountFn } from './expression.js';

/** One rule, compiled: its condition (absent: always applies) and its amount per measure. */
export interface CompiledRule {
  readonly id: string;
  readonly description: string;
  /** Its condition; in a recording program it records what decided (condition.ts). */
  readonly test: ((ctx: EvalContext) => boolean) | undefined;
  /** Per measure, in the calculation's order, its amount (remembered per make-up in a program with memos). */
  readonly amounts: readonly (readonly [string, AmountFn])[];
  /** The amount expressions as written, for the explanation. */
  readonly expressions: Readonly<Record<string, Expression>>;
  readonly notice: Notice | undefined;
}

/** A post or value, compiled: its rules and how they combine. */
export interface CompiledAmount {
  readonly code: string;
  readonly description: string;
  readonly combine: Combine;
  readonly rules: readonly CompiledRule[];
  readonly where: string;
  /** `post <code>` / `value <id>`: the key of the cycle guard, made once. */
  readonly key: string;
  /**
   * For a sum whose first rules read only a household's make-up (a norm and its supplements
   * for children, say) while a later one reads the income: those first rules' sum, remembered
   * per make-up, so that only the rest runs for each household. None in a program without memos.
   */
  readonly prefix: RulePrefix | undefined;
}

/** Per measure, in the order of the calculation's `measures` (a value: its amount alone), an amount. */
export type MeasureAmounts = readonly Decimal[];

/** The first `length` rules of a sum, their partial sum remembered by the facts they read (null: none applied). */
export interface RulePrefix {
  readonly length: number;
  readonly memo: AmountMemo<MeasureAmounts | null>;
}

/** Records a rule's notice once per evaluation. */
export function addNotice(ctx: EvalContext, notice: Notice): void {
  if (!ctx.state.notices.some((n) => n.code === notice.code)) ctx.state.notices.push(notice);
}

/**
 * Runs the rules of a post or value: the first that applies, or the sum of all that apply.
 * `keys`: the measures' names, for the explanation.
 */
export function runRules(program: CompiledAmount, ctx: EvalContext, keys: readonly string[]): MeasureAmounts {
  const trace = ctx.state.trace;
  const tried: RuleTrace[] | undefined = trace === undefined ? undefined : [];
  let out: Decimal[] | undefined;
  // Indexed loops: this runs for every post and value of every household.
  const rules = program.rules;
  let r = 0;
  const prefix = program.prefix;
  let prefixKey: MemoKey | undefined;
  if (prefix !== undefined) {
    prefixKey = prefix.memo.key(ctx);
    const known = prefix.memo.cache.get(prefixKey);
    if (known !== undefined) {
      // A copy: the rules after the prefix add to it.
      if (known !== null) out = known.slice();
      r = prefix.length;
      prefixKey = undefined;
    }
  }
  for (; r < rules.length; r += 1) {
    if (prefixKey !== undefined && r === (prefix as RulePrefix).length) {
      (prefix as RulePrefix).memo.remember(prefixKey, out === undefined ? null : out.slice());
      prefixKey = undefined;
    }
    const rule = rules[r] as CompiledRule;
    let because: ConditionTrace | undefined;
    if (rule.test !== undefined) {
      const holds = rule.test(ctx);
      if (trace !== undefined) because = trace.takeCondition();
      if (!holds) {
        tried?.push({ id: rule.id, description: rule.description, applied: false, because: because as ConditionTrace });
        continue;
      }
    }
    if (rule.notice !== undefined) addNotice(ctx, rule.notice);
    out =
      tried === undefined
        ? addRule(rule.amounts, ctx, out)
        : recordRule(rule, because, ctx, out, { trace: trace as TraceRecorder, tried, keys });
    if (program.combine === 'first') break;
  }
  if (out === undefined)
    throw new RuleEvaluationError('no_rule_applies', program.where, 'no rule applies to this household');
  if (tried !== undefined)
    trace?.amounts.set(program, {
      code: program.code,
      description: program.description,
      combine: program.combine,
      exact: decimalStrings(keys, out),
      rules: tried,
    });
  return out;
}

/** A rule's amounts per measure, as a new list (`out` undefined) or added to `out` in place. */
function addRule(amounts: CompiledRule['amounts'], ctx: EvalContext, out: Decimal[] | undefined): Decimal[] {
  // The same compiled amount for the next measure (a default) is not computed again.
  let lastFn: AmountFn | undefined;
  let last: Decimal | undefined;
  if (out === undefined) {
    // Sized up front, as a post's rounded amounts are (see postRounder).
    const made = new Array<Decimal>(amounts.length);
    for (let a = 0; a < amounts.length; a += 1) {
      const fn = (amounts[a] as readonly [string, AmountFn])[1];
      if (fn !== lastFn) {
        lastFn = fn;
        last = fn(ctx);
      }
      made[a] = last as Decimal;
    }
    return made;
  }
  // Measures that held the very same Decimal and add the very same amount keep holding one
  // Decimal, added once: so a defaulted measure stays identical to the one it defaults to,
  // and its rounding and sums are shared (see `postRounded`, `sumPosts`).
  let lastBefore: Decimal | undefined;
  let lastAfter: Decimal | undefined;
  for (let a = 0; a < amounts.length; a += 1) {
    const fn = (amounts[a] as readonly [string, AmountFn])[1];
    let changed = false;
    if (fn !== lastFn) {
      lastFn = fn;
      last = fn(ctx);
      changed = true;
    }
    const before = out[a] as Decimal;
    if (changed || before !== lastBefore) {
      lastBefore = before;
      lastAfter = addMoney(before, last as Decimal);
    }
    out[a] = lastAfter as Decimal;
  }
  return out;
}

/** {@link addRule} for a rule that applies in an explained evaluation, recording its trace in `tried`. */
function recordRule(
  rule: CompiledRule,
  because: ConditionTrace | undefined,
  ctx: EvalContext,
  out: Decimal[] | undefined,
  { trace, tried, keys }: { trace: TraceRecorder; tried: RuleTrace[]; keys: readonly string[] },
): Decimal[] {
  const previous = trace.begin();
  const amounts = addRule(rule.amounts, ctx, undefined);
  const figures = trace.end(previous);
  tried.push({
    id: rule.id,
    description: rule.description,
    applied: true,
    ...(because === undefined ? {} : { because }),
    amounts: decimalStrings(keys, amounts),
    expressions: rule.expressions,
    figures,
  });
  if (out === undefined) return amounts;
  for (let m = 0; m < keys.length; m += 1) out[m] = addMoney(out[m] as Decimal, amounts[m] as Decimal);
  return out;
}

/** The amounts by measure name (`measures`: the names, in the amounts' order). */
export function byMeasure(measures: readonly string[], amounts: MeasureAmounts): Record<string, Decimal> {
  const out: Record<string, Decimal> = {};
  for (let m = 0; m < measures.length; m += 1) out[measures[m] as string] = amounts[m] as Decimal;
  return out;
}

/** Per measure name, the amount as a decimal string. */
export function decimalStrings(measures: readonly string[], amounts: MeasureAmounts): Record<string, string> {
  const out: Record<string, string> = {};
  for (let m = 0; m < measures.length; m += 1) out[measures[m] as string] = (amounts[m] as Decimal).toString();
  return out;
}
