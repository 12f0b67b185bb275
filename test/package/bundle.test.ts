/**
 * The built library is bundled (scripts/bundle.mjs, issue 14's cold start): each entry
 * point of package.json `exports` is one file, what entries share sits in dist/chunks/, and no
 * tsc module is left beside them that could load a second copy of a class; the CLI is one
 * CommonJS bundle run by its launcher. Checked on the dist/ that `npm install` built (its
 * `prepare`), as test/package/tarball.test.ts does.
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
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { repaymentCapacity } from '../../src/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist');

/** A repayment body for the built CLI: a request fixture of the CLI's tests. */
const SAMPLE = JSON.parse(
  readFileSync(join(ROOT, 'test', 'fixtures', 'requests', 'afloscapaciteit-alleenstaand-huur.json'), 'utf8'),
) as Record<string, unknown>;

/** Each subpath of package.json `exports`: its targets by condition. */
function exportTargets(): Record<string, string | Record<string, string>> {
  return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, never> }).exports;
}

/** Runs `check` on a copy of dist/ (its path given), in a temporary folder removed afterwards. */
function inCopyOfDist(check: (dist: string) => void): void {
  const scratch = mkdtempSync(join(tmpdir(), 'budgetnorm-dist-'));
  try {
    cpSync(DIST, join(scratch, 'dist'), { recursive: true });
    check(join(scratch, 'dist'));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Every .js and .cjs file under dist/, as a path relative to dist/ with forward slashes. */
function builtScripts(): string[] {
  return readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && (entry.name.endsWith('.js') || entry.name.endsWith('.cjs')))
    .map((entry) => relative(DIST, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** Runs the built CLI at `main` on a repayment body; its exit code, stderr and stdout. */
function calculate(main: string, body: unknown, env: NodeJS.ProcessEnv = process.env): [number | null, string, string] {
  const cli = spawnSync(process.execPath, [main, 'afloscapaciteit', '-'], {
    input: JSON.stringify(body),
    env,
    encoding: 'utf8',
  });
  return [cli.status, cli.stderr, cli.stdout];
}

beforeAll(() => {
  if (!existsSync(join(DIST, 'index.js')))
    throw new Error('dist/ is missing: run `npm run build` (npm install does it as prepare) before npm test');
});

describe('the bundled library in dist/', () => {
  it('holds only the entry points, their shared chunks, the CLI and the advisor page', () => {
    const entries = Object.values(exportTargets()).flatMap((targets) =>
      typeof targets === 'string' ? [] : [(targets['default'] as string).slice('./dist/'.length)],
    );
    // Started by path (the service, the batch worker), the CLI: its launcher and the bundle it runs.
    const started = ['node/server.js', 'cli/batch/worker.js', 'cli/main.cjs', 'cli/cli.cjs'];
    const others = builtScripts().filter(
      (path) =>
        !entries.includes(path) &&
        !started.includes(path) &&
        !path.startsWith('chunks/') &&
        !path.startsWith('advisor/'),
    );
    expect(entries).toEqual(['index.js', 'node/index.js', 'http/index.js', 'worker/index.js']);
    expect(others).toEqual([]);
    expect(builtScripts().filter((path) => path.startsWith('chunks/')).length).toBeGreaterThan(0);
  });

  it('gives every runtime, Node included, the same ES modules', () => {
    for (const [subpath, targets] of Object.entries(exportTargets())) {
      if (subpath === './package.json') continue;
      expect([subpath, Object.keys(targets)]).toEqual([subpath, ['types', 'default']]);
    }
    // resolved by Node from inside the package, as a user's import resolves it
    const resolved = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "console.log(import.meta.resolve('budgetnorm'))"],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(resolved.stdout.trim()).toBe(pathToFileURL(join(DIST, 'index.js')).href);
  });

  it('shares one instance of each class between entry points', async () => {
    const core = (await import(pathToFileURL(join(DIST, 'index.js')).href)) as typeof import('../../src/index.js');
    const node = (await import(
      pathToFileURL(join(DIST, 'node', 'index.js')).href
    )) as typeof import('../../src/node/index.js');
    // thrown by budgetnorm/node's code, caught with the class that budgetnorm exports
    const missing = join(tmpdir(), `budgetnorm-no-such-folder-${process.pid}`);
    expect(() => node.readRuleSetFolder(missing)).toThrow(core.RuleSetError);
    expect(() => core.repaymentCapacity({} as unknown as Parameters<typeof core.repaymentCapacity>[0])).toThrow(
      core.ValidationError,
    );
  });

  it('an application bundled for Node runs on the same ES modules', async () => {
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
      const unbundled = spawnSync(process.execPath, [join(app, 'app.mjs')], { encoding: 'utf8' });
      expect([unbundled.status, unbundled.stderr, unbundled.stdout.trim()]).toEqual([0, '', expected]);
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });

  it("the CLI's launcher turns Node's compile cache on before it loads the command line, where Node has one", () => {
    const body: unknown = { ...SAMPLE, NettoBesteedbaarInkomenPerMaand: 2750 };
    const expected = `${JSON.stringify(repaymentCapacity(body), null, 2)}\n`;
    const main = join(DIST, 'cli', 'main.cjs');
    // Node 20 has none: nothing is called, nothing said.
    expect(calculate(main, body)).toEqual([0, '', expected]);
    // A Node that has one (here a stand-in, preloaded): turned on once, before cli.cjs is loaded.
    const scratch = mkdtempSync(join(tmpdir(), 'budgetnorm-compile-cache-'));
    try {
      const preload = join(scratch, 'preload.cjs');
      writeFileSync(
        preload,
        `const Module = require('node:module');
        Module.enableCompileCache = () => {
          const loaded = Object.keys(require.cache).some((file) => file.endsWith('cli.cjs'));
          process.stderr.write('compile cache on, cli.cjs ' + (loaded ? 'already loaded' : 'not loaded yet') + '\\n');
          return { status: 1 };
        };`,
      );
      const env = { ...process.env, NODE_OPTIONS: `--require ${preload}` };
      expect(calculate(main, body, env)).toEqual([0, 'compile cache on, cli.cjs not loaded yet\n', expected]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('says a CLI bundle missing or cut short is a damaged install: one line, exit 5', () => {
    inCopyOfDist((dist) => {
      const main = join(dist, 'cli', 'main.cjs');
      const bundle = join(dist, 'cli', 'cli.cjs');
      const whole = readFileSync(bundle, 'utf8');
      writeFileSync(bundle, whole.slice(0, Math.floor(whole.length / 2)));
      expect(calculate(main, SAMPLE).slice(0, 2)).toEqual([
        5,
        expect.stringMatching(
          /^budgetnorm: \S+cli\.cjs cannot be compiled \(.+\): budgetnorm's install is damaged \(reinstall it\)\n$/,
        ),
      ]);
      rmSync(bundle);
      expect(calculate(main, SAMPLE).slice(0, 2)).toEqual([
        5,
        expect.stringMatching(
          /^budgetnorm: \S+cli\.cjs is missing: budgetnorm's install is damaged \(reinstall it\)\n$/,
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
