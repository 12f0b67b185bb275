/**
 * The retirement expenditure request (`POST /pensioenuitgaven/Resultaat`) as a zod schema: the
 * accepted JSON, field by field, as contract.md describes it.
 *
 * Two rules span more than one field and are therefore declared on their object (as
 * `exclusiveKeys`) and enforced by the parse layer rather than by zod, which keeps this schema
 * a plain description that `z.toJSONSchema(retirementRequestSchema, { io: 'input' })` can render:
 * - a car gives `KilometersPerJaar` or its alias `AutoKilometersPerJaar`: exactly one;
 * - the dwelling gives `WozWaarde` or `WozWaardeCategorie`, not both (neither is fine).
 */
import type { z } from 'zod';
import { MAX_CARS, MAX_CHILDREN, MAX_MAIN_PERSONS, MIN_MAIN_PERSONS } from './bounds.js';
import { CAR_CLASS, CAR_STATUS, DWELLING_TYPE, GENDER, MILEAGE_BAND, TENURE, WOZ_CATEGORY } from './enums.js';
import {
  ageField,
  arrayField,
  enumField,
  monthlyAmountField,
  objectField,
  optional,
  wozValueField,
} from './field-schemas.js';
import { deferredShape } from './deferred-shape.js';

export const retirementMainPersonSchema = objectField(
  deferredShape(() => ({
    /** Gender: `Man` (0) or `Vrouw` (1). */
    Geslacht: optional(enumField(GENDER, 'Gender')),
  })),
  'A main person (Hoofdpersoon)',
);

export const retirementChildSchema = objectField(
  deferredShape(() => ({
    /** Age of the child, whole years. */
    Leeftijd: ageField('Age of the child'),
    /** Gender of the child: `Man` (0) or `Vrouw` (1). */
    Geslacht: optional(enumField(GENDER, 'Gender of the child')),
  })),
  'A child in the household (Kind)',
);

export const retirementCarSchema = objectField(
  deferredShape(() => ({
    /** Kilometres driven per year: `Minderdan10K` (0), `Tussen10Ken20K` (1) or `Meerdan20K` (2). */
    KilometersPerJaar: optional(enumField(MILEAGE_BAND, 'Kilometres driven per year')),
    /** Alias of `KilometersPerJaar`: give one of the two. */
    AutoKilometersPerJaar: optional(
      enumField(MILEAGE_BAND, 'Alias of KilometersPerJaar, kilometres driven per year (give one of the two)'),
    ),
    /** Car class: `Klein` (0), `Compact` (1), `CompactMiddenklasse` (2) or `Middenklasse` (3). */
    TypeAuto: enumField(CAR_CLASS, 'Car class'),
    /** Bought `Nieuw` (0) or `Tweedehands` (1). */
    StatusAuto: enumField(CAR_STATUS, 'Bought new or second-hand'),
  })),
  'A car (Auto); KilometersPerJaar (or its alias AutoKilometersPerJaar) is required',
  [{ keys: ['KilometersPerJaar', 'AutoKilometersPerJaar'], oneRequired: true }],
);

export const retirementDwellingSchema = objectField(
  deferredShape(() => ({
    /** Type of dwelling: `Appartement` (0), `Tussenwoning` (1), `Hoekwoning` (2) or `Vrijstaand` (3). */
    TypeWoning: enumField(DWELLING_TYPE, 'Type of dwelling'),
    /** Tenure: `Huurwoning` (0) or `Koopwoning` (1). */
    SoortWoning: enumField(TENURE, 'Tenure of the dwelling'),
    /** WOZ value (official property valuation), whole euros; or give `WozWaardeCategorie`. */
    WozWaarde: optional(wozValueField('WOZ value (official property valuation)')),
    /** WOZ value band, instead of `WozWaarde`: `WozKleinerDan150K` (0) to `WozGroterDan450K` (3). */
    WozWaardeCategorie: optional(enumField(WOZ_CATEGORY, 'WOZ value band, instead of WozWaarde')),
  })),
  'The dwelling (Woning); give WozWaarde or WozWaardeCategorie, not both',
  [{ keys: ['WozWaarde', 'WozWaardeCategorie'], oneRequired: false }],
);

// Its fields are built when first read, so importing the package builds none (issue 14).
export const retirementRequestSchema = objectField(
  deferredShape(() => ({
    /** The main persons: one, or two for a couple. */
    Hoofdpersonen: arrayField(
      retirementMainPersonSchema,
      { minItems: MIN_MAIN_PERSONS, maxItems: MAX_MAIN_PERSONS, itemNoun: 'main persons' },
      'The main persons: one, or two for a couple',
    ),
    /** Children in the household. */
    Kinderen: optional(
      arrayField(retirementChildSchema, { minItems: 0, maxItems: MAX_CHILDREN, itemNoun: 'children' }, 'Children'),
    ),
    /** Cars in the household. */
    Autos: optional(arrayField(retirementCarSchema, { minItems: 0, maxItems: MAX_CARS, itemNoun: 'cars' }, 'Cars')),
    /** The dwelling. */
    Woning: retirementDwellingSchema,
    /** Net disposable household income, whole euros per month; it moves `Voorbeeld` only. */
    NettoBesteedbaarInkomenPerMaand: monthlyAmountField('Net disposable household income'),
  })),
  'Retirement expenditure request (POST /pensioenuitgaven/Resultaat)',
);

/** A retirement request body that passed the schema (enumerations still as code or name). */
export type RetirementRequest = z.output<typeof retirementRequestSchema>;

/**
 * A retirement expenditure request body (`POST /pensioenuitgaven/Resultaat`) as a TypeScript
 * caller writes it: what {@link retirementExpenditure} takes when the body's type is known.
 * Inferred from the schema that checks bodies, so the two cannot disagree.
 *
 * An enumeration is its integer code or its name as the contract spells it (`Geslacht: 1` or
 * `'Vrouw'`). At run time a name is accepted in any letter case, and a body typed `unknown` is
 * accepted as it is and checked; here only the contract's spelling type-checks. An optional
 * field may be left out or be `null`. Two rules span two fields and are checked at run time
 * only: a car gives exactly one of `KilometersPerJaar` and `AutoKilometersPerJaar`, and the
 * dwelling at most one of `WozWaarde` and `WozWaardeCategorie`.
 *
 * @useDeclaredType
 * @example Writing a body out with its type
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { retirementExpenditure, type RetirementExpenditureRequest } from 'budgetnorm';
 *
 * const body: RetirementExpenditureRequest = {
 *   Hoofdpersonen: [{ Geslacht: 'Man' }],
 *   Woning: { TypeWoning: 'Appartement', SoortWoning: 0 },
 *   NettoBesteedbaarInkomenPerMaand: 1400,
 * };
 * const result = retirementExpenditure(body, { date: '2026-03-01' });
 * assert.deepEqual(result.Totaal, { Basis: 1074, Voorbeeld: 1210 });
 * ```
 */
export type RetirementExpenditureRequest = z.input<typeof retirementRequestSchema>;
