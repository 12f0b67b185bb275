/**
 * Straight-line JavaScript for a compiled calculation: the same steps the closure compiler's
 * program takes (constants folded as it folds them, operands in its order, rules tried in its
 * order, the same memos), written out as one function per post and value, so that V8 compiles
 * a calculation as one piece of code instead of calls through hundreds of closures.
 *
 * The core only writes the text; it never runs it (no `eval`, no `new Function`): a shell that
 * may run code registers a loader (src/node/generated-code.ts, `node:vm`), and without one
 * every calculation runs on closures, as in browsers and edge workers. The text is the body of
 * a function of `(B, BAIL)`: `B` the values it refers to (Decimals, tables, memos, rounders,
 * and the closure engine's own test for a condition of a rarer form) and `BAIL` what it throws
 * to give up. It returns `evaluate(extracted)`, which gives the {@link Evaluation} or
 * `undefined` whenever anything is out of the ordinary: a fact that is not a number, a missing
 * table cell, no rule applying, a division by zero, any exception. The program then runs the
 * closures, which give the very result or error they always gave; explanations always run on
 * them. test/engine/generated-differential.test.ts holds the two together.
 *
 * @example
 * ```ts
 * const { source, bindings } = generateEvaluator(env, 'afloscapaciteit');
 * const evaluate = vm.compileFunction(source, ['B', 'BAIL'])(bindings, BAIL);
 * evaluate(extracted); // an Evaluation, or undefined: ask the closures
 * ```
 */
import {
  addMoney,
  compareMoney,
  type Decimal,
  multiplyMoney,
  subtractMoney,
  sumMoney,
  wholeMoney,
} from '../../contract/money.js';
import { ITEM_PREFIX, PARAM_FACT_PREFIX } from '../../rules/facts.js';
import type { CalculationFile, CalculationId, Post, Value } from '../../rules/format/calculation.js';
import type { Condition } from '../../rules/format/condition.js';
import { isNumericOperator } from '../../rules/format/condition.js';
import type { Collection, Expression, ExpressionForms, ExpressionOperator } from '../../rules/format/expression.js';
import { operatorOf } from '../../rules/language/units.js';
import { type AmountMemo, amountMemo } from '../amount-memo.js';
import { rememberedMemo, rulePrefix } from '../compile-amounts.js';
import { numberValidator } from '../condition.js';
import { bandKey, cellsOf } from '../operators/table.js';
import { ZERO } from '../amount.js';
import { compileExpression, compileScopedCondition, constantOf, type ExpressionEnv, rounder } from '../expression.js';
import { addNotice } from '../rule-runner.js';
import { madeOnce } from '../made-once.js';
import { slotOf } from '../slots.js';
import { memoKeySource } from './memo-key.js';

/** What a generated evaluator is made of: its text and the values it is bound to. */
export interface GeneratedEvaluator {
  readonly source: string;
  readonly bindings: readonly unknown[];
}

/** A form the generator does not write: the calculation then runs on closures alone. */
export class NotGenerated extends Error {}

interface Gen {
  readonly env: ExpressionEnv;
  readonly calculation: CalculationId;
  readonly bindings: unknown[];
  readonly bound: Map<unknown, string>;
  next: number;
  /** `sumPosts` keys, to slots of the evaluation's cache. */
  readonly sumSlots: Map<string, number>;
  /** Each expression's constant as the closure compiler folds it (null: it varies), asked once per node. */
  readonly constants: Map<Expression, Decimal | null>;
  /** Per slot of a memo key, the JavaScript that gives this evaluation's key. */
  readonly keys: Map<number, string>;
  /** Functions written besides those of posts and values: the memo keys. */
  readonly functions: string[];
  /**
   * Per list of statements (one block of the text), the name holding each fact's Decimal read
   * there so far: a fact read again in the same block (income, by each total) is read once.
   */
  readonly factDecimals: WeakMap<string[], Map<string, string>>;
}

function bind(g: Gen, value: unknown): string {
  let name = g.bound.get(value);
  if (name === undefined) {
    name = `B[${g.bindings.length}]`;
    g.bindings.push(value);
    g.bound.set(value, name);
  }
  return name;
}

