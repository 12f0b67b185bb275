/**
 * The explanation (`explain: true`): which rules were tried and why they did or did not
 * apply, every figure an applied rule used with its value, unit, source and provenance,
 * and amounts that add up to the post's exact amount.
 *
 * The household: a couple (70 and over the mini AOW age of 67), two children, two cars,
 * owner-occupied with mortgage 900 and owners' association 50. By mini's rules:
 * Levensonderhoud (sum) = couple 1500 + children 2 × 250.25 + owner surcharge 110 = 2110.5;
 * Wonen (first) = 900 + 50 = 950 by rule `own` after `rent` failed;
 * Autos (first) = 2 × 2400 / 12 = 400 by rule `carsOld` after `cars` failed (age ≥ 67).
 */
import { describe, expect, it } from 'vitest';
import { Money, type Decimal } from '../../src/contract/money.js';
import { programFor } from '../../src/engine/compile.js';
import { byMeasure } from '../../src/engine/rule-runner.js';
import type { AmountTrace, FigureUse, RuleTrace } from '../../src/contract/explanation.js';
import { loadRuleSet } from '../../src/engine/load-rule-set.js';
import { miniFiles, post, repaymentFacts } from './support.js';

const ruleSet = loadRuleSet(miniFiles());
const facts = repaymentFacts(
  {
    age: 70,
    tenure: 'own',
    rent: 0,
    rentGiven: false,
    serviceCosts: 0,
    serviceCostsGiven: false,
    mortgageCosts: 900,
    mortgageCostsGiven: true,
    ownersAssociation: 50,
    ownersAssociationGiven: true,
    income: 4000,
  },
  { persons: 2, children: 2, cars: 2 },
);
const result = programFor(ruleSet, 'afloscapaciteit').evaluateFacts(facts, { explain: true });
const explanation = result.explanation!;
const postTrace = (code: string): AmountTrace => explanation.posts.find((p) => p.code === code)!;
const ruleTrace = (code: string, id: string): RuleTrace => postTrace(code).rules.find((r) => r.id === id)!;

const SOURCE = {
  key: 'test',
  publisher: 'budgetnorm tests',
  read: '2026-11-22',
  title: 'Invented figures for tests',
  document: 'test/fixtures',
  period: '2030',
};

