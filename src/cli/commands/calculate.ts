/**
 * `budgetnorm <operation> [FILE|-]`, one command per operation of the CLI registry
 * (../operations.ts): one request body in, its result out (JSON, or a table for people). A body that is not acceptable: its
 * issues on stderr, exit 1.
 */
import {
  RuleEvaluationError,
  RuleSetChoiceError,
  ValidationError,
  type RuleSet,
  type ValidationIssue,
} from '../../index.js';
import type { OperationSpec } from '../../calculations/operations.js';
import { parseJsonText } from '../../contract/json-text.js';
import { familyMismatch, setsThatHave } from '../../rules/choose.js';
import { CALCULATION_OPTIONS, choice, dateOption, parseCommand, positionals } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { calculationHelp } from '../help.js';
import { CliError, readAllText, write, writeOut, type CliIo } from '../io.js';
import { catalog, loadNamedRuleSet, type NamedRuleSet } from '../rule-set-arg.js';
import type { CliOperation } from '../operations.js';
import { alignRows } from '../render/text.js';

type Chosen = Pick<NamedRuleSet, 'ruleSet' | 'label' | 'source'>;

/**
 * The rule set for a calculation: `--ruleset` (folder or bundled id), else the bundled set of
 * `--family` (default `nl`) valid on `--date` (default today). Exit 2 for an unknown id or
 * family, a set of another family than `--family`, or a date no set covers; 4 when the set has
 * no rules for the calculation (naming the bundled sets that have).
 */
export function chooseRuleSet(
  io: CliIo,
  ruleSetArg: string | undefined,
  date: string | undefined,
  operation: Pick<OperationSpec, 'id' | 'computableWith'>,
  family?: string,
): Chosen {
  let chosen: Chosen;
  if (ruleSetArg !== undefined) {
    chosen = loadNamedRuleSet(io, ruleSetArg);
    const mismatch = familyMismatch(
      chosen.ruleSet,
      family,
      `leave out --family, or name a set of family ${family}`,
      chosen.label,
    );
    if (mismatch !== undefined) throw new CliError(EXIT.usage, mismatch.message);
    if (date !== undefined && (date < chosen.ruleSet.validFrom || date > chosen.ruleSet.validUntil)) {
      io.stderr.write(
        `warning: rule set ${chosen.ruleSet.id} is valid ${chosen.ruleSet.validFrom} to ${chosen.ruleSet.validUntil}, not on ${date}; it is used because --ruleset names it\n`,
      );
    }
  } else {
    try {
      const ruleSet = catalog().forDate(date, family);
      chosen = { ruleSet, label: ruleSet.id, source: { kind: 'bundled', id: ruleSet.id } };
    } catch (error) {
      if (error instanceof RuleSetChoiceError)
        throw new CliError(EXIT.usage, `${error.message} (give --ruleset, or another --date or --family)`);
      throw error;
    }
  }
  if (!operation.computableWith(chosen.ruleSet)) {
    const id = operation.id;
    const having = setsThatHave(catalog().list(), (s) => operation.computableWith(s));
    throw new CliError(
      EXIT.ruleSet,
      `rule set ${chosen.label} has no ${id} rules (no ${id}.json); the bundled sets that have: ${having}`,
    );
  }
  return chosen;
}

/** Issues as lines a person reads: path, code, message, aligned. */
export function issueLines(issues: readonly ValidationIssue[]): string[] {
  return alignRows(
    issues.map((i) => [i.path === '' ? '(body)' : i.path, i.code, i.message]),
    [],
    '  ',
  );
}

export async function calculationCommand(operation: CliOperation, args: readonly string[], io: CliIo): Promise<number> {
  const calculation = operation.id;
  const { values, positionals: given } = parseCommand(calculation, args, {
    ...CALCULATION_OPTIONS,
    format: { type: 'string' },
  });
  if (values.help === true) {
    await writeOut(io, calculationHelp(operation));
    return EXIT.ok;
  }
  const [file] = positionals(calculation, given, ['FILE?']);
  const format = choice(calculation, 'format', values.format, ['json', 'table'] as const, 'json');
  const date = dateOption(calculation, values.date);
  const { ruleSet } = chooseRuleSet(io, values.ruleset, date, operation, values.family);
  const { text } = await readAllText(io, file);

  const reject = async (issues: readonly ValidationIssue[]): Promise<number> => {
    if (format === 'table') {
      await write(
        io.stderr,
        `The request body is not acceptable (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${issueLines(issues).join('\n')}\n`,
      );
    } else {
      await write(io.stderr, `${JSON.stringify({ issues }, null, 2)}\n`);
    }
    return EXIT.problems;
  };

  const parsed = parseJsonText(text);
  if (parsed.kind === 'invalid') return reject([parsed.issue]);
  const body = parsed.value;
  const options = { ruleSet, explain: values.explain === true, provenance: values.provenance === true };
  let result: unknown;
  try {
    result = operation.calculate(body, options);
  } catch (error) {
    if (error instanceof ValidationError) return reject(error.issues);
    if (error instanceof RuleEvaluationError)
      throw new CliError(
        EXIT.ruleSet,
        `rule set ${ruleSet.id} failed on this household (a defect of the rule set): ${error.message}`,
      );
    throw error;
  }
  if (format === 'table') {
    await writeOut(io, operation.table(result, ruleSet));
  } else {
    await writeOut(io, `${JSON.stringify(result, null, 2)}\n`);
  }
  return EXIT.ok;
}

export type { RuleSet };
