/**
 * The WOZ value band of a WOZ value, for a request that gives `WozWaarde` rather than
 * `WozWaardeCategorie`. Each band includes its lower bound and excludes its upper bound, as
 * the Dutch names read: "kleiner dan 150K" is below 150,000; "van 150K tot 300K" is 150,000 up
 * to but not including 300,000 ("tot", not "tot en met"); "groter dan 450K" is taken to start
 * at 450,000 itself, so that every value falls in exactly one band.
 */
import type { WozCategory } from './household.js';

/** Lower bounds in euros, highest first. */
const BAND_LOWER_BOUNDS: readonly (readonly [lowerBound: number, category: WozCategory])[] = [
  [450_000, 'from450k'],
  [300_000, 'from300kTo450k'],
  [150_000, 'from150kTo300k'],
];

export function wozCategoryForValue(wozValueInEuros: number): WozCategory {
  for (const [lowerBound, category] of BAND_LOWER_BOUNDS) {
    if (wozValueInEuros >= lowerBound) return category;
  }
  return 'below150k';
}
