/**
 * The compiled program against a hand evaluation of the mini rules, on random households.
 *
 * The hand evaluation is written straight from mini's JSON, in integer cents (no decimal.js),
 * so a fault in fact extraction, conditions, first/sum combination, rounding or totals shows
 * up as a difference. First-match posts are also checked for which rule applied (mini's two
 * car rules give the same amount, so only the rule id tells them apart).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '../../src/contract/money.js';
import { programFor } from '../../src/engine/compile.js';
import { byMeasure } from '../../src/engine/rule-runner.js';
import { loadRuleSet } from '../../src/engine/load-rule-set.js';
import type { Household, Tenure } from '../../src/household/household.js';
import { miniFiles } from './support.js';
import { runs } from '../support/runs.js';

const RUNS = runs(500);
const SEED = 20_260_202;

interface Drawn {
  age: number;
  adults: 1 | 2;
  children: number;
  cars: number;
  tenure: Tenure;
  income: number;
  rent: number | undefined;
  serviceCosts: number | undefined;
  mortgage: number | undefined;
  vve: number | undefined;
}

const amount = fc.option(fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.constantFrom(0, 1_000_000)), {
  nil: undefined,
});
const drawn: fc.Arbitrary<Drawn> = fc.record({
  age: fc.oneof(fc.integer({ min: 0, max: 125 }), fc.constantFrom(66, 67, 68)),
  adults: fc.constantFrom<1 | 2>(1, 2),
  children: fc.integer({ min: 0, max: 20 }),
  cars: fc.integer({ min: 0, max: 10 }),
  tenure: fc.constantFrom<Tenure>('rent', 'own'),
  income: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(0, 1_000_000)),
  rent: amount,
  serviceCosts: amount,
  mortgage: amount,
  vve: amount,
});

function household(d: Drawn): Household {
  return {
    persons: Array.from({ length: d.adults }, (_, i) => (i === 0 ? { age: d.age } : {})),
    children: Array.from({ length: d.children }, () => ({})),
    cars: Array.from({ length: d.cars }, () => ({})),
    dwelling: {
      tenure: d.tenure,
      ...(d.rent !== undefined ? { rent: money(d.rent) } : {}),
      ...(d.serviceCosts !== undefined ? { serviceCosts: money(d.serviceCosts) } : {}),
      ...(d.mortgage !== undefined ? { grossMortgageCosts: money(d.mortgage) } : {}),
      ...(d.vve !== undefined ? { ownersAssociationContribution: money(d.vve) } : {}),
    },
    netMonthlyIncome: money(d.income),
    specialExpenditures: {},
  };
}

/** Cents (non-negative) as decimal.js writes the euro amount: `2110.5`, `250.25`, `7`. */
function euros(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  if (rest === 0) return String(whole);
  return rest % 10 === 0 ? `${whole}.${rest / 10}` : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** Mini's rules by hand, in cents. */
function byHand(d: Drawn) {
  const c = (n: number | undefined): number => (n ?? 0) * 100;
  const leven =
    (d.adults === 2 ? 150_000 : 100_050) +
    (d.children > 0 ? d.children * 25_025 : 0) +
    (d.tenure === 'own' ? 11_000 : 0);
  const wonen = d.tenure === 'rent' ? c(d.rent) + c(d.serviceCosts) : c(d.mortgage) + c(d.vve);
  const autos = d.cars * 20_000; // 2400 a year / 12, per car, whichever rule applies
  const exact = [leven, wonen, autos];
  const rounded = exact.map((x) => Math.floor((x + 50) / 100) * 100); // half-up to whole euros (x ≥ 0)
  const sumExact = exact.reduce((a, b) => a + b, 0);
  const sumRounded = rounded.reduce((a, b) => a + b, 0);
  const income = d.income * 100;
  return {
    posts: [
      ['Levensonderhoud', leven],
      ['Wonen', wonen],
      ['Autos', autos],
    ].map(([code, x], i) => [code, euros(x as number), euros(rounded[i] as number)]),
    // Mini's minimaal is bedrag throughout (measureDefaults), so the minimum totals equal the others.
    totals: {
      TotaalLasten: euros(sumRounded),
      TotaalMinimaleLasten: euros(sumRounded),
      Afloscapaciteit: euros(Math.floor(Math.max(0, income - sumExact) / 100) * 100), // floor
      MaximaleAfloscapaciteit: euros(Math.floor(Math.max(0, income - sumExact) / 100) * 100),
      Tekort: euros(Math.ceil(Math.max(0, sumExact - income) / 100) * 100), // ceiling
      MinimaalTekort: euros(Math.ceil(Math.max(0, sumExact - income) / 100) * 100),
    },
    applied: { Wonen: d.tenure === 'rent' ? 'rent' : 'own', Autos: d.age < 67 ? 'cars' : 'carsOld' },
  };
}

describe('the compiled mini program matches a hand evaluation', () => {
  const program = programFor(loadRuleSet(miniFiles()), 'afloscapaciteit');

  it(`on ${RUNS} random households`, () => {
    fc.assert(
      fc.property(drawn, (d) => {
        const result = program.evaluate(household(d), { explain: true });
        const want = byHand(d);
        expect({
          posts: result.posts.map((p) => [
            p.code,
            byMeasure(result.measures, p.exact)['bedrag']!.toString(),
            byMeasure(result.measures, p.rounded)['bedrag']!.toString(),
          ]),
          totals: Object.fromEntries(Object.entries(result.totals).map(([k, v]) => [k, v.toString()])),
        }).toEqual({ posts: want.posts, totals: want.totals });
        const applied = (code: string): string | undefined =>
          result.explanation!.posts.find((p) => p.code === code)!.rules.find((r) => r.applied)?.id;
        expect({ Wonen: applied('Wonen'), Autos: applied('Autos') }).toEqual(want.applied);
        // Without the explanation, the same figures.
        const plain = program.evaluate(household(d));
        expect(plain.posts.map((p) => byMeasure(plain.measures, p.exact)['bedrag']!.toString())).toEqual(
          want.posts.map((p) => p[1]),
        );
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('the hand evaluation itself on one household worked out on paper', () => {
    // Couple, 2 children, tenant paying 700 + 25, 1 car, income 3000:
    // 1500 + 500.50 = 2000.5 (shown 2001); 725; 200; exact sum 2925.5.
    const want = byHand({
      age: 40,
      adults: 2,
      children: 2,
      cars: 1,
      tenure: 'rent',
      income: 3000,
      rent: 700,
      serviceCosts: 25,
      mortgage: undefined,
      vve: undefined,
    });
    expect(want.posts).toEqual([
      ['Levensonderhoud', '2000.5', '2001'],
      ['Wonen', '725', '725'],
      ['Autos', '200', '200'],
    ]);
    expect(want.totals).toEqual({
      TotaalLasten: '2926',
      TotaalMinimaleLasten: '2926',
      Afloscapaciteit: '74',
      MaximaleAfloscapaciteit: '74',
      Tekort: '0',
      MinimaalTekort: '0',
    });
  });
});
