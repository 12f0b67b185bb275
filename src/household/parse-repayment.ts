/**
 * A repayment capacity request body (`POST /Afloscapaciteit/Resultaat`) into a Household.
 *
 * This request describes the household by counts only: the partner, the children and the cars
 * become entries without details (`{}`), so the calculations see the same household shape for
 * both operations and decide themselves what to assume for a missing detail.
 */
import { repaymentRequestSchema, type RepaymentRequest } from '../contract/repayment-request.js';
import { TENURE } from '../contract/enums.js';
import { validateRequest } from '../contract/validate-request.js';
import { deepFreeze } from './deep-freeze.js';
import type { HouseholdWithAmounts, ParsedRequest, Person, ReadRequest } from './household.js';
import { decodeValidatedEnum, setGivenAmount, wholeEuros, wholeNumber, type AmountOf } from './request-values.js';

type Parts<Amount> = HouseholdWithAmounts<Amount>;
type Writable<T> = { -readonly [K in keyof T]: T[K] };

function persons(request: RepaymentRequest): Person[] {
  const mainPerson: Person = { age: wholeNumber(request.LeeftijdHoofdpersoon) };
  return request.HeeftPartner ? [mainPerson, {}] : [mainPerson];
}

function dwelling<Amount>(woning: RepaymentRequest['Woning'], amount: AmountOf<Amount>): Parts<Amount>['dwelling'] {
  const out: Writable<Parts<Amount>['dwelling']> = {
    tenure: decodeValidatedEnum(TENURE, woning.WoningSoort, 'Woning.WoningSoort'),
  };
  setGivenAmount(out, 'rent', woning.HuurPerMaand, amount);
  setGivenAmount(out, 'serviceCosts', woning.HuurServiceKosten, amount);
  setGivenAmount(out, 'grossMortgageCosts', woning.BrutoHypotheeklasten, amount);
  setGivenAmount(out, 'ownersAssociationContribution', woning.BijdrageVve, amount);
  return out;
}

function specialExpenditures<Amount>(
  uitgaven: RepaymentRequest['BijzondereUitgaven'],
  amount: AmountOf<Amount>,
): Parts<Amount>['specialExpenditures'] {
  const out: Writable<Parts<Amount>['specialExpenditures']> = {};
  setGivenAmount(out, 'healthcare', uitgaven.KostenZorg, amount);
  setGivenAmount(out, 'partnerAlimony', uitgaven.KostenPartnerAlimentatie, amount);
  setGivenAmount(out, 'childAlimony', uitgaven.KostenKinderAlimentatie, amount);
  setGivenAmount(out, 'childcare', uitgaven.KostenKinderOpvang, amount);
  setGivenAmount(out, 'otherRepayments', uitgaven.KostenOverigeAflossingen, amount);
  return out;
}

/** `count` entries without details (`{}`): children or cars the request only counts (a loop: `Array.from` is slower). */
function withoutDetails(count: number): Record<string, never>[] {
  const entries: Record<string, never>[] = [];
  for (let i = 0; i < count; i += 1) entries.push({});
  return entries;
}

/** The household of a validated body, its amounts made by `amount`. */
function household<Amount>(data: RepaymentRequest, amount: AmountOf<Amount>): Parts<Amount> {
  return {
    persons: persons(data),
    children: withoutDetails(data.AantalThuiswonendeKinderen),
    cars: withoutDetails(data.AantalAutos),
    dwelling: dwelling(data.Woning, amount),
    netMonthlyIncome: amount(data.NettoBesteedbaarInkomenPerMaand),
    specialExpenditures: specialExpenditures(data.BijzondereUitgaven, amount),
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
  return deepFreeze({ household: household(data, wholeEuros), ignoredFields });
}

/**
 * As {@link parseRepaymentRequest}, for the calculation: amounts as the whole euros given, and
 * nothing frozen (the calculation reads the household once and hands it to nobody; freezing
 * it cost more than a tenth of a call).
 */
export function readRepaymentRequest(body: unknown): ReadRequest {
  const { data, ignoredFields } = validateRequest(repaymentRequestSchema, body);
  return { household: household(data, wholeNumber), ignoredFields };
}
