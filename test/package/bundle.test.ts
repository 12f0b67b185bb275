/**
 * The built library is bundled (scripts/bundle-library.mjs, issue 14's cold start): each entry
 * point of package.json `exports` is one file, what entries share sits in dist/chunks/, and no
 * tsc module is left beside them that could load a second copy of a class. Checked on the
 * dist/ that `npm install` built (its `prepare`), as test/package/tarball.test.ts does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist');

/** Every .js file under dist/, as a path relative to dist/ with forward slashes. */
function builtScripts(): string[] {
  return readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
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
    const started = ['node/server.js', 'cli/batch/worker.js', 'cli/main.js'];
    // The CLI's commands other than a calculation, split off beside main.js (scripts/bundle-cli.mjs).
    const cliChunks = builtScripts().filter((path) => /^cli\/cli-[A-Z0-9]+\.js$/.test(path));
    const others = builtScripts().filter(
      (path) =>
        !entries.includes(path) &&
        !started.includes(path) &&
        !cliChunks.includes(path) &&
        !path.startsWith('chunks/') &&
        !path.startsWith('advisor/'),
    );
    expect(entries).toEqual(expect.arrayContaining(['index.js', 'node/index.js', 'http/index.js', 'worker/index.js']));
    expect(others).toEqual([]);
    expect(builtScripts().filter((path) => path.startsWith('chunks/')).length).toBeGreaterThan(0);
    expect(cliChunks.length).toBeGreaterThan(0);
  });

  it("the CLI's calculation path does not load the batch pipeline, the CSV libraries or the rule-set tools", () => {
    // What `budgetnorm afloscapaciteit file.json` reads: main.js and the files it imports statically.
    const loaded = new Set<string>();
    const visit = (path: string): void => {
      if (loaded.has(path)) return;
      loaded.add(path);
      const code = readFileSync(join(DIST, path), 'utf8');
      for (const [, spec] of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w{},\s*]*from\s*)?["'](\.\/[^"']+)["']/g))
        visit(
          join(dirname(path), spec as string)
            .split(sep)
            .join('/'),
        );
    };
    visit('cli/main.js');
    const code = [...loaded].map((path) => readFileSync(join(DIST, path), 'utf8')).join('\n');
    expect(loaded.size).toBeGreaterThan(1);
    for (const name of ['function batchCommand', 'function rulesCommand', 'CsvError', 'function diffRuleSets'])
      expect(code, name).not.toContain(name);
    // …which the dynamic imports of main.js do reach
    const all = builtScripts()
      .filter((path) => path.startsWith('cli/'))
      .map((path) => readFileSync(join(DIST, path), 'utf8'))
      .join('\n');
    for (const name of ['function batchCommand', 'function rulesCommand', 'CsvError'])
      expect(all, name).toContain(name);
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
