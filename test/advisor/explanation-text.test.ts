/**
 * The explanation's technical words in Dutch (src/advisor/explanation-text.ts): conditions
 * written in Dutch from the data the library records in `because`, statuses, rounding, units,
 * fact names, enumeration values and post sums; unknown things as the library wrote them.
 */
import { describe, expect, it } from 'vitest';
import {
  amountSummaryText,
  becauseText,
  factLabel,
  figureText as dutchFigureText,
  postName,
  repaymentMeasureLabel,
  roundingModeText,
  roundingText,
  ruleSummaryText,
  statusText,
  tableKeyText,
  unitText,
  valueText,
} from '../../src/advisor/explanation-text.js';
import type { ComparedValue, ConditionTrace } from '../../src/contract/explanation.js';
import { operatorFunction } from '../../src/engine/condition.js';
import { repaymentMeasureTexts } from '../../src/contract/repayment-measures.js';
import {
  bundledCatalog,
  type FigureUse,
  type RepaymentCapacityRequest,
  repaymentCapacity,
  retirementExpenditure,
} from '../../src/index.js';
import type { Operator } from '../../src/rules/format/condition.js';

/** A comparison with a literal as the library records it. */
const is = (fact: string, operator: string, value: ComparedValue, receivedValue: ComparedValue | undefined) =>
  ({
    fact,
    operator,
    value,
    ...(receivedValue === undefined ? {} : { receivedValue }),
    result: operatorFunction(operator as Operator)(receivedValue, value),
  }) as const satisfies ConditionTrace;

describe('conditions in Dutch, written from the data the library records', () => {
  it('writes a comparison with a literal from its fact, operator, value and what the household had', () => {
    expect(becauseText(is('cars', 'equal', 0, 1))).toBe("aantal auto's is 0: aantal auto's is 1, dus nee");
    expect(becauseText(is('children', 'greaterThanInclusive', 2, 0))).toBe(
      'aantal kinderen is minstens 2: aantal kinderen is 0, dus nee',
    );
    expect(becauseText(is('tenure', 'equal', 'own', 'rent'))).toBe(
      'soort woning is Koopwoning: soort woning is Huurwoning, dus nee',
    );
    expect(becauseText(is('income', 'lessThanInclusive', 2400, 2400))).toBe(
      'netto besteedbaar inkomen is hoogstens 2.400: netto besteedbaar inkomen is 2.400, dus ja',
    );
    expect(becauseText(is('hasPartner', 'notEqual', true, false))).toBe(
      'heeft een partner is niet ja: heeft een partner is nee, dus ja',
    );
    expect(becauseText(is('car.class', 'in', ['small', 'compact'], 'midsize'))).toBe(
      'type auto is een van Klein, Compact: type auto is Middenklasse, dus nee',
    );
    expect(becauseText(is('age', 'greaterThan', 66, 70))).toBe(
      'leeftijd hoofdpersoon is groter dan 66: leeftijd hoofdpersoon is 70, dus ja',
    );
    expect(becauseText(is('age', 'lessThan', 21, 45))).toBe(
      'leeftijd hoofdpersoon is kleiner dan 21: leeftijd hoofdpersoon is 45, dus nee',
    );
    expect(becauseText(is('rent', 'greaterThan', 0, undefined))).toBe(
      'huur is groter dan 0: huur is niet opgegeven, dus nee',
    );
  });

  it('writes a comparison with a parameter, and all / any / not', () => {
    expect(
      becauseText({
        fact: 'age',
        operator: 'lessThan',
        value: { fact: 'param:aowLeeftijd', receivedValue: 67 },
        receivedValue: 45,
        result: true,
      }),
    ).toBe('leeftijd hoofdpersoon is kleiner dan parameter aowLeeftijd: 45 is kleiner dan 67, dus ja');
    expect(
      becauseText({ all: [is('tenure', 'equal', 'rent', 'rent'), is('rentGiven', 'equal', true, true)], result: true }),
    ).toBe(
      'soort woning is Huurwoning: soort woning is Huurwoning, dus ja; huur opgegeven is ja: huur opgegeven is ja, dus ja',
    );
    expect(
      becauseText({ any: [is('rent', 'greaterThan', 0, 0), is('serviceCosts', 'greaterThan', 0, 0)], result: false }),
    ).toBe(
      'geen van deze geldt: huur is groter dan 0: huur is 0, dus nee; servicekosten is groter dan 0: servicekosten is 0, dus nee',
    );
    expect(becauseText({ any: [is('cars', 'equal', 1, 1)], result: true })).toBe(
      "aantal auto's is 1: aantal auto's is 1, dus ja",
    );
    expect(becauseText({ not: is('cars', 'equal', 0, 0), result: false })).toBe(
      "niet (aantal auto's is 0: aantal auto's is 0, dus ja)",
    );
    // A list inside a list is bracketed, so the reader sees which parts belong together.
    expect(
      becauseText({
        all: [
          is('cars', 'equal', 1, 1),
          { any: [is('rent', 'greaterThan', 0, 0), is('serviceCosts', 'greaterThan', 0, 0)], result: false },
        ],
        result: false,
      }),
    ).toBe(
      "aantal auto's is 1: aantal auto's is 1, dus ja; (geen van deze geldt: huur is groter dan 0: huur is 0, dus nee; servicekosten is groter dan 0: servicekosten is 0, dus nee)",
    );
    expect(becauseText(undefined)).toBe('altijd (de regel heeft geen voorwaarde)');
  });

  it('shows a fact and an operator it has no Dutch for by their names', () => {
    expect(
      becauseText({ fact: 'spaceship', operator: 'orbits', value: 'moon', receivedValue: 'mars', result: false }),
    ).toBe('spaceship orbits moon: spaceship is mars, dus nee');
    expect(factLabel('spaceship')).toBe('spaceship');
  });
});

