/**
 * Compiles one calculation of a rule set into a program: plain closures, evaluated
 * synchronously, with no `eval` or `new Function` (edge runtimes forbid both). A program is
 * compiled once per rule set and calculation and cached.
 */
import { RuleEvaluationError } from '../../../../src/contract/errors.js';
import type { Decimal } from '../../../../src/contract/money.js';
import type { Household } from '../../../../src/household/household.js';
import { FACT_CATALOGS, type ExtractedFacts } from '../rules/facts.js';
import type {
  CalculationFile,
  CalculationId,
  Combine,
  Notice,
  PostRule,
  ValueRule,
} from '../../../../src/rules/format/calculation.js';
import type { Expression } from '../../../../src/rules/format/expression.js';
import type { RuleSet } from '../../../../src/rules/rule-set.js';
import type { BooleanCondition } from '../../../../src/rules/format/condition.js';
import { newState, type EvalContext } from './context.js';
import {
  EXPLANATION_FORMAT,
  type AmountTrace,
  type ConditionTrace,
  type Explanation,
  type RuleTrace,
  type TotalTrace,
} from '../../../../src/contract/explanation.js';
import { usageOf } from '../../../../src/engine/dependencies.js';
import {
  compileExpression,
  compileScopedCondition,
  constantOf,
  rounder,
  type AmountFn,
  type ExpressionEnv,
} from './expression.js';

export interface EvaluatedPost {
  readonly code: string;
  readonly description: string;
  readonly group?: string;
  /** Per measure, the exact amount. */
  readonly exact: Readonly<Record<string, Decimal>>;
  /** Per measure, the amount rounded by the post's rounding policy: what the result shows. */
  readonly rounded: Readonly<Record<string, Decimal>>;
}

export interface Evaluation {
  readonly posts: readonly EvaluatedPost[];
  readonly totals: Readonly<Record<string, Decimal>>;
  /** Notices raised by the rules that applied, each code once. */
  readonly notices: readonly Notice[];
  readonly explanation?: Explanation;
}

export interface Program {
  readonly ruleSet: RuleSet;
  readonly calculation: CalculationId;
  readonly measures: readonly string[];
  evaluate(household: Household, options?: { readonly explain?: boolean }): Evaluation;
  /** Evaluates facts directly (the coverage sweep and benchmarks use this). */
  evaluateFacts(facts: ExtractedFacts, options?: { readonly explain?: boolean }): Evaluation;
  /** Evaluates one post or intermediate value alone, exact, per measure (`amount` for a value). */
  evaluateAmount(kind: 'post' | 'value', index: number, facts: ExtractedFacts): Readonly<Record<string, Decimal>>;
}

interface CompiledRule {
  readonly id: string;
  readonly description: string;
  readonly test: ((ctx: EvalContext) => boolean) | undefined;
  readonly explain: ((ctx: EvalContext) => ConditionTrace) | undefined; // issue 18: data
  readonly amounts: readonly (readonly [string, AmountFn])[];
  /** The amount expressions as written, for the explanation. */
  readonly expressions: Readonly<Record<string, Expression>>;
  readonly notice: Notice | undefined;
}

interface CompiledAmount {
  readonly code: string;
  readonly description: string;
  readonly combine: Combine;
  readonly rules: readonly CompiledRule[];
  readonly where: string;
  /** `post <code>` / `value <id>`: the key of the cycle guard, made once. */
  readonly key: string;
}

const programs = new WeakMap<RuleSet, Map<CalculationId, Program>>();

/** The program of a calculation of a rule set, compiled on first use and cached. */
export function programFor(ruleSet: RuleSet, calculation: CalculationId): Program {
  let byCalc = programs.get(ruleSet);
  if (byCalc === undefined) {
    byCalc = new Map();
    programs.set(ruleSet, byCalc);
  }
  let program = byCalc.get(calculation);
  if (program === undefined) {
    program = compileProgram(ruleSet, calculation);
    byCalc.set(calculation, program);
  }
  return program;
}

