/**
 * What an operator's compiler works with: the program compiler's access to posts and
 * values (`ExpressionEnv`), the node's place (`CompileScope`), and the readers, rounders
 * and provenance every compiler shares.
 */
import { RuleEvaluationError } from '../contract/errors.js';
import { Money, roundWhole, type Decimal } from '../contract/money.js';
import type { FigureUse, SourceRef, SourcedFigure } from '../contract/explanation.js';
import { ITEM_PREFIX, PARAM_FACT_PREFIX, type FactCatalog } from '../rules/facts.js';
import type { CalculationFile } from '../rules/format/calculation.js';
import type { Sourced } from '../rules/format/common.js';
import type { Collection, Expression } from '../rules/format/expression.js';
import type { RoundingMode } from '../rules/format/manifest.js';
import type { RuleSet } from '../rules/rule-set.js';
import { type AmountFn, constant } from './amount.js';
import { compileCondition, compilePath, type ConditionTest, type FactReader } from './condition.js';
import type { EvalContext } from './context.js';

/** What the program compiler lends the expression compiler: how to reach posts and values. */
export interface ExpressionEnv {
  readonly ruleSet: RuleSet;
  readonly calculation: CalculationFile;
  readonly catalog: FactCatalog;
  readonly postIndex: ReadonlyMap<string, number>;
  readonly valueIndex: ReadonlyMap<string, number>;
  /** Whether the program remembers amounts that read only a household's make-up (`ProgramOptions.memos`). */
  readonly memos: boolean;
  /**
   * Whether the program records the explanation (compile.ts compiles one for `explain: true`):
   * its closures note every figure and comparison, and fold nothing, so that every figure shows.
   */
  readonly recording: boolean;
  /** Post `index`'s amounts per measure, in the calculation's order (`calculation.measures`). */
  postExact(index: number, ctx: EvalContext): readonly Decimal[];
  postRounded(index: number, ctx: EvalContext): readonly Decimal[];
  valueExact(index: number, ctx: EvalContext): Decimal;
  /** The value's amount when it is the same for every household (fixed figures only), else undefined. */
  valueConstant(index: number): Decimal | undefined;
  /** The slot in `EvalState.sums` of a `sumPosts` total (by its group, measure and roundedness), the same for the same key. */
  sumSlot(key: string): number;
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
  // roundWhole returns a whole amount below ten million as it is, without decimalPlaces' count.
  if (decimals === 0)
    return (d) => roundWhole(d, mode) ?? (d.d !== null && d.decimalPlaces() <= 0 ? d : d.toDecimalPlaces(0, mode));
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

export function provenanceFields(v: Sourced): Pick<SourcedFigure, 'provenance' | 'formula' | 'reasoning'> {
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

/** A condition in a scope; `record`: it records what decided, in a recording program (a rule's `when`). */
export function compileScopedCondition(
  env: ExpressionEnv,
  scope: Collection | undefined,
  condition: Parameters<typeof compileCondition>[0],
  record = false,
): ConditionTest {
  return compileCondition(condition, (fact, path) => factReader(env, scope, fact, path), record && env.recording);
}

/**
 * `read` as the program compiles it: in a recording program, noting the figure it read (`key`
 * deduplicates within a rule) after reading it; in any other, `read` itself, which records nothing.
 */
export function recordedFigure(
  env: ExpressionEnv,
  read: AmountFn,
  key: (d: Decimal, ctx: EvalContext) => string,
  use: (d: Decimal, ctx: EvalContext) => FigureUse,
): AmountFn {
  if (!env.recording) return read;
  return (ctx) => {
    const d = read(ctx);
    ctx.state.trace?.figure(key(d, ctx), () => use(d, ctx));
    return d;
  };
}

/**
 * A figure fixed when compiling (`d`, a constant or a parameter): folded where it is read, or
 * in a recording program, noted as read (not folded, so every figure that is read shows).
 */
export function constantFigure(env: ExpressionEnv, d: Decimal, key: string, use: () => FigureUse): AmountFn {
  const read: AmountFn = () => d;
  return env.recording ? recordedFigure(env, read, () => key, use) : constant(d, read);
}

/** The place a node is compiled in, lent to its operator's compiler. */
export interface CompileScope {
  readonly env: ExpressionEnv;
  /** The collection a `sum` or `count` runs over, inside one; its item facts are readable there. */
  readonly scope: Collection | undefined;
  /** The place in the rule set, for error messages (e.g. `afloscapaciteit.json rule norm`). */
  readonly where: string;
  fail(code: string, message: string): never;
  /** Compiles an operand, in this scope unless another is given. */
  sub(e: Expression, scope?: Collection): AmountFn;
}

/** Compiles one operator's node (of form `F`) to a closure. */
export type OperatorCompiler<F> = (e: F, c: CompileScope) => AmountFn;

/** The one measure of the calculation, when a `post` or `sumPosts` names none. */
export function singleMeasure(env: ExpressionEnv, where: string): string {
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
