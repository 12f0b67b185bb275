/**
 * Compiles json-rules-engine conditions into plain synchronous closures.
 *
 * json-rules-engine is the reference semantics (a differential test holds the two
 * together); each operator below does what its default operator does, including its
 * quirks: numeric operators first check the fact value with `parseFloat`, `contains`
 * needs an array fact, and a `path` on a non-object fact value is ignored.
 *
 * A condition compiles to one test (a boolean, no allocation). Compiled to record, each of its
 * parts also writes the comparisons that decided into the evaluation's recorder, as data (a
 * {@link ConditionTrace}, json-rules-engine's condition results), which each reader renders.
 */
import type { ComparedValue, ComparisonTrace, ConditionTrace, ReferenceTrace } from '../contract/explanation.js';
import {
  type Condition,
  type FactCondition,
  isNumericOperator,
  type NumericOperator,
  type Operator,
} from '../rules/format/condition.js';
import type { EvalContext, TraceRecorder } from './context.js';

/** Reads a fact (or a referenced fact on the value side) in a context. */
export type FactReader = (ctx: EvalContext) => unknown;

/** Resolves a fact name (and optional JSONPath) to a reader; supplied by the compiler, which knows the scopes. */
export type FactResolver = (fact: string, path: string | undefined) => FactReader;

/** A compiled condition: whether it holds for the household (or the item) of a context. */
export type ConditionTest = (ctx: EvalContext) => boolean;

export function numberValidator(value: unknown): boolean {
  // json-rules-engine's own check, kept verbatim in meaning: parseFloat of the value is not NaN.
  // For a number that is simply "not NaN" (parseFloat(String(n)) is n, or ±Infinity for
  // ±Infinity), which spares the string round trip on the hot path.
  if (typeof value === 'number') return !Number.isNaN(value);
  return Number.parseFloat(value as string).toString() !== 'NaN';
}

type Comparator = (a: unknown, b: unknown) => boolean;
const OPERATOR_FUNCTIONS: Readonly<Record<Operator, Comparator>> = {
  equal: (a, b) => a === b,
  notEqual: (a, b) => a !== b,
  in: (a, b) => (b as unknown[]).indexOf(a) > -1,
  notIn: (a, b) => (b as unknown[]).indexOf(a) === -1,
  contains: (a, b) => Array.isArray(a) && a.indexOf(b) > -1,
  doesNotContain: (a, b) => Array.isArray(a) && a.indexOf(b) === -1,
  lessThan: (a, b) => numberValidator(a) && (a as number) < (b as number),
  lessThanInclusive: (a, b) => numberValidator(a) && (a as number) <= (b as number),
  greaterThan: (a, b) => numberValidator(a) && (a as number) > (b as number),
  greaterThanInclusive: (a, b) => numberValidator(a) && (a as number) >= (b as number),
};

/** The comparison function of an operator, as json-rules-engine defines it. */
export function operatorFunction(operator: Operator): Comparator {
  return OPERATOR_FUNCTIONS[operator];
}

function isFactReference(value: unknown): value is { fact: string; path?: string } {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, 'fact');
}

/**
 * A comparison's trace, written as object literals of a few fixed shapes (no spreading): an
 * explained evaluation makes one per comparison, and spread objects cost several times more to
 * make and to read. `path` and `receivedValue` are left out when there is none.
 */
function comparisonTrace(
  fact: string,
  path: string | undefined,
  operator: Operator,
  value: ComparedValue | ReferenceTrace,
  received: unknown,
  result: boolean,
): ComparisonTrace {
  const receivedValue = received as ComparedValue;
  if (path === undefined) {
    return received === undefined
      ? { fact, operator, value, result }
      : { fact, operator, value, receivedValue, result };
  }
  return received === undefined
    ? { fact, path, operator, value, result }
    : { fact, path, operator, value, receivedValue, result };
}

/** A fact or parameter on the value side, with the value it had (left out when there is none). */
function referenceTrace(fact: string, path: string | undefined, received: unknown): ReferenceTrace {
  const receivedValue = received as ComparedValue;
  if (path === undefined) return received === undefined ? { fact } : { fact, receivedValue };
  return received === undefined ? { fact, path } : { fact, path, receivedValue };
}

function compileFactCondition(c: FactCondition, resolve: FactResolver, record: boolean): ConditionTest {
  const left = resolve(c.fact, c.path);
  const compare = OPERATOR_FUNCTIONS[c.operator];
  const { fact, path, operator, value } = c;
  if (isFactReference(value)) {
    const right = resolve(value.fact, value.path);
    const test: ConditionTest = (ctx) => compare(left(ctx), right(ctx));
    if (!record) return test;
    return recorded(test, (ctx, result) =>
      comparisonTrace(fact, path, operator, referenceTrace(value.fact, value.path, right(ctx)), left(ctx), result),
    );
  }
  const test = literalTest(c.operator, left, value) ?? ((ctx) => compare(left(ctx), value));
  if (!record) return test;
  const literal = value as ComparedValue;
  return recorded(test, (ctx, result) => comparisonTrace(fact, path, operator, literal, left(ctx), result));
}

/** `test`, also recording the trace `trace` makes of its outcome (facts are read again: reading has no effect). */
function recorded(test: ConditionTest, trace: (ctx: EvalContext, result: boolean) => ConditionTrace): ConditionTest {
  return (ctx) => {
    const result = test(ctx);
    ctx.state.trace?.condition(trace(ctx, result));
    return result;
  };
}

