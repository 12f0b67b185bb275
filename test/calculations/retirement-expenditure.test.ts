/**
 * Invariants of the retirement expenditure reference amounts (pensioenuitgaven) over
 * generated households, on both bundled rule sets (method: docs/methods/pensioenuitgaven.md).
 *
 * Every property runs on 10,000 generated valid request bodies in CI (fewer locally:
 * test/support/runs.ts). All properties draw from the
 * same arbitrary with the same seed, so they see the same households; the result for the
 * unchanged household is memoised and each property pays only for the call it changes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retirementExpenditure, RetirementExpenditureResult } from '../../src/index.js';
import {
  DWELLING_NAMES,
  WOZ_CATEGORY_NAMES,
  retirementBody as body,
  child,
  car,
  dwellingType,
  income,
  type RetirementBody,
} from '../support/request-bodies.js';
import { runs } from '../support/runs.js';

const RUNS = runs(10_000);
const SEED = 20261122;
const DATES = ['2025-06-01', '2026-06-01'] as const;
const GROUPS = ['VasteLasten', 'Reserveringsuitgaven', 'HuishoudelijkeUitgaven'];
const POSTS = [
  'Gas',
  'Elektriciteit',
  'Water',
  'LokaleLasten',
  'TelefoonTvInternet',
  'Verzekeringen',
  'ContributiesAbonnementen',
  'Vervoer',
  'KledingSchoenen',
  'Inventaris',
  'OnderhoudHuisTuin',
  'NietVergoedeZiektekosten',
  'Vrijetijdsuitgaven',
  'Voeding',
  'OverigeHuishoudelijkeUitgaven',
];

type Result = RetirementExpenditureResult;
type Body = RetirementBody;

/** Everything any property changes, drawn once per household so every property sees the same sequence. */
const change = fc.record({
  otherIncome: income,
  car,
  child,
  largerType: dwellingType,
  woz: fc.record({
    raise: fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000_000 })),
    category: fc.integer({ min: 0, max: 3 }),
    values: fc
      .oneof(fc.integer({ min: 0, max: 3_000_000 }), fc.integer({ min: 0, max: 100_000_000 }))
      .chain((a) => fc.integer({ min: a, max: 100_000_000 }).map((b) => [a, b] as const)),
  }),
});
const sample = fc.tuple(body, fc.constantFrom(...DATES), change);
const settings = { numRuns: RUNS, seed: SEED };

// ---------------------------------------------------------------- helpers
// Generated bodies spell names in any letter case: untyped JSON to the library, checked at run time.
const run = (b: Body, date: string): Result => retirementExpenditure(b as unknown, { date });
const memo = new Map<string, Result>();
/** The result of an unchanged household, computed once across the properties. */
function base(b: Body, date: string): Result {
  const key = `${date}|${JSON.stringify(b)}`;
  let r = memo.get(key);
  if (r === undefined) {
    r = run(b, date);
    memo.set(key, r);
  }
  return r;
}
const post = (r: Result, code: string) => {
  const p = r.Posten.find((x) => x.Code === code);
  if (p === undefined) throw new Error(`no post ${code}`);
  return p;
};
const energy = (r: Result) => ({
  Basis: post(r, 'Gas').Basis + post(r, 'Elektriciteit').Basis,
  Voorbeeld: post(r, 'Gas').Voorbeeld + post(r, 'Elektriciteit').Voorbeeld,
});
/**
 * A plain assertion for the hot loops: vitest's expect costs more than the calculation itself
 * at 10,000 runs. fast-check reports the thrown message with the shrunk counterexample.
 */
