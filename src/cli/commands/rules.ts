/**
 * `budgetnorm rules list|check|show|diff|test|sensitivity`: tools for the people who maintain rule sets.
 */
import { readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RuleSetError, type LoadReport, type RuleSet, type RuleSetIssue } from '../../index.js';
import { runWorkedExamples, type ExampleDifference, type ExampleOutcome } from '../../node/index.js';
import { updatedWorkedExample } from '../../node/worked-examples.js';
import { readAndLoadFolder } from '../../node/load-folder.js';
import { choice, parseCommand, positionals } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { RULES_HELP, rulesSubcommandHelp } from '../help.js';
import { CliError, describeFsError, resolvePath, usageError, writeOut, type CliIo } from '../io.js';
import { diffMarkdown, diffRuleSets } from '../render/rule-set-diff.js';
import { ruleSetMarkdown, showRuleSet } from '../render/rule-set-doc.js';
import { sensitivityMarkdown } from '../render/sensitivity-doc.js';
import { alignRows } from '../render/text.js';
import { didYouMean } from '../suggest.js';
import { bundledSourceFiles, catalog, isFolder, loadNamedRuleSet, packageRulesDir } from '../rule-set-arg.js';
import { sensitivityReport } from '../sensitivity.js';
import { CALCULATION_IDS, type CalculationId } from '../../rules/format/calculation.js';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A loaded set as `rules list` lists it; `folder` when it was read from one. */
function listed(s: RuleSet, folder?: string): ListedSet {
  return {
    id: s.id,
    family: s.family,
    ...(folder === undefined ? {} : { folder }),
    validFrom: s.validFrom,
    validUntil: s.validUntil,
    status: s.status,
    hash: s.hash,
    calculations: calculationsOf(s),
    title: s.title,
  };
}

function calculationsOf(ruleSet: RuleSet): string {
  return CALCULATION_IDS.filter((c) => ruleSet.calculations[c] !== undefined).join(', ') || 'none';
}

/**
 * A `rules` subcommand that takes a `--format` and positionals: its arguments read, its help
 * printed for `--help`, and `run` called with the positionals named and the format chosen.
 */
function subcommand<F extends string>(
  sub: string,
  names: readonly string[],
  formats: readonly [F, ...F[]],
  run: (io: CliIo, given: (string | undefined)[], format: F) => Promise<number>,
): (args: readonly string[], io: CliIo) => Promise<number> {
  return async (args, io) => {
    const command = `rules ${sub}`;
    const { values, positionals: given } = parseCommand(command, args, { format: { type: 'string' } });
    if (values.help === true) return help(io, sub);
    const named = positionals(command, given, names);
    return run(io, named, choice(command, 'format', values.format, formats, formats[0]));
  };
}

// ---------------------------------------------------------------------------------------------
// list

interface ListedSet {
  readonly id: string;
  readonly family?: string;
  readonly folder?: string;
  readonly validFrom?: string;
  readonly validUntil?: string;
  readonly status?: string;
  readonly hash?: string;
  readonly calculations?: string;
  readonly title?: string;
  readonly problems?: readonly RuleSetIssue[];
}

async function list(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals: given } = parseCommand('rules list', args, {
    dir: { type: 'string' },
    format: { type: 'string' },
  });
  if (values.help === true) return help(io, 'list');
  positionals('rules list', given, []);
  const format = choice('rules list', 'format', values.format, ['text', 'json'] as const, 'text');
  const sets: ListedSet[] = [];
  if (values.dir === undefined) {
    for (const s of catalog().list()) sets.push(listed(s));
  } else {
    const dir = resolvePath(io, values.dir);
    if (!isFolder(dir)) throw new CliError(EXIT.io, `cannot list ${values.dir}: no such folder`);
    const folders = readdirSync(dir)
      .filter((name) => isFolder(join(dir, name)) && readdirSync(join(dir, name)).includes('manifest.json'))
      .sort();
    for (const name of folders) {
      const label = join(values.dir, name);
      try {
        sets.push(listed(readAndLoadFolder(join(dir, name), label).report.ruleSet, label));
      } catch (error) {
        if (!(error instanceof RuleSetError)) throw error;
        sets.push({ id: name, folder: label, problems: error.issues });
      }
    }
  }
  const broken = sets.filter((s) => s.problems !== undefined).length;
  if (format === 'json') {
    await writeOut(io, json(sets));
  } else if (sets.length === 0) {
    await writeOut(io, 'no rule sets found\n');
  } else {
    const withFolder = values.dir !== undefined;
    const rows = [
      [
        ...(withFolder ? ['folder'] : []),
        'id',
        'family',
        'valid from',
        'valid until',
        'status',
        'calculations',
        'hash',
      ],
      ...sets.map((s) => [
        ...(withFolder ? [s.folder ?? ''] : []),
        ...(s.problems !== undefined
          ? [
              s.id,
              '',
              '',
              '',
              'INVALID',
              `${s.problems.length} problem(s): run budgetnorm rules check ${s.folder ?? s.id}`,
              '',
            ]
          : [
              s.id,
              s.family ?? '',
              s.validFrom ?? '',
              s.validUntil ?? '',
              s.status ?? '',
              s.calculations ?? '',
              s.hash ?? '',
            ]),
      ]),
    ];
    await writeOut(io, `${alignRows(rows).join('\n')}\n`);
  }
  return broken > 0 ? EXIT.problems : EXIT.ok;
}

