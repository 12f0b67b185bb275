/**
 * Issue 41 item 5: the property and differential tests take their counts from one setting,
 * `BUDGETNORM_TEST_RUNS` (test/support/runs.ts): small locally, the full counts in CI. A count
 * written as a bare number would escape it, so this scan fails on one; and CI must run the full
 * counts, so every property the docs promise at 10,000 households runs at 10,000 there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_RUNS, runLevelOf, runsAt } from '../support/runs.js';

const ROOT = join(import.meta.dirname, '..', '..');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Counts written as numbers: `numRuns: 3000` (one run, a sample, is not a count) and `const RUNS = 500`. */
function bareCounts(text: string): string[] {
  const numRuns = [...text.matchAll(/numRuns:\s*([\d_]+)/g)].filter(
    (m) => Number((m[1] as string).replaceAll('_', '')) > 1,
  );
  const constants = [...text.matchAll(/const [A-Z_]*(?:RUNS|HOUSEHOLDS|BODIES|CASES)[A-Z_]* = [\d_]+;/g)];
  return [...numRuns, ...constants].map((m) => m[0]);
}

describe('BUDGETNORM_TEST_RUNS (test/support/runs.ts)', () => {
  it('names a level: full, local or quick; unset or empty is local; anything else is refused', () => {
    expect(runLevelOf(undefined)).toBe('local');
    expect(runLevelOf('')).toBe('local');
    for (const level of ['full', 'local', 'quick'] as const) expect(runLevelOf(level)).toBe(level);
    for (const typo of ['Full', 'FULL', 'fast', '10000', ' full', 'toString'])
      expect(() => runLevelOf(typo)).toThrow(
        `BUDGETNORM_TEST_RUNS=${JSON.stringify(typo)}: expected one of full, local, quick`,
      );
  });

  it('runs the full count in full, a tenth locally, a hundredth quick; never fewer than MIN_RUNS nor more than full', () => {
    expect([runsAt('full', 10_000), runsAt('local', 10_000), runsAt('quick', 10_000)]).toEqual([10_000, 1_000, 100]);
    expect([runsAt('full', 3000), runsAt('local', 3000), runsAt('quick', 3000)]).toEqual([3000, 300, 30]);
    expect([runsAt('full', 500), runsAt('local', 500), runsAt('quick', 500)]).toEqual([500, 50, MIN_RUNS]);
    expect([runsAt('full', 5), runsAt('local', 5), runsAt('quick', 5)]).toEqual([5, 5, 5]);
    for (const count of [1, 7, 333, 2001, 20_000])
      for (const level of ['full', 'local', 'quick'] as const)
        expect(Number.isInteger(runsAt(level, count))).toBe(true);
    for (const bad of [0, -1, 2.5, Number.NaN])
      expect(() => runsAt('full', bad)).toThrow('a full count is a whole number');
  });
});

describe('one setting for every count', () => {
  it('no test writes its property or differential count as a bare number', () => {
    const bare = filesUnder('test', /\.ts$/)
      .filter((file) => file !== 'test/architecture/run-counts.test.ts' && file !== 'test/support/runs.ts')
      .flatMap((file) => bareCounts(readFileSync(join(ROOT, file), 'utf8')).map((count) => `${file}: ${count}`));
    expect(bare).toEqual([]);
  });

  it('the scan finds a bare count (so an empty list above means something)', () => {
    expect(bareCounts('fc.assert(p, { numRuns: 2_000, seed: 1 });\nconst HOUSEHOLDS = 10_000;')).toEqual([
      'numRuns: 2_000',
      'const HOUSEHOLDS = 10_000;',
    ]);
    expect(bareCounts('fc.sample(a, { numRuns: 1, seed: 1 });\nconst RUNS = runs(3000);')).toEqual([]);
  });

  it('CI runs npm test with the full counts', () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    const testLines = ci.split('\n').filter((line) => /\bnpm test\b/.test(line) && !line.trimStart().startsWith('#'));
    expect(testLines).toEqual(['BUDGETNORM_TEST_RUNS=full npm test']);
  });

  it('a test the docs promise at 10,000 households runs 10,000 at the full level', () => {
    const promised = filesUnder('docs', /\.md$/).flatMap((page) =>
      readFileSync(join(ROOT, page), 'utf8')
        .split(/\n\s*\n|\n(?=- )/)
        .filter((paragraph) => /10,000 generated/.test(paragraph))
        .flatMap((paragraph) => [...paragraph.matchAll(/`(test\/[^`]+\.test\.ts)`/g)].map((m) => m[1] as string)),
    );
    expect(promised).toEqual(
      expect.arrayContaining([
        'test/calculations/repayment-capacity.test.ts',
        'test/calculations/retirement-expenditure.test.ts',
      ]),
    );
    for (const file of promised) expect(readFileSync(join(ROOT, file), 'utf8'), file).toContain('runs(10_000)');
  });
});
