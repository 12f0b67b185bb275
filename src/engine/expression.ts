/**
 * Compiles amount expressions into closures over decimal.js values.
 *
 * Every figure is turned into a Decimal once, at compile time; evaluation only combines
 * them. When an explanation is being recorded, each parameter, table cell, fact, value and
 * post an amount reads is noted with its value and provenance.
 */
import { RuleEvaluationError } from '../contract/errors.js';
import { addMoney, Money, sumMoney, type Decimal } from '../contract/money.js';
import { ITEM_PREFIX, PARAM_FACT_PREFIX, type FactCatalog } from '../rules/facts.js';
import type { CalculationFile } from '../rules/format/calculation.js';
import type { Sourced } from '../rules/format/common.js';
import type { Collection, Expression } from '../rules/format/expression.js';
import type { RoundingMode } from '../rules/format/manifest.js';
import type { Band } from '../rules/format/parameters.js';
import type { RuleSet } from '../rules/rule-set.js';
import { compileCondition, compilePath, type CompiledCondition, type FactReader } from './condition.js';
import type { EvalContext } from './context.js';
import type { SourceRef, SourcedFigure } from '../contract/explanation.js';

export type AmountFn = (ctx: EvalContext) => Decimal;

/** Marks a compiled amount that reads no fact, post or value: its result is fixed at compile time. */
const CONSTANT = Symbol('constant');
type MaybeConstant = AmountFn & { [CONSTANT]?: Decimal };

export function constantOf(fn: AmountFn): Decimal | undefined {
  return (fn as MaybeConstant)[CONSTANT];
}

/**
 * Folds an operation whose operands are all constant into its value, computed once. The
 * explanation must still show every figure, so while one is being recorded the unfolded
 * closure runs instead (it records as it reads).
 */
function foldable(operands: readonly AmountFn[], unfolded: AmountFn): AmountFn {
  if (!operands.every((f) => constantOf(f) !== undefined)) return unfolded;
  let value: Decimal;
  try {
    value = unfolded(CONSTANT_CONTEXT);
  } catch {
    return unfolded; // e.g. a division by zero: let it fail where and when it is evaluated
  }
  const folded: MaybeConstant = (ctx) => (ctx.state.trace === undefined ? value : unfolded(ctx));
  folded[CONSTANT] = value;
  return folded;
}

function constant(value: Decimal, recorded: AmountFn): AmountFn {
  const fn: MaybeConstant = recorded;
  fn[CONSTANT] = value;
  return fn;
}

/** The context constants are folded in: no facts, no trace (constants never read them). */
const CONSTANT_CONTEXT: EvalContext = {
  facts: {},
  collections: { persons: [], children: [], cars: [] },
  item: undefined,
  state: { postExact: [], valueExact: [], inProgress: [], notices: [], trace: undefined, sums: new Map() },
};

const ZERO = new Money(0);

/** What the program compiler lends the expression compiler: how to reach posts and values. */
export interface ExpressionEnv {
  readonly ruleSet: RuleSet;
  readonly calculation: CalculationFile;
  readonly catalog: FactCatalog;
  readonly postIndex: ReadonlyMap<string, number>;
  readonly valueIndex: ReadonlyMap<string, number>;
  postExact(index: number, ctx: EvalContext): Readonly<Record<string, Decimal>>;
  postRounded(index: number, ctx: EvalContext): Readonly<Record<string, Decimal>>;
  valueExact(index: number, ctx: EvalContext): Decimal;
  /** The value's amount when it is the same for every household (fixed figures only), else undefined. */
  valueConstant(index: number): Decimal | undefined;
}

export const ROUNDING: Readonly<Record<RoundingMode, Decimal.Rounding>> = {
  'half-up': Money.ROUND_HALF_UP,
  'half-even': Money.ROUND_HALF_EVEN,
  'half-down': Money.ROUND_HALF_DOWN,
  up: Money.ROUND_UP,
  down: Money.ROUND_DOWN,
  floor: Money.ROUND_FLOOR,
  ceiling: Money.ROUND_CEIL,
};

/**
 * Rounds by a manifest policy. An amount with no more decimals than the policy keeps is
 * returned as it is: rounding would give the same digits, and most posts (a rent, a cost as
 * given) are whole euros already.
 */
export function rounder(ruleSet: RuleSet, policy: string): (d: Decimal) => Decimal {
  const p = ruleSet.manifest.rounding[policy];
  if (p === undefined) throw new Error(`unknown rounding policy ${policy}`);
  const mode = ROUNDING[p.mode];
  const decimals = p.decimals;
  return (d) => (d.d !== null && d.decimalPlaces() <= decimals ? d : d.toDecimalPlaces(decimals, mode));
}

