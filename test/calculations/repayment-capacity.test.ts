/**
 * Invariants of the repayment capacity over generated households (issue 40), for both methods:
 * the reference budgets (nl-2025, nl-2026) and the lending norm (vfn-2025, vfn-2026). Each
 * property runs on 10,000 households per rule set in CI (fewer locally: test/support/runs.ts).
 * Expectations are derived from the rule set's own figures, never written as amounts.
 */
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bundledCatalog,
  repaymentCapacity,
  type RepaymentCapacityRequest,
  RepaymentCapacityResult,
  type RuleSet,
  retirementExpenditure,
  ValidationError,
} from '../../src/index.js';
import { DWELLING_NAMES, repaymentBody, type RepaymentBody } from '../support/request-bodies.js';
import { runs } from '../support/runs.js';

const RUNS = runs(10_000);
const NL = ['nl-2025', 'nl-2026'] as const;
const VFN = ['vfn-2025', 'vfn-2026'] as const;
const body = repaymentBody;
type Body = RepaymentBody;
type Result = ReturnType<typeof repaymentCapacity>;

// Generated bodies spell names in any letter case: untyped JSON to the library, checked at run time.
const runOn = (id: string) => (b: Body) => repaymentCapacity(b as unknown, { ruleSet: id });
const post = (r: Result, code: string) => r.Posten.find((p) => p.Code === code);
const isOwner = (b: Body) => ['1', 'koopwoning'].includes(String(b.Woning.WoningSoort).toLowerCase());
const param = (set: RuleSet, name: string): number => {
  const p = set.parameters[name];
  if (p === undefined) throw new Error(`${set.id} has no parameter ${name}`);
  return Number(p.value);
};
/** The body with one more child or car (within the contract's bounds), or undefined at the bound. */
const oneMore = (b: Body, what: 'child' | 'car'): Body | undefined => {
  if (what === 'child')
    return b.AantalThuiswonendeKinderen < 20
      ? { ...b, AantalThuiswonendeKinderen: b.AantalThuiswonendeKinderen + 1 }
      : undefined;
  return b.AantalAutos < 10 ? { ...b, AantalAutos: b.AantalAutos + 1 } : undefined;
};

