/**
 * Compiles json-rules-engine conditions into plain synchronous closures.
 *
 * json-rules-engine is the reference semantics (a differential test holds the two
 * together); each operator below does what its default operator does, including its
 * quirks: numeric operators first check the fact value with `parseFloat`, `contains`
 * needs an array fact, and a `path` on a non-object fact value is ignored.
 *
 * Every condition compiles twice: `test` for the hot path (a boolean, no allocation) and
 * `explain` for the explanation (which condition decided, with the values compared).
 *
 * Format change since the freeze (issue 18, explanation format 3, not a speed change): `explain`
 * records the deciding comparisons as data (a ConditionTrace) instead of a sentence; marked
 * "issue 18" below. The tests (`test`) are untouched.
 */
import type { ComparedValue, ComparisonTrace, ConditionTrace } from '../../../../src/contract/explanation.js';
import type { Condition, FactCondition, Operator } from '../../../../src/rules/format/condition.js';
import type { EvalContext } from './context.js';

/** Reads a fact (or a referenced fact on the value side) in a context. */
export type FactReader = (ctx: EvalContext) => unknown;

/** Resolves a fact name (and optional JSONPath) to a reader; supplied by the compiler, which knows the scopes. */
export type FactResolver = (fact: string, path: string | undefined) => FactReader;

export interface CompiledCondition {
  readonly test: (ctx: EvalContext) => boolean;
  // issue 18: data, not a sentence.
  readonly explain: (ctx: EvalContext) => ConditionTrace;
}

function numberValidator(value: unknown): boolean {
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

// issue 18: a fact's value as a trace holds it, absent when there is none.
const received = (v: unknown): { receivedValue?: ComparedValue } =>
  v === undefined ? {} : { receivedValue: v as ComparedValue };

function isFactReference(value: unknown): value is { fact: string; path?: string } {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, 'fact');
}

function compileFactCondition(c: FactCondition, resolve: FactResolver): CompiledCondition {
  const left = resolve(c.fact, c.path);
  const compare = OPERATOR_FUNCTIONS[c.operator];
  const value = c.value;
  if (isFactReference(value)) {
    const right = resolve(value.fact, value.path);
    return {
      test: (ctx) => compare(left(ctx), right(ctx)),
      // issue 18
      explain: (ctx): ComparisonTrace => {
        const a = left(ctx);
        const b = right(ctx);
        const result = compare(a, b);
        const ref = { fact: value.fact, ...(value.path === undefined ? {} : { path: value.path }), ...received(b) };
        const at = c.path === undefined ? {} : { path: c.path };
        return { fact: c.fact, ...at, operator: c.operator, value: ref, ...received(a), result };
      },
    };
  }
  return {
    test: literalTest(c.operator, left, value) ?? ((ctx) => compare(left(ctx), value)),
    // issue 18
    explain: (ctx): ComparisonTrace => {
      const a = left(ctx);
      const result = compare(a, value);
      const at = c.path === undefined ? {} : { path: c.path };
      return { fact: c.fact, ...at, operator: c.operator, value: value as ComparedValue, ...received(a), result };
    },
  };
}

/**
 * The hot-path test of a comparison with a literal, one closure per operator so that no
 * generic dispatch runs per household. Same meaning as OPERATOR_FUNCTIONS.
 */
function literalTest(
  operator: Operator,
  left: FactReader,
  value: unknown,
): ((ctx: EvalContext) => boolean) | undefined {
  const b = value as number;
  switch (operator) {
    case 'equal':
      return (ctx) => left(ctx) === value;
    case 'notEqual':
      return (ctx) => left(ctx) !== value;
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
    default:
      return undefined;
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
 * does for conditions of equal priority (the only kind the rule format allows).
 */
export function compileCondition(condition: Condition, resolve: FactResolver): CompiledCondition {
  if ('all' in condition) {
    const parts = condition.all.map((c) => compileCondition(c, resolve));
    const tests = parts.map((p) => p.test);
    return {
      test: allOf(tests),
      // issue 18
      explain: (ctx) => {
        const all: ConditionTrace[] = [];
        for (const p of parts) {
          const o = p.explain(ctx);
          if (!o.result) return { all: [o], result: false };
          all.push(o);
        }
        return { all, result: true };
      },
    };
  }
  if ('any' in condition) {
    const parts = condition.any.map((c) => compileCondition(c, resolve));
    const tests = parts.map((p) => p.test);
    return {
      test: anyOf(tests),
      // issue 18
      explain: (ctx) => {
        const any: ConditionTrace[] = [];
        for (const p of parts) {
          const o = p.explain(ctx);
          if (o.result) return { any: [o], result: true };
          any.push(o);
        }
        return { any, result: false };
      },
    };
  }
  if ('not' in condition) {
    const inner = compileCondition(condition.not, resolve);
    return {
      test: (ctx) => !inner.test(ctx),
      explain: (ctx) => {
        const o = inner.explain(ctx);
        return { not: o, result: !o.result }; // issue 18
      },
    };
  }
  return compileFactCondition(condition, resolve);
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
