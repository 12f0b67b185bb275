/**
 * The values of the normalised household that the request's enumerations stand for (English,
 * as the rules read them), and a request field that was ignored. They belong to the contract:
 * its tables (./enums.ts) map each Dutch name and code onto one of these values, and its
 * validation (./unknown-fields.ts) reports the ignored fields. The household (src/household)
 * takes them from here, so every import points down the layers.
 */

/**
 * `Geslacht`: Man, Vrouw.
 *
 * @inline
 */
export type Gender = 'male' | 'female';
/**
 * `KilometersPerJaar`: Minderdan10K, Tussen10Ken20K, Meerdan20K.
 *
 * @inline
 */
export type MileageBand = 'under10k' | 'from10kTo20k' | 'over20k';
/**
 * `TypeAuto`: Klein, Compact, CompactMiddenklasse, Middenklasse.
 *
 * @inline
 */
export type CarClass = 'small' | 'compact' | 'compactMidsize' | 'midsize';
/**
 * `StatusAuto`: Nieuw, Tweedehands.
 *
 * @inline
 */
export type CarStatus = 'new' | 'used';
/**
 * `TypeWoning`: Appartement, Tussenwoning, Hoekwoning, Vrijstaand.
 *
 * @inline
 */
export type DwellingType = 'apartment' | 'terraced' | 'corner' | 'detached';
/**
 * `SoortWoning` / `WoningSoort`: Huurwoning, Koopwoning.
 *
 * @inline
 */
export type Tenure = 'rent' | 'own';
/**
 * `WozWaardeCategorie`: WozKleinerDan150K, WozVan150KTot300K, WozVan300KTot450K, WozGroterDan450K.
 *
 * @inline
 */
export type WozCategory = 'below150k' | 'from150kTo300k' | 'from300kTo450k' | 'from450k';

/**
 * A request field the schema does not know: ignored, and reported back in `Meldingen`.
 *
 * @inline
 */
export interface IgnoredField {
  /** The path as the caller wrote it, e.g. `Woning.Huurprijs` or `Autos[0].Kleur`. */
  readonly path: string;
}
