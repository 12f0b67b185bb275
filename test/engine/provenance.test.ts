/**
 * `Onderbouwing` (`provenance: true`): per amount, the weakest provenance among the rule-set
 * figures it used for this household and the estimates and to-verify values behind it. The
 * hand-built households run on the mini fixture, whose figures' provenance these tests set
 * themselves (normSingle read, normCouple estimate, perChild derived, aowAge to-verify), so a
 * change to the bundled sets' figures cannot move them.
 */
import { describe, expect, it } from 'vitest';
import { repaymentCapacity, retirementExpenditure, type RepaymentCapacityResult } from '../../src/index.js';
import { loadRuleSet } from '../../src/engine/load-rule-set.js';
import { PROVENANCE_ORDER } from '../../src/engine/provenance.js';
import type { Onderbouwing } from '../../src/contract/results.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { miniFiles, post, type Files, type Json } from './support.js';

interface Household {
  age?: number;
  partner?: boolean;
  children?: number;
  cars?: number;
  owner?: boolean;
}

/** A repayment request for the mini set: a tenant paying 700 + 25 by default. */
function body(h: Household = {}): Json {
  return {
    LeeftijdHoofdpersoon: h.age ?? 40,
    HeeftPartner: h.partner ?? false,
    AantalThuiswonendeKinderen: h.children ?? 0,
    AantalAutos: h.cars ?? 0,
    NettoBesteedbaarInkomenPerMaand: 3000,
    BijzondereUitgaven: {},
    Woning: h.owner
      ? { WoningSoort: 'Koopwoning', BrutoHypotheeklastenPerMaand: 900 }
      : { WoningSoort: 'Huurwoning', HuurPerMaand: 700, HuurServiceKosten: 25 },
  };
}

function mini(edit?: (files: Files) => void): RuleSet {
  const files = miniFiles();
  edit?.(files);
  return loadRuleSet(files);
}

function calculate(ruleSet: RuleSet, h: Household = {}): RepaymentCapacityResult {
  return repaymentCapacity(body(h), { ruleSet, provenance: true });
}

function foundationOf(result: RepaymentCapacityResult, code: string): Onderbouwing | undefined {
  return result.Posten.find((p) => p.Code === code)?.Onderbouwing;
}

const READ: Onderbouwing = { Zwakst: 'read', Schattingen: [], TeVerifieren: [] };

