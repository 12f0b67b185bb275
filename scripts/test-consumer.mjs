/**
 * `npm run test:consumer`: the package used as its users get it (docs/package.md). Builds,
 * packs the tarball, creates a fresh project in the system's temporary folder (outside the
 * repository) from the templates in test/package/consumer/, installs the tarball there from
 * the file (its dependencies from the npm registry), then:
 *   (a) imports it as ESM: both calculations against the shipped worked examples,
 *       budgetnorm/node and budgetnorm/http (an in-process request);
 *   (b) requires it from CommonJS (require of ESM, Node >= 20.19): no flag, empty stderr;
 *   (c) type-checks a strict TypeScript consumer with tsc, NodeNext and Bundler resolution;
 *   (d) runs the installed `budgetnorm` bin: --help, a calculation from a file, rules list,
 *       rules test, and the exit codes of a refused body and a missing file.
 * Prints a summary; exits non-zero when any check fails. BUDGETNORM_KEEP_CONSUMER=1 keeps
 * the temporary project for a look.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build, formatBytes, npm, pack, ROOT } from './lib/pack.mjs';

const TEMPLATES = join(ROOT, 'test', 'package', 'consumer');
const WIN = process.platform === 'win32';

/** The versions the repository develops with, so the consumer checks with the same TypeScript. */
function devVersion(name) {
  return JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
}

const started = Date.now();
const results = [];

