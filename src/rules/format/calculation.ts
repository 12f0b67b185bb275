/**
 * A calculation file (`afloscapaciteit.json`, `pensioenuitgaven.json`): the posts of the
 * result, each with its ordered rules; intermediate values the posts share; and the totals
 * the result reports. Each post says how its rules combine: `first` (the first rule whose
 * condition holds) or `sum` (all rules whose condition holds, added up). Either way at
 * least one rule must hold for every household: the loader checks this, so a post never
 * silently comes out as 0.
 */
import * as z from 'zod';
import { deferredSchema, once } from '../../contract/deferred-shape.js';
import { Identifier, Unit } from './common.js';
import { TopCondition } from './condition.js';
import { Expression } from './expression.js';

export const CALCULATION_IDS = ['afloscapaciteit', 'pensioenuitgaven'] as const;
export const CalculationId = deferredSchema(() => z.enum(CALCULATION_IDS));
/**
 * The calculations a rule set can have, named as their files.
 *
 * @inline
 */
export type CalculationId = z.infer<typeof CalculationId>;

export const Combine = deferredSchema(() => z.enum(['first', 'sum']));
export type Combine = z.infer<typeof Combine>;

/** A warning a rule adds to the result's `Meldingen` when it fires. */
export const Notice = deferredSchema(() => z.strictObject({ code: Identifier, text: z.string().min(1) }));
export type Notice = z.infer<typeof Notice>;

// Made on first use: `Notice.optional()` would make the deferred `Notice` at import.
const ruleFields = once(() => ({
  id: Identifier,
  description: z.string().min(1),
  /** Absent: the rule always applies. */
  when: TopCondition.optional(),
  notice: Notice.optional(),
}));

/** A rule of a post: one amount per measure of the calculation (e.g. `basis` and `voorbeeld`). */
export const PostRule = deferredSchema(() =>
  z.strictObject({ ...ruleFields(), amounts: z.record(Identifier, Expression) }),
);
export type PostRule = z.infer<typeof PostRule>;

/** A rule of an intermediate value: one amount. */
export const ValueRule = deferredSchema(() => z.strictObject({ ...ruleFields(), amount: Expression }));
export type ValueRule = z.infer<typeof ValueRule>;

export const Post = deferredSchema(() =>
  z.strictObject({
    code: Identifier,
    description: z.string().min(1),
    group: Identifier.optional(),
    combine: Combine,
    /** The manifest's rounding policy for the amount shown in the result. */
    rounding: Identifier,
    rules: z.array(PostRule).min(1),
  }),
);
export type Post = z.infer<typeof Post>;

export const Value = deferredSchema(() =>
  z.strictObject({
    id: Identifier,
    description: z.string().min(1),
    unit: Unit,
    combine: Combine,
    rules: z.array(ValueRule).min(1),
  }),
);
export type Value = z.infer<typeof Value>;

export const Group = deferredSchema(() => z.strictObject({ code: Identifier, description: z.string().min(1) }));

export const Total = deferredSchema(() =>
  z.strictObject({ description: z.string().min(1), unit: Unit, amount: Expression }),
);
export type Total = z.infer<typeof Total>;

/** The method a calculation file implements: what a result names in `Rekenregels.Methode`. */
export const Method = deferredSchema(() =>
  z.strictObject({
    /** A stable id, e.g. `vfn-leennorm` or `referentiebudget`. */
    id: Identifier,
    /** Its name for people, e.g. `VFN-leennorm (consumptief krediet)`. */
    name: z.string().min(1),
  }),
);
export type Method = z.infer<typeof Method>;

export const CalculationFile = deferredSchema(() =>
  z.strictObject({
    $schema: z.string().optional(),
    calculation: CalculationId,
    description: z.string().min(1),
    /** The method the file implements, named in every result's `Rekenregels.Methode`. */
    method: Method.optional(),
    /** The amounts each post has: `["bedrag", "minimaal"]`, or `["basis", "voorbeeld"]`. */
    measures: z.array(Identifier).min(1),
    /**
     * Measures a rule may leave out, each with the measure whose amount it then takes:
     * `{ "minimaal": "bedrag" }` says a rule without a `minimaal` amount has its `bedrag` as
     * `minimaal` too, so only the rules where the two differ state both.
     */
    measureDefaults: z.record(Identifier, Identifier).optional(),
    /** The unit of every post amount. */
    unit: Unit,
    groups: z.array(Group).optional(),
    values: z.array(Value).optional(),
    posts: z.array(Post).min(1),
    totals: z.record(Identifier, Total),
  }),
);
export type CalculationFile = z.infer<typeof CalculationFile>;