function local(g: Gen, prefix = 't'): string {
  g.next += 1;
  return `${prefix}${g.next}`;
}

/** Where an expression is evaluated: household level, or inside a `sum`/`count` over a collection. */
interface Place {
  readonly scope: Collection | undefined;
  readonly where: string;
  /** The name of the current item, inside a `sum`/`count`. */
  readonly item: string | undefined;
  /** The name of a context whose `item` is the current item (for the closure engine's own tests). */
  readonly ctx: string;
}

const fieldOf = (name: string): string => `[${JSON.stringify(name)}]`;

/** The JavaScript of post `index`'s exact or rounded amounts: computed on first use, then the evaluation's own. */
const postAmounts = (index: number, rounded: boolean): string =>
  rounded
    ? `(st.postRounded[${index}] ?? rounded${index}(f, cl, ctx))`
    : `(st.postExact[${index}] ?? post${index}(f, cl, ctx))`;

/** The JavaScript of reading a fact (`undefined` if absent), as `factReader` reads it, without a path. */
function readFact(g: Gen, place: Place, fact: string): string {
  if (fact.startsWith(PARAM_FACT_PREFIX)) {
    const p = g.env.ruleSet.parameters[fact.slice(PARAM_FACT_PREFIX.length)];
    if (p === undefined) throw new NotGenerated(`unknown parameter ${fact}`);
    return `(${JSON.stringify(Number(p.value))})`;
  }
  if (place.scope !== undefined && place.item !== undefined && fact.startsWith(ITEM_PREFIX[place.scope]))
    return `${place.item}${fieldOf(fact)}`;
  return `f${fieldOf(fact)}`;
}

/** Emits statements computing `e` into `out`; returns the name (or bound constant) holding its Decimal. */
function emit(g: Gen, e: Expression, place: Place, out: string[]): string {
  const fixed = constantOperand(g, e, place);
  if (fixed !== undefined) return bind(g, fixed);
  const op = operatorOf(e);
  return (EMITTERS[op] as Emitter<Expression>)(g, e, place, out);
}

type Emitter<F> = (g: Gen, e: F, place: Place, out: string[]) => string;

/**
 * The constant of an expression, as the closure compiler folds it; undefined when it varies.
 * Remembered per node: a fold asks for each operand and then emits it, which asks again, and
 * each answer compiles the whole subtree.
 */
function constantOperand(g: Gen, e: Expression, place: Place): Decimal | undefined {
  let known = g.constants.get(e);
  if (known === undefined) {
    known = constantOf(compileExpression(g.env, e, place.scope, place.where)) ?? null;
    g.constants.set(e, known);
  }
  return known ?? undefined;
}

/**
 * The closure compiler's `fold`: with more than one constant operand, the constants combined
 * once (in order) and applied to the first varying operand, then the others in order;
 * otherwise every operand in order.
 */
function emitFold(
  g: Gen,
  operands: readonly Expression[],
  place: Place,
  out: string[],
  apply: (acc: string, next: string) => string,
  combine: (a: Decimal, b: Decimal) => Decimal,
): string {
  const constants = operands.map((x) => constantOperand(g, x, place));
  const fixed = constants.filter((d): d is Decimal => d !== undefined);
  if (operands.length === 1) return emit(g, operands[0] as Expression, place, out);
  const acc = local(g);
  if (fixed.length <= 1) {
    const first = emit(g, operands[0] as Expression, place, out);
    out.push(`let ${acc} = ${first};`);
    for (const x of operands.slice(1)) {
      const v = emit(g, x, place, out);
      out.push(`${acc} = ${apply(acc, v)};`);
    }
    return acc;
  }
  const k = bind(g, fixed.reduce(combine));
  const variables = operands.filter((_, i) => constants[i] === undefined);
  const first = emit(g, variables[0] as Expression, place, out);
  out.push(`let ${acc} = ${apply(first, k)};`);
  for (const x of variables.slice(1)) {
    const v = emit(g, x, place, out);
    out.push(`${acc} = ${apply(acc, v)};`);
  }
  return acc;
}