describe('words and units in Dutch', () => {
  it('names statuses, rounding modes and policies', () => {
    expect(statusText('draft')).toBe('concept');
    expect(statusText('approved')).toBe('goedgekeurd');
    expect(statusText('reviewed')).toBe('beoordeeld');
    expect(statusText('withdrawn')).toBe('ingetrokken');
    expect(roundingModeText('half-up')).toBe('half naar boven');
    expect(roundingModeText('half-even')).toBe('bankiersafronding (half naar even)');
    expect(roundingModeText('down')).toBe('naar beneden');
    expect(roundingModeText('up')).toBe('naar boven');
    expect(roundingModeText('floor')).toBe('altijd naar beneden');
    expect(roundingText({ policy: 'post', decimals: 0, mode: 'half-up' })).toBe(
      'op hele getallen, half naar boven, volgens de afrondingsregel voor posten',
    );
    expect(roundingText({ policy: 'eigen', decimals: 2, mode: 'half-even' })).toBe(
      'op 2 decimalen, bankiersafronding (half naar even), volgens de afrondingsregel ‘eigen’',
    );
  });

  it('writes units, fact names, values, table keys and post sums', () => {
    expect(unitText('EUR/month')).toBe('€ per maand');
    expect(unitText('EUR/l')).toBe('€ per liter');
    expect(unitText('km/year')).toBe('km per jaar');
    expect(unitText('1/year')).toBe('per jaar');
    expect(unitText('month/year')).toBe('maanden per jaar');
    expect(unitText('day/month')).toBe('dagen per maand');
    expect(unitText('m3/year')).toBe('m³ per jaar');
    expect(unitText('EUR')).toBe('€');
    expect(unitText('1')).toBe('');
    expect(unitText('furlong/fortnight')).toBe('furlong/fortnight');
    expect(factLabel('income')).toBe('netto besteedbaar inkomen');
    expect(factLabel('cars')).toBe("aantal auto's");
    expect(valueText('own')).toBe('Koopwoning');
    expect(valueText(2400)).toBe('2.400');
    expect(valueText(true)).toBe('ja');
    expect(tableKeyText({ klasse: 'small' })).toBe('klasse: Klein');
    expect(tableKeyText({ huishouden: 'couple', woning: 'rent' })).toBe('huishouden: met partner, woning: Huurwoning');
    expect(postName('(all posts)')).toBe('(alle posten)');
    expect(postName('(group VasteLasten)')).toBe('(groep VasteLasten)');
    expect(postName('Woonlasten')).toBe('Woonlasten');
  });
});