function check(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}
const notLower = (
  after: { Basis: number; Voorbeeld: number },
  before: { Basis: number; Voorbeeld: number },
  what: string,
) => {
  check(after.Basis >= before.Basis, () => `${what}: Basis fell from ${before.Basis} to ${after.Basis}`);
  check(
    after.Voorbeeld >= before.Voorbeeld,
    () => `${what}: Voorbeeld fell from ${before.Voorbeeld} to ${after.Voorbeeld}`,
  );
};
const sum = (items: readonly { Basis: number; Voorbeeld: number }[]) =>
  items.reduce((s, p) => ({ Basis: s.Basis + p.Basis, Voorbeeld: s.Voorbeeld + p.Voorbeeld }), {
    Basis: 0,
    Voorbeeld: 0,
  });
const same = (a: { Basis: number; Voorbeeld: number }, b: { Basis: number; Voorbeeld: number }) =>
  a.Basis === b.Basis && a.Voorbeeld === b.Voorbeeld;
let parsed = 0;
const typeCode = (t: string | number) => (typeof t === 'number' ? t : DWELLING_NAMES.indexOf(t));

describe(`retirement expenditure invariants (${RUNS} households each, both rule sets)`, () => {
  it('has the contract shape; every amount ≥ 0; Basis ≤ Voorbeeld per post; groups and Totaal are the sums of their posts', () => {
    fc.assert(
      fc.property(sample, ([b, date]) => {
        const r = base(b, date);
        // The full schema check is slow; every 10th result is enough for the shape.
        if (parsed++ % 10 === 0) RetirementExpenditureResult.parse(r);
        check(r.Posten.map((p) => p.Code).join() === POSTS.join(), () => `posts ${r.Posten.map((p) => p.Code).join()}`);
        for (const p of r.Posten) {
          check(Number.isInteger(p.Basis) && Number.isInteger(p.Voorbeeld), () => `${p.Code} not whole euros`);
          check(p.Basis >= 0, () => `${p.Code} Basis ${p.Basis} < 0`);
          check(p.Voorbeeld >= p.Basis, () => `${p.Code} Voorbeeld ${p.Voorbeeld} < Basis ${p.Basis}`);
          check(GROUPS.includes(p.Groep), () => `${p.Code} in unknown group ${p.Groep}`);
        }
        check(
          r.Groepen.map((g) => g.Code).join() === GROUPS.join(),
          () => `groups ${r.Groepen.map((g) => g.Code).join()}`,
        );
        for (const g of r.Groepen) {
          check(
            same(g, sum(r.Posten.filter((p) => p.Groep === g.Code))),
            () => `group ${g.Code} is not the sum of its posts`,
          );
        }
        check(same(r.Totaal, sum(r.Posten)), () => `Totaal ${JSON.stringify(r.Totaal)} is not the sum of the posts`);
        check(same(r.Totaal, sum(r.Groepen)), () => 'Totaal is not the sum of the groups');
        check(
          r.Rekenregels.Id === (date.startsWith('2025') ? 'nl-2025' : 'nl-2026'),
          () => `rule set ${r.Rekenregels.Id} on ${date}`,
        );
      }),
      settings,
    );
  });

  it('the same input gives the same output', () => {
    fc.assert(
      fc.property(sample, ([b, date]) => {
        const copy = structuredClone(b);
        const again = run(copy, date);
        check(JSON.stringify(again) === JSON.stringify(base(b, date)), () => 'a second call gave another result');
        check(JSON.stringify(copy) === JSON.stringify(b), () => 'the call changed its input');
      }),
      settings,
    );
  });

  it('Basis does not depend on income, and Voorbeeld never falls as income rises', () => {
    fc.assert(
      fc.property(sample, ([b, date, c]) => {
        const other = run({ ...b, NettoBesteedbaarInkomenPerMaand: c.otherIncome }, date);
        const [low, high] =
          c.otherIncome >= b.NettoBesteedbaarInkomenPerMaand ? [base(b, date), other] : [other, base(b, date)];
        high.Posten.forEach((h, i) => {
          const l = low.Posten[i]!;
          check(h.Basis === l.Basis, () => `${h.Code}: Basis ${l.Basis} became ${h.Basis} with another income`);
          check(
            h.Voorbeeld >= l.Voorbeeld,
            () => `${h.Code}: Voorbeeld fell from ${l.Voorbeeld} to ${h.Voorbeeld} as income rose`,
          );
        });
      }),
      settings,
    );
  });

  it('adding a car never lowers Vervoer', () => {
    fc.assert(
      fc.property(sample, ([b, date, c]) => {
        const cars = b.Autos ?? [];
        if (cars.length >= 10) return;
        const more = run({ ...b, Autos: [...cars, c.car] }, date);
        notLower(post(more, 'Vervoer'), post(base(b, date), 'Vervoer'), 'Vervoer');
      }),
      settings,
    );
  });

  it('adding a child never lowers Voeding', () => {
    fc.assert(
      fc.property(sample, ([b, date, c]) => {
        const children = b.Kinderen ?? [];
        if (children.length >= 20) return;
        const more = run({ ...b, Kinderen: [...children, c.child] }, date);
        notLower(post(more, 'Voeding'), post(base(b, date), 'Voeding'), 'Voeding');
      }),
      settings,
    );
  });

  it('a larger dwelling type (apartment < terraced < corner < detached) never lowers energy (Gas + Elektriciteit)', () => {
    fc.assert(
      fc.property(sample, ([b, date, c]) => {
        const current = typeCode(b.Woning.TypeWoning);
        const target = Math.max(current, c.largerType);
        const larger = run({ ...b, Woning: { ...b.Woning, TypeWoning: DWELLING_NAMES[target] as string } }, date);
        const before = base(b, date);
        notLower(energy(larger), energy(before), `energy ${current} -> ${target}`);
        notLower(post(larger, 'Gas'), post(before, 'Gas'), 'Gas');
      }),
      settings,
    );
  });

  it("a higher WOZ value (or WOZ category) never lowers an owner's lokale lasten", () => {
    fc.assert(
      fc.property(sample, ([b, date, c]) => {
        const { WozWaarde: given, WozWaardeCategorie: category, ...dwelling } = b.Woning;
        const owner = (woz: Partial<Body['Woning']>): Body => ({
          ...b,
          Woning: { ...dwelling, SoortWoning: 'Koopwoning', ...woz },
        });
        const isOwner = b.Woning.SoortWoning === 1 || b.Woning.SoortWoning === 'Koopwoning';
        let low: Result;
        let high: Result;
        if (isOwner && given !== undefined) {
          // An owner with a WOZ value: raise it.
          low = base(b, date);
          high = run(owner({ WozWaarde: Math.min(100_000_000, given + c.woz.raise) }), date);
        } else if (isOwner && category !== undefined) {
          // An owner with a WOZ category: move to the same or a higher one.
          const code = typeof category === 'number' ? category : WOZ_CATEGORY_NAMES.indexOf(category);
          low = base(b, date);
          high = run(owner({ WozWaardeCategorie: Math.max(code, c.woz.category) }), date);
        } else {
          // Anyone else: the same household as an owner, at two WOZ values.
          [low, high] = c.woz.values.map((v) => run(owner({ WozWaarde: v }), date)) as [Result, Result];
        }
        notLower(post(high, 'LokaleLasten'), post(low, 'LokaleLasten'), 'LokaleLasten');
        notLower(post(high, 'OnderhoudHuisTuin'), post(low, 'OnderhoudHuisTuin'), 'OnderhoudHuisTuin');
      }),
      settings,
    );
  });
});

