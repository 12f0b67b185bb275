/**
 * What `--ruleset` and the `ID|DIR` arguments of `rules …` name: a folder on disk (a path to
 * an existing folder) or the id of a bundled rule set. Bundled sets also have their source
 * folder in the package (`rules/<id>/`, with the worked examples under `tests/`).
 */
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { bundledCatalog, RuleSetChoiceError, RuleSetError, type LoadReport, type RuleSet } from '../index.js';
import { readRuleSetFolder } from '../node/index.js';
import { readAndLoadFolder } from '../node/load-folder.js';
import { EXIT } from './exit-codes.js';
import { CliError, resolvePath, type CliIo } from './io.js';

/** The package's `rules/` folder: two levels above this module in `src/cli/` and in `dist/cli/`. */
export function packageRulesDir(): string {
  return fileURLToPath(new URL('../../rules/', import.meta.url));
}

export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A rule set as the command line names it. */
export interface NamedRuleSet {
  readonly ruleSet: RuleSet;
  /** How to name it in output: the argument as given (never an absolute path). */
  readonly label: string;
  /** Where it came from: a folder path (absolute), or a bundled id. */
  readonly source:
    | { readonly kind: 'folder'; readonly path: string }
    | { readonly kind: 'bundled'; readonly id: string };
  /** Every file of the folder (rule files and `tests/**`); for a bundled set, its source folder's files when the package has it. */
  readonly files: Readonly<Record<string, unknown>>;
  /** The coverage-sweep report, when the set was loaded here (folders). */
  readonly report?: LoadReport;
}

/** The bundled catalog, or exit 4 when the bundled sets themselves do not load. */
export function catalog() {
  try {
    return bundledCatalog();
  } catch (error) {
    if (error instanceof RuleSetError)
      throw new CliError(EXIT.ruleSet, `the bundled rule sets cannot be used:\n${error.message}`);
    throw error;
  }
}

/** Reads a folder's files; a missing folder is exit 3, unreadable JSON a RuleSetError (for the caller to report). */
export function readFolderFiles(io: CliIo, arg: string): Record<string, unknown> {
  const path = resolvePath(io, arg);
  if (!isFolder(path))
    throw new CliError(
      EXIT.io,
      `cannot read rule-set folder ${arg}: ${existsSync(path) ? 'not a folder' : 'no such folder'}`,
    );
  return readRuleSetFolder(path);
}

/** Loads `arg` (an existing folder, or a bundled id). Errors: unknown id → 2, missing folder → 3, a set that does not load → 4. */
export function loadNamedRuleSet(io: CliIo, arg: string): NamedRuleSet {
  const path = resolvePath(io, arg);
  if (isFolder(path)) {
    try {
      const { files, report } = readAndLoadFolder(path, arg);
      return { ruleSet: report.ruleSet, label: arg, source: { kind: 'folder', path }, files, report };
    } catch (error) {
      if (error instanceof RuleSetError)
        throw new CliError(EXIT.ruleSet, `${error.message}\n(run \`budgetnorm rules check ${arg}\` for every problem)`);
      throw error;
    }
  }
  if (/[/\\]/.test(arg) || arg.startsWith('.'))
    throw new CliError(EXIT.io, `cannot read rule-set folder ${arg}: no such folder`);
  let ruleSet: RuleSet;
  try {
    ruleSet = catalog().byId(arg);
  } catch (error) {
    if (error instanceof RuleSetChoiceError)
      throw new CliError(EXIT.usage, `${error.message} (or give the path of a rule-set folder)`);
    throw error;
  }
  return { ruleSet, label: arg, source: { kind: 'bundled', id: arg }, files: bundledSourceFiles(ruleSet.id) };
}

/** The files of a bundled set's source folder in the package (for its worked examples); `{}` when absent. */
export function bundledSourceFiles(id: string): Readonly<Record<string, unknown>> {
  const folder = join(packageRulesDir(), id);
  if (!isFolder(folder)) return {};
  try {
    return readRuleSetFolder(folder);
  } catch {
    return {};
  }
}

/** The worked examples among a set's files, by path (`tests/<calculation>/<name>.json`). */
export function workedExampleFiles(files: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(files).filter(([name]) => name.startsWith('tests/')));
}
