/**
 * `manifest.json`: what a rule set is, when it applies, how it rounds, and the register of
 * sources every value cites.
 */
import { z } from 'zod';
import { Identifier, IsoDate } from './common.js';

/** Rounding modes by name; a rule set must say which one it means (decimal.js's default is never relied on). */
export const RoundingMode = z.enum(['half-up', 'half-even', 'half-down', 'up', 'down', 'floor', 'ceiling']);
export type RoundingMode = z.infer<typeof RoundingMode>;

/** A named rounding: to how many decimals, and how. Referenced by name from expressions and posts. */
export const RoundingPolicy = z.strictObject({
  decimals: z.number().int().min(0).max(10),
  mode: RoundingMode,
  description: z.string().min(1),
});

/** One entry of the sources register. */
export const Source = z
  .strictObject({
    publisher: z.string().min(1),
    title: z.string().min(1),
    /** A web address, or `document` for a paper or licensed source. */
    url: z.url().optional(),
    document: z.string().min(1).optional(),
    /** The period the figures are for, e.g. `2026`, `2025-07-01 onwards`. */
    period: z.string().min(1),
    /** When we read it. */
    read: IsoDate,
    note: z.string().min(1).optional(),
  })
  .refine((s) => s.url !== undefined || s.document !== undefined, {
    message: 'a source needs a url or a document reference',
    path: ['url'],
  });

export const RuleSetStatus = z.enum(['draft', 'reviewed', 'approved', 'withdrawn']);

export const Manifest = z.strictObject({
  $schema: z.string().optional(),
  id: Identifier,
  title: z.string().min(1),
  description: z.string().min(1).optional(),
  /** First day the set applies (inclusive). */
  validFrom: IsoDate,
  /** Last day the set applies (inclusive). */
  validUntil: IsoDate,
  status: RuleSetStatus,
  rounding: z.record(Identifier, RoundingPolicy),
  /** The sources register; more sources may stand in `sources-<topic>.json` files. */
  sources: z.record(Identifier, Source),
});
export type Manifest = z.infer<typeof Manifest>;

/** `sources-<topic>.json`: more entries of the sources register. */
export const SourcesFile = z.strictObject({
  $schema: z.string().optional(),
  sources: z.record(Identifier, Source),
});
export type SourcesFile = z.infer<typeof SourcesFile>;