const smaller = (a: Decimal, b: Decimal): Decimal => (compareMoney(b, a) < 0 ? b : a);
const larger = (a: Decimal, b: Decimal): Decimal => (compareMoney(b, a) > 0 ? b : a);

const EMITTERS: { readonly [K in ExpressionOperator]: Emitter<ExpressionForms[K]> } = {
  // Always constant: `emit` binds them before an emitter is asked.
  const: () => {
    throw new NotGenerated('a const that is not constant');
  },
  param: () => {
    throw new NotGenerated('a param that is not constant');
  },
  fact: (g, e, place, out) => {
    const read = readFact(g, place, e.fact);
    const known = madeOnce(g.factDecimals, out, () => new Map<string, string>());
    const made = known.get(read);
    if (made !== undefined) return made;
    const v = local(g, 'n');
    const d = local(g);
    out.push(`const ${v} = ${read};`);
    out.push(`if (typeof ${v} !== 'number') throw BAIL;`);
    out.push(`const ${d} = ${v} === 0 ? ${bind(g, ZERO)} : ${bind(g, wholeMoney)}(${v});`);
    known.set(read, d);
    return d;
  },
  table: (g, e, place, out) => {
    const table = g.env.ruleSet.tables[e.table];
    if (table === undefined) throw new NotGenerated(`unknown table ${e.table}`);
    const dims = Object.keys(table.dimensions);
    const parts = dims.map((dim) => {
      const k = e.key[dim];
      if (k === undefined) throw new NotGenerated(`table ${e.table} lacks a key for ${dim}`);
      if (typeof k === 'string') return JSON.stringify(k);
      const v = local(g, 'n');
      out.push(`const ${v} = ${readFact(g, place, k.fact)};`);
      const dimension = table.dimensions[dim];
      if (dimension !== undefined && !Array.isArray(dimension)) {
        // As the closure's cell key: a number falls in its band; outside every band, or not a number, ''.
        return `(typeof ${v} === 'number' ? (${bind(g, bandKey)}(${bind(g, dimension.bands)}, ${v}) ?? '') : '')`;
      }
      return `(typeof ${v} === 'string' ? ${v} : '')`;
    });
    const hit = local(g);
    out.push(`const ${hit} = ${bind(g, cellsOf(table))}.get(${parts.join(" + '\\u0000' + ")});`);
    out.push(`if (${hit} === undefined) throw BAIL;`);
    return `${hit}.d`;
  },
  value: (g, e) => {
    const index = g.env.valueIndex.get(e.value);
    if (index === undefined) throw new NotGenerated(`unknown value ${e.value}`);
    return `(st.valueExact[${index}] ?? value${index}(f, cl, ctx))`;
  },
  post: (g, e, place) => {
    const index = g.env.postIndex.get(e.post);
    if (index === undefined) throw new NotGenerated(`unknown post ${e.post}`);
    const measure = e.measure ?? onlyMeasure(g.env.calculation, place.where);
    const m = g.env.calculation.measures.indexOf(measure);
    return `${postAmounts(index, e.rounded === true)}[${m}]`;
  },
  sumPosts: (g, e, place, out) => {
    const calc = g.env.calculation;
    const { group } = e.sumPosts;
    const measure = e.sumPosts.measure ?? onlyMeasure(calc, place.where);
    const m = calc.measures.indexOf(measure);
    const rounded = e.sumPosts.rounded === true;
    const slot = slotOf(g.sumSlots, `${group ?? ''}\u0000${measure}\u0000${rounded}`);
    const operands = calc.posts.flatMap((p, i) =>
      group === undefined || p.group === group ? [`${postAmounts(i, rounded)}[${m}]`] : [],
    );
    const s = local(g);
    out.push(`const ${s} = st.sums[${slot}] ?? (st.sums[${slot}] = ${bind(g, sumMoney)}([${operands.join(', ')}]));`);
    return s;
  },
  add: (g, e, place, out) => emitFold(g, e.add, place, out, (a, b) => `${bind(g, addMoney)}(${a}, ${b})`, addMoney),
  multiply: (g, e, place, out) =>
    emitFold(g, e.multiply, place, out, (a, b) => `${bind(g, multiplyMoney)}(${a}, ${b})`, multiplyMoney),
  min: (g, e, place, out) => emitFold(g, e.min, place, out, (a, b) => `${bind(g, smaller)}(${a}, ${b})`, smaller),
  max: (g, e, place, out) => {
    const [first, second] = e.max;
    const zero = e.max.length === 2 && first !== undefined ? constantOperand(g, first, place) : undefined;
    if (
      zero?.isZero() === true &&
      second !== undefined &&
      'subtract' in second &&
      constantOperand(g, second, place) === undefined
    ) {
      // The closure compiler's `max(0, a − b)`: compare, and subtract only when a is the larger.
      const a = emit(g, second.subtract[0], place, out);
      const b = emit(g, second.subtract[1], place, out);
      const r = local(g);
      const z = bind(g, zero);
      out.push(`let ${r} = ${z};`);
      out.push(
        `if (${bind(g, compareMoney)}(${a}, ${b}) > 0) { const d = ${bind(g, subtractMoney)}(${a}, ${b}); if (!d.isZero()) ${r} = d; }`,
      );
      return r;
    }
    return emitFold(g, e.max, place, out, (a, b) => `${bind(g, larger)}(${a}, ${b})`, larger);
  },
  subtract: (g, e, place, out) => {
    const a = emit(g, e.subtract[0], place, out);
    const b = emit(g, e.subtract[1], place, out);
    const r = local(g);
    out.push(`const ${r} = ${bind(g, subtractMoney)}(${a}, ${b});`);
    return r;
  },
  divide: (g, e, place, out) => {
    const a = emit(g, e.divide[0], place, out);
    const b = emit(g, e.divide[1], place, out);
    const r = local(g);
    out.push(`if (${b}.isZero()) throw BAIL;`);
    out.push(`const ${r} = ${a}.dividedBy(${b});`);
    return r;
  },
  round: (g, e, place, out) => {
    if (g.env.ruleSet.manifest.rounding[e.policy] === undefined) throw new NotGenerated(`unknown policy ${e.policy}`);
    const inner = emit(g, e.round, place, out);
    const r = local(g);
    out.push(`const ${r} = ${bind(g, rounder(g.env.ruleSet, e.policy))}(${inner});`);
    return r;
  },
  sum: (g, e, place, out) => {
    const total = local(g);
    const { inner, head } = itemLoop(g, e.sum.over, place);
    const body: string[] = [];
    const test = e.sum.when === undefined ? 'true' : emitCondition(g, e.sum.when, inner);
    const amount = emit(g, e.sum.amount, inner, body);
    out.push(`let ${total} = ${bind(g, ZERO)};`, ...head);
    out.push(`if (!(${test})) continue;`);
    out.push(...body);
    out.push(`${total} = ${bind(g, addMoney)}(${total}, ${amount});`);
    out.push('}');
    return total;
  },
  count: (g, e, place, out) => {
    const n = local(g, 'n');
    const { inner, head } = itemLoop(g, e.count.over, place);
    const test = e.count.when === undefined ? 'true' : emitCondition(g, e.count.when, inner);
    out.push(`let ${n} = 0;`, ...head);
    out.push(`if (${test}) ${n} += 1;`);
    out.push('}');
    const r = local(g);
    out.push(`const ${r} = ${bind(g, wholeMoney)}(${n});`);
    return r;
  },
  if: (g, e, place, out) => {
    const r = local(g);
    const test = emitCondition(g, e.if, place);
    const then: string[] = [];
    const otherwise: string[] = [];
    const a = emit(g, e.then, place, then);
    const b = emit(g, e.else, place, otherwise);
    out.push(`let ${r};`);
    out.push(`if (${test}) { ${then.join('\n')} ${r} = ${a}; } else { ${otherwise.join('\n')} ${r} = ${b}; }`);
    return r;
  },
};