/** Compiles a calculation of a rule set (uncached; `programFor` is the usual entry). */
export function compileProgram(ruleSet: RuleSet, calculation: CalculationId): Program {
  const calc = ruleSet.calculations[calculation];
  if (calc === undefined) {
    throw new RuleEvaluationError(
      'calculation_missing',
      ruleSet.id,
      `rule set ${ruleSet.id} has no ${calculation} rules`,
    );
  }
  const catalog = FACT_CATALOGS[calculation];
  const values = calc.values ?? [];
  // Named once narrowed: the hoisted functions below cannot see the check above.
  const postDefinitions = calc.posts;
  const measures = calc.measures;
  const postRound = calc.posts.map((p) => rounder(ruleSet, p.rounding));

  const env: ExpressionEnv = {
    ruleSet,
    calculation: calc,
    catalog,
    postIndex: new Map(calc.posts.map((p, i) => [p.code, i])),
    valueIndex: new Map(values.map((v, i) => [v.id, i])),
    postExact: (i, ctx) => postExact(i, ctx),
    postRounded: (i, ctx) => roundAll(i, postExact(i, ctx)),
    valueExact: (i, ctx) => valueExact(i, ctx),
    valueConstant: (i) => valueConstant(i),
  };

  const compileRule = (
    rule: PostRule | ValueRule,
    file: string,
    amounts: readonly (readonly [string, Expression])[],
  ): CompiledRule => {
    const where = `${file} rule ${rule.id}`;
    const cond =
      rule.when === undefined ? undefined : compileScopedCondition(env, undefined, rule.when as BooleanCondition);
    return {
      id: rule.id,
      description: rule.description,
      test: cond?.test,
      explain: cond?.explain,
      amounts: amounts.map(([m, e]) => [m, compileExpression(env, e, undefined, where)] as const),
      expressions: Object.fromEntries(amounts),
      notice: rule.notice,
    };
  };

  const file = `${calculation}.json`;
  // Values compile on first need, so a post can fold a value of fixed figures into itself.
  const compiledValues: (CompiledAmount | undefined)[] = new Array(values.length);
  const compiling = new Set<number>();
  const valueProgram = (i: number): CompiledAmount => {
    const known = compiledValues[i];
    if (known !== undefined) return known;
    const v = at(values, i);
    compiling.add(i);
    const program: CompiledAmount = {
      code: v.id,
      description: v.description,
      combine: v.combine,
      where: `${file} value ${v.id}`,
      key: `value ${v.id}`,
      rules: v.rules.map((r) => compileRule(r, `${file} value ${v.id}`, [['amount', r.amount]])),
    };
    compiling.delete(i);
    compiledValues[i] = program;
    return program;
  };
  const constants = new Map<number, Decimal | undefined>();
  /** A value is fixed when its first rule always applies (first-match) or every rule always applies (sum), and all amounts are fixed. */
  function valueConstant(i: number): Decimal | undefined {
    if (constants.has(i)) return constants.get(i);
    if (compiling.has(i)) return undefined;
    const program = valueProgram(i);
    const fixedRules = program.combine === 'first' ? program.rules.slice(0, 1) : program.rules;
    let result: Decimal | undefined;
    if (fixedRules.every((r) => r.test === undefined && r.notice === undefined)) {
      const amounts = fixedRules.map((r) => constantOf(at(r.amounts, 0)[1]));
      if (amounts.every((a) => a !== undefined)) result = (amounts as Decimal[]).reduce((a, b) => a.plus(b));
    }
    constants.set(i, result);
    return result;
  }
  const valuePrograms: CompiledAmount[] = values.map((_, i) => valueProgram(i));
  const valueMemos = values.map((v) => amountMemo<Decimal>(ruleSet, calc, v, calculation));
  const postMemos = calc.posts.map((p) => amountMemo<Readonly<Record<string, Decimal>>>(ruleSet, calc, p, calculation));
  const posts: CompiledAmount[] = calc.posts.map((p) => ({
    code: p.code,
    description: p.description,
    combine: p.combine,
    where: `${file} post ${p.code}`,
    key: `post ${p.code}`,
    rules: p.rules.map((r) =>
      compileRule(
        r,
        `${file} post ${p.code}`,
        measures.map((m) => {
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
  const totals = Object.entries(calc.totals).map(([name, t]) => ({
    name,
    description: t.description,
    fn: compileExpression(env, t.amount, undefined, `${file} total ${name}`),
  }));

  // A remembered post returns the same exact amounts object each time, so its rounding is remembered with it.
  const roundedByExact = new WeakMap<object, Readonly<Record<string, Decimal>>>();
  function roundAll(i: number, exact: Readonly<Record<string, Decimal>>): Readonly<Record<string, Decimal>> {
    const remembered = postMemos[i] !== undefined;
    const known = remembered ? roundedByExact.get(exact) : undefined;
    if (known !== undefined) return known;
    const round = postRound[i] as (d: Decimal) => Decimal;
    const out: Record<string, Decimal> = {};
    for (const m of measures) out[m] = round(exact[m] as Decimal);
    if (remembered) roundedByExact.set(exact, out);
    return out;
  }

  /** Runs the rules of a post or value: the first that applies, or the sum of all that apply. */
  function run(program: CompiledAmount, ctx: EvalContext, keys: readonly string[]): Record<string, Decimal> {
    const trace = ctx.state.trace;
    if (trace !== undefined) return runExplained(program, ctx, keys);
    let out: Record<string, Decimal> | undefined;
    for (const rule of program.rules) {
      if (rule.test !== undefined && !rule.test(ctx)) continue;
      if (rule.notice !== undefined) addNotice(ctx, rule.notice);
      if (out === undefined) {
        out = {};
        for (const [m, fn] of rule.amounts) out[m] = fn(ctx);
      } else {
        for (const [m, fn] of rule.amounts) out[m] = (out[m] as Decimal).plus(fn(ctx));
      }
      if (program.combine === 'first') return out;
    }
    if (out === undefined)
      throw new RuleEvaluationError('no_rule_applies', program.where, 'no rule applies to this household');
    return out;
  }

  function runExplained(program: CompiledAmount, ctx: EvalContext, keys: readonly string[]): Record<string, Decimal> {
    const trace = ctx.state.trace;
    if (trace === undefined) throw new Error('internal: runExplained without a trace');
    const rules: RuleTrace[] = [];
    let out: Record<string, Decimal> | undefined;
    for (const rule of program.rules) {
      if (out !== undefined && program.combine === 'first') break;
      // issue 18 (explanation format 3): the condition as data; none for a rule without one.
      const because = rule.explain === undefined ? undefined : rule.explain(ctx);
      if (because !== undefined && !because.result) {
        rules.push({ id: rule.id, description: rule.description, applied: false, because });
        continue;
      }
      if (rule.notice !== undefined) addNotice(ctx, rule.notice);
      const previous = trace.begin();
      const amounts: Record<string, Decimal> = {};
      for (const [m, fn] of rule.amounts) amounts[m] = fn(ctx);
      const figures = trace.end(previous);
      rules.push({
        id: rule.id,
        description: rule.description,
        applied: true,
        ...(because === undefined ? {} : { because }), // issue 18
        amounts: strings(amounts),
        expressions: rule.expressions,
        figures,
      });
      if (out === undefined) out = { ...amounts };
      else for (const m of keys) out[m] = (out[m] as Decimal).plus(amounts[m] as Decimal);
    }
    if (out === undefined)
      throw new RuleEvaluationError('no_rule_applies', program.where, 'no rule applies to this household');
    trace.amounts.set(program, {
      code: program.code,
      description: program.description,
      combine: program.combine,
      exact: strings(out),
      rules,
    });
    return out;
  }
  function guard<T>(key: string, where: string, ctx: EvalContext, compute: () => T): T {
    if (ctx.state.inProgress.has(key)) throw new RuleEvaluationError('cycle', where, `${key} depends on itself`);
    ctx.state.inProgress.add(key);
    try {
      return compute();
    } finally {
      ctx.state.inProgress.delete(key);
    }
  }

  function postExact(i: number, ctx: EvalContext): Readonly<Record<string, Decimal>> {
    const known = ctx.state.postExact[i];
    if (known !== undefined) return known;
    const program = posts[i] as CompiledAmount;
    const memo = ctx.state.trace === undefined ? postMemos[i] : undefined;
    const memoKey = memo?.key(ctx);
    let amounts = memo === undefined || memoKey === undefined ? undefined : memo.cache.get(memoKey);
    if (amounts === undefined) {
      const household = ctx.item === undefined ? ctx : { ...ctx, item: undefined };
      amounts = guard(program.key, program.where, household, () => run(program, household, measures));
      if (memo !== undefined && memoKey !== undefined) memo.remember(memoKey, amounts);
    }
    ctx.state.postExact[i] = amounts;
    return amounts;
  }

  function valueExact(i: number, ctx: EvalContext): Decimal {
    const known = ctx.state.valueExact[i];
    if (known !== undefined) return known;
    const program = valueProgram(i);
    const memo = ctx.state.trace === undefined ? valueMemos[i] : undefined;
    const memoKey = memo?.key(ctx);
    let amount = memo === undefined || memoKey === undefined ? undefined : memo.cache.get(memoKey);
    if (amount === undefined) {
      const household = ctx.item === undefined ? ctx : { ...ctx, item: undefined };
      amount = guard(program.key, program.where, household, () => run(program, household, ['amount']))[
        'amount'
      ] as Decimal;
      if (memo !== undefined && memoKey !== undefined) memo.remember(memoKey, amount);
    }
    ctx.state.valueExact[i] = amount;
    return amount;
  }

  function addNotice(ctx: EvalContext, notice: Notice): void {
    if (!ctx.state.notices.some((n) => n.code === notice.code)) ctx.state.notices.push(notice);
  }

  function evaluateFacts(extracted: ExtractedFacts, options?: { readonly explain?: boolean }): Evaluation {
    const explain = options?.explain === true;
    const ctx: EvalContext = {
      facts: extracted.facts,
      collections: extracted.collections,
      item: undefined,
      state: newState(posts.length, valuePrograms.length, explain),
    };
    const evaluated: EvaluatedPost[] = postDefinitions.map((p, i) => {
      const exact = postExact(i, ctx);
      return {
        code: p.code,
        description: p.description,
        ...(p.group !== undefined ? { group: p.group } : {}),
        exact,
        rounded: roundAll(i, exact),
      };
    });
    const totalValues: Record<string, Decimal> = {};
    const totalTraces: TotalTrace[] = [];
    for (const t of totals) {
      const previous = ctx.state.trace?.begin();
      const value = t.fn(ctx);
      totalValues[t.name] = value;
      if (ctx.state.trace !== undefined) {
        totalTraces.push({
          name: t.name,
          description: t.description,
          value: value.toString(),
          figures: ctx.state.trace.end(previous),
        });
      }
    }
    const result: Evaluation = { posts: evaluated, totals: totalValues, notices: ctx.state.notices };
    const trace = ctx.state.trace;
    if (!explain || trace === undefined) return result;
    const explanation: Explanation = {
      format: EXPLANATION_FORMAT,
      ruleSet: {
        id: ruleSet.id,
        hash: ruleSet.hash,
        validFrom: ruleSet.validFrom,
        validUntil: ruleSet.validUntil,
        status: ruleSet.status,
      },
      calculation,
      facts: flattenFacts(extracted),
      posts: posts.map((p, i) => {
        const postTrace = trace.amounts.get(p) as AmountTrace;
        const policyName = at(postDefinitions, i).rounding;
        const policy = ruleSet.manifest.rounding[policyName];
        if (policy === undefined) throw new Error(`internal: rounding policy ${policyName} vanished after checking`);
        return {
          ...postTrace,
          rounded: strings(at(evaluated, i).rounded),
          rounding: { policy: policyName, decimals: policy.decimals, mode: policy.mode },
        };
      }),
      values: valuePrograms.flatMap((v) => {
        const valueTrace = trace.amounts.get(v);
        return valueTrace === undefined ? [] : [valueTrace];
      }),
      totals: totalTraces,
    };
    return { ...result, explanation };
  }

  function evaluateAmount(
    kind: 'post' | 'value',
    index: number,
    extracted: ExtractedFacts,
  ): Readonly<Record<string, Decimal>> {
    const ctx: EvalContext = {
      facts: extracted.facts,
      collections: extracted.collections,
      item: undefined,
      state: newState(posts.length, valuePrograms.length, false),
    };
    return kind === 'post' ? postExact(index, ctx) : { amount: valueExact(index, ctx) };
  }

  return {
    ruleSet,
    calculation,
    measures,
    evaluateFacts,
    evaluateAmount,
    evaluate: (household, options) => evaluateFacts(catalog.extract(household), options),
  };
}

/** At most this many remembered amounts per post or value; the oldest is forgotten first. */
const MEMO_SIZE = 1024;

interface AmountMemo<T> {
  /** The facts the amount reads, written as one string. */
  key(ctx: EvalContext): string;
  readonly cache: Map<string, T>;
  remember(key: string, amount: T): void;
}

/**
 * Remembers a post's or value's amount across evaluations, keyed by exactly the facts it
 * reads (found by following its rules and references; parameters are fixed per rule set).
 * Amounts are pure functions of those facts, so a remembered one is the one a new
 * evaluation would compute. Only for amounts that read discrete facts — a household's
 * make-up, dwelling, cars — not amounts such as income, whose every value would be a new
 * key; and not for amounts whose rules raise notices, which a remembered amount would not
 * raise again. Explanations never use it.
 */
function amountMemo<T>(
  ruleSet: RuleSet,
  calc: CalculationFile,
  node: unknown,
  calculation: CalculationId,
): AmountMemo<T> | undefined {
  const usage = usageOf(ruleSet, calc, node);
  if (usage.hasNotice) return undefined;
  // Building a key costs about as much as a few decimal operations: remember only amounts
  // that sum over a household's persons, children or cars, or are long to compute.
  if (usage.collections.size === 0 && JSON.stringify(node).length < 1500) return undefined;
  const catalog = FACT_CATALOGS[calculation];
  const facts = [...usage.facts].sort();
  const wide = facts.some((f) => {
    const domain = catalog.facts.get(f)?.domain;
    return domain === undefined || (domain.kind === 'number' && domain.max - domain.min > 200);
  });
  if (wide) return undefined;
  const collections = [...usage.collections].sort();
  const itemFacts = [...usage.itemFacts].sort();
  const cache = new Map<string, T>();
  return {
    cache,
    key: (ctx) => {
      let k = '';
      for (const f of facts) k += `${String(ctx.facts[f])}|`;
      for (const c of collections) {
        const items = ctx.collections[c];
        k += `${c}${items.length}:`;
        for (const item of items) {
          for (const f of itemFacts) if (f in item) k += `${String(item[f])},`;
          k += ';';
        }
      }
      return k;
    },
    remember: (key, amount) => {
      if (cache.size >= MEMO_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(key, amount);
    },
  };
}

function strings(amounts: Readonly<Record<string, Decimal>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(amounts)) out[k] = v.toString();
  return out;
}

/** Household facts plus each collection's items as `children[0].child.age`, for the explanation. */
function flattenFacts(extracted: ExtractedFacts): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = { ...extracted.facts };
  for (const [name, items] of Object.entries(extracted.collections)) {
    items.forEach((item, i) => {
      for (const [k, v] of Object.entries(item)) out[`${name}[${i}].${k}`] = v;
    });
  }
  return out;
}

/** `list[i]` for an index the compiler produced itself: a miss is a bug here, never a rule-set problem. */
function at<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`internal: index ${i} out of range`);
  return item;
}