/** One named check: passes unless it throws. */
function check(group, name, fn) {
  const t0 = Date.now();
  try {
    const detail = fn();
    results.push({ group, name, ok: true, ms: Date.now() - t0, detail });
  } catch (error) {
    results.push({
      group,
      name,
      ok: false,
      ms: Date.now() - t0,
      detail: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Runs a command in the consumer project and returns its exit status and output. */
function exec(project, command, args, input) {
  const result = spawnSync(command, args, { cwd: project, encoding: 'utf8', input, shell: WIN, timeout: 60_000 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function expectStatus(run, status, what) {
  if (run.status !== status) {
    throw new Error(`${what}: exit ${run.status}, expected ${status}\n${run.stdout}${run.stderr}`.trimEnd());
  }
}

const temp = mkdtempSync(join(tmpdir(), 'budgetnorm-consumer-'));
const project = join(temp, 'project');
let failedSetup;
try {
  if (!relative(ROOT, temp).startsWith('..')) throw new Error(`the temporary folder ${temp} is inside the repository`);
  console.log('> npm run build');
  build();
  const packs = join(temp, 'pack');
  mkdirSync(packs);
  const { tarball, report } = pack(packs);
  console.log(`\npacked ${report.filename}: ${formatBytes(report.size)}, ${report.entryCount} files`);

  mkdirSync(project);
  for (const file of readdirSync(TEMPLATES)) copyFileSync(join(TEMPLATES, file), join(project, file));
  const typescript = `typescript@${devVersion('typescript')}`;
  const typesNode = `@types/node@${devVersion('@types/node')}`;
  console.log(`> npm install --no-audit --no-fund ${report.filename} ${typescript} ${typesNode}   (in ${project})`);
  npm(['install', '--no-audit', '--no-fund', tarball, typescript, typesNode], { cwd: project });
} catch (error) {
  failedSetup = error instanceof Error ? error.message : String(error);
}

if (failedSetup === undefined) {
  const installed = join(project, 'node_modules', 'budgetnorm');
  const node = process.execPath;

  check('install', 'the tarball is installed with its dependencies only', () => {
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    for (const dependency of Object.keys(pkg.dependencies ?? {})) {
      if (!existsSync(join(project, 'node_modules', dependency))) throw new Error(`${dependency} is not installed`);
    }
    for (const devOnly of ['vitest', '@biomejs/biome', 'tsx']) {
      if (existsSync(join(project, 'node_modules', devOnly)))
        throw new Error(`${devOnly} (a dev dependency) was installed`);
    }
    return `budgetnorm ${pkg.version}, ${Object.keys(pkg.dependencies ?? {}).length} dependencies`;
  });

  check('(a) ESM', 'node esm.mjs: calculations as the worked examples, budgetnorm/node, budgetnorm/http', () => {
    const run = exec(project, node, ['esm.mjs']);
    expectStatus(run, 0, 'node esm.mjs');
    if (run.stderr !== '') throw new Error(`unexpected stderr:\n${run.stderr}`);
    return run.stdout.trim();
  });

  check('(b) CommonJS', `node cjs.cjs: require('budgetnorm') on Node ${process.version}, no flag, empty stderr`, () => {
    const run = exec(project, node, ['cjs.cjs']);
    expectStatus(run, 0, 'node cjs.cjs');
    if (run.stderr !== '') throw new Error(`unexpected stderr:\n${run.stderr}`);
    return run.stdout.trim();
  });

  const tsc = join(project, 'node_modules', 'typescript', 'bin', 'tsc');
  for (const [config, what] of [
    ['tsconfig.json', 'module NodeNext: consumer.ts (ESM) and consumer-cjs.cts (require of ESM)'],
    ['tsconfig.bundler.json', 'moduleResolution Bundler: consumer.ts'],
  ]) {
    check('(c) TypeScript', `tsc -p ${config}, strict: ${what}`, () => {
      const run = exec(project, node, [tsc, '-p', config]);
      expectStatus(run, 0, `tsc -p ${config}`);
      return `TypeScript ${devVersion('typescript')}: no errors; every @ts-expect-error misuse refused`;
    });
  }

  // --no: never download; --loglevel=error: npm's own warnings stay out of the bin's stderr; --: the rest is the bin's.
  const npx = (args, input) => exec(project, 'npx', ['--no', '--loglevel=error', '--', 'budgetnorm', ...args], input);
  check('(d) bin', 'the bin is linked and executable', () => {
    const main = join(installed, 'dist', 'cli', 'main.cjs');
    if (!WIN && (statSync(main).mode & 0o111) === 0) throw new Error(`${main} is not executable`);
    const link = join(project, 'node_modules', '.bin', WIN ? 'budgetnorm.cmd' : 'budgetnorm');
    if (!existsSync(link)) throw new Error(`${link} is missing`);
    return 'node_modules/.bin/budgetnorm -> budgetnorm/dist/cli/main.cjs';
  });
  check('(d) bin', 'npx budgetnorm --help: exit 0, the usage', () => {
    const run = npx(['--help']);
    expectStatus(run, 0, 'budgetnorm --help');
    if (!run.stdout.includes('Usage:') || !run.stdout.includes('budgetnorm rules list'))
      throw new Error(`unexpected help:\n${run.stdout}`);
    return run.stdout.split('\n')[0];
  });
  check(
    '(d) bin',
    'npx budgetnorm afloscapaciteit household.json --ruleset nl-2026: exit 0, the worked example',
    () => {
      const shared = JSON.parse(
        readFileSync(
          join(installed, 'rules', 'nl-2026', 'tests', 'afloscapaciteit', 'alleenstaand-huur-aow.json'),
          'utf8',
        ),
      );
      writeFileSync(join(project, 'household.json'), JSON.stringify(shared.request, null, 2));
      const run = npx(['afloscapaciteit', 'household.json', '--ruleset', 'nl-2026']);
      expectStatus(run, 0, 'budgetnorm afloscapaciteit');
      const result = JSON.parse(run.stdout);
      for (const field of ['TotaalLasten', 'Afloscapaciteit', 'Tekort']) {
        if (result[field] !== shared.expected[field])
          throw new Error(`${field} is ${result[field]}, the worked example says ${shared.expected[field]}`);
      }
      return `TotaalLasten ${result.TotaalLasten}, Tekort ${result.Tekort}, Rekenregels ${result.Rekenregels.Id}`;
    },
  );
  check('(d) bin', 'npx budgetnorm afloscapaciteit with a refused body: exit 1, issues on stderr', () => {
    writeFileSync(join(project, 'empty.json'), '{}');
    const run = npx(['afloscapaciteit', 'empty.json', '--ruleset', 'nl-2026']);
    expectStatus(run, 1, 'budgetnorm afloscapaciteit empty.json');
    const issues = JSON.parse(run.stderr).issues;
    if (!Array.isArray(issues) || issues.length === 0) throw new Error(`no issues on stderr:\n${run.stderr}`);
    return `${issues.length} issues`;
  });
  check('(d) bin', 'npx budgetnorm pensioenuitgaven missing.json: exit 3', () => {
    expectStatus(npx(['pensioenuitgaven', 'missing.json']), 3, 'budgetnorm pensioenuitgaven missing.json');
    return 'exit 3';
  });
  check('(d) bin', 'npx budgetnorm rules list: exit 0, the bundled sets', () => {
    const run = npx(['rules', 'list']);
    expectStatus(run, 0, 'budgetnorm rules list');
    for (const id of ['nl-2025', 'nl-2026'])
      if (!run.stdout.includes(id)) throw new Error(`${id} not listed:\n${run.stdout}`);
    return `${run.stdout.trim().split('\n').length - 1} rule sets`;
  });
  check('(d) bin', 'npx budgetnorm rules test nl-2026: exit 0, the shipped worked examples pass', () => {
    const run = npx(['rules', 'test', 'nl-2026']);
    expectStatus(run, 0, 'budgetnorm rules test nl-2026');
    return run.stdout.trim().split('\n').at(-1);
  });
}

if (process.env.BUDGETNORM_KEEP_CONSUMER === '1') console.log(`\nkept ${temp}`);
else rmSync(temp, { recursive: true, force: true });

console.log('\ntest:consumer summary');
if (failedSetup !== undefined) console.log(`  FAIL setup: ${failedSetup}`);
for (const r of results) {
  console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.group.padEnd(15)} ${r.name} (${r.ms} ms)`);
  if (r.detail) console.log(`       ${String(r.detail).split('\n').join('\n       ')}`);
}
const failed = results.filter((r) => !r.ok).length + (failedSetup === undefined ? 0 : 1);
const total = results.length + (failedSetup === undefined ? 0 : 1);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `\n${failed === 0 ? 'all' : `${failed} of`} ${total} checks ${failed === 0 ? 'passed' : 'failed'} in ${seconds} s`,
);
if (failed > 0 || results.length === 0) process.exitCode = 1;
