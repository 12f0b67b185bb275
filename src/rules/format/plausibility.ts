/**
 * A plausibility file (`tests/plausibility.json` of a rule set): households for which a published
 * average exists (a CBS energy bill, COELO local taxes, a Nibud food example, …), the amount of the
 * result to compare with it, the published figure with its source and provenance, and how far the
 * result may stray, with the reason for that band. `test/rules/plausibility.test.ts` runs every
 * comparison of the bundled sets and fails outside a band; like the worked examples it is not
 * part of the rules (the loader and the content hash ignore `tests/`).
 */
import * as z from 'zod';
import { CalculationId } from './calculation.js';
import { Identifier, sourcedValue, Unit } from './common.js';
import { Source } from './manifest.js';

/** A measure of a post: `Basis` or `Voorbeeld` (pensioenuitgaven), `Bedrag` or `Minimaal` (afloscapaciteit). */
export const PlausibilityMeasure = z.enum(['Basis', 'Voorbeeld', 'Bedrag', 'Minimaal']);

/** Which amount of a result: posts added up (in one measure) or one total, never both. */
const amountOf = {
  /** Post codes of the calculation (`Gas`, `Elektriciteit`); their shown amounts are added up. */
  posts: z.array(Identifier).min(1).optional(),
  /** A total of the result instead of posts (`TotaalMinimaleLasten`, `MaximaleAfloscapaciteit`). */
  total: Identifier.optional(),
  /** Which of the calculation's measures the posts are read in; required where it has two. */
  measure: PlausibilityMeasure.optional(),
};

/** The amount of a result that is compared: posts added up, or a total. */
export const PlausibilityAmount = z.strictObject({
  ...amountOf,
  /**
   * Another household whose same amount is subtracted: to isolate what one feature adds (an
   * owner's buildings insurance is the owner's Verzekeringen minus a tenant's).
   */
  minus: z.strictObject({ request: z.record(z.string(), z.unknown()) }).optional(),
});

/**
 * The anchor is not a published figure but the rule set's other calculation for the same
 * household (the same person in both operations): its amount, as for `amount`.
 */
export const PlausibilityAgainst = z.strictObject({
  calculation: CalculationId,
  /** The same household, as a request body of that calculation. */
  request: z.record(z.string(), z.unknown()),
  amount: z.strictObject(amountOf),
  /** Why this is the same quantity for the same household. */
  reasoning: z.string().min(1),
});

/** The band the result must lie in, as a ratio of result to published figure, and why it is that wide. */
export const PlausibilityTolerance = z.strictObject({
  /** Lowest allowed ratio result / published, e.g. `"0.85"`. */
  min: z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a ratio written like "0.85"'),
  /** Highest allowed ratio result / published, e.g. `"1.15"`. */
  max: z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a ratio written like "1.15"'),
  /** Why this band: what differs between the published average and the household computed. */
  reasoning: z.string().min(1),
});

export const PlausibilityComparison = z.strictObject({
  /** Unique within the file. */
  id: Identifier,
  /** What is compared, in a sentence. */
  description: z.string().min(1),
  calculation: CalculationId,
  /** The household, as a request body of the calculation. */
  request: z.record(z.string(), z.unknown()),
  amount: PlausibilityAmount,
  /** The published figure; `unit` `EUR/year` compares it with 12 × the monthly result. Or `against`. */
  published: sourcedValue({ unit: Unit }).optional(),
  /** Instead of `published`: the same household's amount in the rule set's other calculation. */
  against: PlausibilityAgainst.optional(),
  tolerance: PlausibilityTolerance,
  /**
   * The result is known to lie outside the band, and why. The comparison still runs: the test
   * lists it on every run and fails when it comes back inside the band, so the list stays true.
   * The band stays what the anchor's uncertainty says; it is never widened to pass.
   */
  knownDeviation: z.strictObject({ reason: z.string().min(1) }).optional(),
});
export type PlausibilityComparison = z.infer<typeof PlausibilityComparison>;

export const PlausibilityFile = z.strictObject({
  $schema: z.string().optional(),
  /** What the comparisons are for, and what they cannot show. */
  description: z.string().min(1),
  /** The sources of the published figures, as in the manifest's register. */
  sources: z.record(Identifier, Source),
  comparisons: z.array(PlausibilityComparison).min(1),
});
export type PlausibilityFile = z.infer<typeof PlausibilityFile>;
