/**
 * The code fields of the results are typed as the bundled rule sets' codes (issue 42), as the
 * OpenAPI document lists them, and still take any other string (an institution's own set). The
 * type assertions are checked by `tsc --noEmit` (the test files are type-checked); the run checks
 * that a result's codes are those the generated types name.
 */
import { readFileSync } from 'node:fs';
import { expect, expectTypeOf, it } from 'vitest';
import {
  repaymentCapacity,
  retirementExpenditure,
  type RepaymentCapacityResult,
  type RetirementExpenditureResult,
} from '../../src/index.js';
import type {
  NoticeCode,
  RepaymentPostCode,
  RetirementGroupCode,
  RetirementPostCode,
} from '../../src/contract/result-codes.generated.js';
import { resultCodeTypes } from '../../scripts/lib/generated-files.js';

type Known<T extends string> = T | (string & {});

it('Posten[].Code, Groep, Groepen[].Code and Meldingen[].Code are typed as the bundled codes, any other string allowed', () => {
  expectTypeOf<RepaymentCapacityResult['Posten'][number]['Code']>().toEqualTypeOf<Known<RepaymentPostCode>>();
  expectTypeOf<RetirementExpenditureResult['Posten'][number]['Code']>().toEqualTypeOf<Known<RetirementPostCode>>();
  expectTypeOf<RetirementExpenditureResult['Posten'][number]['Groep']>().toEqualTypeOf<Known<RetirementGroupCode>>();
  expectTypeOf<RetirementExpenditureResult['Groepen'][number]['Code']>().toEqualTypeOf<Known<RetirementGroupCode>>();
  expectTypeOf<RepaymentCapacityResult['Meldingen'][number]['Code']>().toEqualTypeOf<Known<NoticeCode>>();
  expectTypeOf<'Levensonderhoud'>().toExtend<RepaymentPostCode>();
  expectTypeOf<'Voeding'>().toExtend<RetirementPostCode>();
});

it('the codes a computed result holds are among those the generated types name', () => {
  const generated = readFileSync(new URL('../../src/contract/result-codes.generated.ts', import.meta.url), 'utf8');
  expect(generated).toBe(resultCodeTypes());
  const named = new Set([...generated.matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]));
  const repayment = repaymentCapacity({
    LeeftijdHoofdpersoon: 40,
    HeeftPartner: true,
    AantalThuiswonendeKinderen: 1,
    AantalAutos: 1,
    NettoBesteedbaarInkomenPerMaand: 3000,
    BijzondereUitgaven: {},
    Woning: { WoningSoort: 'Huurwoning' },
    Onbekend: 1,
  } as never);
  const retirement = retirementExpenditure({
    Hoofdpersonen: [{}],
    Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Koopwoning' },
    NettoBesteedbaarInkomenPerMaand: 2000,
  });
  const codes = [
    ...repayment.Posten.map((p) => p.Code),
    ...repayment.Meldingen.map((m) => m.Code),
    ...retirement.Posten.flatMap((p) => [p.Code, p.Groep]),
    ...retirement.Groepen.map((g) => g.Code),
    ...retirement.Meldingen.map((m) => m.Code),
  ];
  expect(codes.filter((c) => !named.has(c))).toEqual([]);
  expect(codes).toContain('HuurOntbreekt');
});
