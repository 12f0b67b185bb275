/**
 * The built library is bundled (scripts/bundle.mjs, issue 14's cold start): each entry
 * point of package.json `exports` is one file, what entries share sits in dist/chunks/, and no
 * tsc module is left beside them that could load a second copy of a class. Checked on the
 * dist/ that `npm install` built (its `prepare`), as test/package/tarball.test.ts does.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_RULE_SETS } from '../../src/calculations/bundled.generated.js';
import { repaymentCapacity } from '../../src/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist');

/** A repayment body for the built CLI: a request fixture of the CLI's tests. */
const SAMPLE = JSON.parse(
  readFileSync(join(ROOT, 'test', 'fixtures', 'requests', 'afloscapaciteit-alleenstaand-huur.json'), 'utf8'),
) as Record<string, unknown>;

/** Each subpath of package.json `exports` with code: its file below dist/ per condition (`types` aside). */
function exportTargets(): Record<string, Record<string, string>> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string | Record<string, string>>;
  };
  return Object.fromEntries(
    Object.entries(pkg.exports)
      .filter((entry): entry is [string, Record<string, string>] => typeof entry[1] !== 'string')
      .map(([subpath, targets]) => [
        subpath,
        Object.fromEntries(
          Object.entries(targets)
            .filter(([condition]) => condition !== 'types')
            .map(([condition, target]) => [condition, target.slice('./dist/'.length)]),
        ),
      ]),
  );
}

