/**
 * The compiler of every operator of the amount language, keyed as the rules layer's units
 * (src/rules/language/units.ts). The type demands exactly one compiler per key of
 * `ExpressionForms`, each on its own form: an operator without a compiler does not compile.
 * (Why compilers live apart from the units: see src/rules/language/unit.ts.)
 */
import type { Expression, ExpressionForms, ExpressionOperator } from '../../rules/format/expression.js';
import { operatorOf } from '../../rules/language/units.js';
import type { OperatorCompiler } from '../expression-env.js';
import { compileAdd } from './add.js';
import { compileConst } from './const.js';
import { compileCount } from './count.js';
import { compileDivide } from './divide.js';
import { compileFact } from './fact.js';
import { compileIf } from './if.js';
import { compileMax } from './max.js';
import { compileMin } from './min.js';
import { compileMultiply } from './multiply.js';
import { compileParam } from './param.js';
import { compilePost } from './post.js';
import { compileRound } from './round.js';
import { compileSubtract } from './subtract.js';
import { compileSumPosts } from './sum-posts.js';
import { compileSum } from './sum.js';
import { compileTable } from './table.js';
import { compileValue } from './value.js';

/** A compiler for every operator, each on its own form. */
export type OperatorCompilers = { readonly [K in ExpressionOperator]: OperatorCompiler<ExpressionForms[K]> };

export const OPERATOR_COMPILERS = {
  const: compileConst,
  param: compileParam,
  table: compileTable,
  fact: compileFact,
  value: compileValue,
  post: compilePost,
  sumPosts: compileSumPosts,
  add: compileAdd,
  subtract: compileSubtract,
  multiply: compileMultiply,
  divide: compileDivide,
  min: compileMin,
  max: compileMax,
  sum: compileSum,
  count: compileCount,
  round: compileRound,
  if: compileIf,
} as const satisfies OperatorCompilers;

/** The compiler of an expression's operator. The one cast of the dispatch: the table's type pairs each key with its form. */
export function compilerOf(e: Expression): OperatorCompiler<Expression> {
  return OPERATOR_COMPILERS[operatorOf(e)] as OperatorCompiler<Expression>;
}
