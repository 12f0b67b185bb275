/**
 * Evaluating the posts and values of a compiled calculation for one household: each at most
 * once per evaluation (kept in the evaluation's state), remembered across evaluations in a
 * program with memos where the amount reads only discrete facts, guarded
 * against cycles, and a post's exact amounts rounded by its policy.
 */
import { RuleEvaluationError } from '../contract/errors.js';
import type { Decimal } from '../contract/money.js';
import type { CalculationFile, CalculationId } from '../rules/format/calculation.js';
import type { RuleSet } from '../rules/rule-set.js';
import { amountMemo } from './amount-memo.js';
import type { EvalContext } from './context.js';
import { rounder } from './expression.js';
import { type CompiledAmount, type MeasureAmounts, runRules } from './rule-runner.js';

/** The one measure of a value. */
const AMOUNT: readonly string[] = ['amount'];

/** Per measure, in the calculation's order (see {@link MeasureAmounts}). */
type Amounts = MeasureAmounts;

/** The amounts of a calculation's posts and values for the household of an evaluation context. */
export interface AmountEvaluator {
  /** Post `i`'s exact amount per measure. */
  postExact(i: number, ctx: EvalContext): Amounts;
  /**
   * Post `i`'s amounts rounded by its policy: rounded once per evaluation (the result and every
   * `sumPosts` of rounded posts read the same object), and remembered with a remembered post.
   */
  postRounded(i: number, ctx: EvalContext): Amounts;
  /** Value `i`'s exact amount. */
  valueExact(i: number, ctx: EvalContext): Decimal;
}

/** The compiled posts and values an {@link AmountEvaluator} evaluates (filled in before the first evaluation). */
export interface CompiledAmounts {
  readonly ruleSet: RuleSet;
  readonly calculation: CalculationId;
  readonly calc: CalculationFile;
  readonly posts: readonly CompiledAmount[];
  readonly values: readonly CompiledAmount[];
}

/** Runs a post's or value's rules, refusing a cycle (slot: the post's index, or the value's after the posts). */
function runGuarded(slot: number, program: CompiledAmount, ctx: EvalContext, keys: readonly string[]) {
  const busy = ctx.state.inProgress;
  if (busy[slot] === true) throw new RuleEvaluationError('cycle', program.where, `${program.key} depends on itself`);
  busy[slot] = true;
  try {
    return runRules(program, ctx, keys);
  } finally {
    busy[slot] = false;
  }
}

/**
 * Rounds a post's exact amounts by its policy. A remembered post returns the same exact amounts
 * object each time, so its rounding is remembered with it.
 */
function postRounder(
  ruleSet: RuleSet,
  calc: CalculationFile,
  postMemos: readonly (unknown | undefined)[],
): (i: number, exact: Amounts) => Amounts {
  const measures = calc.measures.length;
  const postRound = calc.posts.map((p) => rounder(ruleSet, p.rounding));
  const roundedByExact = new WeakMap<object, Amounts>();
  return (i, exact) => {
    const remembered = postMemos[i] !== undefined;
    const known = remembered ? roundedByExact.get(exact) : undefined;
    if (known !== undefined) return known;
    const round = postRound[i] as (d: Decimal) => Decimal;
    // Sized up front: a list grown by push gets room for far more amounts than a post's measures.
    const out = new Array<Decimal>(measures);
    // A measure left to its default holds the very same Decimal as the measure before it:
    // its rounding is that measure's, not computed again.
    let lastExact: Decimal | undefined;
    let lastRounded: Decimal | undefined;
    for (let m = 0; m < measures; m += 1) {
      const amount = exact[m] as Decimal;
      if (amount !== lastExact) {
        lastExact = amount;
        lastRounded = round(amount);
      }
      out[m] = lastRounded as Decimal;
    }
    if (remembered) roundedByExact.set(exact, out);
    return out;
  };
}

/** The evaluator of compiled amounts; with `memos`, posts and values are remembered across evaluations (see {@link amountMemo}). */
export function amountEvaluator(
  { ruleSet, calculation, calc, posts, values }: CompiledAmounts,
  memos: boolean,
): AmountEvaluator {
  const measures = calc.measures;
  const valueMemos = (calc.values ?? []).map((v) =>
    memos ? amountMemo<Decimal>(ruleSet, calc, v, calculation) : undefined,
  );
  const postMemos = calc.posts.map((p) => (memos ? amountMemo<Amounts>(ruleSet, calc, p, calculation) : undefined));
  const roundAll = postRounder(ruleSet, calc, postMemos);

  function postRounded(i: number, ctx: EvalContext): Amounts {
    const known = ctx.state.postRounded[i];
    if (known !== undefined) return known;
    const rounded = roundAll(i, postExact(i, ctx));
    ctx.state.postRounded[i] = rounded;
    return rounded;
  }

  function postExact(i: number, ctx: EvalContext): Amounts {
    const known = ctx.state.postExact[i];
    if (known !== undefined) return known;
    const program = posts[i] as CompiledAmount;
    const memo = postMemos[i];
    const memoKey = memo?.key(ctx);
    let amounts = memo === undefined || memoKey === undefined ? undefined : memo.cache.get(memoKey);
    if (amounts === undefined) {
      const household = ctx.item === undefined ? ctx : { ...ctx, item: undefined };
      amounts = runGuarded(i, program, household, measures);
      if (memo !== undefined && memoKey !== undefined) memo.remember(memoKey, amounts);
    }
    ctx.state.postExact[i] = amounts;
    return amounts;
  }

  function valueExact(i: number, ctx: EvalContext): Decimal {
    const known = ctx.state.valueExact[i];
    if (known !== undefined) return known;
    const program = values[i] as CompiledAmount;
    const memo = valueMemos[i];
    const memoKey = memo?.key(ctx);
    let amount = memo === undefined || memoKey === undefined ? undefined : memo.cache.get(memoKey);
    if (amount === undefined) {
      const household = ctx.item === undefined ? ctx : { ...ctx, item: undefined };
      amount = runGuarded(posts.length + i, program, household, AMOUNT)[0] as Decimal;
      if (memo !== undefined && memoKey !== undefined) memo.remember(memoKey, amount);
    }
    ctx.state.valueExact[i] = amount;
    return amount;
  }

  return { postExact, postRounded, valueExact };
}