describe('retirement expenditure: rule sets, notices and explanation', () => {
  const few = { numRuns: runs(500), seed: SEED };

  it('the 2025 and 2026 rule sets give different results for the same household where their figures differ', () => {
    fc.assert(
      fc.property(body, (b) => {
        const r25 = run(b, '2025-06-01');
        const r26 = run(b, '2026-06-01');
        expect(r25.Rekenregels.Id).toBe('nl-2025');
        expect(r26.Rekenregels.Id).toBe('nl-2026');
        expect(r25.Rekenregels.Hash).not.toBe(r26.Rekenregels.Hash);
        // Gas differs for everyone: each set rebases CBS's use by dwelling type to the use behind its year's
        // CBS bill (987 m3 in 2025, 928 in 2026, both read), so a household uses 6% less gas in 2026, and a
        // m3 costs about 1% less; and the health premium rose (157.96 vs 159.30).
        expect(post(r26, 'Gas').Basis).toBeLessThan(post(r25, 'Gas').Basis);
        expect(post(r26, 'Verzekeringen').Basis).toBeGreaterThan(post(r25, 'Verzekeringen').Basis);
        expect(r26.Totaal.Basis).not.toBe(r25.Totaal.Basis);
      }),
      few,
    );
    // A worked example of both sets, side by side: a terraced house uses 932 m3 in 2025 and 877 m3 in 2026
    // (CBS 2022 use by dwelling type rebased to each year's use), at 1.7220 and 1.7015 a m3.
    const couple = {
      Hoofdpersonen: [{ Geslacht: 'Man' }, { Geslacht: 'Vrouw' }],
      Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Huurwoning' },
      NettoBesteedbaarInkomenPerMaand: 2400,
    };
    expect(post(run(couple, '2025-06-01'), 'Gas').Basis).toBe(134);
    expect(post(run(couple, '2026-06-01'), 'Gas').Basis).toBe(124);
  });

  it('an owner with neither WozWaarde nor WozWaardeCategorie gets the notice WozWaardeAangenomen; nobody else does', () => {
    fc.assert(
      fc.property(body, fc.constantFrom(...DATES), (b, date) => {
        const r = run(b, date);
        const own = b.Woning.SoortWoning === 1 || b.Woning.SoortWoning === 'Koopwoning';
        const assumed = own && b.Woning.WozWaarde === undefined && b.Woning.WozWaardeCategorie === undefined;
        expect(r.Meldingen.some((m) => m.Code === 'WozWaardeAangenomen')).toBe(assumed);
      }),
      few,
    );
  });

  it('with explain: true, every post is explained by the rules that applied, with the source of each figure', () => {
    fc.assert(
      fc.property(body, fc.constantFrom(...DATES), (b, date) => {
        const r = retirementExpenditure(b as unknown, { date, explain: true });
        expect(r.Uitleg).toBeDefined();
        const uitleg = r.Uitleg as unknown as {
          ruleSet: { id: string; hash: string };
          posts: {
            code: string;
            rounded: Record<string, string>;
            rules: {
              applied: boolean;
              figures?: { kind: string; source?: { key: string; publisher: string; title: string; period: string } }[];
            }[];
          }[];
        };
        expect(uitleg.ruleSet).toMatchObject({ id: r.Rekenregels.Id, hash: r.Rekenregels.Hash });
        expect(uitleg.posts.map((p) => p.code)).toEqual(POSTS);
        for (const p of uitleg.posts) {
          const shown = post(r, p.code);
          expect(Number(p.rounded['basis'])).toBe(shown.Basis);
          expect(Number(p.rounded['voorbeeld'])).toBe(shown.Voorbeeld);
          const applied = p.rules.filter((rule) => rule.applied);
          expect(applied.length, p.code).toBeGreaterThan(0);
          const sourced = applied
            .flatMap((rule) => rule.figures ?? [])
            .filter((f) => f.kind === 'parameter' || f.kind === 'table');
          expect(sourced.length, p.code).toBeGreaterThan(0);
          for (const f of sourced) {
            expect(f.source?.key, p.code).toBeTruthy();
            expect(f.source?.publisher, p.code).toBeTruthy();
            expect(f.source?.title, p.code).toBeTruthy();
          }
        }
      }),
      { numRuns: runs(200), seed: SEED },
    );
  });
});