describe.each([...NL, ...VFN])('repayment capacity invariants, %s', (id) => {
  const run = runOn(id);

  it('the contract shape; 0 ≤ Afloscapaciteit ≤ MaximaleAfloscapaciteit ≤ income; each Minimaal ≤ its Bedrag; totals add up; same input, same output', () => {
    fc.assert(
      fc.property(body, (b) => {
        const r = run(b);
        RepaymentCapacityResult.parse(r);
        expect(r.Rekenregels.Id).toBe(id);
        expect(r.Afloscapaciteit).toBeGreaterThanOrEqual(0);
        expect(r.MaximaleAfloscapaciteit).toBeGreaterThanOrEqual(r.Afloscapaciteit);
        expect(r.MaximaleAfloscapaciteit).toBeLessThanOrEqual(b.NettoBesteedbaarInkomenPerMaand);
        expect(Number.isInteger(r.Afloscapaciteit) && Number.isInteger(r.MaximaleAfloscapaciteit)).toBe(true);
        for (const p of r.Posten) expect(p.Minimaal, p.Code).toBeLessThanOrEqual(p.Bedrag);
        expect(r.TotaalLasten).toBe(r.Posten.reduce((s, p) => s + p.Bedrag, 0));
        expect(r.TotaalMinimaleLasten).toBe(r.Posten.reduce((s, p) => s + p.Minimaal, 0));
        expect(r.MinimaalTekort).toBeLessThanOrEqual(r.Tekort);
        if (r.Afloscapaciteit > 0) expect(r.Tekort).toBe(0);
        if (r.MaximaleAfloscapaciteit > 0) expect(r.MinimaalTekort).toBe(0);
        expect(run(structuredClone(b))).toEqual(r);
      }),
      { numRuns: RUNS },
    );
  });

  it('Afloscapaciteit − Tekort and MaximaleAfloscapaciteit − MinimaalTekort equal income − the shown totals up to rounding', () => {
    fc.assert(
      fc.property(body, (b) => {
        const r = run(b);
        // Capacity and shortfall come from the exact costs, the totals add the posts as shown (each
        // rounded half-up: at most 0.50 off per post), and capacity is floored: at most 1 more.
        const bound = r.Posten.length / 2 + 1;
        const income = b.NettoBesteedbaarInkomenPerMaand;
        expect(Math.abs(r.Afloscapaciteit - r.Tekort - (income - r.TotaalLasten))).toBeLessThanOrEqual(bound);
        expect(
          Math.abs(r.MaximaleAfloscapaciteit - r.MinimaalTekort - (income - r.TotaalMinimaleLasten)),
        ).toBeLessThanOrEqual(bound);
      }),
      { numRuns: RUNS },
    );
  });

  it('another child or another car never lowers TotaalLasten or TotaalMinimaleLasten, nor raises either capacity', () => {
    fc.assert(
      fc.property(body, fc.constantFrom('child' as const, 'car' as const), (b, what) => {
        const more = oneMore(b, what);
        if (more === undefined) return;
        const [before, after] = [run(b), run(more)];
        expect(after.TotaalLasten).toBeGreaterThanOrEqual(before.TotaalLasten);
        expect(after.TotaalMinimaleLasten).toBeGreaterThanOrEqual(before.TotaalMinimaleLasten);
        expect(after.Afloscapaciteit).toBeLessThanOrEqual(before.Afloscapaciteit);
        expect(after.MaximaleAfloscapaciteit).toBeLessThanOrEqual(before.MaximaleAfloscapaciteit);
      }),
      { numRuns: RUNS },
    );
  });

  it('raising any cost of the household never raises either capacity', () => {
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
    );
    fc.assert(
      fc.property(body, change, (b, c) => {
        let more: Body;
        if (c.kind === 'special') {
          more = {
            ...b,
            BijzondereUitgaven: { ...b.BijzondereUitgaven, [c.field]: (b.BijzondereUitgaven[c.field] ?? 0) + c.by },
          };
        } else {
          const current = b.Woning[c.field];
          // Raising a cost means raising a given amount; a rent not given is replaced by a norm rent, which is no cost of the caller's.
          if (current === undefined || current === null) return;
          more = { ...b, Woning: { ...b.Woning, [c.field]: current + c.by } };
        }
        const [before, after] = [run(b), run(more)];
        expect(after.Afloscapaciteit).toBeLessThanOrEqual(before.Afloscapaciteit);
        expect(after.MaximaleAfloscapaciteit).toBeLessThanOrEqual(before.MaximaleAfloscapaciteit);
      }),
      { numRuns: RUNS },
    );
  });

  it('raising income by Δ raises capacity by at least 0 and at most Δ (+1 for rounding); adding a partner never raises it', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 1, max: 5_000 }), (b, delta) => {
        const income = Math.min(b.NettoBesteedbaarInkomenPerMaand, 1_000_000 - delta);
        const before = run({ ...b, NettoBesteedbaarInkomenPerMaand: income }).Afloscapaciteit;
        const after = run({ ...b, NettoBesteedbaarInkomenPerMaand: income + delta }).Afloscapaciteit;
        expect(after - before).toBeGreaterThanOrEqual(0);
        expect(after - before).toBeLessThanOrEqual(delta + 1);
        if (!b.HeeftPartner)
          expect(run({ ...b, HeeftPartner: true }).Afloscapaciteit).toBeLessThanOrEqual(run(b).Afloscapaciteit);
      }),
      { numRuns: RUNS },
    );
  });

  it('raising income by Δ never lowers MaximaleAfloscapaciteit; above 0 it rises by Δ (±1): the minimum does not depend on income', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 1, max: 5_000 }), (b, delta) => {
        const income = Math.min(b.NettoBesteedbaarInkomenPerMaand, 1_000_000 - delta);
        const before = run({ ...b, NettoBesteedbaarInkomenPerMaand: income });
        const after = run({ ...b, NettoBesteedbaarInkomenPerMaand: income + delta });
        expect(after.MaximaleAfloscapaciteit).toBeGreaterThanOrEqual(before.MaximaleAfloscapaciteit);
        expect(after.Posten.map((p) => p.Minimaal)).toEqual(before.Posten.map((p) => p.Minimaal));
        if (before.MaximaleAfloscapaciteit > 0)
          expect(Math.abs(after.MaximaleAfloscapaciteit - before.MaximaleAfloscapaciteit - delta)).toBeLessThanOrEqual(
            1,
          );
      }),
      { numRuns: RUNS },
    );
  });
});

