/**
 * The built library is bundled (scripts/bundle-library.mjs, issue 14's cold start): each entry
 * point of package.json `exports` is one file, what entries share sits in dist/chunks/, and no
 * tsc module is left beside them that could load a second copy of a class. Checked on the
 * dist/ that `npm install` built (its `prepare`), as test/package/tarball.test.ts does.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  it('holds only the entry points, their shared chunks, the CLI and the advisor page', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, string | { default?: string }>;
    };
    const entries = Object.values(pkg.exports)
      .map((target) => (typeof target === 'string' ? target : target.default))
      .filter((target): target is string => target?.startsWith('./dist/') === true)
      .map((target) => target.slice('./dist/'.length));
    // The CLI: its launcher and the bundle it runs (scripts/bundle-cli.mjs).
    const started = ['node/server.js', 'cli/batch/worker.js', 'cli/main.js', 'cli/cli.cjs'];
    const others = builtScripts().filter(
      (path) =>
        !entries.includes(path) &&
        !started.includes(path) &&
        !path.startsWith('chunks/') &&
        !path.startsWith('advisor/'),
    );
    expect(entries).toEqual(expect.arrayContaining(['index.js', 'node/index.js', 'http/index.js', 'worker/index.js']));
    expect(others).toEqual([]);
    expect(builtScripts().filter((path) => path.startsWith('chunks/')).length).toBeGreaterThan(0);
  });

  it('the CLI runs with the code cache the build made for this Node, and as well without it or with a broken one', () => {
    const body: unknown = { ...SAMPLE, NettoBesteedbaarInkomenPerMaand: 2750 };
    const expected = `${JSON.stringify(repaymentCapacity(body), null, 2)}\n`;
    const run = (folder: string) =>
      spawnSync(process.execPath, [join(folder, 'main.js'), 'afloscapaciteit', '-'], {
        input: JSON.stringify(body),
        env: { ...process.env, BUDGETNORM_CODE_CACHE: 'report' },
        encoding: 'utf8',
      });
    const built = run(join(DIST, 'cli'));
    expect(built.stderr).toBe('budgetnorm: code cache used\n');
    expect(built.stdout).toBe(expected);
    // A copy of the launcher and bundle with the cache damaged, then without it.
    const scratch = mkdtempSync(join(tmpdir(), 'budgetnorm-code-cache-'));
    try {
      for (const file of ['main.js', 'cli.cjs', 'cli.cache'])
        copyFileSync(join(DIST, 'cli', file), join(scratch, file));
      const cache = readFileSync(join(scratch, 'cli.cache'));
      cache.fill(7, 16, 4096);
      writeFileSync(join(scratch, 'cli.cache'), cache);
      const damaged = run(scratch);
      expect([damaged.status, damaged.stderr, damaged.stdout]).toEqual([
        0,
        'budgetnorm: code cache rejected\n',
        expected,
      ]);
      rmSync(join(scratch, 'cli.cache'));
      const absent = run(scratch);
      expect([absent.status, absent.stderr, absent.stdout]).toEqual([0, 'budgetnorm: code cache absent\n', expected]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
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