/** Runs `check` on a copy of dist/ (its path given), in a temporary folder removed afterwards. */
function inCopyOfDist(check: (dist: string) => void): void {
  const scratch = mkdtempSync(join(tmpdir(), 'budgetnorm-code-cache-'));
  try {
    cpSync(DIST, join(scratch, 'dist'), { recursive: true });
    check(join(scratch, 'dist'));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Makes a code cache look made for another build: its header names another bundle id (src/node/code-cache.ts). */
function staleCache(path: string): void {
  const cache = readFileSync(path);
  expect(cache.subarray(0, 22).toString('latin1')).toBe('budgetnorm-code-cache ');
  cache.write('0'.repeat(64), 22, 'latin1');
  writeFileSync(path, cache);
}

/** Every .js and .cjs file under dist/, as a path relative to dist/ with forward slashes. */
function builtScripts(): string[] {
  return readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && (entry.name.endsWith('.js') || entry.name.endsWith('.cjs')))
    .map((entry) => relative(DIST, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

beforeAll(() => {
  if (!existsSync(join(DIST, 'index.js')))
    throw new Error('dist/ is missing: run `npm run build` (npm install does it as prepare) before npm test');
});

describe('the bundled library in dist/', () => {
  it('holds only the entry points, their shared chunks, the core Node loads, the CLI and the advisor page', () => {
    const entries = [...new Set(Object.values(exportTargets()).flatMap((targets) => Object.values(targets)))];
    // Started by path (the service, the batch worker), the core as Node loads it
    // (code-cached-core.ts), the CLI: its launcher and the bundle it runs (scripts/bundle.mjs).
    const started = [
      'node/server.js',
      'cli/batch/worker.js',
      'node/core.cjs',
      'node/zod.cjs',
      'cli/main.cjs',
      'cli/cli.cjs',
      'cli/batch.cjs',
    ];
    const others = builtScripts().filter(
      (path) =>
        !entries.includes(path) &&
        !started.includes(path) &&
        !path.startsWith('chunks/') &&
        !path.startsWith('advisor/'),
    );
    expect(entries).toEqual(
      expect.arrayContaining(['index.js', 'node/index.js', 'http/index.js', 'worker/index.js', 'index.node.js']),
    );
    expect(others).toEqual([]);
    expect(builtScripts().filter((path) => path.startsWith('chunks/')).length).toBeGreaterThan(0);
  });

  it('the CLI runs with the code caches the build made for this Node, and as well with a stale one or none', () => {
    const body: unknown = { ...SAMPLE, NettoBesteedbaarInkomenPerMaand: 2750 };
    const expected = `${JSON.stringify(repaymentCapacity(body), null, 2)}\n`;
    const run = (dist: string) => {
      const cli = spawnSync(process.execPath, [join(dist, 'cli', 'main.cjs'), 'afloscapaciteit', '-'], {
        input: JSON.stringify(body),
        env: { ...process.env, BUDGETNORM_CODE_CACHE: 'report' },
        encoding: 'utf8',
      });
      return [cli.status, cli.stderr, cli.stdout];
    };
    // The core's cache: the one the build made for the calculation alone, else the core's own.
    const own = 'core.cjs, core.afloscapaciteit.cache';
    const report = (cli: string, core: string) =>
      `budgetnorm: code cache ${cli} (cli.cjs)\nbudgetnorm: code cache ${core}\n`;
    expect(run(DIST)).toEqual([0, report('used', `used (${own})`), expected]);
    inCopyOfDist((dist) => {
      staleCache(join(dist, 'cli', 'cli.cache'));
      expect(run(dist)).toEqual([0, report('rejected', `used (${own})`), expected]);
      staleCache(join(dist, 'node', 'core.afloscapaciteit.cache'));
      expect(run(dist)).toEqual([0, report('rejected', `rejected (${own})`), expected]);
      rmSync(join(dist, 'node', 'core.afloscapaciteit.cache'));
      expect(run(dist)).toEqual([0, report('rejected', 'used (core.cjs)'), expected]);
      staleCache(join(dist, 'node', 'core.cache'));
      expect(run(dist)).toEqual([0, report('rejected', 'rejected (core.cjs)'), expected]);
      rmSync(join(dist, 'cli', 'cli.cache'));
      rmSync(join(dist, 'node', 'core.cache'));
      expect(run(dist)).toEqual([0, report('absent', 'absent (core.cjs)'), expected]);
    });
  });

  it("a calculation's own cache of the core holds what it runs alone, and the build's runs make it from nothing", () => {
    const sizes = Object.fromEntries(
      ['core.cache', 'core.afloscapaciteit.cache', 'core.pensioenuitgaven.cache'].map((name) => [
        name,
        statSync(join(DIST, 'node', name)).size,
      ]),
    );
    // Each calculation's is smaller than the core's own, which holds both calculations and their refusals.
    expect(sizes['core.afloscapaciteit.cache']).toBeLessThan(sizes['core.cache'] as number);
    expect(sizes['core.pensioenuitgaven.cache']).toBeLessThan(sizes['core.cache'] as number);
    inCopyOfDist((dist) => {
      // Made from nothing: a calculation's run in the build's mode writes its own cache, even over
      // a cache that holds more (here the core's own, copied in its place).
      const ownCache = join(dist, 'node', 'core.afloscapaciteit.cache');
      cpSync(join(dist, 'node', 'core.cache'), ownCache);
      const write = spawnSync(process.execPath, [join(dist, 'cli', 'main.cjs'), 'afloscapaciteit', '-'], {
        input: JSON.stringify(SAMPLE),
        env: { ...process.env, BUDGETNORM_CODE_CACHE: 'write' },
        encoding: 'utf8',
      });
      expect([write.status, write.stderr]).toEqual([0, '']);
      expect(statSync(ownCache).size).toBeLessThan(sizes['core.cache'] as number);
      // Other commands take the core's own.
      const help = spawnSync(process.execPath, [join(dist, 'cli', 'main.cjs'), 'help', 'afloscapaciteit'], {
        env: { ...process.env, BUDGETNORM_CODE_CACHE: 'report' },
        encoding: 'utf8',
      });
      expect([help.status, help.stderr]).toEqual([
        0,
        'budgetnorm: code cache used (cli.cjs)\nbudgetnorm: code cache used (core.cjs)\n',
      ]);
    });
  });

  it('the CLI does its command and says so when a cache it was asked to write cannot be written', () => {
    const body: unknown = { ...SAMPLE, NettoBesteedbaarInkomenPerMaand: 2750 };
    const expected = `${JSON.stringify(repaymentCapacity(body), null, 2)}\n`;
    inCopyOfDist((dist) => {
      // a folder, not empty, where the cache goes: renaming the written file onto it fails
      const cache = join(dist, 'cli', 'cli.cache');
      rmSync(cache);
      mkdirSync(join(cache, 'in-the-way'), { recursive: true });
      const cli = spawnSync(process.execPath, [join(dist, 'cli', 'main.cjs'), 'afloscapaciteit', '-'], {
        input: JSON.stringify(body),
        env: { ...process.env, BUDGETNORM_CODE_CACHE: 'write' },
        encoding: 'utf8',
      });
      expect([cli.status, cli.stdout]).toEqual([0, expected]);
      expect(cli.stderr).toMatch(/^budgetnorm: the code cache was not written: .*cli\.cache/);
      // nothing half written is left beside it
      expect(readdirSync(join(dist, 'cli')).filter((name) => name.includes('partial'))).toEqual([]);
    });
  });

  it('shares one instance of each class between entry points, in each flavour', async () => {
    for (const flavour of ['', '.node']) {
      const core = (await import(
        pathToFileURL(join(DIST, `index${flavour}.js`)).href
      )) as typeof import('../../src/index.js');
      const node = (await import(
        pathToFileURL(join(DIST, 'node', `index${flavour}.js`)).href
      )) as typeof import('../../src/node/index.js');
      // thrown by budgetnorm/node's code, caught with the class that budgetnorm exports
      const missing = join(tmpdir(), `budgetnorm-no-such-folder-${process.pid}`);
      expect(() => node.readRuleSetFolder(missing)).toThrow(core.RuleSetError);
      expect(() => core.repaymentCapacity({} as unknown as Parameters<typeof core.repaymentCapacity>[0])).toThrow(
        core.ValidationError,
      );
    }
  });

  it('gives Node the entries on the code-cached core, and Deno, Bun and every other runtime the ES modules', () => {
    for (const [subpath, targets] of Object.entries(exportTargets())) {
      const universal = targets['default'] as string;
      expect([subpath, Object.keys(targets)]).toEqual([subpath, ['deno', 'bun', 'node-addons', 'default']]);
      expect([targets['deno'], targets['bun'], targets['node-addons']]).toEqual([
        universal,
        universal,
        universal.replace(/\.js$/, '.node.js'),
      ]);
    }
    // resolved by Node from inside the package, as a user's import resolves it
    const resolved = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "console.log(import.meta.resolve('budgetnorm'))"],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(resolved.stdout.trim()).toBe(pathToFileURL(join(DIST, 'index.node.js')).href);
  });

  it('an application bundled for Node takes the ES modules and runs; so does node --no-addons', async () => {
    const body: unknown = { ...SAMPLE, NettoBesteedbaarInkomenPerMaand: 2750 };
    const expected = JSON.stringify(repaymentCapacity(body));
    const app = mkdtempSync(join(tmpdir(), 'budgetnorm-bundled-app-'));
    try {
      mkdirSync(join(app, 'node_modules'));
      symlinkSync(ROOT, join(app, 'node_modules', 'budgetnorm'), 'dir');
      const source = `import { repaymentCapacity } from 'budgetnorm';
        console.log(JSON.stringify(repaymentCapacity(${JSON.stringify(body)})));`;
      writeFileSync(join(app, 'app.mjs'), source);
      // as AWS CDK's NodejsFunction, Serverless and most server builds bundle: esbuild, platform node
      const { build } = await import('esbuild');
      await build({
        entryPoints: [join(app, 'app.mjs')],
        bundle: true,
        platform: 'node',
        format: 'esm',
        outfile: join(app, 'out', 'app.mjs'),
        logLevel: 'silent',
      });
      const bundled = spawnSync(process.execPath, [join(app, 'out', 'app.mjs')], { encoding: 'utf8' });
      expect([bundled.status, bundled.stderr, bundled.stdout.trim()]).toEqual([0, '', expected]);
      expect(readFileSync(join(app, 'out', 'app.mjs'), 'utf8')).not.toContain('core.cjs');
      const noAddons = spawnSync(process.execPath, ['--no-addons', join(app, 'app.mjs')], { encoding: 'utf8' });
      expect([noAddons.status, noAddons.stderr, noAddons.stdout.trim()]).toEqual([0, '', expected]);
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });

  it('exports the same names from the Node entries as from the ES modules', async () => {
    for (const targets of Object.values(exportTargets())) {
      const universal = await import(pathToFileURL(join(DIST, targets['default'] as string)).href);
      const node = await import(pathToFileURL(join(DIST, targets['node-addons'] as string)).href);
      expect(Object.keys(node).sort()).toEqual(Object.keys(universal).sort());
    }
  });

  it('the Node entries run on the code cache the build made, and give the same results with a stale one or none', () => {
    const bodies = [0, 900, 2750, 6400].map((income) => ({ ...SAMPLE, NettoBesteedbaarInkomenPerMaand: income }));
    const expected = bodies.map((body) => JSON.stringify(repaymentCapacity(body as unknown))).join('\n');
    const script = `const { repaymentCapacity } = await import(${JSON.stringify('./dist/index.node.js')});
      for (const body of ${JSON.stringify(bodies)}) console.log(JSON.stringify(repaymentCapacity(body)));`;
    const run = (root: string) => {
      const node = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: root,
        env: { ...process.env, BUDGETNORM_CODE_CACHE: 'report' },
        encoding: 'utf8',
      });
      return [node.status, node.stderr, node.stdout.trim()];
    };
    const report = (state: string) => `budgetnorm: code cache ${state} (core.cjs)\n`;
    expect(run(ROOT)).toEqual([0, report('used'), expected]);
    inCopyOfDist((dist) => {
      staleCache(join(dist, 'node', 'core.cache'));
      expect(run(dirname(dist))).toEqual([0, report('rejected'), expected]);
      rmSync(join(dist, 'node', 'core.cache'));
      expect(run(dirname(dist))).toEqual([0, report('absent'), expected]);
    });
  });

  it("keeps the bundled rule sets' texts out of the core Node loads, each in dist/node/rule-sets/ as recorded", () => {
    const core = readFileSync(join(DIST, 'node', 'core.cjs'), 'latin1');
    const folder = join(DIST, 'node', 'rule-sets');
    expect(readdirSync(folder).sort()).toEqual(
      Object.keys(BUNDLED_RULE_SETS)
        .map((id) => `${id}.json`)
        .sort(),
    );
    for (const [id, bundled] of Object.entries(BUNDLED_RULE_SETS)) {
      const text = readFileSync(join(folder, `${id}.json`), 'utf8');
      // The set's layout on the first line, then its files (scripts/lib/generated-files.ts).
      const lineEnd = text.indexOf('\n');
      expect(JSON.parse(text.slice(0, lineEnd))).toEqual(
        bundled.layout.map(({ name, start, end, names }) =>
          names === undefined ? [name, start, end] : [name, start, end, names],
        ),
      );
      expect(JSON.parse(text.slice(lineEnd + 1))).toEqual(bundled.files);
      // What the core reads in its place: the set's id and its text's length.
      expect(core).toContain(`bundledRuleSetText(${JSON.stringify(id)},${text.length})`);
      // Its largest file's text is not in the core's (esbuild writes the set's text as a template literal).
      expect(core).not.toContain('{"afloscapaciteit.json":{');
      // (A lending-norm set has no pensioenuitgaven.json: its largest file, whichever it is.)
      const largest = Object.values(bundled.files)
        .map((file) => JSON.stringify(file))
        .sort((a, b) => b.length - a.length)[0] as string;
      expect(core).not.toContain(largest.slice(0, 200));
    }
  });

  it('reads only the rule set it chooses, and says the install is damaged when its text is missing or not the one recorded', () => {
    const body: unknown = { ...SAMPLE, NettoBesteedbaarInkomenPerMaand: 2750 };
    const expected = JSON.stringify(repaymentCapacity(body, { date: '2026-06-01' }));
    const script = `const { repaymentCapacity } = await import(${JSON.stringify('./dist/index.node.js')});
      try { console.log(JSON.stringify(repaymentCapacity(${JSON.stringify(body)}, { date: '2026-06-01' }))); }
      catch (error) { console.log('threw: ' + error.message); }`;
    const run = (root: string) =>
      spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }).stdout.trim();
    inCopyOfDist((dist) => {
      const root = dirname(dist);
      const folder = join(dist, 'node', 'rule-sets');
      rmSync(join(folder, 'nl-2025.json'));
      expect(run(root)).toBe(expected);
      const text = readFileSync(join(folder, 'nl-2026.json'), 'utf8');
      writeFileSync(join(folder, 'nl-2026.json'), text.slice(0, -1));
      expect(run(root)).toMatch(
        /^threw: .*nl-2026\.json is not the text this build recorded \(\d+ characters, not \d+\): budgetnorm's install is damaged/,
      );
      rmSync(join(folder, 'nl-2026.json'));
      expect(run(root)).toMatch(/^threw: .*nl-2026\.json cannot be read \(.*\): budgetnorm's install is damaged/);
      symlinkSync('/dev/zero', join(folder, 'nl-2026.json'));
      expect(run(root)).toMatch(
        /^threw: .*nl-2026\.json cannot be read \(missing or not a regular file\): budgetnorm's install is damaged/,
      );
    });
  });

  it('keeps zod out of the core Node loads: a calculation that succeeds never loads it, a refused body loads zod.cjs with its cache', () => {
    const core = readFileSync(join(DIST, 'node', 'core.cjs'), 'utf8');
    // zod's English messages are in zod.cjs alone; the core only requires it.
    expect(core).not.toContain('Invalid input: expected');
    expect(readFileSync(join(DIST, 'node', 'zod.cjs'), 'utf8')).toContain('Invalid input: expected');
    const good: unknown = { ...SAMPLE, NettoBesteedbaarInkomenPerMaand: 2750 };
    const refused = { ...SAMPLE, NettoBesteedbaarInkomenPerMaand: -1 };
    const expected = (body: unknown) => {
      try {
        return `ok ${JSON.stringify(repaymentCapacity(body))}`;
      } catch (error) {
        return `refused ${JSON.stringify((error as { issues: unknown }).issues)}`;
      }
    };
    const script = (
      body: unknown,
    ) => `const { repaymentCapacity } = await import(${JSON.stringify('./dist/index.node.js')});
      try { console.log('ok ' + JSON.stringify(repaymentCapacity(${JSON.stringify(body)}))); }
      catch (error) { if (error.name !== 'ValidationError') throw error; console.log('refused ' + JSON.stringify(error.issues)); }`;
    const run = (root: string, body: unknown) => {
      const node = spawnSync(process.execPath, ['--input-type=module', '-e', script(body)], {
        cwd: root,
        env: { ...process.env, BUDGETNORM_CODE_CACHE: 'report' },
        encoding: 'utf8',
      });
      return [node.status, node.stderr, node.stdout.trim()];
    };
    const report = (...lines: string[]) => lines.map((line) => `budgetnorm: code cache ${line}\n`).join('');
    expect(run(ROOT, good)).toEqual([0, report('used (core.cjs)'), expected(good)]);
    expect(expected(refused)).toMatch(/^refused \[/);
    expect(run(ROOT, refused)).toEqual([0, report('used (core.cjs)', 'used (zod.cjs)'), expected(refused)]);
    inCopyOfDist((dist) => {
      staleCache(join(dist, 'node', 'zod.cache'));
      expect(run(dirname(dist), refused)).toEqual([
        0,
        report('used (core.cjs)', 'rejected (zod.cjs)'),
        expected(refused),
      ]);
      rmSync(join(dist, 'node', 'zod.cjs'));
      expect(run(dirname(dist), good)).toEqual([0, report('used (core.cjs)'), expected(good)]);
      const damaged = run(dirname(dist), refused);
      expect(damaged[0]).toBe(1);
      expect(damaged[1]).toMatch(/zod\.cjs is missing or not a regular file: budgetnorm's install is damaged/);
      // The CLI says so, with the exit code of what is not the user's doing, and no bug report asked for.
      const cli = spawnSync(process.execPath, [join(dist, 'cli', 'main.cjs'), 'afloscapaciteit', '-'], {
        input: JSON.stringify(refused),
        encoding: 'utf8',
      });
      expect(cli.status).toBe(5);
      expect(cli.stderr).toMatch(
        /^budgetnorm: \S+zod\.cjs is missing or not a regular file: budgetnorm's install is damaged \(reinstall it\)\n$/,
      );
    });
  });

  it("keeps the batch command apart from the CLI's bundle, which stays below V8's large-object size", () => {
    const cli = readFileSync(join(DIST, 'cli', 'cli.cjs'), 'utf8');
    const batch = readFileSync(join(DIST, 'cli', 'batch.cjs'), 'utf8');
    // csv-parse's own error code, and the batch command's summary line: in batch.cjs alone.
    for (const text of ['CSV_INVALID_OPTION_BOM', 'peak RSS']) {
      expect(batch).toContain(text);
      expect(cli).not.toContain(text);
    }
    // A text of more than 128 kB is a large object for V8, about 1 ms more of every start to read
    // on the 2-core machine of 2026-11-28 (src/node/code-cache.ts runCommandBundle).
    expect(cli.length).toBeLessThan(128 * 1024);
    // What the two share is one instance: a usage error the batch command raises is the CLI's
    // CliError (exit 2 with its message, not an internal error); without batch.cjs, the
    // calculations still work and the batch command says the install is damaged (exit 5).
    const usage = spawnSync(process.execPath, [join(DIST, 'cli', 'main.cjs'), 'batch', 'afloscapaciteit'], {
      encoding: 'utf8',
    });
    expect([usage.status, usage.stderr]).toEqual([
      2,
      expect.stringMatching(/^budgetnorm: .*--in.*\nsee: budgetnorm batch --help\n$/s),
    ]);
    inCopyOfDist((dist) => {
      // Another build's batch bundle (here: this one under another id) is refused the same way.
      const batchFile = join(dist, 'cli', 'batch.cjs');
      writeFileSync(
        batchFile,
        readFileSync(batchFile, 'utf8').replace(
          /^\/\*budgetnorm-bundle [0-9a-f]{64}/,
          `/*budgetnorm-bundle ${'0'.repeat(64)}`,
        ),
      );
      const other = spawnSync(
        process.execPath,
        [join(dist, 'cli', 'main.cjs'), 'batch', 'afloscapaciteit', '--in', '-'],
        {
          input: `${JSON.stringify(SAMPLE)}\n`,
          encoding: 'utf8',
        },
      );
      expect([other.status, other.stderr]).toEqual([
        5,
        expect.stringMatching(/batch\.cjs is not the one this build of the CLI made: budgetnorm's install is damaged/),
      ]);
      rmSync(join(dist, 'cli', 'batch.cjs'));
      const calculation = spawnSync(process.execPath, [join(dist, 'cli', 'main.cjs'), 'afloscapaciteit', '-'], {
        input: JSON.stringify(SAMPLE),
        encoding: 'utf8',
      });
      expect([calculation.status, calculation.stderr]).toEqual([0, '']);
      expect(JSON.parse(calculation.stdout)).toEqual(JSON.parse(JSON.stringify(repaymentCapacity(SAMPLE))));
      const damaged = spawnSync(
        process.execPath,
        [join(dist, 'cli', 'main.cjs'), 'batch', 'afloscapaciteit', '--in', '-'],
        {
          input: `${JSON.stringify(SAMPLE)}\n`,
          encoding: 'utf8',
        },
      );
      expect(damaged.status).toBe(5);
      expect(damaged.stderr).toMatch(
        /^budgetnorm: \S+batch\.cjs is missing or not a regular file: budgetnorm's install is damaged \(reinstall it\)\n$/,
      );
    });
  });

  it('says a bundle missing or cut short before a command runs is a damaged install: one line, exit 5', () => {
    inCopyOfDist((dist) => {
      const run = () => {
        const cli = spawnSync(process.execPath, [join(dist, 'cli', 'main.cjs'), 'afloscapaciteit', '-'], {
          input: JSON.stringify(SAMPLE),
          encoding: 'utf8',
        });
        return [cli.status, cli.stderr];
      };
      const core = join(dist, 'node', 'core.cjs');
      const whole = readFileSync(core, 'utf8');
      writeFileSync(core, whole.slice(0, -10));
      expect(run()).toEqual([
        5,
        expect.stringMatching(
          /^budgetnorm: \S+core\.cjs is not a whole bundle of a function of \(.*\): budgetnorm's install is damaged \(reinstall it\)\n$/,
        ),
      ]);
      rmSync(core);
      expect(run()).toEqual([
        5,
        expect.stringMatching(
          /^budgetnorm: \S+core\.cjs is missing or not a regular file: budgetnorm's install is damaged \(reinstall it\)\n$/,
        ),
      ]);
      writeFileSync(core, whole);
      rmSync(join(dist, 'cli', 'cli.cjs'));
      expect(run()).toEqual([
        5,
        expect.stringMatching(
          /^budgetnorm: \S+cli\.cjs is missing or not a regular file: budgetnorm's install is damaged \(reinstall it\)\n$/,
        ),
      ]);
    });
  });

  it("leaves out zod's locales: the English messages are the only ones bundled", () => {
    const code = [...builtScripts().filter((path) => !path.startsWith('advisor/'))]
      .map((path) => readFileSync(join(DIST, path), 'utf8'))
      .join('\n');
    // zod's German locale (zod/v4/locales/de.js); `import { z } from 'zod'` instead of
    // `import * as z from 'zod'` in any module brings all 65 locales back
    expect(code).not.toContain('Eingabe: erwartet');
    // zod's English one, which zod sets up as its default
    expect(code).toContain('Invalid input: expected');
  });
});
