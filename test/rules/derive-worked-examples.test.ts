/**
 * The worked examples of the reference-budget sets re-derived outside the library (issue 40):
 * scripts/derive-worked-examples.mjs reads only a set's parameters and tables and computes every
 * figure the examples state by the method's formulas written out by hand. The engine's check of
 * the same examples is test/rules/worked-examples.test.ts; together they hold the examples to two
 * independent readings of the method. The lending-norm sets (vfn-*) keep their unchanged examples
 * and are not derived here.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(ROOT, 'scripts', 'derive-worked-examples.mjs');

const derive = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8' });

/** How many worked examples a set has for both operations. */
const examplesOf = (folder: string): number =>
  ['afloscapaciteit', 'pensioenuitgaven']
    .map((c) => readdirSync(join(ROOT, folder, 'tests', c)).filter((f) => f.endsWith('.json')).length)
    .reduce((a, b) => a + b, 0);

describe('worked examples re-derived from the parameters and tables', () => {
  it.each(['rules/nl-2025', 'rules/nl-2026'])('%s: every figure of every example of both operations', (folder) => {
    const run = derive(folder);
    expect(run.stderr).toBe('');
    const summary = run.stdout.match(/: (\d+) worked examples, (\d+) figures, (\d+) derived alike, (\d+) differ/);
    if (summary === null) throw new Error(`no summary in:\n${run.stdout}`);
    const [examples, figures, alike, differ] = summary.slice(1).map(Number) as [number, number, number, number];
    // The rows that differ, if any, say which example and figure.
    expect(run.stdout.split('\n').filter((l) => / NO$/.test(l))).toEqual([]);
    expect([differ, run.status]).toEqual([0, 0]);
    expect(examples).toBe(examplesOf(folder));
    expect(alike).toBe(figures);
    // Each repayment example states all its posts (15 living-cost posts and the household's own costs) and six totals.
    expect(figures).toBeGreaterThan(examples * 20);
  });

  it('fails, naming the example and the figure, when an expected figure is not what the formulas give', () => {
    const folder = mkdtempSync(join(tmpdir(), 'derive-'));
    try {
      cpSync(join(ROOT, 'rules', 'nl-2026'), folder, { recursive: true });
      const file = join(folder, 'tests', 'afloscapaciteit', 'jongere-huur.json');
      const example = JSON.parse(readFileSync(file, 'utf8')) as {
        expected: { Posten: Record<string, { Minimaal: number }> };
      };
      const food = example.expected.Posten['Voeding'];
      if (food === undefined) throw new Error('the example states no Voeding');
      food.Minimaal += 1;
      writeFileSync(file, JSON.stringify(example));
      const run = derive(folder, '--mismatches');
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/afloscapaciteit\/jongere-huur\s+Posten\.Voeding\.Minimaal\s+\d+\s+\d+\s+NO/);
      expect(run.stdout).toContain('1 differ');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses to run without a folder', () => {
    const run = derive();
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage:');
  });
});
