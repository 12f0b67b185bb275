/**
 * Dutch for every issue the library or the API can report, and the page's copies of the
 * service's names (paths, key header) equal to the service's own.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, KEY_HEADER, RULE_SET_HEADER } from '../../src/advisor/api.js';
import { numberValue } from '../../src/advisor/form-model.js';
import { dutchIssue, dutchProblem, dutchProvenance, KEY_PATH } from '../../src/advisor/messages.js';
import { formatDecimal, formatDifference, formatEuro } from '../../src/advisor/format.js';
import { ISSUE_CODES } from '../../src/contract/issue-codes.js';
import { ValidationError, repaymentCapacity, retirementExpenditure } from '../../src/index.js';
import {
  KEY_HEADER as SERVICE_KEY_HEADER,
  PATHS,
  RULE_SET_HEADER as SERVICE_RULE_SET_HEADER,
} from '../../src/http/constants.js';

function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.issues;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('issues in Dutch', () => {
  it.each(Object.values(ISSUE_CODES))('%s has its own Dutch sentence', (code) => {
    const text = dutchIssue({ path: 'X', code, message: 'expected a whole number from 0 to 20, got 30' });
    expect(text).not.toMatch(/niet geaccepteerd/);
    expect(text).toMatch(/^[A-Z]/);
  });

  it('names the bound the library names', () => {
    const issues = issuesOf(() =>
      repaymentCapacity({
        LeeftijdHoofdpersoon: 200,
        HeeftPartner: 'ja',
        AantalThuiswonendeKinderen: -1,
        AantalAutos: 1.5,
        NettoBesteedbaarInkomenPerMaand: 2400,
        BijzondereUitgaven: {},
        Woning: { WoningSoort: 'Flat' },
      } as unknown),
    );
    expect(Object.fromEntries(issues.map((i) => [i.path, dutchIssue(i)]))).toEqual({
      LeeftijdHoofdpersoon: 'Dit getal is te groot: het maximum is 125.',
      HeeftPartner: 'Kies ja of nee.',
      AantalThuiswonendeKinderen: 'Dit getal is te klein: het minimum is 0.',
      AantalAutos: 'Vul een heel getal in, zonder cijfers achter de komma.',
      'Woning.WoningSoort': 'Kies een van de mogelijkheden uit de lijst.',
    });
    const lists = issuesOf(() =>
      retirementExpenditure({ Hoofdpersonen: [], Woning: {}, NettoBesteedbaarInkomenPerMaand: 1 } as unknown),
    );
    expect(lists.map(dutchIssue)).toContain('Er zijn te weinig regels: minstens 1.');
    expect(lists.map(dutchIssue)).toContain('Verplicht: kies een waarde.');
  });

  it('writes the bound the Dutch way, as the page writes numbers: 1.000.000, not 1000000', () => {
    const issues = issuesOf(() =>
      repaymentCapacity({
        LeeftijdHoofdpersoon: 45,
        HeeftPartner: false,
        AantalThuiswonendeKinderen: 0,
        AantalAutos: 0,
        NettoBesteedbaarInkomenPerMaand: 2_000_000,
        BijzondereUitgaven: {},
        Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 800 },
      }),
    );
    expect(issues.map(dutchIssue)).toEqual(['Dit getal is te groot: het maximum is 1.000.000.']);
    expect(dutchIssue({ path: 'x', code: 'too_small', message: 'expected a number from 1000 to 25000' })).toBe(
      'Dit getal is te klein: het minimum is 1.000.',
    );
  });

  it('a whole-euro field given 2.400,50 (read as 2400.5) asks for whole euros', () => {
    const issues = issuesOf(() =>
      repaymentCapacity({
        LeeftijdHoofdpersoon: 45,
        HeeftPartner: false,
        AantalThuiswonendeKinderen: 0,
        AantalAutos: 0,
        NettoBesteedbaarInkomenPerMaand: numberValue('2.400,50'),
        BijzondereUitgaven: {},
        Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 800 },
      } as unknown),
    );
    expect(issues.map((i) => [i.path, dutchIssue(i)])).toEqual([
      ['NettoBesteedbaarInkomenPerMaand', 'Vul een heel getal in, zonder cijfers achter de komma.'],
    ]);
  });

  it('an unknown code still gets a Dutch sentence, naming the code', () => {
    expect(dutchIssue({ path: '', code: 'something_new', message: '' })).toBe(
      'Deze waarde wordt niet geaccepteerd (something_new).',
    );
  });

  it('the key and the API’s other answers', () => {
    expect(dutchIssue({ path: KEY_PATH, code: 'required', message: '' })).toMatch(/abonnementssleutel/);
    expect(dutchProblem(401, undefined)).toMatch(/abonnementssleutel/);
    expect(dutchProblem(500, { errorId: 'abc' })).toMatch(/foutnummer abc/);
    expect(dutchProblem(415, { title: 'Unsupported Media Type' })).toBe(
      'De API weigerde het verzoek (status 415, Unsupported Media Type).',
    );
    expect(dutchProvenance('to-verify')).toBe('nog te controleren');
  });
});

describe('numbers the Dutch way', () => {
  it.each([
    [0, '€ 0'],
    [214, '€ 214'],
    [2400, '€ 2.400'],
    [1234567, '€ 1.234.567'],
    [-848, '−€ 848'],
  ])('formatEuro(%d) is %s', (amount, text) => {
    expect(formatEuro(amount)).toBe(text);
  });

  it('differences carry a sign; exact decimals a comma', () => {
    expect(formatDifference(12)).toBe('+€ 12');
    expect(formatDifference(-3)).toBe('−€ 3');
    expect(formatDifference(0)).toBe('€ 0');
    expect(formatDecimal('1294.27181216')).toBe('1.294,27181216');
    expect(formatDecimal('-0.5')).toBe('−0,5');
    expect(formatDecimal('172')).toBe('172');
    expect(formatDecimal('n/a')).toBe('n/a');
  });
});

describe('the page names the service as the service does', () => {
  it('paths and headers', () => {
    expect(API_PATHS).toEqual({ afloscapaciteit: PATHS.repayment, pensioenuitgaven: PATHS.retirement });
    expect(KEY_HEADER).toBe(SERVICE_KEY_HEADER);
    expect(RULE_SET_HEADER).toBe(SERVICE_RULE_SET_HEADER);
  });
});