describe.each(VFN)('the lending norm keeps its structure, %s', (id) => {
  const run = (b: Body, explain = false) => repaymentCapacity(b as unknown, { ruleSet: id, explain });

  it('each post but Levensonderhoud has Minimaal = Bedrag; when the income surcharge is 0 the maximum is the capacity', () => {
    // Whether the surcharge is 0 is read from the explanation: the amount its rule gave this household.
    const surcharge = (r: Result): string | undefined =>
      r.Uitleg?.posts
        .find((p) => p.code === 'Levensonderhoud')
        ?.rules.find((x) => x.id === 'levensonderhoud-opslag-inkomen')?.amounts?.['bedrag'];
    let zero = 0;
    fc.assert(
      fc.property(body, (b) => {
        const r = run(b, true);
        for (const p of r.Posten) if (p.Code !== 'Levensonderhoud') expect(p.Minimaal, p.Code).toBe(p.Bedrag);
        const s = surcharge(r);
        expect(s).toBeDefined();
        if (Number(s) !== 0) return;
        zero += 1;
        expect(r.MaximaleAfloscapaciteit).toBe(r.Afloscapaciteit);
        expect(r.MinimaalTekort).toBe(r.Tekort);
        expect(r.Posten.map((p) => p.Minimaal)).toEqual(r.Posten.map((p) => p.Bedrag));
      }),
      { numRuns: RUNS },
    );
    // The generator reaches incomes at or below the minimum income often enough to test the case.
    expect(zero).toBeGreaterThan(RUNS / 50);
  });
});

/**
 * The social minimum of the household as the nl repayment rules define it (docs/methods): the
 * social-assistance norm with holiday allowance, for a single person or a couple, before or at
 * the AOW age (read from the set's parameters).
 */
function socialMinimum(set: RuleSet, b: Body): number {
  const retired = b.LeeftijdHoofdpersoon >= param(set, 'aowLeeftijd');
  if (retired) return param(set, b.HeeftPartner ? 'hb.minimumInkomenPaar' : 'hb.minimumInkomenAlleenstaande');
  return param(set, b.HeeftPartner ? 'minimumInkomenPaar' : 'minimumInkomenAlleenstaand');
}

/** Vrijetijdsuitgaven + ContributiesAbonnementen at the minimum of a working-age tenant without children or car. */
function participationMinimum(set: RuleSet, partner: boolean): number {
  const r = repaymentCapacity(
    {
      LeeftijdHoofdpersoon: 40,
      HeeftPartner: partner,
      AantalThuiswonendeKinderen: 0,
      AantalAutos: 0,
      NettoBesteedbaarInkomenPerMaand: 2500,
      BijzondereUitgaven: {},
      Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 800 },
    },
    { ruleSet: set },
  );
  return (post(r, 'Vrijetijdsuitgaven')?.Minimaal ?? NaN) + (post(r, 'ContributiesAbonnementen')?.Minimaal ?? NaN);
}
describe.each(NL)('reference budgets: the standard and the minimum, %s', (id) => {
  const set = bundledCatalog().byId(id);
  const run = runOn(id);

  it('at or below the social minimum income the standard is the minimum: Bedrag = Minimaal for every post', () => {
    fc.assert(
      fc.property(body, fc.double({ min: 0, max: 1, noNaN: true }), (b, share) => {
        const atMost = { ...b, NettoBesteedbaarInkomenPerMaand: Math.floor(share * socialMinimum(set, b)) };
        const r = run(atMost);
        expect(r.Posten.map((p) => [p.Code, p.Bedrag])).toEqual(r.Posten.map((p) => [p.Code, p.Minimaal]));
        expect(r.TotaalLasten).toBe(r.TotaalMinimaleLasten);
        expect(r.Afloscapaciteit).toBe(r.MaximaleAfloscapaciteit);
        expect(r.Tekort).toBe(r.MinimaalTekort);
      }),
      { numRuns: RUNS },
    );
  });

  it("a partner adds (hb.participatieFactorPaar − 1) of a single's participation minimum (leisure and memberships), not a second full one", () => {
    const single = participationMinimum(set, false);
    const perPerson = param(set, 'hb.vrijetijdHoofdpersoon') + param(set, 'hb.contributiesPerHoofdpersoon');
    const added = participationMinimum(set, true) - single;
    expect(Math.abs(single - perPerson)).toBeLessThanOrEqual(1);
    expect(Math.abs(added - (param(set, 'hb.participatieFactorPaar') - 1) * perPerson)).toBeLessThanOrEqual(1);
    expect(added).toBeLessThan(perPerson / 2);
  });

  it('from hb.voorbeeldInkomensgrens times the social minimum (the reference level) the standard no longer rises with income', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 1, max: 5_000 }), (b, delta) => {
        const top = Math.ceil(param(set, 'hb.voorbeeldInkomensgrens') * socialMinimum(set, b));
        const income = Math.max(top, Math.min(b.NettoBesteedbaarInkomenPerMaand, 1_000_000 - delta));
        const before = run({ ...b, NettoBesteedbaarInkomenPerMaand: income });
        const after = run({ ...b, NettoBesteedbaarInkomenPerMaand: income + delta });
        expect(after.Posten).toEqual(before.Posten);
        if (before.Afloscapaciteit > 0)
          expect(Math.abs(after.Afloscapaciteit - before.Afloscapaciteit - delta)).toBeLessThanOrEqual(1);
      }),
      { numRuns: RUNS },
    );
  });
});