// ---------------------------------------------------------------------------------------------
// check and test

/** The folder a `rules check|test` argument names: a path, or a bundled set's source folder in the package. */
function folderOf(io: CliIo, arg: string, command: string): string {
  const path = resolvePath(io, arg);
  if (isFolder(path)) return path;
  if (!/[/\\]/.test(arg) && !arg.startsWith('.')) {
    const bundled = join(packageRulesDir(), arg);
    if (isFolder(bundled)) return bundled;
  }
  throw new CliError(
    EXIT.io,
    `cannot ${command} ${arg}: no such folder (give the path of a rule-set folder, or the id of a bundled set)`,
  );
}

function exampleIssues(outcomes: readonly ExampleOutcome[]): RuleSetIssue[] {
  return outcomes.flatMap((o) => [
    ...o.problems.map((p) => ({ file: o.file, path: '$', code: 'example_problem', message: p })),
    ...o.differences.map((d) => ({
      file: o.file,
      path: `$.expected.${d.field}`,
      code: 'example_difference',
      message: `expected ${JSON.stringify(d.expected)}, the rule set gives ${JSON.stringify(d.actual)}`,
    })),
  ]);
}

function issueText(issues: readonly RuleSetIssue[]): string {
  return alignRows(
    issues.map((i) => [i.file || '(rule set)', i.path, `[${i.code}]`, i.message]),
    [],
    '  ',
  ).join('\n');
}

interface CheckReport {
  readonly folder: string;
  readonly ok: boolean;
  readonly id?: string;
  readonly hash?: string;
  readonly issues: readonly RuleSetIssue[];
  readonly sweeps?: LoadReport['sweeps'];
  readonly examples?: Readonly<Partial<Record<CalculationId, { total: number; matching: number }>>>;
}

/** Everything `rules check` looks at, as data. */
export function checkFolder(path: string, label: string): CheckReport {
  let files: Record<string, unknown>;
  let report: LoadReport;
  try {
    ({ files, report } = readAndLoadFolder(path, label));
  } catch (error) {
    if (error instanceof RuleSetError) return { folder: label, ok: false, issues: error.issues };
    throw error;
  }
  const issues: RuleSetIssue[] = [];
  const examples: Partial<Record<CalculationId, { total: number; matching: number }>> = {};
  for (const calculation of CALCULATION_IDS) {
    const hasExamples = Object.keys(files).some((f) => f.startsWith(`tests/${calculation}/`));
    if (report.ruleSet.calculations[calculation] === undefined) {
      if (hasExamples)
        issues.push({
          file: `tests/${calculation}/`,
          path: '$',
          code: 'example_problem',
          message: `worked examples of ${calculation}, but the rule set has no ${calculation}.json`,
        });
      continue;
    }
    const outcomes = runWorkedExamples(report.ruleSet, calculation, files);
    const found = exampleIssues(outcomes);
    issues.push(...found);
    examples[calculation] = {
      total: outcomes.length,
      matching: outcomes.filter((o) => o.problems.length === 0 && o.differences.length === 0).length,
    };
  }
  return {
    folder: label,
    ok: issues.length === 0,
    id: report.ruleSet.id,
    hash: report.ruleSet.hash,
    issues,
    sweeps: report.sweeps,
    examples,
  };
}

