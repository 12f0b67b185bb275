/**
 * Compiles amount expressions into closures over decimal.js values.
 *
 * Every figure is turned into a Decimal once, at compile time; evaluation only combines
 * them. When an explanation is being recorded, each parameter, table cell, fact, value and
 * post an amount reads is noted with its value and provenance. Each operator compiles
 * itself (src/engine/operators/); this module dispatches to it.
 */
import { RuleEvaluationError } from '../contract/errors.js';
import type { Collection, Expression } from '../rules/format/expression.js';
import type { AmountFn } from './amount.js';
import type { CompileScope, ExpressionEnv } from './expression-env.js';
import { compilerOf } from './operators/compilers.js';

export { constantOf, type AmountFn } from './amount.js';
// What the program compiler, the stated precision and the scripts take from here, as before the split.
export { compileScopedCondition, ROUNDING, rounder, type ExpressionEnv } from './expression-env.js';

/**
 * Compiles one expression. `where` names the place in the rule set for error messages
 * (e.g. `afloscapaciteit.json posts[Levensonderhoud].rules[norm]`).
 */
export function compileExpression(
  env: ExpressionEnv,
  expr: Expression,
  scope: Collection | undefined,
  where: string,
  wrap?: SubexpressionWrap,
): AmountFn {
  const c: CompileScope = {
    env,
    scope,
    where,
    fail: (code, message) => {
      throw new RuleEvaluationError(code, where, message);
    },
    sub: (e, s = scope) => {
      const fn = compileExpression(env, e, s, where, wrap);
      return wrap === undefined || s !== undefined ? fn : wrap(e, fn);
    },
  };
  return compilerOf(expr)(expr, c);
}

/** What a program with memos does to each compiled part of an amount outside a collection (compile-amounts.ts). */
export type SubexpressionWrap = (expr: Expression, fn: AmountFn) => AmountFn;
