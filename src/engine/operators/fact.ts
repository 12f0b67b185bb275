/** Compiles `fact`: the fact's number, as a decimal; a fact that is not a number fails when evaluated. */
import { wholeMoney, type Decimal } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { ZERO } from '../amount.js';
import type { EvalContext } from '../context.js';
import { factReader, recordedFigure, type ExpressionEnv, type OperatorCompiler } from '../expression-env.js';
import { madeOnce } from '../made-once.js';

/** The last number read per fact name and its Decimal. */
interface LastDecimal {
  number: number;
  decimal: Decimal;
}

/**
 * Per program and fact name, the last number made a Decimal: a fact such as the income is
 * read by several amounts of one evaluation (and a household's make-up repeats across
 * evaluations); a Decimal is immutable, so the one made before is the one a new one would be.
 */
const lastDecimals = new WeakMap<ExpressionEnv, Map<string, LastDecimal>>();

function lastDecimalOf(env: ExpressionEnv, name: string): LastDecimal {
  const byName = madeOnce(lastDecimals, env, () => new Map<string, LastDecimal>());
  return madeOnce(byName, name, () => ({ number: 0, decimal: ZERO }));
}

export const compileFact: OperatorCompiler<ExpressionForms['fact']> = (e, c) => {
  const name = e.fact;
  const read = factReader(c.env, c.scope, name, undefined);
  const last = lastDecimalOf(c.env, name);
  const number = (ctx: EvalContext): number => read(ctx) as number;
  return recordedFigure(
    c.env,
    (ctx) => {
      const v = read(ctx);
      if (typeof v !== 'number')
        return c.fail('fact_not_numeric', `fact ${name} is ${JSON.stringify(v)}, not a number`);
      if (v === 0) return ZERO;
      if (v !== last.number) {
        last.number = v;
        last.decimal = wholeMoney(v);
      }
      return last.decimal;
    },
    (_, ctx) => `fact:${name}:${number(ctx)}`,
    (_, ctx) => ({ kind: 'fact', name, value: number(ctx) }),
  );
};
