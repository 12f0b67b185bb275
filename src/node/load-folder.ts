/**
 * Node-only: reads a rule-set folder from disk, for institutions with their own (for
 * example licensed) figures. The core never touches the file system; this shell reads the
 * files, reports unreadable JSON by file, line and column, and hands the parsed files to
 * `loadRuleSet`.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  realpathSync,
  type Stats,
  statSync,
} from 'node:fs';
import { join, relative, sep } from 'node:path';
import { RuleSetError, type RuleSetIssue, errorMessage } from '../contract/errors.js';
import { loadRuleSetWithReport, type LoadReport } from '../engine/load-rule-set.js';
import type { RuleSet } from '../rules/rule-set.js';
import { CALCULATION_IDS } from '../rules/format/calculation.js';

/**
 * Reads every JSON file of a rule-set folder (the rule files and the worked examples under
 * `tests/`), parsed, without checking them as a rule set: for tools that look at the files
 * themselves. {@link loadRuleSetFolder} reads and checks.
 *
 * @param folder - The rule-set folder, absolute or relative to the working directory.
 * @returns Every `.json` file by its path relative to the folder, with `/` as separator
 *   (`manifest.json`, `tests/afloscapaciteit/jongere-huur.json`), as parsed JSON.
 * @throws {@link budgetnorm!RuleSetError | RuleSetError} listing every file that is not
 *   `.json` (`unknown_file`) or not valid JSON (`invalid_json`, with line and column), and every
 *   file it does not read: a symbolic link out of the folder (`link_outside_folder`: never
 *   followed, so nothing of its target is read or shown), a link to nothing (`dangling_link`), a
 *   loop of links (`link_loop`), a FIFO, socket, device or folder named `*.json`
 *   (`special_file`: never opened for reading), a file over {@link MAX_RULE_FILE_BYTES} (8 MiB,
 *   `file_too_large`), a file or folder without permission (`unreadable_file`,
 *   `unreadable_folder`); or one issue when the folder itself cannot be read: `folder_not_found`,
 *   `not_a_folder` (a file was given) or `unreadable_folder` (e.g. no permission).
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
  const { files, issues } = readFolder(folder);
  if (issues.length > 0) throw new RuleSetError(issues, `Rule set folder ${folder} cannot be read`);
  return files;
}

/**
 * The largest rule-set file read, in bytes (8 MiB): the bundled sets' largest file is some
 * 60 kB, and a file is parsed whole, so a larger one is refused before it is read
 * (`file_too_large`).
 *
 * @example A file over the limit is refused unread
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { RuleSetError } from 'budgetnorm';
 * import { MAX_RULE_FILE_BYTES, readRuleSetFolder } from 'budgetnorm/node';
 *
 * const folder = mkdtempSync(join(tmpdir(), 'rule-set-'));
 * writeFileSync(join(folder, 'tables.json'), '{}');
 * truncateSync(join(folder, 'tables.json'), MAX_RULE_FILE_BYTES + 1); // sparse: nothing written
 * assert.throws(() => readRuleSetFolder(folder), (error) => {
 *   assert.ok(error instanceof RuleSetError);
 *   assert.deepEqual(error.issues.map((i) => [i.file, i.code]), [['tables.json', 'file_too_large']]);
 *   return true;
 * });
 * rmSync(folder, { recursive: true });
 * ```
 */
export const MAX_RULE_FILE_BYTES = 8 * 1024 * 1024;

/** The files of a folder, read, and every problem met on the way (none stops the walk). */
function readFolder(folder: string): { files: Record<string, unknown>; issues: RuleSetIssue[] } {
  const files: Record<string, unknown> = {};
  const issues: RuleSetIssue[] = [];
  const unreadable = folderProblem(folder);
  if (unreadable !== undefined) return { files, issues: [unreadable] };
  const root = realpathSync(folder);
  const visited = new Set<string>([root]);
  const walk = (dir: string): void => {
    for (const entry of listFolder(dir, relative(root, dir), issues)) {
      const full = join(dir, entry);
      const name = relative(root, full).split(sep).join('/');
      const found = entryOf(root, full, name);
      if ('issue' in found) issues.push(found.issue);
      else if (found.stat.isDirectory() && !entry.endsWith('.json')) {
        if (visited.has(found.real))
          issues.push(issueOf(name, 'link_loop', 'a symbolic link to a folder already read (a loop): not followed'));
        else {
          visited.add(found.real);
          walk(full);
        }
      } else if (!entry.endsWith('.json'))
        issues.push(issueOf(name, 'unknown_file', 'a rule set holds only .json files'));
      else readJsonFile(found.real, name, found.stat, files, issues);
    }
  };
  walk(root);
  return { files, issues };
}

const issueOf = (file: string, code: string, message: string): RuleSetIssue => ({ file, path: '$', code, message });

/** A folder's entries, sorted; an unreadable folder below the rule-set folder is an issue. */
function listFolder(dir: string, name: string, issues: RuleSetIssue[]): string[] {
  try {
    return readdirSync(dir).sort();
  } catch (error) {
    issues.push(issueOf(name.split(sep).join('/'), 'unreadable_folder', `cannot be read: ${fsReason(error)}`));
    return [];
  }
}

/**
 * What an entry of the folder is, a symbolic link followed only to a place inside the folder:
 * its real path and its type, or the issue that keeps it from being read.
 */