describe('the explanation', () => {
  it('is present only when asked for, and is plain JSON', () => {
    expect(programFor(ruleSet, 'afloscapaciteit').evaluateFacts(facts).explanation).toBeUndefined();
    expect(JSON.parse(JSON.stringify(explanation))).toEqual(explanation);
    expect(explanation.format).toBe('budgetnorm-explanation/3');
    expect(explanation.ruleSet).toEqual({
      id: 'mini',
      hash: ruleSet.hash,
      validFrom: '2030-01-01',
      validUntil: '2030-12-31',
      status: 'draft',
    });
    expect(explanation.calculation).toBe('afloscapaciteit');
    expect(explanation.facts).toMatchObject({ age: 70, tenure: 'own', hasPartner: true, children: 2, cars: 2 });
  });

  it('does not change the figures', () => {
    const plain = programFor(ruleSet, 'afloscapaciteit').evaluateFacts(facts);
    const show = (r: typeof plain): unknown => ({
      posts: r.posts.map((p) => [
        p.code,
        byMeasure(r.measures, p.exact)['bedrag']!.toString(),
        byMeasure(r.measures, p.rounded)['bedrag']!.toString(),
      ]),
      totals: Object.fromEntries(Object.entries(r.totals).map(([k, v]) => [k, v.toString()])),
    });
    expect(show(result)).toEqual(show(plain));
    expect(show(result)).toEqual({
      posts: [
        ['Levensonderhoud', '2110.5', '2111'],
        ['Wonen', '950', '950'],
        ['Autos', '400', '400'],
      ],
      // 4000 − 3460.5, floored; mini's minimaal is bedrag throughout, so the minimum totals are the same.
      totals: {
        TotaalLasten: '3461',
        TotaalMinimaleLasten: '3461',
        Afloscapaciteit: '539',
        MaximaleAfloscapaciteit: '539',
        Tekort: '0',
        MinimaalTekort: '0',
      },
    });
  });

  it('lists, for a first-match post, the rules tried before the one that applied', () => {
    expect(postTrace('Wonen').rules.map((r) => [r.id, r.applied])).toEqual([
      ['rent', false],
      ['own', true],
    ]);
    expect(ruleTrace('Wonen', 'rent')).toEqual({
      id: 'rent',
      description: 'tenant',
      applied: false,
      because: {
        all: [{ fact: 'tenure', operator: 'equal', value: 'rent', receivedValue: 'own', result: false }],
        result: false,
      },
    });
    expect(ruleTrace('Wonen', 'own').because).toStrictEqual({
      all: [{ fact: 'tenure', operator: 'equal', value: 'own', receivedValue: 'own', result: true }],
      result: true,
    });

    expect(postTrace('Autos').rules.map((r) => [r.id, r.applied])).toEqual([
      ['cars', false],
      ['carsOld', true],
    ]);
    // A parameter on the value side: named `param:<name>`, with the value it had.
    expect(ruleTrace('Autos', 'cars').because).toStrictEqual({
      not: {
        fact: 'age',
        operator: 'greaterThanInclusive',
        value: { fact: 'param:aowAge', receivedValue: 67 },
        receivedValue: 70,
        result: true,
      },
      result: false,
    });
    // A rule without a condition has no `because` at all (it always applies).
    expect('because' in ruleTrace('Autos', 'carsOld')).toBe(false);
  });

  it('stops a first-match post at the rule that applied', () => {
    const files = miniFiles();
    post(files, 'Wonen').rules.push({
      id: 'fallback',
      description: 'never reached',
      amounts: { bedrag: { const: '0' } },
    });
    const explained = programFor(loadRuleSet(files), 'afloscapaciteit').evaluateFacts(facts, { explain: true })
      .explanation!;
    expect(explained.posts.find((p) => p.code === 'Wonen')!.rules.map((r) => r.id)).toEqual(['rent', 'own']);
  });

  it('lists every rule of a summed post, applied or not', () => {
    expect(postTrace('Levensonderhoud').combine).toBe('sum');
    expect(postTrace('Levensonderhoud').rules.map((r) => [r.id, r.applied])).toEqual([
      ['single', false],
      ['couple', true],
      ['children', true],
      ['owner', true],
    ]);
    expect(ruleTrace('Levensonderhoud', 'single').because).toStrictEqual({
      all: [{ fact: 'hasPartner', operator: 'equal', value: false, receivedValue: true, result: false }],
      result: false,
    });
    expect(ruleTrace('Levensonderhoud', 'single').amounts).toBeUndefined();
  });

  it('gives each figure with value, unit, source and provenance', () => {
    const figures = (code: string, id: string): readonly FigureUse[] => ruleTrace(code, id).figures!;
    expect(figures('Levensonderhoud', 'couple')).toEqual([
      {
        kind: 'parameter',
        name: 'normCouple',
        description: 'living cost couple',
        value: '1500',
        unit: 'EUR/month',
        source: SOURCE,
        provenance: 'estimate',
        reasoning: 'test',
      },
    ]);
    expect(figures('Levensonderhoud', 'children')).toEqual([
      { kind: 'fact', name: 'children', value: 2 },
      {
        kind: 'parameter',
        name: 'perChild',
        description: 'per child',
        value: '250.25',
        unit: 'EUR/month',
        source: SOURCE,
        provenance: 'derived',
        formula: 'made up',
      },
    ]);
    expect(figures('Levensonderhoud', 'owner')).toEqual([
      {
        kind: 'table',
        name: 'ownerSurcharge',
        key: { tenure: 'own' },
        value: '110',
        unit: 'EUR/month',
        source: SOURCE,
        provenance: 'read',
      },
    ]);
    expect(figures('Wonen', 'own')).toEqual([
      { kind: 'fact', name: 'mortgageCosts', value: 900 },
      { kind: 'fact', name: 'ownersAssociation', value: 50 },
    ]);
    // Figures read inside a sum over the cars belong to the rule; each is listed once, though
    // read once per car. (Their order is evaluation order: `divide` reads its divisor first.)
    expect(
      figures('Autos', 'carsOld')
        .map((f) => (f.kind === 'parameter' ? f.name : f.kind))
        .sort(),
    ).toEqual(['carYear', 'monthsPerYear']);
  });

  it('recomputes every post: the applied rules add up to its exact amount', () => {
    for (const p of explanation.posts) {
      const applied = p.rules.filter((r) => r.applied);
      expect(applied.length, p.code).toBeGreaterThan(0);
      if (p.combine === 'first') expect(applied.length, p.code).toBe(1);
      const sum = applied.reduce<Decimal>((acc, r) => acc.plus(new Money(r.amounts!['bedrag']!)), new Money(0));
      expect(sum.toString(), p.code).toBe(p.exact['bedrag']);
      const evaluated = result.posts.find((x) => x.code === p.code)!;
      expect(p.exact['bedrag'], p.code).toBe(byMeasure(result.measures, evaluated.exact)['bedrag']!.toString());
    }
    expect(ruleTrace('Levensonderhoud', 'children').amounts).toEqual({ bedrag: '500.5', minimaal: '500.5' });
  });

  it('gives the rounding of each post', () => {
    expect(postTrace('Levensonderhoud')).toMatchObject({
      exact: { bedrag: '2110.5' },
      rounded: { bedrag: '2111' },
      rounding: { policy: 'post', decimals: 0, mode: 'half-up' },
    });
  });

  it('explains each total with the figures it read', () => {
    const totals = Object.fromEntries(explanation.totals.map((t) => [t.name, t]));
    expect(totals['TotaalLasten']).toMatchObject({
      value: '3461',
      figures: [{ kind: 'post', name: '(all posts)', measure: 'bedrag', rounded: true, value: '3461' }],
    });
    expect(totals['Afloscapaciteit']!.figures).toEqual(
      expect.arrayContaining([
        { kind: 'const', value: '0' }, // no unit written: it takes its neighbours'
        { kind: 'fact', name: 'income', value: 4000 },
        { kind: 'post', name: '(all posts)', measure: 'bedrag', rounded: false, value: '3460.5' },
      ]),
    );
  });
});

describe('notices', () => {
  it('a rule that applies adds its notice, each code once', () => {
    const files = miniFiles();
    const notice = { code: 'family', text: 'a family norm applies' };
    post(files, 'Levensonderhoud').rules[1].notice = notice; // couple
    post(files, 'Levensonderhoud').rules[2].notice = notice; // children
    post(files, 'Wonen').rules[0].notice = { code: 'tenant', text: 'rent applies' };
    const program = programFor(loadRuleSet(files), 'afloscapaciteit');
    expect(program.evaluateFacts(facts).notices).toEqual([notice]);
    expect(program.evaluateFacts(facts, { explain: true }).notices).toEqual([notice]);
    expect(program.evaluateFacts(repaymentFacts()).notices).toEqual([{ code: 'tenant', text: 'rent applies' }]);
  });
});