export function sourceRef(ruleSet: RuleSet, value: Sourced): SourceRef {
  const s = ruleSet.manifest.sources[value.source];
  return {
    key: value.source,
    publisher: s?.publisher ?? '',
    title: s?.title ?? '',
    ...(s?.url !== undefined ? { url: s.url } : {}),
    ...(s?.document !== undefined ? { document: s.document } : {}),
    period: s?.period ?? '',
    read: s?.read ?? '',
    ...(s?.note !== undefined ? { note: s.note } : {}),
    ...(value.locator !== undefined ? { locator: value.locator } : {}),
  };
}

function provenanceFields(v: Sourced): Pick<SourcedFigure, 'provenance' | 'formula' | 'reasoning'> {
  return {
    provenance: v.provenance,
    ...(v.formula !== undefined ? { formula: v.formula } : {}),
    ...(v.reasoning !== undefined ? { reasoning: v.reasoning } : {}),
  };
}

/** The numeric value of a parameter, for conditions that compare a fact with `param:<name>`. */
export function parameterNumber(ruleSet: RuleSet, name: string): number {
  const p = ruleSet.parameters[name];
  if (p === undefined) throw new Error(`unknown parameter ${name}`);
  return Number(p.value);
}

/**
 * Resolves a fact name in a scope: `param:<name>` is a constant, `child.age` reads the
 * current item (only inside a `sum`/`count` over that collection), anything else reads
 * the household's facts.
 */
export function factReader(
  env: ExpressionEnv,
  scope: Collection | undefined,
  fact: string,
  path: string | undefined,
): FactReader {
  const follow = compilePath(path);
  let read: FactReader;
  if (fact.startsWith(PARAM_FACT_PREFIX)) {
    const value = parameterNumber(env.ruleSet, fact.slice(PARAM_FACT_PREFIX.length));
    read = () => value;
  } else if (scope !== undefined && fact.startsWith(ITEM_PREFIX[scope])) {
    read = (ctx) => ctx.item?.[fact];
  } else {
    read = (ctx) => ctx.facts[fact];
  }
  if (follow === undefined) return read;
  return (ctx) => follow(read(ctx));
}

export function compileScopedCondition(
  env: ExpressionEnv,
  scope: Collection | undefined,
  condition: Parameters<typeof compileCondition>[0],
): CompiledCondition {
  return compileCondition(condition, (fact, path) => factReader(env, scope, fact, path));
}

function bandKey(bands: readonly Band[], value: number): string | undefined {
  for (const b of bands) {
    if (value >= Number(b.from) && (b.below === undefined || value < Number(b.below))) return b.key;
  }
  return undefined;
}

/**
 * Compiles one expression. `where` names the place in the rule set for error messages
 * (e.g. `afloscapaciteit.json posts[Levensonderhoud].rules[norm]`).
 */