describe('per post, from the figures this household used', () => {
  it('a post that used only read figures is read, with no uncertain figures', () => {
    // Levensonderhoud of a single tenant: normSingle (read) and the ownerSurcharge cell for rent (read).
    const result = calculate(mini());
    expect(foundationOf(result, 'Levensonderhoud')).toEqual(READ);
  });

  it('a post that used an estimate is an estimate and names it', () => {
    // The same post for a couple: normCouple is an estimate.
    const result = calculate(mini(), { partner: true });
    expect(foundationOf(result, 'Levensonderhoud')).toEqual({
      Zwakst: 'estimate',
      Schattingen: ['normCouple'],
      TeVerifieren: [],
    });
  });

  it('a rule that did not apply does not count, though it would have used an estimate', () => {
    // The rule `couple` reads normCouple (an estimate) but a single household does not meet its condition;
    // the post sums its rules, so `couple` was tried, and still must not count.
    const ruleSet = mini();
    const levensonderhoud = ruleSet.calculations.afloscapaciteit?.posts.find((p) => p.code === 'Levensonderhoud');
    expect(JSON.stringify(levensonderhoud?.rules.find((r) => r.id === 'couple')?.amounts)).toContain('normCouple');
    const result = repaymentCapacity(body(), { ruleSet, provenance: true, explain: true });
    const tried = (result.Uitleg as Json).posts[0].rules.find((r: Json) => r.id === 'couple');
    expect(tried).toMatchObject({ applied: false });
    expect(foundationOf(result, 'Levensonderhoud')).toEqual(READ);
    // and the children rule (perChild, derived) did not apply either: the post stays read, not derived.
    expect(foundationOf(result, 'Levensonderhoud')?.Zwakst).toBe('read');
  });

  it('the weakest wins: derived beside read is derived, to-verify beside derived is to-verify', () => {
    const derived = calculate(mini(), { children: 2 });
    expect(foundationOf(derived, 'Levensonderhoud')).toEqual({ Zwakst: 'derived', Schattingen: [], TeVerifieren: [] });
    const ruleSet = mini((files) => {
      files['parameters.json'].parameters.normSingle = {
        ...files['parameters.json'].parameters.normSingle,
        provenance: 'to-verify',
        reasoning: 'test',
      };
    });
    expect(foundationOf(calculate(ruleSet, { children: 2 }), 'Levensonderhoud')).toEqual({
      Zwakst: 'to-verify',
      Schattingen: [],
      TeVerifieren: ['normSingle'],
    });
  });

  it('a post that used only the household’s own figures is read', () => {
    expect(foundationOf(calculate(mini()), 'Wonen')).toEqual(READ);
  });

  it('a table cell counts by its own provenance and is named with its key, as docs/estimates.md names it', () => {
    const ruleSet = mini((files) => {
      const table = files['tables.json'].tables.ownerSurcharge;
      table.cells = table.cells.map((c: Json) =>
        c.key.tenure === 'own' ? { ...c, provenance: 'estimate', reasoning: 'test' } : c,
      );
    });
    expect(foundationOf(calculate(ruleSet), 'Levensonderhoud')).toEqual(READ); // the rent cell, read
    expect(foundationOf(calculate(ruleSet, { owner: true }), 'Levensonderhoud')).toEqual({
      Zwakst: 'estimate',
      Schattingen: ['ownerSurcharge [tenure=own]'],
      TeVerifieren: [],
    });
  });

  it('a parameter a rule’s condition compared with counts, for the rule that applied and the one that did not', () => {
    // Autos: rule `cars` applies when not (age >= param:aowAge); aowAge is to-verify. It decides either way.
    const young = calculate(mini(), { cars: 1 });
    expect(foundationOf(young, 'Autos')).toEqual({ Zwakst: 'to-verify', Schattingen: [], TeVerifieren: ['aowAge'] });
    const old = calculate(mini(), { age: 70, cars: 1 });
    expect(foundationOf(old, 'Autos')).toEqual({ Zwakst: 'to-verify', Schattingen: [], TeVerifieren: ['aowAge'] });
  });

  it('a parameter in a comparison that did not decide brings nothing; on the fact side it counts as well', () => {
    // all fails at its first part (cars is 1, not 5), so the comparison with aowAge never decided.
    const ruleSet = mini((files) => {
      const autos = post(files, 'Autos');
      autos.rules[0].when = {
        all: [
          { fact: 'cars', operator: 'equal', value: 5 },
          { fact: 'age', operator: 'lessThan', value: { fact: 'param:aowAge' } },
        ],
      };
    });
    expect(foundationOf(calculate(ruleSet, { cars: 1 }), 'Autos')).toEqual(READ);
    expect(foundationOf(calculate(ruleSet, { cars: 5 }), 'Autos')).toEqual({
      Zwakst: 'to-verify',
      Schattingen: [],
      TeVerifieren: ['aowAge'],
    });
    const paramFirst = mini((files) => {
      const autos = post(files, 'Autos');
      autos.rules[0].when = { all: [{ fact: 'param:aowAge', operator: 'greaterThan', value: { fact: 'age' } }] };
    });
    expect(foundationOf(calculate(paramFirst, { cars: 1 }), 'Autos')).toEqual({
      Zwakst: 'to-verify',
      Schattingen: [],
      TeVerifieren: ['aowAge'],
    });
  });

  it('a condition compared only with facts brings no figure', () => {
    const ruleSet = mini((files) => {
      const autos = post(files, 'Autos');
      autos.rules[0].when = { all: [{ fact: 'age', operator: 'lessThan', value: 67 }] };
    });
    expect(foundationOf(calculate(ruleSet, { cars: 1 }), 'Autos')).toEqual(READ);
  });

  it('a value an amount reads brings its own figures, and only those of its rule that applied', () => {
    const ruleSet = mini((files) => {
      files['afloscapaciteit.json'].values = [
        {
          id: 'buffer',
          description: 'a buffer',
          unit: 'EUR/month',
          combine: 'first',
          rules: [
            {
              id: 'buffer-couple',
              description: 'couple',
              when: { all: [{ fact: 'hasPartner', operator: 'equal', value: true }] },
              amount: { param: 'normCouple' },
            },
            { id: 'buffer-single', description: 'single', amount: { param: 'perChild' } },
          ],
        },
      ];
      const wonen = post(files, 'Wonen');
      wonen.rules[0].amounts.bedrag = { add: [{ fact: 'rent' }, { fact: 'serviceCosts' }, { value: 'buffer' }] };
    });
    expect(foundationOf(calculate(ruleSet), 'Wonen')).toEqual({ Zwakst: 'derived', Schattingen: [], TeVerifieren: [] });
    expect(foundationOf(calculate(ruleSet, { partner: true }), 'Wonen')).toEqual({
      Zwakst: 'estimate',
      Schattingen: ['normCouple'],
      TeVerifieren: [],
    });
  });

  it('a parameter compared inside an applied rule’s amount (an `if`) counts', () => {
    const ruleSet = mini((files) => {
      const wonen = post(files, 'Wonen');
      wonen.rules[0].amounts.bedrag = {
        if: { all: [{ fact: 'age', operator: 'lessThan', value: { fact: 'param:aowAge' } }] },
        // biome-ignore lint/suspicious/noThenProperty: the rule format's conditional expression
        then: { add: [{ fact: 'rent' }, { fact: 'serviceCosts' }] },
        else: { fact: 'rent' },
      };
    });
    expect(foundationOf(calculate(ruleSet), 'Wonen')).toEqual({
      Zwakst: 'to-verify',
      Schattingen: [],
      TeVerifieren: ['aowAge'],
    });
  });
});

