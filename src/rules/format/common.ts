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

/**
 * Names every JavaScript object has (`constructor`, `toString`, `__proto__`, …): a parameter,
 * table or key so named would be looked up on every object, so the format refuses them.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** The code of the issue a reserved name gets (`reserved_name`), and its message. */
export const RESERVED_NAME_CODE = 'reserved_name';
export const reservedNameMessage = (name: string): string =>
  `${JSON.stringify(name)} is a name every JavaScript object has; choose another name`;

const notReserved = <S extends z.ZodString>(schema: S) =>
  schema.refine((name) => !RESERVED_NAMES.has(name), {
    params: { code: RESERVED_NAME_CODE },
    error: (issue) => reservedNameMessage(String(issue.input)),
  });

/**
 * Names of parameters, tables, values and facts: letters, digits, `_`, `.` and `-`, starting
 * with a letter, and not one of {@link RESERVED_NAMES}.
 */
export const Identifier = deferredSchema(() =>
  notReserved(z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'an identifier: a letter, then letters, digits, _ . -')),
);

/** A category or band key in a table: `rent`, `1`, `5+`, `0-3`; not one of {@link RESERVED_NAMES}. */
export const KeyValue = deferredSchema(() =>
  notReserved(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.+-]*$/, 'a table key: letters, digits, _ . + -')),
);

/**
 * Where a parsed JSON value has an own key `__proto__`, as paths: a record would drop such a
 * key without a word (`JSON.parse` makes it an own key; an object literal could not).
 */
export function protoKeyPaths(value: unknown, path: readonly PropertyKey[] = []): PropertyKey[][] {
  if (value === null || typeof value !== 'object') return [];
  const found: PropertyKey[][] = Object.hasOwn(value, '__proto__') ? [[...path, '__proto__']] : [];
  for (const [key, item] of Object.entries(value))
    found.push(...protoKeyPaths(item, [...path, Array.isArray(value) ? Number(key) : key]));
  return found;
}

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
