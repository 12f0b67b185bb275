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

export type Gender = 'male' | 'female';
/** `KilometersPerJaar`: Minderdan10K, Tussen10Ken20K, Meerdan20K. */
export type MileageBand = 'under10k' | 'from10kTo20k' | 'over20k';
/** `TypeAuto`: Klein, Compact, CompactMiddenklasse, Middenklasse. */
export type CarClass = 'small' | 'compact' | 'compactMidsize' | 'midsize';
/** `StatusAuto`: Nieuw, Tweedehands. */
export type CarStatus = 'new' | 'used';
/** `TypeWoning`: Appartement, Tussenwoning, Hoekwoning, Vrijstaand. */
export type DwellingType = 'apartment' | 'terraced' | 'corner' | 'detached';
/** `SoortWoning` / `WoningSoort`: Huurwoning, Koopwoning. */
export type Tenure = 'rent' | 'own';
/** `WozWaardeCategorie`: WozKleinerDan150K, WozVan150KTot300K, WozVan300KTot450K, WozGroterDan450K. */
export type WozCategory = 'below150k' | 'from150kTo300k' | 'from300kTo450k' | 'from450k';

/** A main person (hoofdpersoon). The repayment request gives the main person's age only. */
export interface Person {
  readonly age?: number;
  readonly gender?: Gender;
}

/** A child in the household. The repayment request gives only how many there are. */
export interface Child {
  readonly age?: number;
  readonly gender?: Gender;
}

/** A car. The repayment request gives only how many there are. */
export interface Car {
  readonly class?: CarClass;
  readonly status?: CarStatus;
  readonly mileage?: MileageBand;
}

export interface Dwelling {
  readonly tenure: Tenure;
  readonly type?: DwellingType;
  /** WOZ value in euros, as given. */
  readonly wozValue?: Decimal;
  /** WOZ category: as given, or derived from `wozValue`. */
  readonly wozCategory?: WozCategory;
  /** Monthly amounts, as given (null in the request = absent here). */
  readonly rent?: Decimal;
  readonly serviceCosts?: Decimal;
  readonly grossMortgageCosts?: Decimal;
  readonly ownersAssociationContribution?: Decimal;
}

/** `BijzondereUitgaven`, monthly, each as given. */
export interface SpecialExpenditures {
  readonly healthcare?: Decimal;
  readonly partnerAlimony?: Decimal;
  readonly childAlimony?: Decimal;
  readonly childcare?: Decimal;
  readonly otherRepayments?: Decimal;
}

export interface Household {
  /** Main persons, 1 or 2; the first is the main person of a repayment request. */
  readonly persons: readonly Person[];
  readonly children: readonly Child[];
  readonly cars: readonly Car[];
  readonly dwelling: Dwelling;
  readonly netMonthlyIncome: Decimal;
  readonly specialExpenditures: SpecialExpenditures;
}

/** A request field the schema does not know: ignored, and reported back in `Meldingen`. */
export interface IgnoredField {
  /** The path as the caller wrote it, e.g. `Woning.Huurprijs` or `Autos[0].Kleur`. */
  readonly path: string;
}

/** What parsing a request body yields: the household and what was ignored on the way. */
export interface ParsedRequest {
  readonly household: Household;
  readonly ignoredFields: readonly IgnoredField[];
}