/**
 * The opening of a loop over a collection's items, `sum`'s and `count`'s alike: the item, and a
 * context holding it for the closure engine's own tests (the caller closes the loop).
 */
function itemLoop(g: Gen, over: Collection, place: Place): { inner: Place; head: string[] } {
  const item = local(g, 'it');
  const inner: Place = { scope: over, where: place.where, item, ctx: local(g, 'ic') };
  return {
    inner,
    head: [
      `for (const ${item} of cl${fieldOf(over)}) {`,
      `const ${inner.ctx} = { facts: f, collections: cl, item: ${item}, state: st };`,
    ],
  };
}

function onlyMeasure(calc: CalculationFile, where: string): string {
  const [only, ...more] = calc.measures;
  if (only === undefined || more.length > 0) throw new NotGenerated(`${where}: no measure named`);
  return only;
}

/** A condition as a JavaScript boolean expression; forms other than the common ones use the closure engine's own test. */
function emitCondition(g: Gen, c: Condition, place: Place): string {
  if ('all' in c) return c.all.length === 0 ? 'true' : `(${c.all.map((x) => emitCondition(g, x, place)).join(' && ')})`;
  if ('any' in c)
    return c.any.length === 0 ? 'false' : `(${c.any.map((x) => emitCondition(g, x, place)).join(' || ')})`;
  if ('not' in c) return `!(${emitCondition(g, c.not as Condition, place)})`;
  const value = c.value as unknown;
  const reference =
    value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, 'fact')
      ? (value as { fact: string; path?: string })
      : undefined;
  const plain =
    c.path === undefined &&
    (reference === undefined || reference.path === undefined) &&
    (isNumericOperator(c.operator) || c.operator === 'equal' || c.operator === 'notEqual') &&
    (reference !== undefined || typeof value !== 'object' || value === null);
  if (!plain) {
    const test = compileScopedCondition(g.env, place.scope, c);
    return `${bind(g, test)}(${place.ctx})`;
  }
  const left = readFact(g, place, c.fact);
  const right = reference === undefined ? JSON.stringify(value) : readFact(g, place, reference.fact);
  switch (c.operator) {
    case 'equal':
      return `(${left} === ${right})`;
    case 'notEqual':
      return `(${left} !== ${right})`;
    case 'lessThan':
      return `(${bind(g, numberValidator)}(${left}) && ${left} < ${right})`;
    case 'lessThanInclusive':
      return `(${bind(g, numberValidator)}(${left}) && ${left} <= ${right})`;
    case 'greaterThan':
      return `(${bind(g, numberValidator)}(${left}) && ${left} > ${right})`;
    case 'greaterThanInclusive':
      return `(${bind(g, numberValidator)}(${left}) && ${left} >= ${right})`;
    default:
      throw new NotGenerated(`operator ${c.operator}`);
  }
}

