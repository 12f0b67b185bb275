/**
 * The bounds the contract leaves to us ("Bounds (ours to set)"). They exist to turn typos and
 * hostile input into a clear 400 instead of a nonsense result, not to model what is likely:
 * a generous bound that is never reached by a real household is the intent.
 */

/** Monthly amounts in whole euros: income, rent, costs. Negative amounts have no meaning. */
export const MIN_MONTHLY_AMOUNT = 0;
export const MAX_MONTHLY_AMOUNT = 1_000_000;

/** Ages in whole years. */
export const MIN_AGE = 0;
export const MAX_AGE = 125;

/** `Hoofdpersonen`: a household has one or two main persons. */
export const MIN_MAIN_PERSONS = 1;
export const MAX_MAIN_PERSONS = 2;

/** Children (`Kinderen` entries, `AantalThuiswonendeKinderen`). */
export const MAX_CHILDREN = 20;

/** Cars (`Autos` entries, `AantalAutos`). */
export const MAX_CARS = 10;

/**
 * `WozWaarde` is a property value in euros, not a monthly amount, so the monthly ceiling does
 * not fit. The most valuable Dutch homes are valued in the tens of millions; 100 million leaves
 * room for every one of them while rejecting values that cannot be a Dutch home at all.
 */
export const MIN_WOZ_VALUE = 0;
export const MAX_WOZ_VALUE = 100_000_000;
