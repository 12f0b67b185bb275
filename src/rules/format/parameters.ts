/**
 * `parameters.json` and `tables.json`: every figure the rules use, each with unit, source and
 * provenance. Tables are keyed by named dimensions, each either a list of categories or a
 * list of numeric bands.
 */
import * as z from 'zod';
import { deferredSchema } from '../../contract/deferred-shape.js';
import { DecimalLiteral, Identifier, KeyValue, Unit, sourcedValue } from './common.js';

/** One scalar parameter. */
export const Parameter = deferredSchema(() => sourcedValue({ description: z.string().min(1), unit: Unit }));
export type Parameter = z.infer<typeof Parameter>;

export const ParametersFile = deferredSchema(() =>
  z.strictObject({
    $schema: z.string().optional(),
    parameters: z.record(Identifier, Parameter),
  }),
);
export type ParametersFile = z.infer<typeof ParametersFile>;

/**
 * A numeric band of a banded dimension: `from` inclusive, `below` exclusive (absent on the
 * last band: no upper end). A fact value is looked up in the band that contains it.
 */
export const Band = deferredSchema(() =>
  z.strictObject({
    key: KeyValue,
    from: DecimalLiteral,
    below: DecimalLiteral.optional(),
  }),
);
export type Band = z.infer<typeof Band>;

/** A dimension: a list of category keys, or `{ "bands": [...] }` for a numeric fact. */
export const Dimension = deferredSchema(() =>
  z.union([z.array(KeyValue).min(1), z.strictObject({ bands: z.array(Band).min(1) })]),
);
export type Dimension = z.infer<typeof Dimension>;

/**
 * One table cell: its key (a value for every dimension) and its sourced value. `copyOf` names
 * another cell of the same table whose value this one repeats by choice (a fallback such as
 * "class not given: the mini class"); the loader holds the two values equal.
 */
export const TableCell = deferredSchema(() =>
  sourcedValue({ key: z.record(Identifier, KeyValue), copyOf: z.record(Identifier, KeyValue).optional() }),
);
export type TableCell = z.infer<typeof TableCell>;

export const Table = deferredSchema(() =>
  z.strictObject({
    description: z.string().min(1),
    unit: Unit,
    dimensions: z.record(Identifier, Dimension),
    cells: z.array(TableCell).min(1),
  }),
);
export type Table = z.infer<typeof Table>;

export const TablesFile = deferredSchema(() =>
  z.strictObject({
    $schema: z.string().optional(),
    tables: z.record(Identifier, Table),
  }),
);
export type TablesFile = z.infer<typeof TablesFile>;
