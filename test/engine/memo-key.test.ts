/**
 * The generated code's memo keys (src/engine/codegen/memo-key.ts) against the memos' own
 * closures: for every remembered amount of every bundled rule set, on drawn households and on
 * households with facts outside their domains, the written function must give the very key
 * the closure gives; a remembered amount found by one must be the one the other stored.
 */
import { describe, expect, it } from 'vitest';
import {
  type AmountMemo,
  amountMemo,
  type KeyPlan,
  numericKey,
  type SmallDomain,
} from '../../src/engine/amount-memo.js';
import { largestKey, memoKeySource } from '../../src/engine/codegen/memo-key.js';
import { type EvalContext, newState } from '../../src/engine/context.js';
import type { AnyHousehold } from '../../src/household/household.js';
import { bundledCatalog } from '../../src/index.js';
import { type ExtractedFacts, FACT_CATALOGS, type FactRecord } from '../../src/rules/facts.js';
import type { CalculationId } from '../../src/rules/format/calculation.js';
import { drawnHousehold } from '../support/drawn-households.js';
import { type Draw, random } from '../support/generated-bodies.js';
import { runs } from '../support/runs.js';

type KeyOf = (f: FactRecord, cl: ExtractedFacts['collections'], ctx: EvalContext) => number | string;

/** The written key function of `memo`, run as the generated evaluator runs it (tests may run code). */
function written(memo: AmountMemo<unknown>): KeyOf | undefined {
  if (memo.plan === undefined) return undefined;
  const text = memoKeySource('key', memo.slot, memo.plan, 'memo.key');
  return new Function('memo', `${text}\nreturn key;`)(memo) as KeyOf;
}

const context = (extracted: ExtractedFacts): EvalContext => ({
  facts: extracted.facts,
  collections: extracted.collections,
  item: undefined,
  state: newState(0, 0, false),
});

/** A plan of `n` facts `f0…`, each a number from 0 to 200: a digit of base 201. */
function base201Plan(n: number): KeyPlan {
  const wide: SmallDomain = { kind: 'number', min: 0, max: 200 };
  return { facts: Array.from({ length: n }, (_, i) => ({ name: `f${i}`, domain: wide })), collections: [] };
}

/** The written key of a {@link base201Plan} with `memo` as its fallback, asked for the facts `f0…` of `values`. */
function base201Key(
  plan: KeyPlan,
  memo: { key(ctx: EvalContext): number | string },
): (values: number[]) => number | string {
  const key = new Function('memo', `${memoKeySource('key', 0, plan, 'memo.key')}\nreturn key;`)(memo) as KeyOf;
  return (values) => {
    const facts = Object.fromEntries(values.map((v, i) => [`f${i}`, v]));
    const ctx = context({ facts, collections: { persons: [], children: [], cars: [] } });
    return key(facts, ctx.collections, ctx);
  };
}

/** Every memo the engine could make for a post or value of the calculation, whether worth it or not. */
function memosOf(calculation: CalculationId): AmountMemo<unknown>[] {
  const memos: AmountMemo<unknown>[] = [];
  for (const ruleSet of bundledCatalog().list()) {
    const calc = ruleSet.calculations[calculation];
    if (calc === undefined) continue;
    for (const node of [...(calc.values ?? []), ...calc.posts]) {
      const memo = amountMemo(ruleSet, calc, node, calculation, () => true);
      if (memo !== undefined) memos.push(memo);
    }
  }
  return memos;
}

/** Values outside every small domain, or at its edges. */
const ODD: readonly unknown[] = [-1, 0, 1, 1.5, 201, 999, Number.NaN, 'nope', '', null, undefined, true, false];

/** A value at an edge of the domain, just outside it, or one of {@link ODD}. */
function oddFor(r: Draw, domain: SmallDomain): FactRecord[string] {
  const edges: unknown[] =
    domain.kind === 'number'
      ? [domain.min, domain.max, domain.min - 1, domain.max + 1, domain.max - 0.5]
      : domain.kind === 'enum'
        ? [domain.values[0], domain.values.at(-1), `${domain.values[0]} `]
        : [true, false, 0, 1];
  const pool = r() < 0.6 ? edges : ODD;
  return pool[Math.floor(r() * pool.length)] as FactRecord[string];
}

/** A copy of `extracted` with one fact (or one item's fact) replaced, removed, or a collection made too long. */
function disturbed(r: Draw, extracted: ExtractedFacts, plan: KeyPlan): ExtractedFacts {
  const facts = { ...extracted.facts };
  const collections = { ...extracted.collections };
  const choice = r();
  const fact = plan.facts[Math.floor(r() * plan.facts.length)];
  const collection = plan.collections[Math.floor(r() * plan.collections.length)];
  if (choice < 0.5 && fact !== undefined) facts[fact.name] = oddFor(r, fact.domain);
  else if (collection !== undefined) {
    const items = collections[collection.name].map((item) => ({ ...item }));
    const item = collection.items[Math.floor(r() * collection.items.length)];
    if (choice < 0.7 || items.length === 0 || item === undefined)
      while (items.length < collection.lengths) items.push({ ...(items[0] ?? {}) });
    else if (choice < 0.85) (items[0] as FactRecord)[item.name] = oddFor(r, item.domain);
    else delete (items[0] as FactRecord)[item.name];
    collections[collection.name] = items;
  }
  return { facts, collections };
}

/** The largest value of a domain's digit. */
function largest(domain: SmallDomain): FactRecord[string] {
  if (domain.kind === 'boolean') return true;
  if (domain.kind === 'enum') return domain.values.at(-1) as string;
  return domain.max;
}