describe('totals, groups and the option itself', () => {
  it('a total is as weak as the weakest post it adds, with their uncertain figures in post order', () => {
    const result = calculate(mini(), { partner: true, cars: 1 });
    const all: Onderbouwing = { Zwakst: 'estimate', Schattingen: ['normCouple'], TeVerifieren: ['aowAge'] };
    expect(result.OnderbouwingTotalen).toEqual({
      TotaalLasten: all,
      TotaalMinimaleLasten: all,
      Afloscapaciteit: all,
      MaximaleAfloscapaciteit: all,
      Tekort: all,
      MinimaalTekort: all,
    });
  });

  it('without the option the result is unchanged: no Onderbouwing and no Uitleg', () => {
    const ruleSet = mini();
    const plain = repaymentCapacity(body({ partner: true }), { ruleSet });
    expect(JSON.stringify(plain)).not.toContain('Onderbouwing');
    const withIt = repaymentCapacity(body({ partner: true }), { ruleSet, provenance: true });
    expect(withIt.Uitleg).toBeUndefined();
    const { OnderbouwingTotalen: _, ...rest } = withIt;
    expect({ ...rest, Posten: rest.Posten.map(({ Onderbouwing: __, ...p }) => p) }).toEqual(plain);
  });

  it('retirement: a group is the union of its posts, the total the union of all posts', () => {
    const result = retirementExpenditure(
      {
        Hoofdpersonen: [{ Geslacht: 'Vrouw' }, { Geslacht: 'Man' }],
        Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Koopwoning' },
        NettoBesteedbaarInkomenPerMaand: 3200,
        Autos: [{ TypeAuto: 'Klein', StatusAuto: 'Tweedehands', KilometersPerJaar: 'Minderdan10K' }],
      },
      { ruleSet: 'nl-2026', provenance: true },
    );
    const union = (posts: readonly { Onderbouwing?: Onderbouwing | undefined }[]): Onderbouwing => {
      const found = posts.map((p) => p.Onderbouwing as Onderbouwing);
      const rank = Math.max(...found.map((f) => PROVENANCE_ORDER.indexOf(f.Zwakst)));
      return {
        Zwakst: PROVENANCE_ORDER[rank] as Onderbouwing['Zwakst'],
        Schattingen: [...new Set(found.flatMap((f) => f.Schattingen))],
        TeVerifieren: [...new Set(found.flatMap((f) => f.TeVerifieren))],
      };
    };
    expect(result.Groepen.length).toBeGreaterThan(1);
    for (const group of result.Groepen) {
      expect(group.Onderbouwing, group.Code).toEqual(union(result.Posten.filter((p) => p.Groep === group.Code)));
    }
    expect(result.Totaal.Onderbouwing).toEqual(union(result.Posten));
    expect(result.Totaal.Onderbouwing?.Zwakst).toBe('estimate');
  });
});
