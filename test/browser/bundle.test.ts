/**
 * The browser build (docs/browser.md), without a browser: it builds with no Node builtin
 * (and the guard does fail on one), stays under its min+gzip budget, and, imported in Node,
 * gives byte-for-byte the same result JSON as src/ for every worked example, each matching
 * its expected figures. The same comparison in Chromium is `npm run test:browser`
 * (agreement.chromium.ts), which needs Chromium installed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as source from '../../src/index.js';
import {
  MIN_GZIP_BUDGET_BYTES,
  budgetExcess,
  buildBrowserBundle,
  bundleSizes,
  isNodeBuiltin,
  type BundleSizes,
} from '../../scripts/lib/browser-build.js';
import { differencesFromExpected, runAgreement, type AgreementOutput, type CoreApi } from './agreement-harness.js';
import { agreementChecks } from './agreement-checks.js';
import { agreementInput, readWorkedExamples } from './fixtures.js';

const { examples } = readWorkedExamples();
let raw = '';
let minified = '';
let sizes: BundleSizes;
let tmp = '';

beforeAll(async () => {
  raw = await buildBrowserBundle({ minify: false });
  minified = await buildBrowserBundle({ minify: true });
  sizes = bundleSizes(raw, minified);
  tmp = mkdtempSync(join(tmpdir(), 'budgetnorm-bundle-'));
});
afterAll(() => {
  if (tmp !== '') rmSync(tmp, { recursive: true, force: true });
});

describe('the browser build', () => {
  it('contains the bundled rule sets and no Node import', () => {
    expect(raw).toContain('"nl-2025"');
    expect(raw).toContain('"nl-2026"');
    // The minified build: the readable one keeps some doc comments, whose runnable examples
    // import node:assert (the API reference runs them); the code is the same in both.
    expect(minified).not.toMatch(/from\s*["']node:|import\(\s*["']node:|require\(/);
  });

  it(`stays under its budget of ${MIN_GZIP_BUDGET_BYTES} bytes min+gzip`, () => {
    console.log(
      `browser bundle: raw ${sizes.raw}, min ${sizes.min}, min+gzip ${sizes.minGzip} bytes (budget ${MIN_GZIP_BUDGET_BYTES})`,
    );
    expect(sizes.min).toBeLessThan(sizes.raw);
    expect(sizes.minGzip).toBeLessThan(sizes.min);
    expect(budgetExcess(sizes)).toBeUndefined();
  });

  it('docs/browser.md states the budget', () => {
    const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'browser.md'), 'utf8');
    expect(page).toContain(`| **budget (minified + gzip)** | **${MIN_GZIP_BUDGET_BYTES.toLocaleString('en')}** |`);
  });

  it('the budget check fails when the bundle is over it', () => {
    expect(budgetExcess(sizes, sizes.minGzip - 1)).toMatch(/over its budget/);
    expect(budgetExcess(sizes, sizes.minGzip)).toBeUndefined();
  });

  it.each([
    ["import { readFileSync } from 'node:fs'; export const f = readFileSync;", 'node:fs'],
    ["import { join } from 'path'; export const j = join;", 'path'],
    ["export const load = () => import('node:crypto');", 'node:crypto'],
  ])('the build fails on a Node builtin: %s', async (code, builtin) => {
    const entry = join(tmp, `entry-${builtin.replace(':', '-')}.ts`);
    writeFileSync(entry, code);
    await expect(buildBrowserBundle({ entry, minify: false })).rejects.toThrow(
      `must not import the Node builtin '${builtin}'`,
    );
  });

  it('recognises Node builtins', () => {
    for (const name of ['fs', 'node:fs', 'fs/promises', 'path', 'crypto', 'zlib', 'node:test'])
      expect(isNodeBuiltin(name)).toBe(true);
    for (const name of ['zod', 'decimal.js', '@noble/hashes/sha2.js', './fs.js'])
      expect(isNodeBuiltin(name)).toBe(false);
  });
});

describe('the browser bundle in Node gives the same answers as src/', () => {
  let fromSource: AgreementOutput;
  let fromBundle: AgreementOutput;

  beforeAll(async () => {
    const file = join(tmp, 'budgetnorm.mjs');
    writeFileSync(file, minified);
    const bundle = (await import(pathToFileURL(file).href)) as CoreApi;
    const input = agreementInput();
    fromSource = runAgreement(source, input);
    fromBundle = runAgreement(bundle, input);
  });

  agreementChecks(examples, () => ({ underTest: fromBundle, reference: fromSource }));
});

describe('the expected-figures comparison', () => {
  it('finds a wrong figure', () => {
    const example = examples.find((e) => e.calculation === 'afloscapaciteit')!;
    const result = JSON.parse(runAgreement(source, { folders: {}, examples: [example] }).runs[0]!.bundled) as Record<
      string,
      unknown
    >;
    expect(differencesFromExpected('afloscapaciteit', example.expected, result)).toEqual([]);
    const wrong = { ...result, Afloscapaciteit: (result['Afloscapaciteit'] as number) + 1 };
    expect(differencesFromExpected('afloscapaciteit', example.expected, wrong).map((d) => d.field)).toEqual([
      'Afloscapaciteit',
    ]);
    const posts = result['Posten'] as { Code: string; Minimaal: number }[];
    // A post the example states (a worked example need not state every post: issue 40's 22).
    const stated = Object.keys((example.expected as { Posten?: object }).Posten ?? {});
    const at = posts.findIndex((p) => stated.includes(p.Code));
    expect(at).toBeGreaterThanOrEqual(0);
    const wrongMinimum = {
      ...result,
      Posten: posts.map((p, i) => (i === at ? { ...p, Minimaal: p.Minimaal + 1 } : p)),
    };
    expect(differencesFromExpected('afloscapaciteit', example.expected, wrongMinimum).map((d) => d.field)).toEqual([
      `Posten.${posts[at]?.Code}.Minimaal`,
    ]);
    expect(differencesFromExpected('afloscapaciteit', example.expected, { error: 'x' })).toHaveLength(1);
  });
});
