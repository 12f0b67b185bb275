/**
 * The operation registry: one entry per calculation the library offers, holding everything
 * the layers below the shells know about it (its request schema and parser, its result schema
 * and builder, its route and its OpenAPI texts). The HTTP service, the OpenAPI document, the
 * CLI and the advisor iterate over a registry like this one instead of naming an operation;
 * what is specific to one shell (a CLI table, the CSV columns, an advisor form) lives in that
 * shell's own registry keyed by the same {@link CalculationId} (docs/architecture.md).
 *
 * Keep each operation's data inside its own entry: the order of entries is the order the
 * service's routes and OpenAPI paths and schemas are listed in.
 */
import type { z } from 'zod';
import { repaymentRequestSchema } from '../contract/repayment-request.js';
import { RepaymentCapacityResult, RetirementExpenditureResult } from '../contract/results.js';
import { retirementRequestSchema } from '../contract/retirement-request.js';
import { parseRepaymentRequest } from '../household/parse-repayment.js';
import { parseRetirementRequest } from '../household/parse-retirement.js';
import type { CalculationFile, CalculationId } from '../rules/format/calculation.js';
import type { RuleSet } from '../rules/rule-set.js';
import { type JsonSink, jsonTextOf } from './json-sink.js';
import type { CalculationOptions } from './options.js';
import { repaymentCapacity, writeRepaymentCapacityJson } from './repayment-capacity.js';
import type { ResultJsonLayout } from './result-json.js';
import { retirementExpenditure, writeRetirementExpenditureJson } from './retirement-expenditure.js';

/** A request's or result's zod object schema (its fields in the contract's order), with its name among the OpenAPI document's components. */
export interface NamedSchema {
  readonly name: string;
  readonly schema: z.ZodObject;
}

/**
 * A field of a result whose values are codes of the rule set (`Posten[].Code`): the OpenAPI
 * document narrows it to the codes the service's rule sets have.
 */
export interface ResultCodeField {
  /** The array of the result the field is in (`Posten`). */
  readonly array: string;
  /** The field of each item (`Code`). */
  readonly field: string;
  /** Where the codes come from in the calculation file: its posts or its groups. */
  readonly from: 'posts' | 'groups';
  /** What the code names, to start its description (`the post`). */
  readonly what: string;
}

/** How the operation is served over HTTP and described in the OpenAPI document. */
export interface OperationHttp {
  /** The `POST` path (case-sensitive, as existing clients send it). */
  readonly path: string;
  /** Its key in the HTTP shell's `PATHS`. */
  readonly pathName: string;
  /** The key under which `createApp`'s `calculations` option replaces {@link OperationSpec.calculate}. */
  readonly overrideName: string;
  readonly summary: string;
  readonly description: string;
  readonly request: NamedSchema;
  readonly result: NamedSchema;
  readonly resultCodes: readonly ResultCodeField[];
}

/**
 * One operation: what it is called, how a body is read, how the result is built, and how it is
 * served. `Result` is the result type of {@link OperationSpec.calculate}.
 */
export interface OperationSpec<Result = unknown> {
  /** The id: the rule file it runs (`<id>.json`), the CLI command, the OpenAPI `operationId`. */
  readonly id: string;
  /** What it computes, as a phrase in a sentence: `the repayment capacity`. */
  readonly what: string;
  /**
   * Reads a request body into what the calculation works on (for the library's operations a
   * `ParsedRequest`: the household and the fields it ignored). Throws `ValidationError`.
   */
  readonly parse: (body: unknown) => unknown;
  /** Parses the body, chooses the rule set and builds the result. Throws as the library's entry points do. */
  readonly calculate: (body: unknown, options?: CalculationOptions) => Result;
  /**
   * Writes `JSON.stringify(calculate(body, options))` into a sink, byte for byte, faster (the
   * rule set's constant parts once per set, src/calculations/json-sink.ts). Throws what
   * `calculate` throws, before writing anything. Optional: without it, and for any `calculate`
   * other than this entry's own, {@link jsonWriter} and {@link jsonCalculation} stringify.
   * `body` must be what `JSON.parse` made of a request and nothing else holds (the batch's and
   * the service's bodies are): an acceptable one is read in place, not copied first.
   */
  readonly writeJson?: (sink: JsonSink, body: unknown, options?: CalculationOptions) => void;
  /** How `writeJson` lays out the result (src/calculations/result-json.ts), when it has one. */
  readonly resultJson?: ResultJsonLayout;
  /** Whether a rule set can compute it (has its calculation file). */
  readonly computableWith: (ruleSet: RuleSet) => boolean;
  readonly http: OperationHttp;
}

