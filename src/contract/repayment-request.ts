/**
 * The repayment capacity request (`POST /Afloscapaciteit/Resultaat`) as a zod schema: the
 * accepted JSON, field by field, as contract.md describes it. Every top-level field is
 * required; the members of `BijzondereUitgaven` and the amounts of `Woning` are optional.
 *
 * Generate JSON Schema with `z.toJSONSchema(repaymentRequestSchema, { io: 'input' })`: the
 * input view leaves `additionalProperties` open, which matches how unknown fields are treated
 * (ignored and reported, not rejected).
 */
import type { z } from 'zod';
import { MAX_CARS, MAX_CHILDREN } from './bounds.js';
import { TENURE } from './enums.js';
import {
  ageField,
  booleanField,
  countField,
  enumField,
  monthlyAmountField,
  objectField,
  optional,
} from './field-schemas.js';
import { deferredShape } from './deferred-shape.js';

export const repaymentSpecialExpendituresSchema = objectField(
  deferredShape(() => ({
    /** Healthcare costs, euros per month. */
    KostenZorg: optional(monthlyAmountField('Healthcare costs')),
    /** Partner alimony paid, euros per month. */
    KostenPartnerAlimentatie: optional(monthlyAmountField('Partner alimony paid')),
    /** Child alimony paid, euros per month. */
    KostenKinderAlimentatie: optional(monthlyAmountField('Child alimony paid')),
    /** Childcare costs, euros per month. */
    KostenKinderOpvang: optional(monthlyAmountField('Childcare costs')),
    /** Repayments on other loans already running, euros per month. */
    KostenOverigeAflossingen: optional(monthlyAmountField('Repayments on other loans already running')),
  })),
  'Special expenditures (BijzondereUitgaven); every member optional, null means not given',
);

export const repaymentDwellingSchema = objectField(
  deferredShape(() => ({
    /** Tenure: `Huurwoning` (0) or `Koopwoning` (1). */
    WoningSoort: enumField(TENURE, 'Tenure of the dwelling (WoningSoort)'),
    /** Gross mortgage costs, euros per month. */
    BrutoHypotheeklasten: optional(monthlyAmountField('Gross mortgage costs')),
    /** Rent, euros per month. */
    HuurPerMaand: optional(monthlyAmountField('Rent')),
    /** Service costs charged with the rent, euros per month. */
    HuurServiceKosten: optional(monthlyAmountField('Service costs charged with the rent')),
    /** Owners' association (VvE) contribution, euros per month. */
    BijdrageVve: optional(monthlyAmountField("Owners' association (VvE) contribution")),
  })),
  'The dwelling (Woning)',
);

// Its fields are built when first read, so importing the package builds none (issue 14).
export const repaymentRequestSchema = objectField(
  deferredShape(() => ({
    /** Age of the main person, whole years (0 to 125). */
    LeeftijdHoofdpersoon: ageField('Age of the main person'),
    /** Whether the main person has a partner in the household. */
    HeeftPartner: booleanField('Whether the main person has a partner in the household'),
    /** Number of children living at home. */
    AantalThuiswonendeKinderen: countField(MAX_CHILDREN, 'Number of children living at home'),
    /** Number of cars in the household. */
    AantalAutos: countField(MAX_CARS, 'Number of cars in the household'),
    /** Net disposable household income, whole euros per month (0 to 1,000,000). */
    NettoBesteedbaarInkomenPerMaand: monthlyAmountField('Net disposable household income'),
    /** Special expenditures; every member optional (`{}` when there are none). */
    BijzondereUitgaven: repaymentSpecialExpendituresSchema,
    /** The dwelling. */
    Woning: repaymentDwellingSchema,
  })),
  'Repayment capacity request (POST /Afloscapaciteit/Resultaat)',
);

/** A repayment request body that passed the schema (enumerations still as code or name). */
export type RepaymentRequest = z.output<typeof repaymentRequestSchema>;

/**
 * A repayment capacity request body (`POST /Afloscapaciteit/Resultaat`) as a TypeScript
 * caller writes it: what {@link repaymentCapacity} takes when the body's type is known.
 * Inferred from the schema that checks bodies, so the two cannot disagree.
 *
 * An enumeration is its integer code or its name as the contract spells it (`WoningSoort: 0`
 * or `'Huurwoning'`). At run time a name is accepted in any letter case, and a body typed
 * `unknown` is accepted as it is and checked; here only the contract's spelling type-checks.
 * An optional field may be left out or be `null`.
 *
 * @useDeclaredType
 * @example Writing a body out with its type
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity, type RepaymentCapacityRequest } from 'budgetnorm';
 *
 * const body: RepaymentCapacityRequest = {
 *   LeeftijdHoofdpersoon: 66,
 *   HeeftPartner: false,
 *   AantalThuiswonendeKinderen: 0,
 *   AantalAutos: 0,
 *   NettoBesteedbaarInkomenPerMaand: 2200,
 *   BijzondereUitgaven: { KostenZorg: null },
 *   Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
 * };
 * const result = repaymentCapacity(body, { date: '2026-03-01' });
 * assert.ok(result.Afloscapaciteit > 0);
 * // The same household with the integer code of the tenure.
 * const byCode = repaymentCapacity({ ...body, Woning: { WoningSoort: 0, HuurPerMaand: 700 } }, { date: '2026-03-01' });
 * assert.equal(byCode.Afloscapaciteit, result.Afloscapaciteit);
 * ```
 */
export type RepaymentCapacityRequest = z.input<typeof repaymentRequestSchema>;
