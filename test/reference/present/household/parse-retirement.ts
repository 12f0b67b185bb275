/**
 * A retirement expenditure request body (`POST /pensioenuitgaven/Resultaat`) into a Household.
 */
import {
  CAR_CLASS,
  CAR_STATUS,
  DWELLING_TYPE,
  GENDER,
  MILEAGE_BAND,
  TENURE,
  WOZ_CATEGORY,
} from '../../../../src/contract/enums.js';
import { retirementRequestSchema, type RetirementRequest } from '../../../../src/contract/retirement-request.js';
import { validateRequest } from '../contract/validate-request.js';
import { deepFreeze } from '../../../../src/household/deep-freeze.js';
import type {
  Car,
  Child,
  Dwelling,
  Household,
  ParsedRequest,
  Person,
  WozCategory,
} from '../../../../src/household/household.js';
import {
  decodeOptionalEnum,
  decodeValidatedEnum,
  optionalEntry,
  optionalWholeEuros,
  wholeEuros,
  wholeNumber,
} from './request-values.js';
import { wozCategoryForValue } from '../../../../src/household/woz-category.js';

type Hoofdpersoon = RetirementRequest['Hoofdpersonen'][number];
type Kind = NonNullable<RetirementRequest['Kinderen']>[number];
type Auto = NonNullable<RetirementRequest['Autos']>[number];
type Woning = RetirementRequest['Woning'];

function person(hoofdpersoon: Hoofdpersoon, index: number): Person {
  return optionalEntry('gender', decodeOptionalEnum(GENDER, hoofdpersoon.Geslacht, `Hoofdpersonen[${index}].Geslacht`));
}

function child(kind: Kind, index: number): Child {
  return {
    age: wholeNumber(kind.Leeftijd),
    ...optionalEntry('gender', decodeOptionalEnum(GENDER, kind.Geslacht, `Kinderen[${index}].Geslacht`)),
  };
}

function car(auto: Auto, index: number): Car {
  // Validation guarantees exactly one of the two mileage keys; the alias is only another name.
  const mileageKey =
    auto.KilometersPerJaar === null || auto.KilometersPerJaar === undefined
      ? 'AutoKilometersPerJaar'
      : 'KilometersPerJaar';
  const mileage = decodeOptionalEnum(MILEAGE_BAND, auto[mileageKey], `Autos[${index}].${mileageKey}`);
  return {
    class: decodeValidatedEnum(CAR_CLASS, auto.TypeAuto, `Autos[${index}].TypeAuto`),
    status: decodeValidatedEnum(CAR_STATUS, auto.StatusAuto, `Autos[${index}].StatusAuto`),
    ...optionalEntry('mileage', mileage),
  };
}

function wozCategory(woning: Woning): WozCategory | undefined {
  const given = decodeOptionalEnum(WOZ_CATEGORY, woning.WozWaardeCategorie, 'Woning.WozWaardeCategorie');
  if (given !== undefined) return given;
  return woning.WozWaarde === null || woning.WozWaarde === undefined
    ? undefined
    : wozCategoryForValue(woning.WozWaarde);
}

function dwelling(woning: Woning): Dwelling {
  return {
    tenure: decodeValidatedEnum(TENURE, woning.SoortWoning, 'Woning.SoortWoning'),
    type: decodeValidatedEnum(DWELLING_TYPE, woning.TypeWoning, 'Woning.TypeWoning'),
    ...optionalEntry('wozValue', optionalWholeEuros(woning.WozWaarde)),
    ...optionalEntry('wozCategory', wozCategory(woning)),
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
  const household: Household = {
    persons: data.Hoofdpersonen.map(person),
    children: (data.Kinderen ?? []).map(child),
    cars: (data.Autos ?? []).map(car),
    dwelling: dwelling(data.Woning),
    netMonthlyIncome: wholeEuros(data.NettoBesteedbaarInkomenPerMaand),
    // The retirement request has no special expenditures; the key is there so both
    // operations hand the calculations the same shape.
    specialExpenditures: {},
  };
  return deepFreeze({ household, ignoredFields: [...ignoredFields] });
}