function entryOf(root: string, full: string, name: string): { real: string; stat: Stats } | { issue: RuleSetIssue } {
  try {
    const own = lstatSync(full);
    if (!own.isSymbolicLink()) return { real: full, stat: own };
    const real = linkTarget(full, name);
    if (typeof real !== 'string') return real;
    if (real !== root && !real.startsWith(`${root}${sep}`))
      return {
        issue: issueOf(
          name,
          'link_outside_folder',
          `a symbolic link to ${readlinkSync(full)}, outside the rule-set folder: not followed (copy the file into the folder)`,
        ),
      };
    return { real, stat: statSync(real) };
  } catch (error) {
    return { issue: issueOf(name, 'unreadable_file', `cannot be read: ${fsReason(error)}`) };
  }
}

/** Where a symbolic link leads, or the issue of a dangling link or a loop of links. */
function linkTarget(full: string, name: string): string | { issue: RuleSetIssue } {
  try {
    return realpathSync(full);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ELOOP')
      return { issue: issueOf(name, 'link_loop', 'a symbolic link that leads back to itself (a loop of links)') };
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return {
        issue: issueOf(name, 'dangling_link', `a symbolic link to ${readlinkSync(full)}, which does not exist`),
      };
    throw error;
  }
}

/** What a file that is not a regular file is, in words. */
function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

const specialFile = (name: string, stat: Stats): RuleSetIssue =>
  issueOf(name, 'special_file', `${kindOf(stat)}, not a file: not read`);

/** A file over the limit: `size` as its size said, or undefined when it grew while it was read. */
const tooLarge = (name: string, size: number | undefined): RuleSetIssue =>
  issueOf(
    name,
    'file_too_large',
    `${size === undefined ? 'over the limit' : `${size.toLocaleString('en-US')} bytes`}: a rule-set file is at most ${MAX_RULE_FILE_BYTES.toLocaleString('en-US')} bytes (8 MiB), and is not read beyond`,
  );

/**
 * Reads and parses one `.json` file: only a regular file within the size limit, opened without
 * waiting (a FIFO swapped in after the check neither blocks nor is read).
 */
function readJsonFile(
  path: string,
  name: string,
  stat: Stats,
  files: Record<string, unknown>,
  issues: RuleSetIssue[],
): void {
  if (!stat.isFile()) {
    issues.push(specialFile(name, stat));
    return;
  }
  if (stat.size > MAX_RULE_FILE_BYTES) {
    issues.push(tooLarge(name, stat.size));
    return;
  }
  let text: string;
  try {
    const read = readLimited(path, name);
    if (typeof read !== 'string') {
      issues.push(read);
      return;
    }
    text = read;
  } catch (error) {
    issues.push(issueOf(name, 'unreadable_file', `cannot be read: ${fsReason(error)}`));
    return;
  }
  try {
    files[name] = JSON.parse(text);
  } catch (error) {
    issues.push(issueOf(name, 'invalid_json', describeJsonError(text, error)));
  }
}

/** The text of a regular file of at most {@link MAX_RULE_FILE_BYTES}, checked on the open descriptor; or why not. */
function readLimited(path: string, name: string): string | RuleSetIssue {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return specialFile(name, stat);
    // One byte over the limit read at most: a file that grew after its size was taken is caught.
    let buffer = Buffer.allocUnsafe(Math.min(stat.size, MAX_RULE_FILE_BYTES) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > MAX_RULE_FILE_BYTES) return tooLarge(name, undefined);
        const grown = Buffer.allocUnsafe(MAX_RULE_FILE_BYTES + 1);
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) return buffer.toString('utf8', 0, length);
      length += n;
    }
  } finally {
    closeSync(fd);
  }
}

function fsReason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : errorMessage(error);
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
 * const body = {
 *   LeeftijdHoofdpersoon: 66,
 *   HeeftPartner: false,
 *   AantalThuiswonendeKinderen: 0,
 *   AantalAutos: 0,
 *   NettoBesteedbaarInkomenPerMaand: 2200,
 *   BijzondereUitgaven: {},
 *   Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
 * } as const;
 * // The same figures as the bundled set: the same result.
 * assert.deepEqual(repaymentCapacity(body, { ruleSet }), repaymentCapacity(body, { ruleSet: 'nl-2026' }));
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
  return readAndLoadFolder(folder, folder).report;
}

/**
 * Reads a folder and loads its rule set, reporting every problem at once: when some files
 * cannot be read (a stray `README.txt`, a link out of the folder), the files that could are
 * still checked, and their problems come after the reading's (none about the unread files).
 *
 * @internal What the CLI's rule-set tools use; `origin` names the set in messages.
 */
export function readAndLoadFolder(
  folder: string,
  origin: string,
): { files: Record<string, unknown>; report: LoadReport } {
  const { files, issues } = readFolder(folder);
  if (issues.length === 0) return { files, report: loadRuleSetWithReport(files, origin) };
  const unread = new Set(issues.map((i) => i.file));
  if (unread.has('')) throw new RuleSetError(issues, `Rule set folder ${folder} cannot be read`);
  let more: readonly RuleSetIssue[] = [];
  try {
    loadRuleSetWithReport(files, origin);
  } catch (error) {
    if (!(error instanceof RuleSetError)) throw error;
    more = error.issues;
  }
  // A calculation file that could not be read is not missing: its absence is not reported again.
  const unreadCalculation = CALCULATION_IDS.some((id) => unread.has(`${id}.json`));
  const further = more.filter((i) => !unread.has(i.file) && !(i.code === 'no_calculation' && unreadCalculation));
  throw new RuleSetError([...issues, ...further], `Rule set ${origin} cannot be used`);
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
