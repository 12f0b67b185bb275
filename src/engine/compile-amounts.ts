/**
 * Compiling the posts and intermediate values of a calculation file into {@link CompiledAmount}s:
 * each rule's condition and amounts, with amounts that read only a household's make-up
 * remembered per make-up when the program is compiled with memos (`env.memos`). Values compile
 * on first need, so a post's expression can fold a value of fixed figures into a constant while
 * it is being compiled.
 */
import { RuleEvaluationError } from '../contract/errors.js';
import type { Decimal } from '../contract/money.js';
import type { CalculationFile, CalculationId, Post, PostRule, ValueRule } from '../rules/format/calculation.js';
import type { BooleanCondition } from '../rules/format/condition.js';
import type { Expression } from '../rules/format/expression.js';
import { type AmountMemo, amountMemo } from './amount-memo.js';
import { at } from './at.js';
import {
  compileExpression,
  compileScopedCondition,
  constantOf,
  type AmountFn,
  type ExpressionEnv,
  type SubexpressionWrap,
} from './expression.js';
import type { CompiledAmount, CompiledRule, MeasureAmounts, RulePrefix } from './rule-runner.js';

/** Compiles one rule: its condition and its amount per measure (each remembered per make-up with memos). */
function compileRule(
  env: ExpressionEnv,
  calculation: CalculationId,
  rule: PostRule | ValueRule,
  file: string,
  amounts: readonly (readonly [string, Expression])[],
): CompiledRule {
  const where = `${file} rule ${rule.id}`;
  const test =
    rule.when === undefined ? undefined : compileScopedCondition(env, undefined, rule.when as BooleanCondition, true);
  // A measure left to its default (`measureDefaults`) holds the very same expression: compiled
  // once, so `runRules` computes it once for both measures.
  const compiled = new Map<Expression, AmountFn>();
  const compileOnce = (e: Expression): AmountFn => {
    let fn = compiled.get(e);
    if (fn === undefined) {
      fn = compileExpression(env, e, undefined, where, env.memos ? partsOf(env, calculation, e) : undefined);
      if (env.memos) fn = remembered(env, calculation, e, fn);
      compiled.set(e, fn);
    }
    return fn;
  };
  return {
    id: rule.id,
    description: rule.description,
    test,
    amounts: amounts.map(([m, e]) => [m, compileOnce(e)] as const),
    expressions: Object.fromEntries(amounts),
    notice: rule.notice,
  };
}

/**
 * A rule's amount that reads only a household's make-up and costs a division or a sum over
 * its members (a norm scaled by the number of children, say) is remembered per make-up, as
 * posts and values are: inside an amount that also reads the income, which is never
 * remembered as a whole.
 */
function remembered(env: ExpressionEnv, calculation: CalculationId, expression: Expression, fn: AmountFn): AmountFn {
  if (constantOf(fn) !== undefined) return fn;
  const memo = rememberedMemo(env, calculation, expression);
  return memo === undefined ? fn : memoized(memo, fn);
}

/** `fn` remembered in `memo`, per make-up. */
function memoized(memo: AmountMemo<Decimal>, fn: AmountFn): AmountFn {
  return (ctx) => {
    const key = memo.key(ctx);
    let amount = memo.cache.get(key);
    if (amount === undefined) {
      amount = fn(ctx);
      memo.remember(key, amount);
    }
    return amount;
  };
}

/**
 * A part of an amount that also reads the income (the room between a post's minimum and its
 * top, say) is remembered per make-up when it reads only the make-up and is more than a figure
 * or two: the income-dependent rest is then a few operations per evaluation.
 */
function partsOf(env: ExpressionEnv, calculation: CalculationId, whole: Expression): SubexpressionWrap | undefined {
  // An amount that reads only the make-up is remembered whole, or is too cheap to remember at all.
  if (amountMemo(env.ruleSet, env.calculation, whole, calculation, () => true) !== undefined) return undefined;
  return (expression, fn) => {
    if (constantOf(fn) !== undefined || operationsIn(expression) < 2) return fn;
    const memo = amountMemo<Decimal>(env.ruleSet, env.calculation, expression, calculation, () => true);
    return memo === undefined ? fn : memoized(memo, fn);
  };
}

/** The operator nodes of an expression (a figure, fact or value read is none). */
function operationsIn(expression: unknown): number {
  if (expression === null || typeof expression !== 'object') return 0;
  let n = 0;
  for (const [key, child] of Object.entries(expression)) {
    if (Array.isArray(child)) {
      n += 1;
      for (const c of child) n += operationsIn(c);
    } else if (typeof child === 'object' && child !== null && key !== 'when') n += operationsIn(child);
  }
  return n;
}