/** The statements of a post's or value's rules: first that applies, or the sum of all that apply, into `o0…`. */
function emitRules(
  g: Gen,
  definition: Post | Value,
  amountsOf: (rule: (Post | Value)['rules'][number]) => readonly Expression[],
  where: string,
  from: number,
  to: number,
  out: string[],
): void {
  const place: Place = { scope: undefined, where, item: undefined, ctx: 'ctx' };
  for (let r = from; r < to; r += 1) {
    const rule = definition.rules[r] as (Post | Value)['rules'][number];
    const rulePlace = { ...place, where: `${where} rule ${rule.id}` };
    const body: string[] = [];
    if (rule.notice !== undefined) body.push(`${bind(g, addNotice)}(ctx, ${bind(g, rule.notice)});`);
    const expressions = amountsOf(rule);
    const made = new Map<Expression, string>();
    const names = expressions.map((e) => {
      let name = made.get(e);
      if (name === undefined) {
        name = emitRemembered(g, e, rulePlace, body);
        made.set(e, name);
      }
      return name;
    });
    for (const [m, name] of names.entries())
      body.push(`o${m} = o${m} === undefined ? ${name} : ${bind(g, addMoney)}(o${m}, ${name});`);
    if (definition.combine === 'first') body.push('break rules;');
    const test = rule.when === undefined ? 'true' : emitCondition(g, rule.when as Condition, rulePlace);
    out.push(`if (${test}) {`, ...body, '}');
  }
}

