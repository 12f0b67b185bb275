/**
 * Node-only: reads a rule-set folder from disk, for institutions with their own (for
 * example licensed) figures. The core never touches the file system; this shell reads the
 * files, reports unreadable JSON by file, line and column, and hands the parsed files to
 * `loadRuleSet`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { RuleSetError, type RuleSetIssue, errorMessage } from '../contract/errors.js';
import { loadRuleSetWithReport, type LoadReport } from '../engine/load-rule-set.js';
import type { RuleSet } from '../rules/rule-set.js';

/**
 * Reads every JSON file of a rule-set folder (the rule files and the worked examples under
 * `tests/`), parsed, without checking them as a rule set: for tools that look at the files
 * themselves. {@link loadRuleSetFolder} reads and checks.
 *
 * @param folder - The rule-set folder, absolute or relative to the working directory.
 * @returns Every `.json` file by its path relative to the folder, with `/` as separator
 *   (`manifest.json`, `tests/afloscapaciteit/jongere-huur.json`), as parsed JSON.
 * @throws {@link budgetnorm!RuleSetError | RuleSetError} listing every file that is not
 *   `.json` (`unknown_file`) or not valid JSON (`invalid_json`, with line and column); or one
 *   issue when the folder itself cannot be read: `folder_not_found`, `not_a_folder` (a file was
 *   given) or `unreadable_folder` (e.g. no permission).
 * @example A file that is not valid JSON is named with its line and column
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { RuleSetError } from 'budgetnorm';
 * import { readRuleSetFolder } from 'budgetnorm/node';
 *
 * const folder = mkdtempSync(join(tmpdir(), 'rule-set-'));
 * writeFileSync(join(folder, 'manifest.json'), '{ "id": "my-bank-2026" }');
 * assert.deepEqual(readRuleSetFolder(folder), { 'manifest.json': { id: 'my-bank-2026' } });
 *
 * writeFileSync(join(folder, 'parameters.json'), '{\n  "parameters": { , }\n}');
 * assert.throws(() => readRuleSetFolder(folder), (error) => {
 *   assert.ok(error instanceof RuleSetError);
 *   assert.equal(error.issues[0]?.file, 'parameters.json');
 *   assert.equal(error.issues[0]?.code, 'invalid_json');
 *   assert.match(error.issues[0]?.message ?? '', /^not valid JSON at line 2, column \d+/);
 *   return true;
 * });
 * rmSync(folder, { recursive: true });
 * ```
 */
export function readRuleSetFolder(folder: string): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  const issues: RuleSetIssue[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const full = join(dir, entry);
      const name = relative(folder, full).split(sep).join('/');
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      if (!entry.endsWith('.json')) {
        issues.push({ file: name, path: '$', code: 'unknown_file', message: 'a rule set holds only .json files' });
        continue;
      }
      const text = readFileSync(full, 'utf8');
      try {
        files[name] = JSON.parse(text);
      } catch (error) {
        issues.push({ file: name, path: '$', code: 'invalid_json', message: describeJsonError(text, error) });
      }
    }
  };
  const unreadable = folderProblem(folder);
  if (unreadable !== undefined) issues.push(unreadable);
  else walk(folder);
  if (issues.length > 0) throw new RuleSetError(issues, `Rule set folder ${folder} cannot be read`);
  return files;
}

/** Why `folder` cannot be read as a rule-set folder (missing, a file, no permission), or nothing. */
function folderProblem(folder: string): RuleSetIssue | undefined {
  const problem = (code: string, message: string): RuleSetIssue => ({ file: '', path: '$', code, message });
  try {
    if (!statSync(folder).isDirectory()) return problem('not_a_folder', `${folder} is a file, not a rule-set folder`);
    readdirSync(folder);
    return undefined;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') return problem('folder_not_found', `there is no folder ${folder}`);
    if (code === 'ENOTDIR')
      return problem('folder_not_found', `there is no folder ${folder} (a part of the path is a file)`);
    const reason = errorMessage(error);
    return problem('unreadable_folder', `the folder ${folder} cannot be read: ${reason}`);
  }
}