/**
 * The car the repayment rules assume, as near as a retirement request can state it: a retirement
 * car needs a distance band, the repayment car drives the 'unknown' cell's distance.
 */
const TYPICAL_CAR = { TypeAuto: 'Klein', StatusAuto: 'Tweedehands', KilometersPerJaar: 'Minderdan10K' } as const;

/** Monthly running costs of the repayment's typical car above TYPICAL_CAR's: its other distance. */
function typicalCarExtraRunning(set: RuleSet): Decimal {
  const d = (table: string, key: Record<string, string>) => new Decimal(cell(set, table, key) ?? NaN);
  const p = (name: string) => new Decimal(set.parameters[name]?.value ?? NaN);
  const kmAssumed = d('hb.autoKilometers', { kilometers: 'unknown' });
  const kmStated = d('hb.autoKilometers', { kilometers: 'under10k' });
  const fuel = kmAssumed
    .times(d('hb.autoVerbruik', { klasse: 'unknown' }))
    .minus(kmStated.times(d('hb.autoVerbruik', { klasse: 'small' })))
    .times(p('hb.brandstofprijs'));
  return fuel.plus(kmAssumed.minus(kmStated).times(p('hb.autoSlijtagePerKm'))).dividedBy(12);
}

/** A table cell's value by its key, or undefined. */
function cell(set: RuleSet, table: string, key: Record<string, string>): string | undefined {
  const value = set.tables[table]?.cells.find((c) => Object.entries(key).every(([k, v]) => c.key[k] === v))?.value;
  return value === undefined ? undefined : String(value);
}
const DWELLING_KEYS = ['apartment', 'terraced', 'corner', 'detached'] as const;

/**
 * Whether a retirement dwelling of this type costs what the repayment's unknown dwelling does in
 * a post that reads the dwelling type (the repayment request gives none): every cell the post
 * reads equal to the 'unknown' cell.
 */
function sameAsUnknownDwelling(set: RuleSet, tables: readonly string[], type: number): boolean {
  const key = DWELLING_KEYS[type] as string;
  return tables.every((t) => {
    const known = cell(set, t, { woningtype: key });
    return known !== undefined && known === cell(set, t, { woningtype: 'unknown' });
  });
}