/** A rule's amount, remembered per make-up where the closure compiler remembers it (see `remembered` in compile-amounts.ts). */
function emitRemembered(g: Gen, e: Expression, place: Place, out: string[]): string {
  if (!g.env.memos || constantOperand(g, e, place) !== undefined) return emit(g, e, place, out);
  const memo = rememberedMemo(g.env, g.calculation, e);
  if (memo === undefined) return emit(g, e, place, out);
  const m = bind(g, memo);
  const key = local(g, 'k');
  const r = local(g);
  const body: string[] = [];
  const v = emit(g, e, place, body);
  out.push(`const ${key} = ${emitKey(g, memo)};`, `let ${r} = ${m}.cache.get(${key});`);
  out.push(`if (${r} === undefined) {`, ...body, `${r} = ${v}; ${m}.remember(${key}, ${r});`, '}');
  return r;
}

/**
 * The JavaScript of a memo's key for this evaluation: a key function written once per slot
 * (src/engine/codegen/memo-key.ts), or the memo's own closure when its keys may be strings.
 */
function emitKey(g: Gen, memo: AmountMemo<unknown>): string {
  let call = g.keys.get(memo.slot);
  if (call === undefined) {
    const own = `${bind(g, memo)}.key`;
    const name = `key${memo.slot}`;
    if (memo.plan === undefined) call = `${own}(ctx)`;
    else {
      g.functions.push(memoKeySource(name, memo.slot, memo.plan, own));
      call = `${name}(f, cl, ctx)`;
    }
    g.keys.set(memo.slot, call);
  }
  return call;
}

/** The function of a post (exact amounts per measure) or value (its amount). */
function emitDefinition(g: Gen, kind: 'post' | 'value', index: number, definition: Post | Value): string {
  const calc = g.env.calculation;
  const file = `${g.calculation}.json`;
  const where = `${file} ${kind} ${kind === 'post' ? (definition as Post).code : (definition as Value).id}`;
  const measures = kind === 'post' ? calc.measures : ['amount'];
  const amountsOf =
    kind === 'post'
      ? (r: (Post | Value)['rules'][number]) =>
          calc.measures.map((m) => {
            const e = (r as Post['rules'][number]).amounts[m];
            if (e === undefined) throw new NotGenerated(`${where}: no amount for ${m}`);
            return e;
          })
      : (r: (Post | Value)['rules'][number]) => [(r as Value['rules'][number]).amount];
  const out: string[] = [`function ${kind}${index}(f, cl, ctx) {`, 'const st = ctx.state;'];
  const memo = g.env.memos ? amountMemo(g.env.ruleSet, calc, definition, g.calculation) : undefined;
  const os = measures.map((_, m) => `o${m}`);
  const result = kind === 'post' ? `[${os.join(', ')}]` : 'o0';
  const store = kind === 'post' ? `st.postExact[${index}]` : `st.valueExact[${index}]`;
  if (memo !== undefined) {
    out.push(`const key = ${emitKey(g, memo)};`, `const known = ${bind(g, memo)}.cache.get(key);`);
    out.push(`if (known !== undefined) return (${store} = known);`);
  }
  out.push(`let ${os.join(', ')};`);
  out.push('rules: {');
  const prefix = kind === 'post' && g.env.memos ? rulePrefix(g.env, g.calculation, definition as Post) : undefined;
  if (prefix !== undefined) {
    const p = bind(g, prefix.memo);
    out.push(`const pk = ${emitKey(g, prefix.memo)};`, `const pre = ${p}.cache.get(pk);`);
    out.push('if (pre === undefined) {');
    emitRules(g, definition, amountsOf, where, 0, prefix.length, out);
    out.push(`${p}.remember(pk, o0 === undefined ? null : [${os.join(', ')}]);`);
    out.push(`} else if (pre !== null) { ${os.map((o, m) => `${o} = pre[${m}];`).join(' ')} }`);
    emitRules(g, definition, amountsOf, where, prefix.length, definition.rules.length, out);
  } else {
    emitRules(g, definition, amountsOf, where, 0, definition.rules.length, out);
  }
  out.push('}');
  out.push('if (o0 === undefined) throw BAIL;');
  out.push(`const made = ${result};`);
  if (memo !== undefined) out.push(`${bind(g, memo)}.remember(key, made);`);
  out.push(`return (${store} = made);`, '}');
  return out.join('\n');
}

