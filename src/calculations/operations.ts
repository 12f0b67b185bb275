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
import type { CalculationOptions } from './options.js';
import { repaymentCapacity } from './repayment-capacity.js';
import { retirementExpenditure } from './retirement-expenditure.js';

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

const retirement = {
  id: 'pensioenuitgaven',
  what: 'the retirement expenditure reference amounts',
  parse: parseRetirementRequest,
  calculate: retirementExpenditure,
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

const repayment = {
  id: 'afloscapaciteit',
  what: 'the repayment capacity',
  parse: parseRepaymentRequest,
  calculate: repaymentCapacity,
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

/**
 * The JSON text of `calculate`'s result: what the service answers. Throws what `calculate` throws.
 */
export function jsonCalculation<Options extends CalculationOptions | undefined>(
  calculate: (body: unknown, options: Options) => unknown,
): (body: unknown, options: Options) => string {
  return (body, options) => JSON.stringify(calculate(body, options));
}
