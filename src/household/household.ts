/**
 * The normalised household: the one value both calculations take.
 *
 * Parsing (src/household/parse-*.ts) turns a raw request body into this shape; nothing
 * downstream looks at request JSON again. Names are English; money is decimal.js so no
 * float ever touches an amount. Every object is frozen by the parser.
 *
 * A field that the request did not give is absent (never `undefined`, never 0): the
 * calculations decide, visibly, what to assume for it.
 */
import type { Decimal } from 'decimal.js';

// The enumerations' household values and IgnoredField live in the contract, the layer below,
// because the contract's tables map the request's names onto them.
import type {
  CarClass,
  CarStatus,
  DwellingType,
  Gender,
  IgnoredField,
  MileageBand,
  Tenure,
  WozCategory,
} from '../contract/household-values.js';

// Re-exported whole: the household's readers import every household type from here.
export type * from '../contract/household-values.js';

/**
 * A main person (hoofdpersoon). The repayment request gives the main person's age only.
 *
 * @inline
 */
export interface Person {
  /** Age in whole years, when the request gives it. */
  readonly age?: number;
  /** Gender, when the request gives it. */
  readonly gender?: Gender;
}

/**
 * A child in the household. The repayment request gives only how many there are.
 *
 * @inline
 */
export interface Child {
  /** Age in whole years, when the request gives it. */
  readonly age?: number;
  /** Gender, when the request gives it. */
  readonly gender?: Gender;
}

/**
 * A car. The repayment request gives only how many there are.
 *
 * @inline
 */
export interface Car {
  /** Car class (`TypeAuto`). */
  readonly class?: CarClass;
  /** Bought new or second-hand (`StatusAuto`). */
  readonly status?: CarStatus;
  /** Kilometres driven per year (`KilometersPerJaar`). */
  readonly mileage?: MileageBand;
}

/**
 * The dwelling: tenure, type, WOZ value and the monthly housing costs as given.
 *
 * @inline
 */
export interface Dwelling {
  /** Rented or owner-occupied. */
  readonly tenure: Tenure;
  /** Type of dwelling (`TypeWoning`, retirement request only). */
  readonly type?: DwellingType;
  /** WOZ value in euros, as given. */
  readonly wozValue?: Decimal;
  /** WOZ category: as given, or derived from `wozValue`. */
  readonly wozCategory?: WozCategory;
  /** Rent per month (`HuurPerMaand`), as given (null in the request = absent here). */
  readonly rent?: Decimal;
  /** Service costs per month (`HuurServiceKosten`), as given. */
  readonly serviceCosts?: Decimal;
  /** Gross mortgage costs per month (`BrutoHypotheeklasten`), as given. */
  readonly grossMortgageCosts?: Decimal;
  /** Owners' association (VvE) contribution per month (`BijdrageVve`), as given. */
  readonly ownersAssociationContribution?: Decimal;
}

/**
 * `BijzondereUitgaven`, monthly, each as given.
 *
 * @inline
 */
export interface SpecialExpenditures {
  /** `KostenZorg`: healthcare costs. */
  readonly healthcare?: Decimal;
  /** `KostenPartnerAlimentatie`: partner alimony paid. */
  readonly partnerAlimony?: Decimal;
  /** `KostenKinderAlimentatie`: child alimony paid. */
  readonly childAlimony?: Decimal;
  /** `KostenKinderOpvang`: childcare costs. */
  readonly childcare?: Decimal;
  /** `KostenOverigeAflossingen`: repayments on other loans already running. */
  readonly otherRepayments?: Decimal;
}