/** The function of a post's rounded amounts per measure (a measure holding the same Decimal as the one before shares its rounding). */
function emitRounded(g: Gen, index: number, post: Post): string {
  const round = bind(g, rounder(g.env.ruleSet, post.rounding));
  const n = g.env.calculation.measures.length;
  const lines = [
    `function rounded${index}(f, cl, ctx) {`,
    'const st = ctx.state;',
    `const e = ${postAmounts(index, false)};`,
  ];
  lines.push(`const r = new Array(${n});`, `r[0] = ${round}(e[0]);`);
  for (let m = 1; m < n; m += 1) lines.push(`r[${m}] = e[${m}] === e[${m - 1}] ? r[${m - 1}] : ${round}(e[${m}]);`);
  lines.push(`return (st.postRounded[${index}] = r);`, '}');
  return lines.join('\n');
}

/** The cycle guard's list, never written: generated code has no cycle guard (see `generateEvaluator`). */
const NO_GUARD: readonly boolean[] = Object.freeze([]);

/** Generates the evaluator of `calculation` (see the module's comment). */
export function generateEvaluator(env: ExpressionEnv, calculation: CalculationId): GeneratedEvaluator {
  const g: Gen = {
    env,
    calculation,
    bindings: [],
    bound: new Map(),
    next: 0,
    sumSlots: new Map(),
    constants: new Map(),
    keys: new Map(),
    functions: [],
    factDecimals: new WeakMap(),
  };
  const calc = env.calculation;
  const values = calc.values ?? [];
  const functions = [
    ...values.map((v, i) => emitDefinition(g, 'value', i, v)),
    ...calc.posts.map((p, i) => emitDefinition(g, 'post', i, p)),
    ...calc.posts.map((p, i) => emitRounded(g, i, p)),
  ];
  const body: string[] = [];
  const place: Place = { scope: undefined, where: `${calculation}.json totals`, item: undefined, ctx: 'ctx' };
  const posts = calc.posts.map((p, i) => {
    const head = `code: ${JSON.stringify(p.code)}, description: ${JSON.stringify(p.description)}`;
    const group = p.group === undefined ? '' : `, group: ${JSON.stringify(p.group)}`;
    return `{ ${head}${group}, exact: ${postAmounts(i, false)}, rounded: ${postAmounts(i, true)} }`;
  });
  body.push(`const posts = [${posts.join(',\n')}];`);
  const totals = Object.entries(calc.totals).map(([name, t]) => {
    const v = emit(g, t.amount, { ...place, where: `${calculation}.json total ${name}` }, body);
    return `${JSON.stringify(name)}: ${v}`;
  });
  const source = [
    '"use strict";',
    ...functions,
    ...g.functions,
    'return function evaluate(extracted) {',
    'const f = extracted.facts; const cl = extracted.collections;',
    // newState's shape, without the cycle guard's list: the loader refuses cycles, and a stack
    // overflow here is caught like any error, leaving the household to the closure engine.
    `const ctx = { facts: f, collections: cl, item: undefined, state: { postExact: new Array(${calc.posts.length}), postRounded: new Array(${calc.posts.length}), valueExact: new Array(${values.length}), inProgress: ${bind(g, NO_GUARD)}, notices: [], sums: [], memoKeys: [], trace: undefined } };`,
    'const st = ctx.state;',
    'try {',
    ...body,
    `return { measures: ${bind(g, calc.measures)}, posts, totals: { ${totals.join(', ')} }, notices: st.notices };`,
    '} catch (error) { return undefined; }',
    '};',
  ].join('\n');
  return { source, bindings: g.bindings };
}