/** A registry of operations by id, in the order they are listed. */
export type OperationRegistry = Readonly<Record<string, OperationSpec>>;

/**
 * A rule set's calculation file of an operation, if it has one. Looked up by any id, as a
 * registry may hold an operation whose rules are not a calculation file of the rule format.
 */
export const calculationFile = (ruleSet: RuleSet, id: string): CalculationFile | undefined =>
  (ruleSet.calculations as Readonly<Record<string, CalculationFile | undefined>>)[id];

const hasCalculationFile =
  (id: CalculationId) =>
  (ruleSet: RuleSet): boolean =>
    ruleSet.calculations[id] !== undefined;

/** A retirement result is written from the result: each post names its group. */
const RETIREMENT_JSON: ResultJsonLayout = { calculation: 'pensioenuitgaven', firstAmount: 'Basis', postGroup: true };

const retirement = {
  id: 'pensioenuitgaven',
  what: 'the retirement expenditure reference amounts',
  parse: parseRetirementRequest,
  calculate: retirementExpenditure,
  writeJson: (sink, body, options) => writeRetirementExpenditureJson(RETIREMENT_JSON, sink, body, options),
  resultJson: RETIREMENT_JSON,
  computableWith: hasCalculationFile('pensioenuitgaven'),
  http: {
    path: '/pensioenuitgaven/Resultaat',
    pathName: 'retirement',
    overrideName: 'retirementExpenditure',
    summary: 'Retirement expenditure reference amounts (pensioenuitgaven)',
    description:
      'Per expenditure post, Basis (the necessary minimum for this household type) and Voorbeeld (what comparable households spend), group subtotals and the total, in euros per month.',
    request: { name: 'PensioenuitgavenVerzoek', schema: retirementRequestSchema },
    result: { name: 'PensioenuitgavenResultaat', schema: RetirementExpenditureResult },
    resultCodes: [
      { array: 'Posten', field: 'Code', from: 'posts', what: 'the post' },
      { array: 'Posten', field: 'Groep', from: 'groups', what: 'the group the post counts in' },
      { array: 'Groepen', field: 'Code', from: 'groups', what: 'the group' },
    ],
  },
} as const satisfies OperationSpec<RetirementExpenditureResult>;

/** A repayment result is written from the evaluation, in the order of `RepaymentCapacityResult`'s fields. */
const REPAYMENT_JSON: ResultJsonLayout = {
  calculation: 'afloscapaciteit',
  firstAmount: 'Bedrag',
  postGroup: false,
  evaluation: [
    '{"Afloscapaciteit":',
    { total: 'Afloscapaciteit' },
    ',"MaximaleAfloscapaciteit":',
    { total: 'MaximaleAfloscapaciteit' },
    ',"NettoBesteedbaarInkomenPerMaand":',
    { income: true },
    ',"Posten":[',
    { posts: [{ measure: 'bedrag' }, ',"Minimaal":', { measure: 'minimaal' }] },
    '],"TotaalLasten":',
    { total: 'TotaalLasten' },
    ',"TotaalMinimaleLasten":',
    { total: 'TotaalMinimaleLasten' },
    ',"Tekort":',
    { total: 'Tekort' },
    ',"MinimaalTekort":',
    { total: 'MinimaalTekort' },
  ],
};

