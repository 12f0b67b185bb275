/**
 * Posts and values that read only discrete facts are remembered across evaluations, keyed
 * by the facts they read. A remembered amount must be exactly what a fresh evaluation gives,
 * in any order of households, and explanations must not depend on it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountMemo, usageFor } from '../../src/engine/amount-memo.js';
import { compileProgram, type Evaluation, PLAIN_PROGRAM, programFor } from '../../src/engine/compile.js';
import { usageOf, type Usage } from '../../src/engine/dependencies.js';
import { decimalStrings } from '../../src/engine/rule-runner.js';
import { bundledCatalog, parseRetirementRequest, parseRepaymentRequest } from '../../src/index.js';
import { runs } from '../support/runs.js';

const ruleSet = bundledCatalog().byId('nl-2026');

const retirementBody = fc.record({
  Hoofdpersonen: fc.array(fc.record({ Geslacht: fc.constantFrom(0, 1) }, { requiredKeys: [] }), {
    minLength: 1,
    maxLength: 2,
  }),
  Kinderen: fc.array(fc.record({ Leeftijd: fc.integer({ min: 0, max: 30 }) }), { maxLength: 3 }),
  Autos: fc.array(
    fc.record({
      KilometersPerJaar: fc.constantFrom(0, 1, 2),
      TypeAuto: fc.constantFrom(0, 1, 2, 3),
      StatusAuto: fc.constantFrom(0, 1),
    }),
    { maxLength: 2 },
  ),
  Woning: fc.record(
    {
      TypeWoning: fc.constantFrom(0, 1, 2, 3),
      SoortWoning: fc.constantFrom(0, 1),
      WozWaardeCategorie: fc.constantFrom(0, 1, 2, 3),
    },
    { requiredKeys: ['TypeWoning', 'SoortWoning'] },
  ),
  NettoBesteedbaarInkomenPerMaand: fc.integer({ min: 0, max: 8_000 }),
});

const repaymentBody = fc.record({
  LeeftijdHoofdpersoon: fc.integer({ min: 0, max: 125 }),
  HeeftPartner: fc.boolean(),
  AantalThuiswonendeKinderen: fc.integer({ min: 0, max: 6 }),
  AantalAutos: fc.integer({ min: 0, max: 3 }),
  NettoBesteedbaarInkomenPerMaand: fc.integer({ min: 0, max: 8_000 }),
  BijzondereUitgaven: fc.constant({}),
  Woning: fc.record({ WoningSoort: fc.constantFrom(0, 1), HuurPerMaand: fc.integer({ min: 0, max: 1_500 }) }),
});

const shown = (e: Evaluation) => ({
  posts: e.posts.map((p) => [p.code, decimalStrings(e.measures, p.exact), decimalStrings(e.measures, p.rounded)]),
  totals: Object.fromEntries(Object.entries(e.totals).map(([k, d]) => [k, d.toString()])),
  notices: e.notices,
});

describe('remembered amounts', () => {
  const MEMOS = { memos: true } as const;
  // `fresh`: a program without memos, whose evaluations remember nothing.
  it('equal a fresh evaluation for every retirement household, in any order', () => {
    const remembering = programFor(ruleSet, 'pensioenuitgaven', MEMOS);
    fc.assert(
      fc.property(fc.array(retirementBody, { minLength: 1, maxLength: 25 }), (bodies) => {
        for (const body of bodies) {
          const household = parseRetirementRequest(body).household;
          const fresh = compileProgram(ruleSet, 'pensioenuitgaven', PLAIN_PROGRAM);
          expect(shown(remembering.evaluate(household))).toEqual(shown(fresh.evaluate(household)));
        }
      }),
      { numRuns: runs(100) },
    );
  });

  it.each(['nl-2026', 'vfn-2026'])('equal a fresh evaluation for every repayment household (%s)', (id) => {
    const set = bundledCatalog().byId(id);
    const remembering = programFor(set, 'afloscapaciteit', MEMOS);
    fc.assert(
      fc.property(fc.array(repaymentBody, { minLength: 1, maxLength: 25 }), (bodies) => {
        for (const body of bodies) {
          const household = parseRepaymentRequest(body).household;
          const fresh = compileProgram(set, 'afloscapaciteit', PLAIN_PROGRAM);
          expect(shown(remembering.evaluate(household))).toEqual(shown(fresh.evaluate(household)));
        }
      }),
      { numRuns: runs(100) },
    );
  });

  // Each calculation on a set with posts that read only a household's make-up: nl's repayment
  // posts all read the income (the standard level rises with it), vfn's car norm reads the car count only.
  it.each([
    ['pensioenuitgaven', 'nl-2026'],
    ['afloscapaciteit', 'vfn-2026'],
    ['afloscapaciteit', 'nl-2026'],
  ] as const)(
    'are the choice of the program, made when it is compiled: from its first evaluation, or never (%s, %s)',
    (calculation, id) => {
      const set = bundledCatalog().byId(id);
      expect(programFor(set, calculation, MEMOS)).not.toBe(programFor(set, calculation, PLAIN_PROGRAM));
      expect(programFor(set, calculation, MEMOS)).toBe(programFor(set, calculation, { memos: true }));
      const withMemos = compileProgram(set, calculation, MEMOS);
      const plain = compileProgram(set, calculation, PLAIN_PROGRAM);
      expect(withMemos.options.memos).toBe(true);
      expect(plain.options.memos).toBe(false);
      const household =
        calculation === 'afloscapaciteit'
          ? parseRepaymentRequest(fc.sample(repaymentBody, { numRuns: 1, seed: 1 })[0]).household
          : parseRetirementRequest(fc.sample(retirementBody, { numRuns: 1, seed: 1 })[0]).household;
      // A remembered post's amounts are the very list its first evaluation made; a plain program makes new ones.
      const sameList = (program: typeof plain): string[] => {
        const [first, second] = [program.evaluate(household), program.evaluate(household)];
        return first.posts.filter((p, i) => p.exact === second.posts[i]?.exact).map((p) => p.code);
      };
      const calc = set.calculations[calculation];
      if (calc === undefined) throw new Error(`${id} has no ${calculation}`);
      // The posts that read only the make-up (no amount such as income, no notice): these, and only these, are remembered.
      const makeUpOnly = calc.posts
        .filter((p) => amountMemo(set, calc, p, calculation) !== undefined)
        .map((p) => p.code);
      expect(sameList(withMemos)).toEqual(makeUpOnly);
      for (const post of calc.posts.filter((p) => makeUpOnly.includes(p.code)))
        expect(usageFor(set, calc, post).facts.has('income'), post.code).toBe(false);
      expect(sameList(plain)).toEqual([]);
      if (id !== 'nl-2026' || calculation !== 'afloscapaciteit') expect(makeUpOnly.length).toBeGreaterThan(0);
    },
  );

  it('do not shorten explanations: each post still lists the rules and figures behind it', () => {
    const program = programFor(ruleSet, 'pensioenuitgaven', MEMOS);
    const household = parseRetirementRequest({
      Hoofdpersonen: [{ Geslacht: 1 }],
      Woning: { TypeWoning: 0, SoortWoning: 0 },
      NettoBesteedbaarInkomenPerMaand: 2000,
    }).household;
    program.evaluate(household); // remember
    const explained = program.evaluate(household, { explain: true }).explanation!;
    for (const post of explained.posts) {
      const applied = post.rules.filter((r) => r.applied);
      expect(applied.length, post.code).toBeGreaterThan(0);
      expect(
        applied.some((r) => (r.figures ?? []).length > 0),
        post.code,
      ).toBe(true);
    }
  });
});

describe('what a remembered amount reads (usageFor)', () => {
  const plain = (u: Usage) => ({
    facts: [...u.facts].sort(),
    itemFacts: [...u.itemFacts].sort(),
    collections: [...u.collections].sort(),
    constants: [...u.constants].map(([f, ns]) => [f, [...ns].sort((a, b) => a - b)]).sort(),
    hasNotice: u.hasNotice,
  });
  it("is what one walk finds, for every post, value and run of a post's first rules of every bundled set", () => {
    let compared = 0;
    for (const set of bundledCatalog().list()) {
      for (const [calculation, calc] of Object.entries(set.calculations)) {
        if (calc === undefined) continue;
        for (const definition of [...calc.posts, ...(calc.values ?? [])]) {
          // Twice: the second answer comes from what the first walked.
          for (let ask = 0; ask < 2; ask += 1)
            expect(
              plain(usageFor(set, calc, definition)),
              `${set.id} ${calculation} ${definition.description}`,
            ).toEqual(plain(usageOf(set, calc, definition)));
          compared += 1;
          for (let length = 1; length < definition.rules.length; length += 1) {
            const run = { ...definition, rules: definition.rules.slice(0, length) };
            expect(plain(usageFor(set, calc, run)), `${set.id} ${calculation} first ${length}`).toEqual(
              plain(usageOf(set, calc, run)),
            );
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