const check = subcommand('check', ['DIR'], ['text', 'json'], async (io, [arg = ''], format) => {
  const report = checkFolder(folderOf(io, arg, 'check'), arg);
  if (format === 'json') {
    await writeOut(io, json(report));
    return report.ok ? EXIT.ok : EXIT.problems;
  }
  if (!report.ok) {
    await writeOut(
      io,
      `${arg}: ${report.issues.length} problem${report.issues.length === 1 ? '' : 's'}\n${issueText(report.issues)}\n`,
    );
    return EXIT.problems;
  }
  const lines = [
    `${arg}: rule set ${report.id ?? ''} is valid (hash ${report.hash ?? ''})`,
    '  schema and cross-references: ok',
    '  coverage sweep:',
  ];
  for (const [calculation, sweep] of Object.entries(report.sweeps ?? {})) {
    if (sweep === undefined) continue;
    const sampled =
      sweep.sampled.length === 0
        ? 'every combination tried, none sampled'
        : `sampled (over the budget of combinations): ${sweep.sampled.join(', ')}`;
    lines.push(`    ${calculation}: ${sweep.households.toLocaleString('en-US')} households tried; ${sampled}`);
  }
  lines.push('  worked examples:');
  for (const [calculation, e] of Object.entries(report.examples ?? {})) {
    if (e !== undefined)
      lines.push(
        `    ${calculation}: ${e.matching} of ${e.total} match${e.total === 0 ? ' (there are none: add some under tests/)' : ''}`,
      );
  }
  await writeOut(io, `${lines.join('\n')}\n`);
  return EXIT.ok;
});

/** The rows of a table of differences, `field  expected  actual`, indented. */
function differenceRows(differences: readonly ExampleDifference[], heads: [string, string, string]): string[] {
  return alignRows(
    [
      heads,
      ...differences.map((d) => [
        d.field,
        JSON.stringify(d.expected) ?? 'nothing',
        JSON.stringify(d.actual) ?? 'nothing',
      ]),
    ],
    ['left', 'right', 'right'],
    '          ',
  );
}

/** The text report of `rules test`: each example ok or FAIL, its problems and differences. */
function testLines(results: readonly { calculation: string; outcomes: readonly ExampleOutcome[] }[]): string[] {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`${r.calculation}: ${r.outcomes.length} worked example${r.outcomes.length === 1 ? '' : 's'}`);
    for (const o of r.outcomes) {
      const ok = o.problems.length === 0 && o.differences.length === 0;
      lines.push(`  ${ok ? 'ok  ' : 'FAIL'}  ${o.file}: ${o.description}`);
      for (const p of o.problems) lines.push(`          problem: ${p}`);
      if (o.differences.length > 0) lines.push(...differenceRows(o.differences, ['field', 'expected', 'actual']));
    }
  }
  return lines;
}

const test = async (args: readonly string[], io: CliIo): Promise<number> => {
  const { values, positionals: given } = parseCommand('rules test', args, {
    format: { type: 'string' },
    update: { type: 'boolean' },
  });
  if (values.help === true) return help(io, 'test');
  const [arg = ''] = positionals('rules test', given, ['ID|DIR']);
  const format = choice('rules test', 'format', values.format, ['text', 'json'] as const, 'text');
  const folder = folderOf(io, arg, 'test');
  const named = loadNamedRuleSet(io, folder);
  if (values.update === true) return updateExamples(io, arg, folder, named.ruleSet, named.files, format);
  const results = CALCULATION_IDS.filter((c) => named.ruleSet.calculations[c] !== undefined).map((calculation) => ({
    calculation,
    outcomes: runWorkedExamples(named.ruleSet, calculation, named.files),
  }));
  const failing = results
    .flatMap((r) => r.outcomes)
    .filter((o) => o.problems.length > 0 || o.differences.length > 0).length;
  const total = results.reduce((n, r) => n + r.outcomes.length, 0);
  if (format === 'json') {
    await writeOut(
      io,
      json({ ruleSet: named.ruleSet.id, hash: named.ruleSet.hash, total, failing, calculations: results }),
    );
    return failing > 0 ? EXIT.problems : EXIT.ok;
  }
  const lines = testLines(results);
  lines.push(
    total === 0
      ? `${arg}: no worked examples (add them under tests/<calculation>/)`
      : `${arg}: ${total - failing} of ${total} worked examples match${failing > 0 ? `, ${failing} differ` : ''}`,
  );
  await writeOut(io, `${lines.join('\n')}\n`);
  return failing > 0 ? EXIT.problems : EXIT.ok;
};

/** Writes a file whole or not at all: a temporary file beside it, renamed over it. */
function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new CliError(EXIT.io, `cannot write ${path}: ${describeFsError(error)}`);
  }
}

/**
 * `rules test --update`: every worked example that differs gets the figures the rule set now
 * gives, each change shown; an example that matches is not touched, one that cannot be
 * computed (a problem) is reported and left as it is (exit 1).
 */