const repayment = {
  id: 'afloscapaciteit',
  what: 'the repayment capacity',
  parse: parseRepaymentRequest,
  calculate: repaymentCapacity,
  writeJson: (sink, body, options) => writeRepaymentCapacityJson(REPAYMENT_JSON, sink, body, options),
  resultJson: REPAYMENT_JSON,
  computableWith: hasCalculationFile('afloscapaciteit'),
  http: {
    path: '/Afloscapaciteit/Resultaat',
    pathName: 'repayment',
    overrideName: 'repaymentCapacity',
    summary: 'Repayment capacity (afloscapaciteit)',
    description:
      'What the household has left each month to repay debts after all necessary expenditure (Afloscapaciteit), and what it could repay with its spending cut to the minimum (MaximaleAfloscapaciteit), with every deduction at the norm and at the minimum, in euros per month.',
    request: { name: 'AfloscapaciteitVerzoek', schema: repaymentRequestSchema },
    result: { name: 'AfloscapaciteitResultaat', schema: RepaymentCapacityResult },
    resultCodes: [{ array: 'Posten', field: 'Code', from: 'posts', what: 'the post' }],
  },
} as const satisfies OperationSpec<RepaymentCapacityResult>;

/**
 * The library's operations. A calculation id without an entry is a compile error; the entry
 * order is the order of the service's routes and of the OpenAPI document.
 */
export const OPERATIONS = {
  pensioenuitgaven: retirement,
  afloscapaciteit: repayment,
} as const satisfies Readonly<Record<CalculationId, OperationSpec>>;

/** The result type of an operation of {@link OPERATIONS}. */
export type OperationResult<Id extends CalculationId> = ReturnType<(typeof OPERATIONS)[Id]['calculate']>;

/** The operations' ids in registry order. */
export const operationIds = (operations: OperationRegistry): string[] => Object.keys(operations);

/** What computes a result, and what writes it as JSON text. */
type Calculation = (body: unknown, options?: CalculationOptions) => unknown;
type JsonWriter = (sink: JsonSink, body: unknown, options?: CalculationOptions) => void;

/** The library's own calculations and their JSON writers: found by the function, so only the very function it belongs to gets one. */
const JSON_WRITERS = new Map<Calculation, JsonWriter>(
  Object.values(OPERATIONS as OperationRegistry).flatMap((spec) =>
    spec.writeJson === undefined ? [] : [[spec.calculate, spec.writeJson] as const],
  ),
);

let ownWriters = true;

/**
 * Whether {@link jsonWriter} uses the operations' own writers (the default) or plain
 * `JSON.stringify` (`false`: the plain path, src/node/generated-code.ts `BUDGETNORM_RESULT_JSON=0`).
 * Read at every write.
 */
export function useResultJsonWriters(on: boolean): void {
  ownWriters = on;
}

/**
 * What writes the JSON text of `calculate`'s result into a sink, byte for byte
 * `JSON.stringify` of it: the operation's `writeJson` when `calculate` is the library's own (an
 * operation of {@link OPERATIONS}) and {@link useResultJsonWriters} is on, else `JSON.stringify`
 * of what `calculate` returns. The batch writes results through it; a `calculate` of its
 * caller's (a registry of the tests) may return any value, which is stringified. Either throws
 * what `calculate` throws before writing.
 */
export function jsonWriter<Options extends CalculationOptions | undefined>(
  calculate: (body: unknown, options: Options) => unknown,
): (sink: JsonSink, body: unknown, options: Options) => void {
  // A writer is found only for a function of the registry, which takes any such options.
  const own = JSON_WRITERS.get(calculate as Calculation);
  const plain = (sink: JsonSink, body: unknown, options: Options): void =>
    sink.text(JSON.stringify(calculate(body, options)));
  if (own === undefined) return plain;
  return (sink, body, options) => (ownWriters ? own(sink, body, options) : plain(sink, body, options));
}

/**
 * {@link jsonWriter}'s text as one string: what the service answers (and the library's own
 * operations write faster than `JSON.stringify`).
 */
export function jsonCalculation<Options extends CalculationOptions | undefined>(
  calculate: (body: unknown, options: Options) => unknown,
): (body: unknown, options: Options) => string {
  const write = jsonWriter(calculate);
  return (body, options) => jsonTextOf((sink) => write(sink, body, options));
}
