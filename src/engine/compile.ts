/**
 * Compiles one calculation of a rule set into a program: plain closures, evaluated
 * synchronously, with no `eval` or `new Function` (edge runtimes forbid both). A program is
 * compiled once per rule set and calculation and cached.
 */
import { RuleEvaluationError } from '../contract/errors.js';
import type { TotalTrace } from '../contract/explanation.js';
import type { Decimal } from '../contract/money.js';
import type { AnyHousehold } from '../household/household.js';
import { FACT_CATALOGS, type ExtractedFacts } from '../rules/facts.js';
import type { CalculationFile, CalculationId, Notice } from '../rules/format/calculation.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { Explanation } from '../contract/explanation.js';
import { type AmountEvaluator, amountEvaluator } from './amount-evaluator.js';
import { compilePosts, type ValueCompiler, valueCompiler } from './compile-amounts.js';
import { newState, type EvalContext } from './context.js';
import { buildExplanation } from './explanation-builder.js';
import { compileExpression, type AmountFn, type ExpressionEnv } from './expression.js';
import { byMeasure, type CompiledAmount } from './rule-runner.js';
import { slotOf } from './slots.js';

export interface EvaluatedPost {
  readonly code: string;
  readonly description: string;
  readonly group?: string;
  /** Per measure (in the order of `Evaluation.measures`), the exact amount. */
  readonly exact: readonly Decimal[];
  /** Per measure (in the order of `Evaluation.measures`), the amount rounded by the post's rounding policy: what the result shows. */
  readonly rounded: readonly Decimal[];
}

export interface Evaluation {
  /** The calculation's measures, in the order of each post's amounts (`byMeasure` makes a record of them). */
  readonly measures: readonly string[];
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
  evaluate(household: AnyHousehold, options?: { readonly explain?: boolean }): Evaluation;
  /** Evaluates facts directly (the coverage sweep and benchmarks use this). */
  evaluateFacts(facts: ExtractedFacts, options?: { readonly explain?: boolean }): Evaluation;
  /** Evaluates one post or intermediate value alone, exact, per measure (`amount` for a value). */
  evaluateAmount(kind: 'post' | 'value', index: number, facts: ExtractedFacts): Readonly<Record<string, Decimal>>;
  /** The options it was compiled with. */
  readonly options: ProgramOptions;
}

/** What a program is compiled with, fixed for its life. */
export interface ProgramOptions {
  /**
   * Remember amounts that read only a household's make-up across evaluations
   * (src/engine/amount-memo.ts): for a process that
   * evaluates many households. Making the memos costs a single calculation more than they save.
   */
  readonly memos: boolean;
}

/** The plain program: every amount computed in every evaluation. */
export const PLAIN_PROGRAM: ProgramOptions = Object.freeze({ memos: false });

let defaults: ProgramOptions = PLAIN_PROGRAM;

/**
 * The options of the programs compiled from now on without options of their own: a shell's
 * choice at its start (memos for the service and the batch), set through `setFastPaths`
 * (src/calculations/fast-paths.ts). A program compiled before keeps its own.
 *
 * @internal
 */
export function setProgramDefaults(options: ProgramOptions): void {
  defaults = options;
}

/** @internal */
export function programDefaults(): ProgramOptions {
  return defaults;
}

/** The programs compiled so far, per rule set and calculation: without memos, and with. */
const programs = [
  new WeakMap<RuleSet, Map<CalculationId, Program>>(),
  new WeakMap<RuleSet, Map<CalculationId, Program>>(),
];

/** The program of a calculation of a rule set with these options, compiled on first use and cached. */
export function programFor(ruleSet: RuleSet, calculation: CalculationId, options: ProgramOptions = defaults): Program {
  const byRuleSet = programs[options.memos ? 1 : 0] as WeakMap<RuleSet, Map<CalculationId, Program>>;
  let byCalc = byRuleSet.get(ruleSet);
  if (byCalc === undefined) {
    byCalc = new Map();
    byRuleSet.set(ruleSet, byCalc);
  }
  let program = byCalc.get(calculation);
  if (program === undefined) {
    program = compileProgram(ruleSet, calculation, options);
    byCalc.set(calculation, program);
  }
  return program;
}

/** A compiled total of the calculation file. */
interface CompiledTotal {
  readonly name: string;
  readonly description: string;
  readonly fn: AmountFn;
}

/**
 * Compiles a calculation of a rule set (uncached; `programFor` is the usual entry). An
 * explanation is recorded by the same compiler's closures compiled to record (without memos,
 * folding nothing), compiled on the first `explain: true`: the plain closures carry no recorder.
 */
export function compileProgram(
  ruleSet: RuleSet,
  calculation: CalculationId,
  options: ProgramOptions = defaults,
): Program {
  const plain = compileClosures(ruleSet, calculation, options, false);
  let recording: Closures | undefined;
  const evaluateFacts = (extracted: ExtractedFacts, how?: { readonly explain?: boolean }): Evaluation => {
    if (how?.explain !== true) return plain.evaluateFacts(extracted);
    recording ??= compileClosures(ruleSet, calculation, PLAIN_PROGRAM, true);
    return recording.evaluateFacts(extracted);
  };
  const catalog = FACT_CATALOGS[calculation];
  return {
    ruleSet,
    calculation,
    measures: plain.calc.measures,
    options,
    evaluateFacts,
    evaluateAmount: plain.evaluateAmount,
    evaluate: (household, how) => evaluateFacts(catalog.extract(household), how),
  };
}

