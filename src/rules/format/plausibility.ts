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

/** The posts of a result whose amounts are added up, and (retirement) which of the two measures. */
export const PlausibilityAmount = z.strictObject({
  /** Post codes of the calculation (`Gas`, `Elektriciteit`); their shown amounts are added up. */
  posts: z.array(Identifier).min(1),
  /** `Basis` or `Voorbeeld` for pensioenuitgaven; absent for afloscapaciteit (`Bedrag`). */
  measure: z.enum(['Basis', 'Voorbeeld']).optional(),
  /**
   * Another household whose same amount is subtracted: to isolate what one feature adds (an
   * owner's buildings insurance is the owner's Verzekeringen minus a tenant's).
   */
  minus: z.strictObject({ request: z.record(z.string(), z.unknown()) }).optional(),
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
  /** The published figure; `unit` `EUR/year` compares it with 12 × the monthly result. */
  published: sourcedValue({ unit: Unit }),
  tolerance: PlausibilityTolerance,
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