describe.each(NL)('a retired household in both operations, %s', (id) => {
  const set = bundledCatalog().byId(id);
  const aow = param(set, 'aowLeeftijd');
  const retired = fc
    .tuple(body, fc.integer({ min: aow, max: 125 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }))
    .map(([b, age, cars, type]) => ({
      b: { ...b, LeeftijdHoofdpersoon: age, AantalThuiswonendeKinderen: 0, AantalAutos: cars },
      type,
    }));
  const exact = (r: Result | ReturnType<typeof retirementExpenditure>, code: string, measure: string) => {
    const value = r.Uitleg?.posts.find((p) => p.code === code)?.exact[measure];
    if (value === undefined) throw new Error(`no exact ${measure} for ${code}`);
    return new Decimal(value);
  };

  it("each post shared with the retirement operation has Minimaal = the retirement Basis for the same household (no Geslacht, same tenure and income; Gas left out: repayment takes gas by household size, retirement by dwelling type; dwelling-type posts only where the type's cells equal the 'unknown' cells); Vervoer at the minimum = repayment Vervoer + Autokosten for the typical car, less the running costs of the distance a retirement request cannot state", () => {
    const compared = new Map<string, number>();
    fc.assert(
      fc.property(retired, ({ b, type }) => {
        const owner = isOwner(b);
        const repayment = repaymentCapacity(b as unknown, { ruleSet: id, explain: true });
        const retirement = retirementExpenditure<unknown>(
          {
            Hoofdpersonen: b.HeeftPartner ? [{}, {}] : [{}],
            Kinderen: [],
            Autos: Array.from({ length: b.AantalAutos }, () => ({ ...TYPICAL_CAR })),
            Woning: { TypeWoning: DWELLING_NAMES[type] as string, SoortWoning: owner ? 'Koopwoning' : 'Huurwoning' },
            NettoBesteedbaarInkomenPerMaand: b.NettoBesteedbaarInkomenPerMaand,
          },
          { ruleSet: id, explain: true },
        );
        const skip = new Set(['Gas', 'Vervoer']);
        const upkeep = owner ? ['hb.onderhoudBasis', 'hb.onderhoudEigenaarTarief'] : ['hb.onderhoudBasis'];
        if (!sameAsUnknownDwelling(set, upkeep, type)) skip.add('OnderhoudHuisTuin');
        if (owner && !sameAsUnknownDwelling(set, ['hb.opstalverzekering'], type)) skip.add('Verzekeringen');
        for (const p of retirement.Posten) {
          if (skip.has(p.Code)) continue;
          const own = post(repayment, p.Code);
          expect(own, `${p.Code} is a repayment post`).toBeDefined();
          expect(own?.Minimaal, p.Code).toBe(p.Basis);
          expect(
            exact(repayment, p.Code, 'minimaal')
              .minus(exact(retirement, p.Code, 'basis'))
              .abs()
              .toNumber(),
            p.Code,
          ).toBeLessThan(1e-20);
          compared.set(p.Code, (compared.get(p.Code) ?? 0) + 1);
        }
        // Vervoer: retirement counts the cars in it, repayment in Autokosten (at the 'unknown' distance).
        const transport = exact(repayment, 'Vervoer', 'minimaal')
          .plus(exact(repayment, 'Autokosten', 'minimaal'))
          .minus(typicalCarExtraRunning(set).times(b.AantalAutos));
        expect(
          transport
            .minus(exact(retirement, 'Vervoer', 'basis'))
            .abs()
            .toNumber(),
        ).toBeLessThan(1e-20);
        compared.set('Vervoer', (compared.get('Vervoer') ?? 0) + 1);
      }),
      { numRuns: RUNS },
    );
    // Every post but Gas met in both operations was compared, each on many households.
    const shared = retirementExpenditure(
      { Hoofdpersonen: [{}], Woning: { TypeWoning: 0, SoortWoning: 0 }, NettoBesteedbaarInkomenPerMaand: 0 },
      { ruleSet: id },
    ).Posten.map((p) => p.Code);
    for (const code of shared.filter((c) => c !== 'Gas'))
      expect(compared.get(code) ?? 0, code).toBeGreaterThan(RUNS / 10);
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
    expect(r2026.Posten).not.toEqual(r2025.Posten);
  });

  it('chooses by id, and refuses a date no rule set covers', () => {
    expect(repaymentCapacity(family, { ruleSet: 'nl-2025', date: '2026-06-01' }).Rekenregels.Id).toBe('nl-2025');
    expect(() => repaymentCapacity(family, { date: '2019-01-01' })).toThrow(/no rule set is valid on 2019-01-01/);
  });

  it.each([...NL, ...VFN])(
    '%s: lists every post of its rules in their order, each special expenditure among them, and explains each with sources',
    (id) => {
      const r = repaymentCapacity(
        { ...family, BijzondereUitgaven: { KostenZorg: 10 } },
        { ruleSet: id, explain: true },
      );
      const posts = bundledCatalog()
        .byId(id)
        .calculations.afloscapaciteit?.posts.map((p) => p.code);
      expect(r.Posten.map((p) => p.Code)).toEqual(posts);
      for (const special of [
        'Zorgkosten',
        'Partneralimentatie',
        'Kinderalimentatie',
        'Kinderopvang',
        'OverigeAflossingen',
      ])
        expect(posts).toContain(special);
      expect(post(r, 'Zorgkosten')?.Bedrag).toBe(10);
      // Typed as the library's Explanation: no cast needed to read it.
      const uitleg = r.Uitleg;
      if (uitleg === undefined) throw new Error('explain: true gave no Uitleg');
      expect(uitleg.format).toBe('budgetnorm-explanation/3');
      expect(uitleg.posts.map((p) => p.code)).toEqual(posts);
      const figures = uitleg.posts.flatMap((p) => p.rules.filter((x) => x.applied).flatMap((x) => x.figures ?? []));
      const sourced = figures.filter((f) => f.kind === 'table' || f.kind === 'parameter');
      expect(sourced.length).toBeGreaterThan(0);
      for (const f of sourced) expect((f.source?.title ?? '').length, f.name).toBeGreaterThan(0);
    },
  );

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