/**
 * The normalised household: the one value both calculations take, whichever request it came
 * from. Names are English; money is decimal.js (`Decimal`), so no float ever touches an
 * amount; everything is frozen. A field the request did not give is absent (never
 * `undefined`, never 0): the rules decide, visibly, what to assume for it.
 *
 * @example The household of a repayment request: the partner, children and cars without details
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { parseRepaymentRequest, type Household } from 'budgetnorm';
 *
 * const household: Household = parseRepaymentRequest({
 *   LeeftijdHoofdpersoon: 35,
 *   HeeftPartner: true,
 *   AantalThuiswonendeKinderen: 2,
 *   AantalAutos: 1,
 *   NettoBesteedbaarInkomenPerMaand: 2700,
 *   BijzondereUitgaven: { KostenKinderOpvang: 200 },
 *   Woning: { WoningSoort: 0, HuurPerMaand: 950, HuurServiceKosten: 40 },
 * }).household;
 * assert.deepEqual(household.persons, [{ age: 35 }, {}]);
 * assert.equal(household.children.length, 2);
 * assert.equal(household.cars.length, 1);
 * assert.equal(household.dwelling.tenure, 'rent');
 * assert.equal(household.dwelling.rent?.toNumber(), 950);
 * assert.equal(household.specialExpenditures.childcare?.toString(), '200');
 * assert.equal(household.specialExpenditures.healthcare, undefined);
 * assert.ok(Object.isFrozen(household.dwelling));
 * ```
 */
export interface Household {
  /** Main persons, 1 or 2; the first is the main person of a repayment request. */
  readonly persons: readonly Person[];
  /** The children living at home. */
  readonly children: readonly Child[];
  /** The household's cars. */
  readonly cars: readonly Car[];
  /** The dwelling. */
  readonly dwelling: Dwelling;
  /** Net disposable household income per month. */
  readonly netMonthlyIncome: Decimal;
  /** Special expenditures per month (repayment request only; `{}` for the retirement request). */
  readonly specialExpenditures: SpecialExpenditures;
}

/**
 * The household with its amounts in another form than Decimal, everything else alike. The
 * calculations take a {@link WholeEuroHousehold}: the rules read amounts as numbers (facts),
 * so a Decimal made from the request's whole euros only to be turned back into a number cost
 * a tenth of a call. Not part of the public API.
 */
export type HouseholdWithAmounts<Amount> = WithAmounts<Household, Amount>;

/** The household as the calculations read it: amounts as the whole euros the request gave. */
export type WholeEuroHousehold = HouseholdWithAmounts<number>;

/** What the calculations and fact extraction take: a household with its amounts as money or as whole euros. */
export type AnyHousehold = Household | WholeEuroHousehold;

/** A request read for a calculation: as {@link ParsedRequest}, its household in whole euros. Not public. */
export interface ReadRequest {
  readonly household: WholeEuroHousehold;
  readonly ignoredFields: readonly IgnoredField[];
}

/** `T` with every Decimal (optional or not, nested in objects and lists) replaced by `Amount`. */
type WithAmounts<T, Amount> = {
  readonly [K in keyof T]: Exclude<T[K], undefined> extends Decimal
    ? Amount
    : Exclude<T[K], undefined> extends readonly (infer E)[]
      ? readonly WithAmounts<E, Amount>[]
      : Exclude<T[K], undefined> extends object
        ? WithAmounts<Exclude<T[K], undefined>, Amount>
        : T[K];
};

/**
 * What parsing a request body yields ({@link parseRepaymentRequest},
 * {@link parseRetirementRequest}): the household and what was ignored on the way. Deeply frozen.
 *
 * @example A misspelt field is ignored and named, not an error
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { parseRetirementRequest, type ParsedRequest } from 'budgetnorm';
 *
 * const parsed: ParsedRequest = parseRetirementRequest({
 *   Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
 *   Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Huurwoning', Huurprijs: 700 },
 *   NettoBesteedbaarInkomenPerMaand: 2200,
 * });
 * assert.deepEqual(parsed.ignoredFields, [{ path: 'Woning.Huurprijs' }]);
 * assert.equal(parsed.household.dwelling.type, 'terraced');
 * ```
 */
export interface ParsedRequest {
  /** The normalised household the calculations take. */
  readonly household: Household;
  /** The request fields the contract does not know, in the order met; each becomes an `OnbekendVeld` warning. */
  readonly ignoredFields: readonly IgnoredField[];
}
