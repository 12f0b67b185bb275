/**
 * `manifest.json`: what a rule set is, when it applies, how it rounds, and the register of
 * sources every value cites.
 */
import * as z from 'zod';
import { deferredSchema } from '../../contract/deferred-shape.js';
import { RuleSetStatus } from '../../contract/rule-set-status.js';
import { Identifier, IsoDate } from './common.js';

export { RuleSetStatus };

/** Rounding modes by name; a rule set must say which one it means (decimal.js's default is never relied on). */
export const RoundingMode = deferredSchema(() =>
  z.enum(['half-up', 'half-even', 'half-down', 'up', 'down', 'floor', 'ceiling']),
);
export type RoundingMode = z.infer<typeof RoundingMode>;

/** A named rounding: to how many decimals, and how. Referenced by name from expressions and posts. */
export const RoundingPolicy = deferredSchema(() =>
  z.strictObject({
    /** How many decimals to keep (0 for whole euros). */
    decimals: z.number().int().min(0).max(10),
    /** How to round: `half-up`, `half-even`, `half-down`, `up`, `down`, `floor` or `ceiling`. */
    mode: RoundingMode,
    /** What the policy is for, in plain words. */
    description: z.string().min(1),
  }),
);

/** One entry of the sources register. */
export const Source = deferredSchema(() =>
  z
    .strictObject({
      /** Who published it, e.g. `Nibud`, `Rijksoverheid`. */
      publisher: z.string().min(1),
      /** The title of the publication. */
      title: z.string().min(1),
      /** A web address, or `document` for a paper or licensed source. */
      url: z.url().optional(),
      /** A paper or licensed document, named so a reader can find it (instead of or besides `url`). */
      document: z.string().min(1).optional(),
      /** The period the figures are for, e.g. `2026`, `2025-07-01 onwards`. */
      period: z.string().min(1),
      /** When we read it. */
      read: IsoDate,
      /** Anything a reader of the source should know. */
      note: z.string().min(1).optional(),
    })
    .refine((s) => s.url !== undefined || s.document !== undefined, {
      message: 'a source needs a url or a document reference',
      path: ['url'],
    }),
);

export const Manifest = deferredSchema(() =>
  z.strictObject({
    /** The JSON Schema the file names for editors; not part of the content hash. */
    $schema: z.string().optional(),
    /** The set's id, e.g. `nl-2026`: what results name in `Rekenregels.Id`. */
    id: Identifier,
    /**
     * The method family the set belongs to, e.g. `nl` (reference budgets, the default) or `vfn`
     * (the VFN lending norm). Choosing by date happens within a family; absent: `nl`.
     */
    family: Identifier.optional(),
    /** The set's title, for people. */
    title: z.string().min(1),
    /** What the set is and where its figures come from, for people. */
    description: z.string().min(1).optional(),
    /** First day the set applies (inclusive). */
    validFrom: IsoDate,
    /** Last day the set applies (inclusive). */
    validUntil: IsoDate,
    /** `draft`, `reviewed`, `approved` or `withdrawn` (a withdrawn set is never chosen by date). */
    status: RuleSetStatus,
    /** The named rounding policies posts and expressions refer to. */
    rounding: z.record(Identifier, RoundingPolicy),
    /** The sources register; more sources may stand in `sources-<topic>.json` files. */
    sources: z.record(Identifier, Source),
  }),
);
export type Manifest = z.infer<typeof Manifest>;

/** The family of a set whose manifest names none, and the one chosen by date when a caller names none. */
export const DEFAULT_FAMILY = 'nl';

/** `sources-<topic>.json`: more entries of the sources register. */
export const SourcesFile = deferredSchema(() =>
  z.strictObject({
    $schema: z.string().optional(),
    sources: z.record(Identifier, Source),
  }),
);
export type SourcesFile = z.infer<typeof SourcesFile>;