async function updateExamples(
  io: CliIo,
  arg: string,
  folder: string,
  ruleSet: RuleSet,
  files: Readonly<Record<string, unknown>>,
  format: 'text' | 'json',
): Promise<number> {
  const updated: { file: string; changes: readonly ExampleDifference[] }[] = [];
  const unchanged: string[] = [];
  const stuck: ExampleOutcome[] = [];
  for (const calculation of CALCULATION_IDS.filter((c) => ruleSet.calculations[c] !== undefined)) {
    for (const [file, content] of exampleEntries(files, calculation)) {
      const { outcome, updated: example } = updatedWorkedExample(ruleSet, calculation, file, content);
      if (outcome.problems.length > 0) stuck.push(outcome);
      else if (example === undefined) unchanged.push(file);
      else {
        writeAtomically(join(folder, ...file.split('/')), `${JSON.stringify(example, null, 2)}\n`);
        updated.push({ file, changes: outcome.differences });
      }
    }
  }
  if (format === 'json') {
    await writeOut(io, json({ ruleSet: ruleSet.id, updated, unchanged, cannotUpdate: stuck }));
    return stuck.length > 0 ? EXIT.problems : EXIT.ok;
  }
  const lines: string[] = [];
  for (const u of updated) lines.push(`updated  ${u.file}`, ...differenceRows(u.changes, ['field', 'was', 'now']));
  for (const o of stuck) lines.push(`cannot update  ${o.file}`, ...o.problems.map((p) => `          problem: ${p}`));
  lines.push(
    `${arg}: ${updated.length} worked example${updated.length === 1 ? '' : 's'} updated, ${unchanged.length} already matched${stuck.length > 0 ? `, ${stuck.length} cannot be updated` : ''}`,
  );
  if (updated.length > 0) lines.push('check the derivation lines of the changed posts: they are not rewritten');
  await writeOut(io, `${lines.join('\n')}\n`);
  return stuck.length > 0 ? EXIT.problems : EXIT.ok;
}

/** The worked examples of a calculation among a set's files, in the order of their paths. */
function exampleEntries(files: Readonly<Record<string, unknown>>, calculation: string): [string, unknown][] {
  return Object.entries(files)
    .filter(([name]) => name.startsWith(`tests/${calculation}/`))
    .sort(([a], [b]) => a.localeCompare(b));
}

// ---------------------------------------------------------------------------------------------
// show and diff

const show = subcommand('show', ['ID|DIR'], ['md', 'json'], async (io, [arg = ''], format) => {
  const named = loadNamedRuleSet(io, arg);
  // A bundled set's page is the one committed under docs/rules/, banner and all; a folder's is the user's own.
  const page = () => ruleSetMarkdown(named.ruleSet, arg, named.source.kind === 'bundled');
  await writeOut(io, format === 'json' ? json(showRuleSet(named.ruleSet)) : page());
  return EXIT.ok;
});

const diff = subcommand('diff', ['A', 'B'], ['md', 'json'], async (io, [from = '', to = ''], format) => {
  const a = loadNamedRuleSet(io, from);
  const b = loadNamedRuleSet(io, to);
  const filesA = a.source.kind === 'folder' ? a.files : bundledSourceFiles(a.ruleSet.id);
  const d = diffRuleSets(a.ruleSet, b.ruleSet, { from, to }, filesA);
  await writeOut(
    io,
    format === 'json' ? json(d) : diffMarkdown(d, a.source.kind === 'bundled' && b.source.kind === 'bundled'),
  );
  return EXIT.ok;
});

// ---------------------------------------------------------------------------------------------
// sensitivity

const sensitivity = subcommand('sensitivity', ['ID|DIR'], ['md', 'json'], async (io, [arg = ''], format) => {
  const named = loadNamedRuleSet(io, arg);
  const report = sensitivityReport(named.ruleSet);
  await writeOut(io, format === 'json' ? json(report) : sensitivityMarkdown(report, named.source.kind === 'bundled'));
  // A variant that fails to compute is a defect of the rule set, as in `rules check`.
  return report.rows.some((r) => r.failures.length > 0) ? EXIT.problems : EXIT.ok;
});

async function help(io: CliIo, sub: string): Promise<number> {
  await writeOut(io, rulesSubcommandHelp(sub));
  return EXIT.ok;
}

const RULES_COMMANDS = ['list', 'check', 'show', 'diff', 'test', 'sensitivity'];

export async function rulesCommand(args: readonly string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list':
      return list(rest, io);
    case 'check':
      return check(rest, io);
    case 'show':
      return show(rest, io);
    case 'diff':
      return diff(rest, io);
    case 'test':
      return test(rest, io);
    case 'sensitivity':
      return sensitivity(rest, io);
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      await writeOut(io, RULES_HELP);
      return sub === undefined ? EXIT.usage : EXIT.ok;
    default:
      throw usageError(
        `unknown rules command "${sub}"${didYouMean(sub, RULES_COMMANDS)}; one of ${RULES_COMMANDS.join(', ')}\nsee: budgetnorm rules --help`,
      );
  }
}
