/**
 * Building blocks shared by every rule file: decimal literals, identifiers, units,
 * provenance. Rule files are strict: every object schema here rejects unknown keys, so a
 * misspelt key is an error rather than silently dropped data.
 */
import * as z from 'zod';
import { deferredSchema } from '../../contract/deferred-shape.js';
import type { ProvenanceKind } from '../../contract/explanation.js';

/**
 * An exact decimal, written as a JSON string ("1071", "0.15", "-3.5") or a JSON number.
 * Strings are preferred: they are what the actuary typed, digit for digit.
 */
export const DecimalLiteral = deferredSchema(() =>
  z.union([
    z.string().regex(/^-?(0|[1-9]\d*)(\.\d+)?$/, 'a decimal number written like "1071" or "0.15"'),
    z.number().refine(Number.isFinite, 'a finite number'),
  ]),
);
export type DecimalLiteral = z.infer<typeof DecimalLiteral>;

/** Names of parameters, tables, values and facts: letters, digits, `_`, `.` and `-`, starting with a letter. */
export const Identifier = deferredSchema(() =>
  z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'an identifier: a letter, then letters, digits, _ . -'),
);

/** A category or band key in a table: `rent`, `1`, `5+`, `0-3`. */
export const KeyValue = deferredSchema(() =>
  z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.+-]*$/, 'a table key: letters, digits, _ . + -'),
);

/**
 * A unit such as `EUR/month`, `EUR/year`, `m3/year`, `EUR/m3`, `day/month`, `month/year`,
 * `year`, or `1` for a plain number (ratios are fractions: 0.15 is 15%). A product is
 * written with `*`, e.g. `EUR/person/day` is EUR per person per day.
 */
export const Unit = deferredSchema(() =>
  z.string().regex(/^(1|[A-Za-z][A-Za-z0-9]*)((\*|\/)[A-Za-z][A-Za-z0-9]*)*$/, 'a unit like EUR/month, m3/year or 1'),
);

/** The collections a `sum` or `count` can run over; their items' facts are `person.*`, `child.*`, `car.*`. */
export const COLLECTIONS = ['persons', 'children', 'cars'] as const;
export const Collection = deferredSchema(() => z.enum(COLLECTIONS));
export type Collection = z.infer<typeof Collection>;

/** ISO calendar date `YYYY-MM-DD`. */
export const IsoDate = deferredSchema(() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, 'a real calendar date'),
);

export type { ProvenanceKind };

/**
 * A value with its source and provenance, plus any `extra` fields (a parameter adds its
 * description and unit). Discriminated on `provenance`, so an error names the missing
 * companion field (`formula` for derived, `reasoning` for estimates) precisely.
 */
export function sourcedValue<Extra extends z.ZodRawShape>(extra: Extra) {
  const base = {
    ...extra,
    value: DecimalLiteral,
    /** A key of the manifest's `sources` register. */
    source: Identifier,
    /** Where in the source, e.g. a table or page. */
    locator: z.string().min(1).optional(),
    note: z.string().min(1).optional(),
  };
  return z.discriminatedUnion('provenance', [
    z.strictObject({ ...base, provenance: z.literal('read') }),
    z.strictObject({ ...base, provenance: z.literal('derived'), formula: z.string().min(1) }),
    z.strictObject({ ...base, provenance: z.literal('estimate'), reasoning: z.string().min(1) }),
    z.strictObject({ ...base, provenance: z.literal('to-verify'), reasoning: z.string().min(1) }),
  ]);
}

/** The provenance-bearing part of a parameter or table cell, as the engine and the explanation see it. */
export interface Sourced {
  readonly value: DecimalLiteral;
  readonly source: string;
  readonly locator?: string | undefined;
  readonly note?: string | undefined;
  readonly provenance: ProvenanceKind;
  readonly formula?: string;
  readonly reasoning?: string;
}