export function compileExpression(
  env: ExpressionEnv,
  expr: Expression,
  scope: Collection | undefined,
  where: string,
): AmountFn {
  const fail = (code: string, message: string): never => {
    throw new RuleEvaluationError(code, where, message);
  };
  const sub = (e: Expression, s: Collection | undefined = scope): AmountFn => compileExpression(env, e, s, where);
  const { ruleSet } = env;

  if ('const' in expr) {
    const d = new Money(expr.const);
    const unit = expr.unit;
    return constant(d, (ctx) => {
      ctx.state.trace?.figure(`const:${d.toString()}:${unit ?? ''}`, () => ({
        kind: 'const',
        value: d.toString(),
        ...(unit !== undefined ? { unit } : {}),
      }));
      return d;
    });
  }
  if ('param' in expr) {
    const name = expr.param;
    const p = ruleSet.parameters[name];
    if (p === undefined) return fail('dangling_reference', `unknown parameter ${name}`);
    const d = new Money(p.value);
    return constant(d, (ctx) => {
      ctx.state.trace?.figure(`param:${name}`, () => ({
        kind: 'parameter',
        name,
        description: p.description,
        value: d.toString(),
        unit: p.unit,
        source: sourceRef(ruleSet, p),
        ...provenanceFields(p),
      }));
      return d;
    });
  }
  if ('table' in expr) {
    const name = expr.table;
    const table = ruleSet.tables[name];
    if (table === undefined) return fail('dangling_reference', `unknown table ${name}`);
    const dims = Object.keys(table.dimensions);
    const cells = new Map<string, { d: Decimal; cell: (typeof table.cells)[number] }>();
    for (const cell of table.cells)
      cells.set(dims.map((k) => cell.key[k]).join('\u0000'), { d: new Money(cell.value), cell });
    type Part = (ctx: EvalContext) => string | undefined;
    const parts = dims.map((dim): Part => {
      const keyExpr = expr.key[dim];
      if (keyExpr === undefined) return fail('dangling_reference', `table ${name} needs a key for dimension ${dim}`);
      if (typeof keyExpr === 'string') return () => keyExpr;
      const read = factReader(env, scope, keyExpr.fact, undefined);
      const dimension = table.dimensions[dim];
      if (dimension !== undefined && !Array.isArray(dimension)) {
        const bands = dimension.bands;
        return (ctx) => {
          const v = read(ctx);
          return typeof v === 'number' ? bandKey(bands, v) : undefined;
        };
      }
      return (ctx) => {
        const v = read(ctx);
        return typeof v === 'string' ? v : undefined;
      };
    });
    /** The cell key, as `cells` is keyed; built without arrays, since lookups are among the hottest code. */
    const cellKey = (ctx: EvalContext): string => {
      let key = '';
      // As Array#join writes it: an undefined part as ''.
      for (let i = 0; i < parts.length; i += 1) {
        if (i > 0) key += '\u0000';
        key += (parts[i] as Part)(ctx) ?? '';
      }
      return key;
    };
    const lookup: AmountFn = (ctx) => {
      const hit = cells.get(cellKey(ctx));
      if (hit === undefined || ctx.state.trace !== undefined) return lookupSlowly(ctx);
      return hit.d;
    };
    /** The lookup that reports a missing cell and records the figure for the explanation. */
    const lookupSlowly: AmountFn = (ctx) => {
      const key: (string | undefined)[] = parts.map((p) => p(ctx));
      const hit = cells.get(key.join('\u0000'));
      if (hit === undefined) {
        const shown = dims.map((d, i) => `${d}=${key[i] ?? '(none)'}`).join(', ');
        return fail('missing_table_cell', `table ${name} has no cell for ${shown}`);
      }
      ctx.state.trace?.figure(`table:${name}:${key.join('|')}`, () => ({
        kind: 'table',
        name,
        key: hit.cell.key,
        value: hit.d.toString(),
        unit: table.unit,
        source: sourceRef(ruleSet, hit.cell),
        ...provenanceFields(hit.cell),
      }));
      return hit.d;
    };
    const literalKeys = dims.every((dim) => typeof expr.key[dim] === 'string');
    if (!literalKeys) return lookup;
    try {
      return constant(lookup(CONSTANT_CONTEXT), lookup);
    } catch {
      return lookup; // a missing cell: reported when evaluated (the loader's checks refuse it first)
    }
  }
  if ('fact' in expr) {
    const name = expr.fact;
    const read = factReader(env, scope, name, undefined);
    return (ctx) => {
      const v = read(ctx);
      if (typeof v !== 'number') return fail('fact_not_numeric', `fact ${name} is ${JSON.stringify(v)}, not a number`);
      ctx.state.trace?.figure(`fact:${name}:${v}`, () => ({ kind: 'fact', name, value: v }));
      return v === 0 ? ZERO : new Money(v);
    };
  }
  if ('value' in expr) {
    const name = expr.value;
    const index = env.valueIndex.get(name);
    if (index === undefined) return fail('dangling_reference', `unknown value ${name}`);
    const read: AmountFn = (ctx) => {
      const d = env.valueExact(index, ctx);
      ctx.state.trace?.figure(`value:${name}`, () => ({ kind: 'value', name, value: d.toString() }));
      return d;
    };
    const fixed = env.valueConstant(index);
    if (fixed === undefined) return read;
    // A value of fixed figures folds like a constant; explaining still runs it, so its rules show.
    const folded: AmountFn = (ctx) => (ctx.state.trace === undefined ? fixed : read(ctx));
    return constant(fixed, folded);
  }
  if ('post' in expr) {
    const code = expr.post;
    const index = env.postIndex.get(code);
    if (index === undefined) return fail('dangling_reference', `unknown post ${code}`);
    const measure = expr.measure ?? singleMeasure(env, where);
    const rounded = expr.rounded === true;
    return (ctx) => {
      const amounts = rounded ? env.postRounded(index, ctx) : env.postExact(index, ctx);
      const d = amounts[measure] as Decimal;
      ctx.state.trace?.figure(`post:${code}:${measure}:${rounded}`, () => ({
        kind: 'post',
        name: code,
        measure,
        rounded,
        value: d.toString(),
      }));
      return d;
    };
  }
  if ('sumPosts' in expr) {
    const { group } = expr.sumPosts;
    const measure = expr.sumPosts.measure ?? singleMeasure(env, where);
    const rounded = expr.sumPosts.rounded === true;
    const indexes = env.calculation.posts.flatMap((p, i) => (group === undefined || p.group === group ? [i] : []));
    const memoKey = `${group ?? ''}\u0000${measure}\u0000${rounded}`;
    return (ctx) => {
      let total = ctx.state.sums.get(memoKey);
      if (total === undefined) {
        total = sumMoney(
          indexes.map((i) => (rounded ? env.postRounded(i, ctx) : env.postExact(i, ctx))[measure] as Decimal),
        );
        ctx.state.sums.set(memoKey, total);
      }
      const sum = total;
      ctx.state.trace?.figure(`sumPosts:${group ?? ''}:${measure}:${rounded}`, () => ({
        kind: 'post',
        name: group === undefined ? '(all posts)' : `(group ${group})`,
        measure,
        rounded,
        value: sum.toString(),
      }));
      return sum;
    };
  }
  if ('add' in expr)
    return fold(
      expr.add.map((e) => sub(e)),
      addMoney,
    );
  if ('multiply' in expr)
    return fold(
      expr.multiply.map((e) => sub(e)),
      (a, b) => a.times(b),
    );
  if ('min' in expr)
    return fold(
      expr.min.map((e) => sub(e)),
      (a, b) => (b.lessThan(a) ? b : a),
    );
  if ('max' in expr)
    return fold(
      expr.max.map((e) => sub(e)),
      (a, b) => (b.greaterThan(a) ? b : a),
    );
  if ('subtract' in expr) {
    const [a, b] = [sub(expr.subtract[0]), sub(expr.subtract[1])];
    return foldable([a, b], (ctx) => a(ctx).minus(b(ctx)));
  }
  if ('divide' in expr) {
    const [a, b] = [sub(expr.divide[0]), sub(expr.divide[1])];
    return foldable([a, b], (ctx) => {
      const dividend = a(ctx); // first, so the explanation lists figures in the order written
      const divisor = b(ctx);
      if (divisor.isZero()) return fail('division_by_zero', 'division by zero');
      return dividend.dividedBy(divisor);
    });
  }
  if ('sum' in expr) {
    const { over } = expr.sum;
    const amount = sub(expr.sum.amount, over);
    const when = expr.sum.when === undefined ? undefined : compileScopedCondition(env, over, expr.sum.when).test;
    return (ctx) => {
      let total = ZERO;
      for (const item of ctx.collections[over]) {
        const inner: EvalContext = { facts: ctx.facts, collections: ctx.collections, item, state: ctx.state };
        if (when === undefined || when(inner)) total = addMoney(total, amount(inner));
      }
      return total;
    };
  }
  if ('count' in expr) {
    const { over } = expr.count;
    const when = expr.count.when === undefined ? undefined : compileScopedCondition(env, over, expr.count.when).test;
    return (ctx) => {
      let n = 0;
      for (const item of ctx.collections[over]) {
        if (when === undefined || when({ facts: ctx.facts, collections: ctx.collections, item, state: ctx.state }))
          n += 1;
      }
      return new Money(n);
    };
  }
  if ('round' in expr) {
    const inner = sub(expr.round);
    if (ruleSet.manifest.rounding[expr.policy] === undefined)
      return fail('dangling_reference', `unknown rounding policy ${expr.policy}`);
    const round = rounder(ruleSet, expr.policy);
    return foldable([inner], (ctx) => round(inner(ctx)));
  }
  if ('if' in expr) {
    const test = compileScopedCondition(env, scope, expr.if).test;
    const [then, otherwise] = [sub(expr.then), sub(expr.else)];
    return (ctx) => (test(ctx) ? then(ctx) : otherwise(ctx));
  }
  return fail('unknown_operator', `unknown expression ${JSON.stringify(expr)}`);
}

/**
 * An n-ary operation. Constant operands are combined once at compile time (their order
 * does not matter for add, multiply, min and max), leaving one constant beside the rest.
 */
function fold(fns: readonly AmountFn[], op: (a: Decimal, b: Decimal) => Decimal): AmountFn {
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
    if (ctx.state.trace !== undefined) return all(ctx);
    let acc = op(firstVariable(ctx), k);
    for (const f of moreVariables) acc = op(acc, f(ctx));
    return acc;
  };
}

function singleMeasure(env: ExpressionEnv, where: string): string {
  const [only, ...more] = env.calculation.measures;
  if (only === undefined || more.length > 0) {
    throw new RuleEvaluationError(
      'measure_required',
      where,
      `name the measure: this calculation has ${env.calculation.measures.join(', ')}`,
    );
  }
  return only;
}