/** The memo of a rule's amount that is remembered per make-up (see {@link remembered}), or undefined. */
export function rememberedMemo(
  env: ExpressionEnv,
  calculation: CalculationId,
  expression: Expression,
): AmountMemo<Decimal> | undefined {
  return amountMemo<Decimal>(
    env.ruleSet,
    env.calculation,
    expression,
    calculation,
    (usage) => usage.collections.size > 0 || JSON.stringify(expression).includes('"divide"'),
  );
}

/** The posts of a calculation file, compiled in order. */
export function compilePosts(env: ExpressionEnv, calculation: CalculationId, calc: CalculationFile): CompiledAmount[] {
  const file = `${calculation}.json`;
  return calc.posts.map((p) => ({
    code: p.code,
    description: p.description,
    combine: p.combine,
    where: `${file} post ${p.code}`,
    key: `post ${p.code}`,
    prefix: env.memos ? rulePrefix(env, calculation, p) : undefined,
    rules: p.rules.map((r) =>
      compileRule(
        env,
        calculation,
        r,
        `${file} post ${p.code}`,
        calc.measures.map((m) => {
          const e = r.amounts[m];
          if (e === undefined)
            throw new RuleEvaluationError(
              'measure_missing',
              `${file} post ${p.code} rule ${r.id}`,
              `no amount for measure ${m}`,
            );
          return [m, e] as const;
        }),
      ),
    ),
  }));
}

/**
 * The longest run of a summed post's first rules (two or more, not all) whose conditions and
 * amounts read only a household's make-up, to be remembered per make-up (see
 * {@link RulePrefix}). None when the whole post is remembered already, or no such run exists.
 */
export function rulePrefix(env: ExpressionEnv, calculation: CalculationId, post: Post): RulePrefix | undefined {
  if (post.combine !== 'sum' || amountMemo(env.ruleSet, env.calculation, post, calculation) !== undefined)
    return undefined;
  for (let length = post.rules.length - 1; length >= 2; length -= 1) {
    const memo = amountMemo<MeasureAmounts | null>(
      env.ruleSet,
      env.calculation,
      { ...post, rules: post.rules.slice(0, length) },
      calculation,
      () => true,
    );
    if (memo !== undefined) return { length, memo };
  }
  return undefined;
}

/** The intermediate values of a calculation, compiled on first need, and which of them are fixed. */
export interface ValueCompiler {
  /** Value `i`, compiled (now, if this is its first need). */
  program(i: number): CompiledAmount;
  /** Value `i`'s amount when it is the same for every household, else undefined (also while it is being compiled). */
  constant(i: number): Decimal | undefined;
}

/** A {@link ValueCompiler} for the values of a calculation file; it compiles nothing until asked. */
export function valueCompiler(env: ExpressionEnv, calculation: CalculationId, calc: CalculationFile): ValueCompiler {
  const file = `${calculation}.json`;
  const values = calc.values ?? [];
  const compiled: (CompiledAmount | undefined)[] = new Array(values.length);
  const compiling = new Set<number>();
  const constants = new Map<number, Decimal | undefined>();
  const program = (i: number): CompiledAmount => {
    const known = compiled[i];
    if (known !== undefined) return known;
    const v = at(values, i);
    compiling.add(i);
    const made: CompiledAmount = {
      code: v.id,
      description: v.description,
      combine: v.combine,
      where: `${file} value ${v.id}`,
      key: `value ${v.id}`,
      prefix: undefined,
      rules: v.rules.map((r) => compileRule(env, calculation, r, `${file} value ${v.id}`, [['amount', r.amount]])),
    };
    compiling.delete(i);
    compiled[i] = made;
    return made;
  };
  /** A value is fixed when its first rule always applies (first-match) or every rule always applies (sum), and all amounts are fixed. */
  const constant = (i: number): Decimal | undefined => {
    if (constants.has(i)) return constants.get(i);
    if (compiling.has(i)) return undefined;
    const made = program(i);
    const fixedRules = made.combine === 'first' ? made.rules.slice(0, 1) : made.rules;
    let result: Decimal | undefined;
    if (fixedRules.every((r) => r.test === undefined && r.notice === undefined)) {
      const amounts = fixedRules.map((r) => constantOf(at(r.amounts, 0)[1]));
      if (amounts.every((a) => a !== undefined)) result = (amounts as Decimal[]).reduce((a, b) => a.plus(b));
    }
    constants.set(i, result);
    return result;
  };
  return { program, constant };
}
