/**
 * A retirement expenditure request body (`POST /pensioenuitgaven/Resultaat`) into a Household.
 */
import { CAR_CLASS, CAR_STATUS, DWELLING_TYPE, GENDER, MILEAGE_BAND, TENURE, WOZ_CATEGORY } from '../contract/enums.js';
import { retirementRequestSchema, type RetirementRequest } from '../contract/retirement-request.js';
import { validateRequest } from '../contract/validate-request.js';
import { deepFreeze } from './deep-freeze.js';
import type { Car, Child, HouseholdWithAmounts, ParsedRequest, Person, ReadRequest, WozCategory } from './household.js';
import {
  decodeOptionalEnum,
  decodeValidatedEnum,
  setGivenAmount,
  wholeEuros,
  wholeNumber,
  type AmountOf,
} from './request-values.js';
import { wozCategoryForValue } from './woz-category.js';

type Hoofdpersoon = RetirementRequest['Hoofdpersonen'][number];
type Kind = NonNullable<RetirementRequest['Kinderen']>[number];
type Auto = NonNullable<RetirementRequest['Autos']>[number];
type Woning = RetirementRequest['Woning'];

/*
 * A value that may be absent leaves its key out (household.ts). Written as one object literal
 * per case, not with a spread of `{ [key]: value }` or `{}`: these run for every person, child
 * and car of every request, and a spread or a computed key in an object literal costs several
 * times a plain one.
 */

function person(hoofdpersoon: Hoofdpersoon, index: number): Person {
  const gender = decodeOptionalEnum(GENDER, hoofdpersoon.Geslacht, `Hoofdpersonen[${index}].Geslacht`);
  return gender === undefined ? {} : { gender };
}

function child(kind: Kind, index: number): Child {
  const age = wholeNumber(kind.Leeftijd);
  const gender = decodeOptionalEnum(GENDER, kind.Geslacht, `Kinderen[${index}].Geslacht`);
  return gender === undefined ? { age } : { age, gender };
}

function car(auto: Auto, index: number): Car {
  // Validation guarantees exactly one of the two mileage keys; the alias is only another name.
  const mileageKey =
    auto.KilometersPerJaar === null || auto.KilometersPerJaar === undefined
      ? 'AutoKilometersPerJaar'
      : 'KilometersPerJaar';
  const mileage = decodeOptionalEnum(MILEAGE_BAND, auto[mileageKey], `Autos[${index}].${mileageKey}`);
  const carClass = decodeValidatedEnum(CAR_CLASS, auto.TypeAuto, `Autos[${index}].TypeAuto`);
  const status = decodeValidatedEnum(CAR_STATUS, auto.StatusAuto, `Autos[${index}].StatusAuto`);
  return mileage === undefined ? { class: carClass, status } : { class: carClass, status, mileage };
}

function wozCategory(woning: Woning): WozCategory | undefined {
  const given = decodeOptionalEnum(WOZ_CATEGORY, woning.WozWaardeCategorie, 'Woning.WozWaardeCategorie');
  if (given !== undefined) return given;
  return woning.WozWaarde === null || woning.WozWaarde === undefined
    ? undefined
    : wozCategoryForValue(woning.WozWaarde);
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

function dwelling<Amount>(woning: Woning, amount: AmountOf<Amount>): HouseholdWithAmounts<Amount>['dwelling'] {
  const out: Writable<HouseholdWithAmounts<Amount>['dwelling']> = {
    tenure: decodeValidatedEnum(TENURE, woning.SoortWoning, 'Woning.SoortWoning'),
    type: decodeValidatedEnum(DWELLING_TYPE, woning.TypeWoning, 'Woning.TypeWoning'),
  };
  setGivenAmount(out, 'wozValue', woning.WozWaarde, amount);
  const category = wozCategory(woning);
  if (category !== undefined) out.wozCategory = category;
  return out;
}

/** The household of a validated body, its amounts made by `amount`. */
function household<Amount>(data: RetirementRequest, amount: AmountOf<Amount>): HouseholdWithAmounts<Amount> {
  return {
    persons: data.Hoofdpersonen.map(person),
    children: (data.Kinderen ?? []).map(child),
    cars: (data.Autos ?? []).map(car),
    dwelling: dwelling(data.Woning, amount),
    netMonthlyIncome: amount(data.NettoBesteedbaarInkomenPerMaand),
    // The retirement request has no special expenditures; the key is there so both
    // operations hand the calculations the same shape.
    specialExpenditures: {},
  };
}

/**
 * Validates and normalises a retirement expenditure request body (parsed JSON) into the
 * {@link Household} the rules compute with: what {@link retirementExpenditure} does first.
 * Useful on its own to check a body without computing, or to see how it is read. Pure and
 * synchronous; the result and everything in it are frozen.
 *
 * @param body - The request body of `POST /pensioenuitgaven/Resultaat` as parsed JSON (any value).
 * @returns The household, and the unknown fields that were ignored.
 * @throws {@link ValidationError} listing every problem of the body (and nothing else, for
 *   any JSON value).
 * @example A WOZ value gives the household its WOZ band too
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { parseRetirementRequest } from 'budgetnorm';
 *
 * const { household, ignoredFields } = parseRetirementRequest({
 *   Hoofdpersonen: [{ Geslacht: 'Man' }, { Geslacht: 1 }],
 *   Autos: [{ TypeAuto: 'Compact', StatusAuto: 'Tweedehands', AutoKilometersPerJaar: 'Tussen10Ken20K' }],
 *   Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Koopwoning', WozWaarde: 300000 },
 *   NettoBesteedbaarInkomenPerMaand: 3200,
 * });
 * assert.deepEqual(household.persons, [{ gender: 'male' }, { gender: 'female' }]);
 * assert.deepEqual(household.cars, [{ class: 'compact', status: 'used', mileage: 'from10kTo20k' }]);
 * assert.equal(household.dwelling.wozCategory, 'from300kTo450k'); // each band includes its lower bound
 * assert.deepEqual(household.specialExpenditures, {});
 * assert.deepEqual(ignoredFields, []);
 * ```
 */
export function parseRetirementRequest(body: unknown): ParsedRequest {
  const { data, ignoredFields } = validateRequest(retirementRequestSchema, body);
  return deepFreeze({ household: household(data, wholeEuros), ignoredFields });
}

/**
 * As {@link parseRetirementRequest}, for the calculation: amounts as the whole euros given,
 * and nothing frozen (the calculation reads the household once and hands it to nobody).
 */
export function readRetirementRequest(body: unknown): ReadRequest {
  const { data, ignoredFields } = validateRequest(retirementRequestSchema, body);
  return { household: household(data, wholeNumber), ignoredFields };
}
