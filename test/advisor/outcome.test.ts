/** What the page says under a retirement result about the income entered. */
import { describe, expect, it } from 'vitest';
import { retirementExpenditure, type RetirementExpenditureRequest } from '../../src/index.js';
import { retirementIncomeNote } from '../../src/advisor/outcome.js';

const household = (income: number): RetirementExpenditureRequest => ({
  Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
  Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
  NettoBesteedbaarInkomenPerMaand: income,
});

describe('retirementIncomeNote', () => {
  it('names the income entered, written the Dutch way', () => {
    expect(retirementIncomeNote(household(12500))).toMatch(/^Netto besteedbaar inkomen: € 12\.500 per maand\. /);
  });

  it('says the income moves Voorbeeld only, which the library bears out', () => {
    const note = retirementIncomeNote(household(1900));
    expect(note).toContain('alleen Voorbeeld');
    expect(note).toContain('Basis is het minimum en hangt niet van het inkomen af');
    const low = retirementExpenditure(household(1900), { ruleSet: 'nl-2026' });
    const high = retirementExpenditure(household(4800), { ruleSet: 'nl-2026' });
    expect(high.Totaal.Basis).toBe(low.Totaal.Basis);
    expect(high.Totaal.Voorbeeld).toBeGreaterThan(low.Totaal.Voorbeeld);
  });

  it('leaves the income out when the body holds none as a number', () => {
    for (const body of [{}, null, 'x', { NettoBesteedbaarInkomenPerMaand: '2400' }]) {
      expect(retirementIncomeNote(body)).toMatch(/^Het inkomen bepaalt alleen Voorbeeld/);
    }
  });
});
