/**
 * The CLI's registry of operations: each operation of the library's registry
 * (src/calculations/operations.ts) with what only the command line needs: the line of the
 * main help, the table for people (`--format table`) and the batch's CSV result columns. The
 * commands `budgetnorm <operation>` and `budgetnorm batch <operation>` iterate over it; a
 * calculation id without an entry here is a compile error (`satisfies`).
 */
import { OPERATIONS, type OperationSpec } from '../calculations/operations.js';
import type { CalculationId } from '../rules/format/calculation.js';
import type { RuleSet } from '../rules/rule-set.js';
import { repaymentColumns, retirementColumns, type OperationColumns } from './batch/operation-columns.js';
import { CliError } from './io.js';
import { EXIT } from './exit-codes.js';
import { repaymentTable, retirementTable } from './render/result-table.js';

/** An operation as the command line runs it. */
export interface CliOperation extends OperationSpec {
  /** Its line in `budgetnorm --help`, after the usage: `repayment capacity of one household (JSON body)`. */
  readonly summary: string;
  /** The result as a table for people (`--format table`), with the rule set that computed it. */
  readonly table: (result: unknown, ruleSet: RuleSet) => string;
  /** Its own result columns in a batch's CSV output. */
  readonly resultColumns: OperationColumns;
}

/** A CLI registry: operations by id (the command's name), in the order the help lists them. */
export type CliOperations = Readonly<Record<string, CliOperation>>;

/**
 * An operation of the library's registry with its CLI parts. `table` gets what the operation's
 * own `calculate` returned, hence the one narrowing cast.
 */
function cliParts<Result>(
  spec: OperationSpec<Result>,
  parts: { summary: string; table: (result: Result, ruleSet: RuleSet) => string; resultColumns: OperationColumns },
): CliOperation {
  return { ...spec, ...parts, table: (result, ruleSet) => parts.table(result as Result, ruleSet) };
}

export const CLI_OPERATIONS = {
  afloscapaciteit: cliParts(OPERATIONS.afloscapaciteit, {
    summary: 'repayment capacity of one household (JSON body)',
    // The calculation file's post groups, when it has them, give the table its subtotals.
    table: (result, ruleSet) => repaymentTable(result, ruleSet.calculations.afloscapaciteit),
    resultColumns: repaymentColumns,
  }),
  pensioenuitgaven: cliParts(OPERATIONS.pensioenuitgaven, {
    summary: 'retirement expenditure reference amounts of one household',
    table: retirementTable,
    resultColumns: retirementColumns,
  }),
} satisfies Readonly<Record<CalculationId, CliOperation>>;

/** The operation named `id`, or a usage error listing the ones there are. */
export function cliOperation(operations: CliOperations, id: string): CliOperation {
  const operation = Object.hasOwn(operations, id) ? operations[id] : undefined;
  if (operation === undefined)
    throw new CliError(EXIT.usage, `unknown calculation "${id}": one of ${Object.keys(operations).join(', ')}`);
  return operation;
}
