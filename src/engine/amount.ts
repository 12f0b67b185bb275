/**
 * Compiled amounts: closures over decimal.js values, and the folding of the ones whose
 * value is fixed at compile time (they read no fact, post or value).
 */
import { Money, type Decimal } from '../contract/money.js';
import type { EvalContext } from './context.js';

export type AmountFn = (ctx: EvalContext) => Decimal;

/** Marks a compiled amount that reads no fact, post or value: its result is fixed at compile time. */
const CONSTANT = Symbol('constant');
type MaybeConstant = AmountFn & { [CONSTANT]?: Decimal };

export function constantOf(fn: AmountFn): Decimal | undefined {
  return (fn as MaybeConstant)[CONSTANT];
}

export const ZERO = new Money(0);

/** The context constants are folded in: no facts, no trace (constants never read them). */
export const CONSTANT_CONTEXT: EvalContext = {
  facts: {},
  collections: { persons: [], children: [], cars: [] },
  item: undefined,
  state: {
    postExact: [],
    postRounded: [],
    valueExact: [],
    inProgress: [],
    notices: [],
    trace: undefined,
    sums: [],
    memoKeys: [],
  },
};

/**
 * Folds an operation whose operands are all constant into its value, computed once. (A
 * recording program has no constants, so it folds nothing: its explanation shows every figure.)
 */
export function foldable(operands: readonly AmountFn[], unfolded: AmountFn): AmountFn {
  if (!operands.every((f) => constantOf(f) !== undefined)) return unfolded;
  let value: Decimal;
  try {
    value = unfolded(CONSTANT_CONTEXT);
  } catch {
    return unfolded; // e.g. a division by zero: let it fail where and when it is evaluated
  }
  const folded: MaybeConstant = () => value;
  folded[CONSTANT] = value;
  return folded;
}

/** Marks `fn` as always giving `value`. */
export function constant(value: Decimal, fn: AmountFn): AmountFn {
  const marked: MaybeConstant = fn;
  marked[CONSTANT] = value;
  return marked;
}

/**
 * An n-ary operation. Constant operands are combined once at compile time (their order
 * does not matter for add, multiply, min and max), leaving one constant beside the rest.
 */
export function fold(fns: readonly AmountFn[], op: (a: Decimal, b: Decimal) => Decimal): AmountFn {
  const constants = fns.filter((f) => constantOf(f) !== undefined);
  const variables = fns.filter((f) => constantOf(f) === undefined);
  const all: AmountFn = (ctx) => {
    let acc = (fns[0] as AmountFn)(ctx);
    for (let i = 1; i < fns.length; i += 1) acc = op(acc, (fns[i] as AmountFn)(ctx));
    return acc;
  };
  if (fns.length === 1) return fns[0] as AmountFn;
  if (variables.length === 0) return foldable(fns, all);
  if (constants.length <= 1) {
    const [first, ...rest] = fns;
    return (ctx) => {
      let acc = (first as AmountFn)(ctx);
      for (const f of rest) acc = op(acc, f(ctx));
      return acc;
    };
  }
  const k = constants.map((f) => constantOf(f) as Decimal).reduce(op);
  const [firstVariable, ...moreVariables] = variables as [AmountFn, ...AmountFn[]];
  return (ctx) => {
    let acc = op(firstVariable(ctx), k);
    for (const f of moreVariables) acc = op(acc, f(ctx));
    return acc;
  };
}