describe('generated memo keys', () => {
  for (const calculation of ['afloscapaciteit', 'pensioenuitgaven'] as const) {
    it(`equal the memos' own keys for every ${calculation} memo of every bundled set`, () => {
      const memos = memosOf(calculation);
      const r = random(calculation.length);
      let compared = 0;
      let inline = 0;
      let strings = 0;
      for (const memo of memos) {
        const key = written(memo);
        if (key === undefined || memo.plan === undefined) continue;
        inline += 1;
        for (let i = 0; i < runs(300); i += 1) {
          const household = drawnHousehold(calculation, r);
          if (household === undefined) continue;
          const plain = FACT_CATALOGS[calculation].extract(household);
          for (const extracted of [plain, disturbed(r, plain, memo.plan)]) {
            const expected = memo.key(context(extracted));
            const ctx = context(extracted);
            const got = key(extracted.facts, extracted.collections, ctx);
            expect(got).toBe(expected);
            // Asked again within the evaluation, the key is the one remembered.
            expect(key(extracted.facts, extracted.collections, ctx)).toBe(expected);
            if (typeof expected === 'string') strings += 1;
            compared += 1;
          }
        }
      }
      expect(inline).toBeGreaterThan(3);
      expect(compared).toBeGreaterThan(inline * runs(300) * (4 / 3));
      // Disturbed households reach the memo's string keys, so the fallback was compared too.
      expect(strings).toBeGreaterThan(compared / 20);
    });
  }

  it('the largest key is the key of a household at every largest digit, with the most items', () => {
    let checked = 0;
    for (const calculation of ['afloscapaciteit', 'pensioenuitgaven'] as const) {
      for (const memo of memosOf(calculation)) {
        const plan = memo.plan;
        if (plan === undefined || largestKey(plan) > Number.MAX_SAFE_INTEGER) continue;
        const facts: FactRecord = Object.fromEntries(plan.facts.map((f) => [f.name, largest(f.domain)]));
        const collections = { ...FACT_CATALOGS[calculation].extract(anyHousehold(calculation)).collections };
        for (const c of plan.collections) {
          const item: FactRecord = Object.fromEntries(c.items.map((f) => [f.name, largest(f.domain)]));
          collections[c.name] = Array.from({ length: c.lengths - 1 }, () => ({ ...item }));
        }
        expect(memo.key(context({ facts, collections }))).toBe(largestKey(plan));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('agrees with the memo on keys within 2,000 of 2^53, where the overflow checks decide', () => {
    // Seven digits of base 201: keys up to 201^7 - 1, about 1.3 × 10^16, past 2^53 but not far.
    const plan = base201Plan(7);
    expect(largestKey(plan)).toBeGreaterThan(2 ** 53);
    expect(largestKey(plan)).toBeLessThan(2 ** 54);
    const closure = numericKey(plan);
    const memo = { key: (ctx: EvalContext) => closure(ctx) ?? 'the string key' };
    const keyOf = base201Key(plan, memo);
    let numbers = 0;
    let strings = 0;
    for (let offset = -2_000; offset <= 2_000; offset += 1) {
      // The facts whose key is 2^53 - 1 + offset: its digits in base 201, the first fact the most significant.
      let rest = BigInt(Number.MAX_SAFE_INTEGER) + BigInt(offset);
      const digits = new Array<number>(7);
      for (let i = 6; i >= 0; i -= 1) {
        digits[i] = Number(rest % 201n);
        rest /= 201n;
      }
      const facts = Object.fromEntries(digits.map((d, i) => [`f${i}`, d]));
      const expected = memo.key(context({ facts, collections: { persons: [], children: [], cars: [] } }));
      expect(keyOf(digits)).toBe(expected);
      if (typeof expected === 'number') numbers += 1;
      else strings += 1;
    }
    // Both sides of the limit were reached: 2^53 - 1 and below as numbers, above it as strings.
    expect(numbers).toBe(2_001);
    expect(strings).toBe(2_000);
  });

  it('writes the overflow checks for every bundled plan whose keys can pass 2^52, and for no other', () => {
    let checked = 0;
    for (const calculation of ['afloscapaciteit', 'pensioenuitgaven'] as const) {
      for (const memo of memosOf(calculation)) {
        if (memo.plan === undefined) continue;
        const text = memoKeySource('key', memo.slot, memo.plan, 'memo.key');
        const needed = largestKey(memo.plan) > 2 ** 52;
        expect(text.includes('if (k >')).toBe(needed);
        if (needed) checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('leaves a key that would pass 2^53 to the memo, and makes every smaller one itself', () => {
    const plan = base201Plan(8);
    expect(largestKey(plan)).toBeGreaterThan(2 ** 53);
    let asked = 0;
    const keyOf = base201Key(plan, {
      key: () => {
        asked += 1;
        return 'the string key';
      },
    });
    // 200 + 201 * 0 …, and 201^6 (below 2^53): numbers, the memo not asked.
    expect(keyOf([0, 0, 0, 0, 0, 0, 0, 200])).toBe(200);
    expect(keyOf([0, 1, 0, 0, 0, 0, 0, 0])).toBe(201 ** 6);
    expect(asked).toBe(0);
    // 201^7 passes 2^53: the memo decides.
    expect(keyOf([1, 0, 0, 0, 0, 0, 0, 0])).toBe('the string key');
    expect(asked).toBe(1);
    // A plan whose keys all stay below 2^52 is written without a check.
    const small = memoKeySource('key', 0, { facts: plan.facts.slice(0, 6), collections: [] }, 'memo.key');
    expect(small).not.toContain('if (k >');
  });
});

/** The first valid drawn household of `calculation` (its collections are then replaced). */
function anyHousehold(calculation: CalculationId): AnyHousehold {
  const r = random(7);
  for (;;) {
    const household = drawnHousehold(calculation, r);
    if (household !== undefined) return household;
  }
}
