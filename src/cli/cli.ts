/**
 * The `budgetnorm` command line: `main(argv, io)` runs one command and returns its exit code.
 * It never calls `process.exit`, so tests run it in-process with their own streams.
 */
import { readFileSync } from 'node:fs';
import { calculationCommand } from './commands/calculate.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { batchHelp, calculationHelp, mainHelp, RULES_HELP } from './help.js';
import { CliError, report, write, WriteError, writeOut, type CliIo } from './io.js';
import { RuleSetError } from '../index.js';
import { CLI_OPERATIONS, type CliOperation, type CliOperations } from './operations.js';
import { didYouMean } from './suggest.js';

export { EXIT } from './exit-codes.js';
export type { CliIo } from './io.js';

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function dispatch(argv: readonly string[], io: CliIo, operations: CliOperations): Promise<number> {
  const [command, ...rest] = argv;
  const operation = command !== undefined && Object.hasOwn(operations, command) ? operations[command] : undefined;
  if (operation !== undefined) return calculationCommand(operation, rest, io);
  switch (command) {
    // Loaded when used: a single calculation, the most common command and the one whose start
    // counts (issue 14: `budgetnorm afloscapaciteit file.json` in ≤ 150 ms), does not set up the
    // batch pipeline, the CSV libraries or the rule-set tools (in the built CLI, one bundle,
    // their modules' top level runs only then).
    case 'batch':
      return (await import('./commands/batch.js')).batchCommand(rest, io, operations);
    case 'rules':
      return (await import('./commands/rules.js')).rulesCommand(rest, io);
    case 'help': {
      const topic = rest[0] ?? '';
      const text = Object.hasOwn(operations, topic)
        ? calculationHelp(operations[topic] as CliOperation)
        : topic === 'batch'
          ? batchHelp(operations)
          : topic === 'rules'
            ? RULES_HELP
            : mainHelp(operations);
      await writeOut(io, text);
      return EXIT.ok;
    }
    case '--help':
    case '-h':
      await writeOut(io, mainHelp(operations));
      return EXIT.ok;
    case '--version':
    case '-v':
      await writeOut(io, `${version()}\n`);
      return EXIT.ok;
    case undefined:
      await write(io.stderr, mainHelp(operations));
      return EXIT.usage;
    default:
      throw new CliError(
        EXIT.usage,
        `unknown command "${command}"${didYouMean(command, [...Object.keys(operations), 'batch', 'rules', 'help', '--help', '--version'])}\nsee: budgetnorm --help`,
      );
  }
}

/**
 * Runs the command line `argv` (without `node` and the script) and returns the exit code. The
 * operations are the CLI registry's (one command each); a test passes a copy with one added.
 */
export async function main(
  argv: readonly string[],
  io: CliIo,
  operations: CliOperations = CLI_OPERATIONS,
): Promise<ExitCode | number> {
  try {
    return await dispatch(argv, io, operations);
  } catch (error) {
    if (error instanceof CliError) {
      if (error.message !== '') await report(io, `budgetnorm: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof WriteError) {
      const where =
        error.stream === io.stdout ? 'standard output' : error.stream === io.stderr ? 'standard error' : 'a file';
      await report(io, `budgetnorm: cannot write to ${where}: ${error.message}; the output is incomplete\n`);
      return EXIT.io;
    }
    if (error instanceof RuleSetError) {
      await report(io, `budgetnorm: ${error.message}\n`);
      return EXIT.ruleSet;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    await report(io, `budgetnorm: internal error (a bug; please report it with the command you ran):\n${detail}\n`);
    return EXIT.internal;
  }
}