function describeJsonError(text: string, error: unknown): string {
  const message = errorMessage(error);
  const at = /position (\d+)/.exec(message);
  if (at === null) return `not valid JSON: ${message}`;
  const offset = Number(at[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `not valid JSON at line ${line}, column ${column}: ${message}`;
}

/**
 * Reads, checks and returns the rule set in a folder: an institution's own (for example
 * licensed) figures, ready to pass as the `ruleSet` option. The files are read and then
 * checked as by {@link budgetnorm!loadRuleSet | loadRuleSet}, coverage sweep included; the
 * worked examples under `tests/` are read but not run (see {@link runWorkedExamples}).
 *
 * @param folder - The rule-set folder, absolute or relative to the working directory.
 * @returns The checked rule set.
 * @throws {@link budgetnorm!RuleSetError | RuleSetError} naming every problem by file and JSON
 *   path: unreadable files as {@link readRuleSetFolder}, and everything
 *   {@link budgetnorm!loadRuleSet | loadRuleSet} checks; `folder_not_found`, `not_a_folder` or
 *   `unreadable_folder` when the folder itself cannot be read.
 * @example An institution's folder (here: a copy of the bundled 2026 files)
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { bundledCatalog, repaymentCapacity } from 'budgetnorm';
 * import { loadRuleSetFolder } from 'budgetnorm/node';
 *
 * const folder = mkdtempSync(join(tmpdir(), 'my-bank-2026-'));
 * for (const [name, content] of Object.entries(bundledCatalog().byId('nl-2026').files)) {
 *   writeFileSync(join(folder, name), JSON.stringify(content, null, 2));
 * }
 *
 * const ruleSet = loadRuleSetFolder(folder);
 * assert.equal(ruleSet.hash, bundledCatalog().byId('nl-2026').hash); // formatting does not count
 * const result = repaymentCapacity(
 *   {
 *     LeeftijdHoofdpersoon: 66,
 *     HeeftPartner: false,
 *     AantalThuiswonendeKinderen: 0,
 *     AantalAutos: 0,
 *     NettoBesteedbaarInkomenPerMaand: 2200,
 *     BijzondereUitgaven: {},
 *     Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
 *   },
 *   { ruleSet },
 * );
 * assert.equal(result.Afloscapaciteit, 134);
 * rmSync(folder, { recursive: true });
 * ```
 */
export function loadRuleSetFolder(folder: string): RuleSet {
  return loadRuleSetFolderWithReport(folder).ruleSet;
}

/**
 * As {@link loadRuleSetFolder}, also returning what the coverage sweep tried: what
 * `budgetnorm rules check` prints.
 *
 * @param folder - The rule-set folder, absolute or relative to the working directory.
 * @returns The checked rule set and, per calculation, the sweep's report.
 * @throws {@link budgetnorm!RuleSetError | RuleSetError} naming every problem by file and JSON
 *   path, as {@link loadRuleSetFolder}, a folder that cannot be read included.
 * @example A folder with only the repayment calculation
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { bundledCatalog } from 'budgetnorm';
 * import { loadRuleSetFolderWithReport } from 'budgetnorm/node';
 *
 * const folder = mkdtempSync(join(tmpdir(), 'repayment-only-'));
 * for (const [name, content] of Object.entries(bundledCatalog().byId('nl-2026').files)) {
 *   if (!name.includes('pensioenuitgaven')) writeFileSync(join(folder, name), JSON.stringify(content));
 * }
 *
 * const { ruleSet, sweeps } = loadRuleSetFolderWithReport(folder);
 * assert.deepEqual(Object.keys(ruleSet.calculations), ['afloscapaciteit']);
 * assert.deepEqual(Object.keys(sweeps), ['afloscapaciteit']);
 * assert.ok((sweeps.afloscapaciteit?.households ?? 0) > 0);
 * rmSync(folder, { recursive: true });
 * ```
 */
export function loadRuleSetFolderWithReport(folder: string): LoadReport {
  return loadRuleSetWithReport(readRuleSetFolder(folder), folder);
}

/**
 * The worked examples of one calculation in a rule-set folder (`tests/<calculation>/*.json`),
 * parsed: what {@link runWorkedExamples} takes.
 *
 * @param folder - The rule-set folder, absolute or relative to the working directory.
 * @param calculation - `afloscapaciteit` or `pensioenuitgaven` (any other name finds nothing).
 * @returns The examples by path relative to the folder (`tests/afloscapaciteit/x.json`), as
 *   parsed JSON; empty when there are none.
 * @throws {@link budgetnorm!RuleSetError | RuleSetError} when a file of the folder is not
 *   `.json` or not valid JSON, or when the folder cannot be read, as {@link readRuleSetFolder}
 *   (the whole folder is read).
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { readWorkedExamples } from 'budgetnorm/node';
 *
 * const folder = mkdtempSync(join(tmpdir(), 'rule-set-'));
 * mkdirSync(join(folder, 'tests', 'afloscapaciteit'), { recursive: true });
 * writeFileSync(join(folder, 'manifest.json'), '{}');
 * writeFileSync(join(folder, 'tests', 'afloscapaciteit', 'single.json'), '{ "description": "a single tenant" }');
 *
 * assert.deepEqual(readWorkedExamples(folder, 'afloscapaciteit'), {
 *   'tests/afloscapaciteit/single.json': { description: 'a single tenant' },
 * });
 * assert.deepEqual(readWorkedExamples(folder, 'pensioenuitgaven'), {});
 * rmSync(folder, { recursive: true });
 * ```
 */
export function readWorkedExamples(folder: string, calculation: string): Record<string, unknown> {
  const files = readRuleSetFolder(folder);
  const prefix = `tests/${calculation}/`;
  return Object.fromEntries(Object.entries(files).filter(([name]) => name.startsWith(prefix)));
}