/** A calculation compiled to closures: plain, or recording every evaluation's explanation. */
interface Closures {
  readonly calc: CalculationFile;
  readonly env: ExpressionEnv;
  evaluateFacts(extracted: ExtractedFacts): Evaluation;
  evaluateAmount: Program['evaluateAmount'];
}

function compileClosures(
  ruleSet: RuleSet,
  calculation: CalculationId,
  options: ProgramOptions,
  recording: boolean,
): Closures {
  const calc = ruleSet.calculations[calculation];
  if (calc === undefined) {
    throw new RuleEvaluationError(
      'calculation_missing',
      ruleSet.id,
      `rule set ${ruleSet.id} has no ${calculation} rules`,
    );
  }
  const values = calc.values ?? [];
  // Expressions read posts and values, whose evaluation runs compiled expressions: the
  // evaluator is made first, over the lists of compiled posts and values that are filled in
  // below, before anything is evaluated; values compile on first need, also while posts compile.
  const compiled = { ruleSet, calculation, calc, posts: [] as CompiledAmount[], values: [] as CompiledAmount[] };
  const evaluator = amountEvaluator(compiled, options.memos);
  let valuesCompiled: ValueCompiler | undefined;
  const sumSlots = new Map<string, number>();
  const env: ExpressionEnv = {
    ruleSet,
    calculation: calc,
    catalog: FACT_CATALOGS[calculation],
    postIndex: new Map(calc.posts.map((p, i) => [p.code, i])),
    valueIndex: new Map(values.map((v, i) => [v.id, i])),
    memos: options.memos,
    recording,
    postExact: evaluator.postExact,
    postRounded: evaluator.postRounded,
    valueExact: evaluator.valueExact,
    valueConstant: (i) => (recording ? undefined : (valuesCompiled as ValueCompiler).constant(i)),
    sumSlot: (key) => slotOf(sumSlots, key),
  };
  const compiler = valueCompiler(env, calculation, calc);
  valuesCompiled = compiler;
  compiled.values.push(...values.map((_, i) => compiler.program(i)));
  compiled.posts.push(...compilePosts(env, calculation, calc));
  const totals: CompiledTotal[] = Object.entries(calc.totals).map(([name, t]) => ({
    name,
    description: t.description,
    fn: compileExpression(env, t.amount, undefined, `${calculation}.json total ${name}`),
  }));

  const context = (extracted: ExtractedFacts, explain: boolean): EvalContext => ({
    facts: extracted.facts,
    collections: extracted.collections,
    item: undefined,
    state: newState(compiled.posts.length, compiled.values.length, explain),
  });
  const evaluateFacts = (extracted: ExtractedFacts): Evaluation => {
    const ctx = context(extracted, recording);
    const posts = evaluatePosts(calc, evaluator, ctx);
    const { values: totalValues, traces } = evaluateTotals(totals, ctx);
    const result: Evaluation = { measures: calc.measures, posts, totals: totalValues, notices: ctx.state.notices };
    const trace = ctx.state.trace;
    if (trace === undefined) return result;
    const rounded = posts.map((p) => p.rounded);
    const explanation = buildExplanation(ruleSet, calculation, compiled, { extracted, trace, rounded, totals: traces });
    return { ...result, explanation };
  };
  return {
    calc,
    env,
    evaluateFacts,
    evaluateAmount: (kind, index, extracted) => {
      const ctx = context(extracted, false);
      return kind === 'post'
        ? byMeasure(calc.measures, evaluator.postExact(index, ctx))
        : { amount: evaluator.valueExact(index, ctx) };
    },
  };
}

/**
 * Every post of the calculation, in order: exact and rounded. Two object literals, not a spread of
 * `{ group }`, so every post keeps one of two shapes for the code that reads them.
 */
function evaluatePosts(calc: CalculationFile, evaluator: AmountEvaluator, ctx: EvalContext): EvaluatedPost[] {
  const posts = calc.posts;
  // Sized up front (see postRounder in amount-evaluator.ts).
  const out = new Array<EvaluatedPost>(posts.length);
  for (let i = 0; i < posts.length; i += 1) {
    const p = posts[i] as CalculationFile['posts'][number];
    const exact = evaluator.postExact(i, ctx);
    const rounded = evaluator.postRounded(i, ctx);
    const group = p.group;
    out[i] =
      group === undefined
        ? { code: p.code, description: p.description, exact, rounded }
        : { code: p.code, description: p.description, group, exact, rounded };
  }
  return out;
}

/** Every total of the calculation file, with the figures each read when explaining. */
function evaluateTotals(
  totals: readonly CompiledTotal[],
  ctx: EvalContext,
): { values: Record<string, Decimal>; traces: TotalTrace[] } {
  const values: Record<string, Decimal> = {};
  const traces: TotalTrace[] = [];
  for (const t of totals) {
    const previous = ctx.state.trace?.begin();
    const value = t.fn(ctx);
    values[t.name] = value;
    if (ctx.state.trace !== undefined) {
      traces.push({
        name: t.name,
        description: t.description,
        value: value.toString(),
        figures: ctx.state.trace.end(previous),
      });
    }
  }
  return { values, traces };
}