describe('the explanation of Vervoer for a household with a car', () => {
  const result = retirementExpenditure(
    {
      Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
      Autos: [{ TypeAuto: 'Klein', StatusAuto: 'Tweedehands', KilometersPerJaar: 'Minderdan10K' }],
      Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
      NettoBesteedbaarInkomenPerMaand: 1900,
    },
    { ruleSet: 'nl-2026', explain: true },
  );
  const explanation = result.Uitleg;
  if (explanation === undefined) throw new Error('explain: true gave no Uitleg');
  const trace = explanation.posts.find((p) => p.code === 'Vervoer');

  it('has no English word of the library left in what the page writes', () => {
    expect(trace).toBeDefined();
    if (trace === undefined) return;
    // What explanation-view.ts writes from the trace besides the rule set's own texts.
    const figureText = (f: FigureUse): string[] => [
      f.kind === 'fact' ? factLabel(f.name) : f.kind === 'post' ? postName(f.name) : 'name' in f ? f.name : '',
      f.kind === 'table' ? tableKeyText(f.key) : '',
      f.kind === 'fact' ? valueText(f.value) : String(f.value),
      'unit' in f ? unitText(f.unit) : '',
    ];
    const written = [
      statusText(explanation.ruleSet.status),
      trace.rounding === undefined ? '' : roundingText(trace.rounding),
      ...trace.rules.map((r) => becauseText(r.because)),
      ...trace.rules.flatMap((r) => (r.figures ?? []).flatMap(figureText)),
    ].join('\n');
    expect(trace.rules.map((r) => r.because)).toContainEqual({
      all: [{ fact: 'cars', operator: 'equal', value: 0, receivedValue: 1, result: false }],
      result: false,
    });
    expect(written).toContain("aantal auto's is 0: aantal auto's is 1, dus nee");
    expect(written).toContain('klasse: Klein');
    for (const english of ['equal', 'is 1, so false', 'small', 'half-up', 'draft', 'EUR/']) {
      expect(written).not.toContain(english);
    }
  });

  it('gives the amount and each rule a Dutch line of the page’s own, from the data (the rule set’s description aside)', () => {
    if (trace === undefined) throw new Error('no trace of Vervoer');
    const applied = trace.rules.filter((r) => r.applied);
    expect(applied.length).toBeGreaterThan(0);
    const summary = amountSummaryText(trace);
    for (const rule of applied) expect(summary).toContain(rule.id);
    expect(summary).toContain(`van de ${trace.rules.length}`);
    for (const rule of trace.rules) {
      const line = ruleSummaryText(rule);
      expect(line).not.toContain(rule.description);
      if (!rule.applied) {
        expect(line).toBe('Deze regel geldt niet voor dit huishouden: de voorwaarde hieronder klopt niet.');
        continue;
      }
      expect(line).toMatch(/^Deze regel geldt (altijd|voor dit huishouden) en geeft /);
      for (const figure of rule.figures ?? []) expect(line).toContain(dutchFigureText(figure));
      for (const english of [' equal ', 'small', 'EUR/', 'basis ', 'voorbeeld ']) expect(line).not.toContain(english);
    }
  });

  it('words each kind of figure: a fact by the form’s label, a table cell with its key, a post sum, a literal', () => {
    const source = { key: 's', publisher: 'p', title: 't', period: '2026', read: '2026-01-01' };
    expect(dutchFigureText({ kind: 'fact', name: 'cars', value: 1 })).toBe("aantal auto's (1)");
    expect(
      dutchFigureText({
        kind: 'table',
        name: 'km',
        key: { klasse: 'small' },
        value: '0.25',
        unit: 'EUR/km',
        source,
        provenance: 'read',
      }),
    ).toBe('km [klasse: Klein] (0,25 € per km)');
    expect(
      dutchFigureText({ kind: 'post', name: '(all posts)', measure: 'bedrag', rounded: true, value: '2376' }),
    ).toBe('(alle posten) Bedrag (2.376)');
    expect(dutchFigureText({ kind: 'const', value: '0' })).toBe('het getal 0');
    expect(dutchFigureText({ kind: 'value', name: 'minimumInkomen', value: '1500.5' })).toBe(
      'minimumInkomen (1.500,5)',
    );
  });
});

describe('the two repayment amounts, worded by the method of the result (issue 40)', () => {
  const body: RepaymentCapacityRequest = {
    LeeftijdHoofdpersoon: 45,
    HeeftPartner: false,
    AantalThuiswonendeKinderen: 1,
    AantalAutos: 0,
    NettoBesteedbaarInkomenPerMaand: 2600,
    BijzondereUitgaven: {},
    Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 800 },
  };

  it('every bundled repayment method has its own words, none the generic ones', () => {
    const generic = repaymentMeasureTexts(undefined);
    for (const set of bundledCatalog().list()) {
      if (set.calculations.afloscapaciteit === undefined) continue;
      const method = repaymentCapacity(body, { ruleSet: set }).Rekenregels.Methode;
      expect(repaymentMeasureTexts(method), set.id).not.toEqual(generic);
    }
  });

  it('a reference budget: Bedrag at the standard level, Minimaal at the minimum level, no norm or surcharge', () => {
    const result = repaymentCapacity(body, { ruleSet: 'nl-2026', explain: true });
    const words = repaymentMeasureTexts(result.Rekenregels.Methode);
    const label = repaymentMeasureLabel(words);
    const food = result.Uitleg?.posts.find((p) => p.code === 'Voeding');
    const rule = food?.rules.find((r) => r.applied);
    if (rule === undefined) throw new Error('no applied rule of Voeding');
    const line = ruleSummaryText(rule, label);
    expect(line).toMatch(/geeft Bedrag \(standaardniveau\) [\d.,]+, Minimaal \(minimumniveau\) [\d.,]+/);
    expect(`${words.bedrag} ${words.minimaal}`).not.toMatch(/norm|opslag/);
    // Without a label: the column names alone, as for a retirement result.
    expect(ruleSummaryText(rule)).toMatch(/geeft Bedrag [\d.,]+, Minimaal [\d.,]+/);
  });

  it('the lending norm: with and without its surcharge; an unknown method the generic words', () => {
    const result = repaymentCapacity(body, { ruleSet: 'vfn-2026' });
    const words = repaymentMeasureTexts(result.Rekenregels.Methode);
    expect(words.bedrag).toContain('leennorm');
    expect(words.minimaal).toContain('zonder de inkomensafhankelijke opslag');
    expect(repaymentMeasureTexts({ Id: 'eigen-methode' })).toEqual(repaymentMeasureTexts(undefined));
    expect(repaymentMeasureLabel(words)('basis')).toBe('Basis');
  });
});
