/**
 * A repayment capacity request body (`POST /Afloscapaciteit/Resultaat`) into a Household.
 *
 * This request describes the household by counts only: the partner, the children and the cars
 * become entries without details (`{}`), so the calculations see the same household shape for
 * both operations and decide themselves what to assume for a missing detail.
 */
import { repaymentRequestSchema, type RepaymentRequest } from '../../../../src/contract/repayment-request.js';
import { TENURE } from '../../../../src/contract/enums.js';
import { validateRequest } from '../contract/validate-request.js';
import { deepFreeze } from '../../../../src/household/deep-freeze.js';
import type {
  Dwelling,
  Household,
  ParsedRequest,
  Person,
  SpecialExpenditures,
} from '../../../../src/household/household.js';
import { decodeValidatedEnum, optionalEntry, optionalWholeEuros, wholeEuros, wholeNumber } from './request-values.js';

function persons(request: RepaymentRequest): Person[] {
  const mainPerson: Person = { age: wholeNumber(request.LeeftijdHoofdpersoon) };
  return request.HeeftPartner ? [mainPerson, {}] : [mainPerson];
}

function dwelling(woning: RepaymentRequest['Woning']): Dwelling {
  return {
    tenure: decodeValidatedEnum(TENURE, woning.WoningSoort, 'Woning.WoningSoort'),
    ...optionalEntry('rent', optionalWholeEuros(woning.HuurPerMaand)),
    ...optionalEntry('serviceCosts', optionalWholeEuros(woning.HuurServiceKosten)),
    ...optionalEntry('grossMortgageCosts', optionalWholeEuros(woning.BrutoHypotheeklasten)),
    ...optionalEntry('ownersAssociationContribution', optionalWholeEuros(woning.BijdrageVve)),
  };
}

function specialExpenditures(uitgaven: RepaymentRequest['BijzondereUitgaven']): SpecialExpenditures {
  return {
    ...optionalEntry('healthcare', optionalWholeEuros(uitgaven.KostenZorg)),
    ...optionalEntry('partnerAlimony', optionalWholeEuros(uitgaven.KostenPartnerAlimentatie)),
    ...optionalEntry('childAlimony', optionalWholeEuros(uitgaven.KostenKinderAlimentatie)),
    ...optionalEntry('childcare', optionalWholeEuros(uitgaven.KostenKinderOpvang)),
    ...optionalEntry('otherRepayments', optionalWholeEuros(uitgaven.KostenOverigeAflossingen)),
  };
}

/**
 * Validates and normalises a repayment capacity request body (parsed JSON) into the
 * {@link Household} the rules compute with: what {@link repaymentCapacity} does first. Useful
 * on its own to check a body without computing, or to see how it is read. Pure and
 * synchronous; the result and everything in it are frozen.
 *
 * @param body - The request body of `POST /Afloscapaciteit/Resultaat` as parsed JSON (any value).
 * @returns The household, and the unknown fields that were ignored.
 * @throws {@link ValidationError} listing every problem of the body (and nothing else, for
 *   any JSON value).
 * @example Checking a body without computing
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { parseRepaymentRequest, ValidationError } from 'budgetnorm';
 *
 * const { household } = parseRepaymentRequest({
 *   LeeftijdHoofdpersoon: 52,
 *   HeeftPartner: false,
 *   AantalThuiswonendeKinderen: 0,
 *   AantalAutos: 1,
 *   NettoBesteedbaarInkomenPerMaand: 4100,
 *   BijzondereUitgaven: { KostenZorg: 45, KostenOverigeAflossingen: null },
 *   Woning: { WoningSoort: 'koopwoning', BrutoHypotheeklasten: 1100, BijdrageVve: 0 },
 * });
 * assert.equal(household.dwelling.tenure, 'own'); // names match in any letter case
 * assert.equal(household.specialExpenditures.healthcare?.toNumber(), 45);
 * assert.equal('otherRepayments' in household.specialExpenditures, false); // null: not given
 *
 * assert.throws(() => parseRepaymentRequest([]), (error) => {
 *   assert.ok(error instanceof ValidationError);
 *   assert.deepEqual(error.issues.map((i) => [i.path, i.code]), [['', 'invalid_body']]);
 *   return true;
 * });
 * ```
 */
export function parseRepaymentRequest(body: unknown): ParsedRequest {
  const { data, ignoredFields } = validateRequest(repaymentRequestSchema, body);
  const household: Household = {
    persons: persons(data),
    children: Array.from({ length: data.AantalThuiswonendeKinderen }, () => ({})),
    cars: Array.from({ length: data.AantalAutos }, () => ({})),
    dwelling: dwelling(data.Woning),
    netMonthlyIncome: wholeEuros(data.NettoBesteedbaarInkomenPerMaand),
    specialExpenditures: specialExpenditures(data.BijzondereUitgaven),
  };
  return deepFreeze({ household, ignoredFields: [...ignoredFields] });
}