/** `test` of a group, gathering the traces its parts recorded into the group's one trace. */
function recordedGroup(
  test: ConditionTest,
  trace: (parts: ConditionTrace[], result: boolean) => ConditionTrace,
): ConditionTest {
  return (ctx) => {
    const recorder = ctx.state.trace as TraceRecorder | undefined;
    if (recorder === undefined) return test(ctx);
    const mark = recorder.mark();
    const result = test(ctx);
    recorder.group(mark, (parts) => trace(parts, result));
    return result;
  };
}

/** The part that decided a group: the last one tested (all and any stop at it). */
const decider = (parts: ConditionTrace[]): ConditionTrace[] => parts.slice(-1);

/**
 * The hot-path test of a comparison with a literal, one closure per operator so that no
 * generic dispatch runs per household. Same meaning as OPERATOR_FUNCTIONS.
 */
function literalTest(
  operator: Operator,
  left: FactReader,
  value: unknown,
): ((ctx: EvalContext) => boolean) | undefined {
  if (isNumericOperator(operator)) return numericLiteralTest(operator, left, value as number);
  switch (operator) {
    case 'equal':
      return (ctx) => left(ctx) === value;
    case 'notEqual':
      return (ctx) => left(ctx) !== value;
    default:
      return undefined;
  }
}

/** One closure per numeric operator; a numeric operator without a case here does not compile. */
function numericLiteralTest(operator: NumericOperator, left: FactReader, b: number): (ctx: EvalContext) => boolean {
  switch (operator) {
    case 'lessThan':
      return (ctx) => {
        const a = left(ctx);
        return numberValidator(a) && (a as number) < b;
      };
    case 'lessThanInclusive':
      return (ctx) => {
        const a = left(ctx);
        return numberValidator(a) && (a as number) <= b;
      };
    case 'greaterThan':
      return (ctx) => {
        const a = left(ctx);
        return numberValidator(a) && (a as number) > b;
      };
    case 'greaterThanInclusive':
      return (ctx) => {
        const a = left(ctx);
        return numberValidator(a) && (a as number) >= b;
      };
  }
}

/** `all` of a list, unrolled for the short lists rules mostly have. */
function allOf(tests: readonly ((ctx: EvalContext) => boolean)[]): (ctx: EvalContext) => boolean {
  const [a, b, c] = tests;
  if (tests.length === 1 && a) return a;
  if (tests.length === 2 && a && b) return (ctx) => a(ctx) && b(ctx);
  if (tests.length === 3 && a && b && c) return (ctx) => a(ctx) && b(ctx) && c(ctx);
  return (ctx) => {
    for (const t of tests) if (!t(ctx)) return false;
    return true;
  };
}

/** `any` of a list, unrolled likewise. */
function anyOf(tests: readonly ((ctx: EvalContext) => boolean)[]): (ctx: EvalContext) => boolean {
  const [a, b, c] = tests;
  if (tests.length === 1 && a) return a;
  if (tests.length === 2 && a && b) return (ctx) => a(ctx) || b(ctx);
  if (tests.length === 3 && a && b && c) return (ctx) => a(ctx) || b(ctx) || c(ctx);
  return (ctx) => {
    for (const t of tests) if (t(ctx)) return true;
    return false;
  };
}

/**
 * Compiles a condition. `all` and `any` short-circuit in list order, as json-rules-engine
 * does for conditions of equal priority (the only kind the rule format allows). With `record`,
 * the test records the comparisons that decided (a failed `all`: its failing part; a held
 * `any`: its holding part; otherwise every part) for the rule it is the condition of.
 */
export function compileCondition(condition: Condition, resolve: FactResolver, record = false): ConditionTest {
  if ('all' in condition) {
    const test = allOf(condition.all.map((c) => compileCondition(c, resolve, record)));
    if (!record) return test;
    return recordedGroup(test, (parts, result) => ({ all: result ? parts : decider(parts), result }));
  }
  if ('any' in condition) {
    const test = anyOf(condition.any.map((c) => compileCondition(c, resolve, record)));
    if (!record) return test;
    return recordedGroup(test, (parts, result) => ({ any: result ? decider(parts) : parts, result }));
  }
  if ('not' in condition) {
    const inner = compileCondition(condition.not, resolve, record);
    const test: ConditionTest = (ctx) => !inner(ctx);
    if (!record) return test;
    return recordedGroup(test, ([not], result) => ({ not: not as ConditionTrace, result }));
  }
  return compileFactCondition(condition, resolve, record);
}

/**
 * Follows a JSONPath of the supported subset (`$`, `.name`, `[index]`) as json-rules-engine
 * does through jsonpath-plus: only on object values (otherwise the value itself), own
 * properties only (of a non-empty string met on the way: its characters and `length`),
 * `undefined` when a step is missing.
 */
export function compilePath(path: string | undefined): ((value: unknown) => unknown) | undefined {
  if (path === undefined || path === '') return undefined;
  const steps: string[] = [];
  const re = /\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]/g;
  for (let m = re.exec(path); m !== null; m = re.exec(path)) steps.push((m[1] ?? m[2]) as string);
  return (value) => {
    if (value === null || typeof value !== 'object') return value;
    let current: unknown = value;
    for (const step of steps) {
      // jsonpath-plus steps in when `val && Object.hasOwn(val, step)`: so a non-empty string
      // in the middle of a path has its characters and `length`, as in json-rules-engine.
      if (!current || !Object.hasOwn(Object(current), step)) return undefined;
      current = (current as Record<string, unknown>)[step];
    }
    return current;
  };
}
