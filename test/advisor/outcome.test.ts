/** What the page says under a retirement result about the income entered, and under a repayment result about rounding. */
import { describe, expect, it } from 'vitest';
import {
  type RepaymentCapacityRequest,
  repaymentCapacity,
  retirementExpenditure,
  type RetirementExpenditureRequest,
} from '../../src/index.js';
import { repaymentRoundingNote, retirementIncomeNote } from '../../src/advisor/outcome.js';
import { formatEuro } from '../../src/advisor/format.js';

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

const repayment = (income: number, age = 70): RepaymentCapacityRequest => ({
  LeeftijdHoofdpersoon: age,
  HeeftPartner: false,
  AantalThuiswonendeKinderen: 0,
  AantalAutos: 0,
  NettoBesteedbaarInkomenPerMaand: income,
  BijzondereUitgaven: {},
  Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
});

/** The exact expenses the library used for the capacity, from its explanation. */
function exactExpenses(result: ReturnType<typeof repaymentCapacity>): number {
  const figure = result.Uitleg?.totals
    .find((t) => t.name === 'Afloscapaciteit')
    ?.figures.find((f) => f.kind === 'post' && !f.rounded);
  return Number(figure?.value);
}

describe('repaymentRoundingNote', () => {
  it('says the capacity comes from the exact expenses, rounded down, with this household’s figures, and why it differs from the shown sum', () => {
    // The case the note is for: the shown income minus the shown total is not the capacity. Which
    // income gives one depends on the figures: the first of a sweep of incomes that does.
    const differs = (r: ReturnType<typeof repaymentCapacity>) =>
      r.NettoBesteedbaarInkomenPerMaand - r.TotaalLasten !== r.Afloscapaciteit;
    const incomes = Array.from({ length: 300 }, (_, i) => 2700 + i * 13);
    const result = incomes
      .map((income) => repaymentCapacity(repayment(income), { ruleSet: 'nl-2026', explain: true }))
      .find(differs);
    if (result === undefined) throw new Error('no household whose shown sum differs from its capacity');
    const income = result.NettoBesteedbaarInkomenPerMaand;
    const exact = exactExpenses(result);
    const note = repaymentRoundingNote(result);
    expect(note).toContain('exacte (onafgeronde) lasten');
    const cents = (n: number) => n.toLocaleString('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(note).toContain(
      `Hier: ${formatEuro(income)} − € ${cents(exact)} (exacte lasten) = € ${cents(income - exact)};`,
    );
    expect(note).toContain(`naar beneden afgerond is de afloscapaciteit ${formatEuro(result.Afloscapaciteit)}.`);
    expect(note).toContain(
      `(${formatEuro(income)} − ${formatEuro(result.TotaalLasten)} = ${formatEuro(income - result.TotaalLasten)}) wijkt daar dus van af.`,
    );
  });

  it('leaves the last sentence out when the shown sum is the capacity', () => {
    for (let income = 2400; income < 2420; income += 1) {
      const result = repaymentCapacity(repayment(income, 45), { ruleSet: 'nl-2026', explain: true });
      const note = repaymentRoundingNote(result);
      const same = result.NettoBesteedbaarInkomenPerMaand - result.TotaalLasten === result.Afloscapaciteit;
      expect(note.includes('wijkt daar dus van af'), String(income)).toBe(!same);
      expect(note).toContain(`is de afloscapaciteit ${formatEuro(result.Afloscapaciteit)}.`);
    }
  });

  it('words a shortfall as a shortfall, rounded up', () => {
    const result = repaymentCapacity(repayment(900), { ruleSet: 'nl-2026', explain: true });
    expect(result.Tekort).toBeGreaterThan(0);
    expect(repaymentRoundingNote(result)).toContain(
      `als tekort naar boven afgerond is het tekort ${formatEuro(result.Tekort)}.`,
    );
  });

  it('says it in general words when the result carries no explanation', () => {
    const result = repaymentCapacity(repayment(6000), { ruleSet: 'nl-2026' });
    const note = repaymentRoundingNote(result);
    expect(note).toMatch(/^De afloscapaciteit en het tekort worden berekend uit de exacte \(onafgeronde\) lasten/);
    expect(note).not.toContain('Hier:');
  });
});
