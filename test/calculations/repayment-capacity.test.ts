/**
 * Invariants of the repayment capacity over generated households (issue: repayment
 * capacity). Each property runs on 10,000 households in CI, on both bundled rule sets (fewer
 * locally: test/support/runs.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  repaymentCapacity,
  type RepaymentCapacityRequest,
  RepaymentCapacityResult,
  ValidationError,
} from '../../src/index.js';
import { repaymentBody, type RepaymentBody } from '../support/request-bodies.js';
import { runs } from '../support/runs.js';

const RUNS = runs(10_000);
const DATES = ['2025-06-01', '2026-06-01'] as const;
const body = repaymentBody;
type Body = RepaymentBody;

const date = fc.constantFrom(...DATES);
// Generated bodies spell names in any letter case: untyped JSON to the library, checked at run time.
const run = (b: Body, d: string) => repaymentCapacity(b as unknown, { date: d });

describe('repayment capacity invariants', () => {
  it('0 ≤ Afloscapaciteit ≤ income, the result has the contract shape, and Tekort is 0 when there is capacity', () => {
    fc.assert(
      fc.property(body, date, (b, d) => {
        const r = run(b, d);
        RepaymentCapacityResult.parse(r);
        expect(r.Afloscapaciteit).toBeGreaterThanOrEqual(0);
        expect(r.Afloscapaciteit).toBeLessThanOrEqual(b.NettoBesteedbaarInkomenPerMaand);
        expect(Number.isInteger(r.Afloscapaciteit)).toBe(true);
        if (r.Afloscapaciteit > 0) expect(r.Tekort).toBe(0);
        expect(r.TotaalLasten).toBe(r.Posten.reduce((s, p) => s + p.Bedrag, 0));
      }),
      { numRuns: RUNS },
    );
  });

  it('raising income by Δ raises capacity by at least 0 and at most Δ (+1 for rounding)', () => {
    fc.assert(
      fc.property(body, date, fc.integer({ min: 1, max: 5_000 }), (b, d, delta) => {
        const income = Math.min(b.NettoBesteedbaarInkomenPerMaand, 1_000_000 - delta);
        const before = run({ ...b, NettoBesteedbaarInkomenPerMaand: income }, d).Afloscapaciteit;
        const after = run({ ...b, NettoBesteedbaarInkomenPerMaand: income + delta }, d).Afloscapaciteit;
        expect(after - before).toBeGreaterThanOrEqual(0);
        expect(after - before).toBeLessThanOrEqual(delta + 1);
      }),
      { numRuns: RUNS },
    );
  });

  it('0 ≤ Afloscapaciteit ≤ MaximaleAfloscapaciteit ≤ income, each post at least its Minimaal, MinimaalTekort ≤ Tekort', () => {
    fc.assert(
      fc.property(body, date, (b, d) => {
        const r = run(b, d);
        expect(r.Afloscapaciteit).toBeGreaterThanOrEqual(0);
        expect(r.MaximaleAfloscapaciteit).toBeGreaterThanOrEqual(r.Afloscapaciteit);
        expect(r.MaximaleAfloscapaciteit).toBeLessThanOrEqual(b.NettoBesteedbaarInkomenPerMaand);
        expect(Number.isInteger(r.MaximaleAfloscapaciteit)).toBe(true);
        expect(r.MinimaalTekort).toBeLessThanOrEqual(r.Tekort);
        if (r.MaximaleAfloscapaciteit > 0) expect(r.MinimaalTekort).toBe(0);
        for (const p of r.Posten) expect(p.Minimaal, p.Code).toBeLessThanOrEqual(p.Bedrag);
        // The bundled sets' minimum differs from the amount only in the living-cost norm.
        for (const p of r.Posten) if (p.Code !== 'Levensonderhoud') expect(p.Minimaal, p.Code).toBe(p.Bedrag);
        expect(r.TotaalMinimaleLasten).toBe(r.Posten.reduce((s, p) => s + p.Minimaal, 0));
      }),
      { numRuns: RUNS },
    );
  });

  it('raising income by Δ never lowers MaximaleAfloscapaciteit', () => {
    fc.assert(
      fc.property(body, date, fc.integer({ min: 1, max: 5_000 }), (b, d, delta) => {
        const income = Math.min(b.NettoBesteedbaarInkomenPerMaand, 1_000_000 - delta);
        const before = run({ ...b, NettoBesteedbaarInkomenPerMaand: income }, d).MaximaleAfloscapaciteit;
        const after = run({ ...b, NettoBesteedbaarInkomenPerMaand: income + delta }, d).MaximaleAfloscapaciteit;
        expect(after).toBeGreaterThanOrEqual(before);
        // The minimum does not depend on income, so the maximum rises by Δ once it is above 0 (±1 for rounding).
        if (before > 0) expect(Math.abs(after - before - delta)).toBeLessThanOrEqual(1);
      }),
      { numRuns: RUNS },
    );
  });

  it('MaximaleAfloscapaciteit equals Afloscapaciteit (and the minimum totals the others) whenever the surcharge is 0', () => {
    // Whether the surcharge is 0 is read from the explanation: the amount its rule gave this household.
    const surcharge = (r: ReturnType<typeof run>): string | undefined =>
      r.Uitleg?.posts
        .find((p) => p.code === 'Levensonderhoud')
        ?.rules.find((x) => x.id === 'levensonderhoud-opslag-inkomen')?.amounts?.['bedrag'];
    let zero = 0;
    fc.assert(
      fc.property(body, date, (b, d) => {
        const r = repaymentCapacity(b as unknown, { date: d, explain: true });
        const s = surcharge(r);
        expect(s).toBeDefined();
        if (Number(s) !== 0) return; // a surcharge, however small: the previous properties cover it
        zero += 1;
        expect(r.MaximaleAfloscapaciteit).toBe(r.Afloscapaciteit);
        expect(r.MinimaalTekort).toBe(r.Tekort);
        expect(r.TotaalMinimaleLasten).toBe(r.TotaalLasten);
        expect(r.Posten.map((p) => p.Minimaal)).toEqual(r.Posten.map((p) => p.Bedrag));
      }),
      { numRuns: RUNS },
    );
    // The generator reaches incomes at or below the minimum income often enough to test the case.
    expect(zero).toBeGreaterThan(RUNS / 50);
  });

  it('raising any cost, the number of children or cars, or adding a partner never raises capacity', () => {
    const change = fc.oneof(
      fc.record({
        kind: fc.constant('special' as const),
        field: fc.constantFrom(
          'KostenZorg',
          'KostenPartnerAlimentatie',
          'KostenKinderAlimentatie',
          'KostenKinderOpvang',
          'KostenOverigeAflossingen',
        ),
        by: fc.integer({ min: 1, max: 2_000 }),
      }),
      fc.record({
        kind: fc.constant('dwelling' as const),
        field: fc.constantFrom('BrutoHypotheeklasten', 'HuurPerMaand', 'HuurServiceKosten', 'BijdrageVve'),
        by: fc.integer({ min: 1, max: 2_000 }),
      }),
      fc.record({ kind: fc.constant('children' as const), by: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('cars' as const), by: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('partner' as const) }),
    );
    fc.assert(
      fc.property(body, date, change, (b, d, c) => {
        let more: Body;
        if (c.kind === 'special') {
          more = {
            ...b,
            BijzondereUitgaven: { ...b.BijzondereUitgaven, [c.field]: (b.BijzondereUitgaven[c.field] ?? 0) + c.by },
          };
        } else if (c.kind === 'dwelling') {
          const current = b.Woning[c.field];
          // Raising a cost means raising a given amount; a rent not given is replaced by a norm rent, which is no cost of the caller's.
          if (current === undefined || current === null) return;
          more = { ...b, Woning: { ...b.Woning, [c.field]: current + c.by } };
        } else if (c.kind === 'children') {
          more = { ...b, AantalThuiswonendeKinderen: Math.min(20, b.AantalThuiswonendeKinderen + c.by) };
        } else if (c.kind === 'cars') {
          more = { ...b, AantalAutos: Math.min(10, b.AantalAutos + c.by) };
        } else {
          if (b.HeeftPartner) return;
          more = { ...b, HeeftPartner: true };
        }
        expect(run(more, d).Afloscapaciteit).toBeLessThanOrEqual(run(b, d).Afloscapaciteit);
      }),
      { numRuns: RUNS },
    );
  });

  it('Afloscapaciteit − Tekort equals income − TotaalLasten up to rounding', () => {
    fc.assert(
      fc.property(body, date, (b, d) => {
        const r = run(b, d);
        // Capacity and shortfall come from the exact costs; TotaalLasten adds the posts as shown
        // (each rounded half-up: at most 0.50 off for each of the three posts with cents).
        expect(
          Math.abs(r.Afloscapaciteit - r.Tekort - (b.NettoBesteedbaarInkomenPerMaand - r.TotaalLasten)),
        ).toBeLessThanOrEqual(2.5);
      }),
      { numRuns: RUNS },
    );
  });

  it('same input, same output', () => {
    fc.assert(
      fc.property(body, date, (b, d) => {
        expect(run(b, d)).toEqual(run(structuredClone(b), d));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('repayment capacity: rule set by date', () => {
  const family: RepaymentCapacityRequest = {
    LeeftijdHoofdpersoon: 38,
    HeeftPartner: true,
    AantalThuiswonendeKinderen: 2,
    AantalAutos: 1,
    NettoBesteedbaarInkomenPerMaand: 5200,
    BijzondereUitgaven: {},
    Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 900 },
  };

  it('uses nl-2025 in 2025 and nl-2026 in 2026, and their figures give different results', () => {
    const r2025 = repaymentCapacity(family, { date: '2025-12-31' });
    const r2026 = repaymentCapacity(family, { date: '2026-01-01' });
    expect(r2025.Rekenregels.Id).toBe('nl-2025');
    expect(r2026.Rekenregels.Id).toBe('nl-2026');
    expect(r2025.Rekenregels.Hash).not.toBe(r2026.Rekenregels.Hash);
    const norm = (r: typeof r2025) => r.Posten.find((p) => p.Code === 'Levensonderhoud')?.Bedrag ?? 0;
    expect(norm(r2026)).toBeGreaterThan(norm(r2025)); // 2026 adds VFN's 2025-11 indexation
    expect(r2026.Afloscapaciteit).toBeLessThan(r2025.Afloscapaciteit);
  });

  it('chooses by id, and refuses a date no rule set covers', () => {
    expect(repaymentCapacity(family, { ruleSet: 'nl-2025', date: '2026-06-01' }).Rekenregels.Id).toBe('nl-2025');
    expect(() => repaymentCapacity(family, { date: '2019-01-01' })).toThrow(/no rule set is valid on 2019-01-01/);
  });

  it('lists every post, each special expenditure among them, and explains each with sources', () => {
    const r = repaymentCapacity(
      { ...family, BijzondereUitgaven: { KostenZorg: 10 } },
      { date: '2026-03-01', explain: true },
    );
    expect(r.Posten.map((p) => p.Code)).toEqual([
      'Levensonderhoud',
      'Woonlasten',
      'Autokosten',
      'Zorgkosten',
      'Partneralimentatie',
      'Kinderalimentatie',
      'Kinderopvang',
      'OverigeAflossingen',
    ]);
    // Typed as the library's Explanation: no cast needed to read it.
    const uitleg = r.Uitleg;
    if (uitleg === undefined) throw new Error('explain: true gave no Uitleg');
    expect(uitleg.format).toBe('budgetnorm-explanation/3');
    expect(uitleg.posts).toHaveLength(8);
    const norm = uitleg.posts.find((p) => p.code === 'Levensonderhoud');
    const figures = norm?.rules.filter((x) => x.applied).flatMap((x) => x.figures ?? []) ?? [];
    expect(
      figures
        .filter((f) => f.kind === 'table' || f.kind === 'parameter')
        .every((f) => (f.source?.title ?? '').length > 0),
    ).toBe(true);
  });

  it('warns about ignored fields and refuses a bad body with every problem', () => {
    const r = repaymentCapacity({ ...family, Huisdier: 'kat' } as unknown, { date: '2026-03-01' });
    expect(r.Meldingen).toContainEqual(expect.objectContaining({ Code: 'OnbekendVeld' }));
    try {
      repaymentCapacity({ ...family, LeeftijdHoofdpersoon: -1, AantalAutos: 'twee' } as unknown);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).issues.map((i) => i.path).sort()).toEqual(['AantalAutos', 'LeeftijdHoofdpersoon']);
    }
  });
});

describe('warnings about unknown fields', () => {
  const body: RepaymentCapacityRequest = {
    LeeftijdHoofdpersoon: 40,
    HeeftPartner: false,
    AantalThuiswonendeKinderen: 0,
    AantalAutos: 0,
    NettoBesteedbaarInkomenPerMaand: 2500,
    BijzondereUitgaven: {},
    Woning: { WoningSoort: 0, HuurPerMaand: 700 },
  };

  it('name the first 50 unknown fields and count the rest in one warning, so a body cannot inflate the result', () => {
    const extra = Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`Onbekend${i}`, i]));
    const r = repaymentCapacity({ ...body, ...extra }, { date: '2026-03-01' });
    const named = r.Meldingen.filter((m) => m.Code === 'OnbekendVeld');
    expect(named).toHaveLength(50);
    expect(named[0]?.Tekst).toContain('Onbekend0');
    expect(r.Meldingen).toContainEqual({ Code: 'OnbekendeVeldenNietGenoemd', Tekst: expect.stringContaining('1950') });
  });

  it('name every unknown field when there are 50 or fewer', () => {
    const extra = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`Onbekend${i}`, i]));
    const codes = repaymentCapacity({ ...body, ...extra }, { date: '2026-03-01' }).Meldingen.map((m) => m.Code);
    expect(codes.filter((c) => c === 'OnbekendVeld')).toHaveLength(50);
    expect(codes).not.toContain('OnbekendeVeldenNietGenoemd');
  });
});
