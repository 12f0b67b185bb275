/**
 * A rule-set folder of one's own, through the built executable (issue 42): folders with links,
 * FIFOs and oversized files are refused with their codes (never an internal error, never a
 * hang, never a byte of a file outside the folder); a copied set renamed keeps its worked
 * examples; `rules test --update` rewrites only the examples that differ; and the rule-set
 * pages of one's own folder carry no "do not edit" banner of this repository.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { copyRuleSet, REQUESTS, spawnBin, withBuiltCli } from './helpers.js';

const scratch = withBuiltCli();

const STACK_TRACE = /^\s+at .*:\d+:\d+\)?$/m;
const HOUSEHOLD = join(REQUESTS, 'afloscapaciteit-alleenstaand-huur.json');

/** A copy of nl-2026 under `name`, with its id changed to `id`. */
function ownCopy(name: string, id = name): string {
  const folder = copyRuleSet('nl-2026', join(scratch.dir, name));
  const manifest = join(folder, 'manifest.json');
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"id": "nl-2026"', `"id": "${id}"`));
  return folder;
}

describe('folders an institution hands us', () => {
  it('a FIFO named *.json neither hangs `rules check` nor a calculation: special_file', async () => {
    const folder = ownCopy('with-fifo');
    execFileSync('mkfifo', [join(folder, 'parameters-extra.json')]);
    const check = await spawnBin(['rules', 'check', folder]);
    expect(check.code).toBe(EXIT.problems);
    expect(check.stdout).toMatch(/parameters-extra\.json\s+\$\s+\[special_file\]\s+a named pipe \(FIFO\), not a file/);
    const run = await spawnBin(['afloscapaciteit', HOUSEHOLD, '--ruleset', folder]);
    expect(run.code).toBe(EXIT.ruleSet);
    expect(run.stderr).toContain('[special_file]');
  });

  it('a loop of links and a dangling link: exit 4 with their codes, not an internal error', async () => {
    const folder = ownCopy('with-links');
    symlinkSync('loop.json', join(folder, 'loop.json'));
    symlinkSync('gone.json', join(folder, 'dangling.json'));
    const run = await spawnBin(['afloscapaciteit', HOUSEHOLD, '--ruleset', folder]);
    expect(run.code).toBe(EXIT.ruleSet);
    expect(run.stderr).toContain('dangling.json $: [dangling_link]');
    expect(run.stderr).toContain('loop.json $: [link_loop]');
    expect(run.stderr).not.toMatch(/internal error/);
    expect(run.stderr).not.toMatch(STACK_TRACE);
  });

  it('a link out of the folder is not followed: nothing of its target appears', async () => {
    const folder = ownCopy('with-escape');
    const secret = join(scratch.dir, 'secret.txt');
    writeFileSync(secret, 'TOP-SECRET-BYTES of a file outside');
    symlinkSync(secret, join(folder, 'tables-extra.json'));
    const check = await spawnBin(['rules', 'check', folder]);
    expect(check.code).toBe(EXIT.problems);
    expect(check.stdout).toMatch(/tables-extra\.json\s+\$\s+\[link_outside_folder\]/);
    expect(check.stdout + check.stderr).not.toContain('TOP-SECRET');
  });

  it('a file over 8 MiB is refused unread; a stray README.txt does not hide the other problems', async () => {
    const folder = ownCopy('with-big-file');
    const big = join(folder, 'tables-big.json');
    writeFileSync(big, '{}');
    truncateSync(big, 120 * 1024 * 1024); // sparse: the size of the probe's file, nothing written
    writeFileSync(join(folder, 'README.txt'), 'notes');
    writeFileSync(join(folder, 'paramters.json'), '{}');
    const check = await spawnBin(['rules', 'check', folder, '--format', 'json']);
    expect(check.code).toBe(EXIT.problems);
    const report = JSON.parse(check.stdout) as { issues: { file: string; code: string }[] };
    expect(report.issues.map((i) => [i.file, i.code])).toEqual([
      ['README.txt', 'unknown_file'],
      ['tables-big.json', 'file_too_large'],
      ['paramters.json', 'unknown_file'],
    ]);
  });
});

describe('an institution’s own rule set', () => {
  it('renamed, a copy keeps its worked examples (an expected notice naming the old id still matches)', async () => {
    const folder = ownCopy('my-bank-2026');
    const run = await spawnBin(['rules', 'test', folder]);
    expect(run.stdout).toMatch(/28 of 28 worked examples match\n$/);
    expect(run.code).toBe(EXIT.ok);
    // An expected text that differs elsewhere still differs.
    const example = join(folder, 'tests', 'pensioenuitgaven', '07-alleenstaande-man-koop-hoekwoning-zonder-woz.json');
    writeFileSync(example, readFileSync(example, 'utf8').replace('zijn een concept', 'zijn vastgesteld'));
    expect((await spawnBin(['rules', 'test', folder])).code).toBe(EXIT.problems);
  });

  it('rules test --update rewrites the figures of the examples that differ, shows each change, leaves the rest', async () => {
    const folder = ownCopy('updated-2026');
    const parameters = join(folder, 'parameters-afloscapaciteit.json');
    // The institution's own standard level (issue 40): less of the room above the minimum kept.
    writeFileSync(parameters, readFileSync(parameters, 'utf8').replace('"value": "0.5"', '"value": "0.4"'));
    const examples = join(folder, 'tests', 'afloscapaciteit');
    const before = new Map(readdirSync(examples).map((f) => [f, statSync(join(examples, f)).mtimeMs]));
    const failing = await spawnBin(['rules', 'test', folder, '--format', 'json']);
    expect(failing.code).toBe(EXIT.problems);
    const outcomes = (
      JSON.parse(failing.stdout) as { calculations: { outcomes: { file: string; differences: unknown[] }[] }[] }
    ).calculations.flatMap((c) => c.outcomes);
    const differing = outcomes.filter((o) => o.differences.length > 0).map((o) => o.file);
    expect(differing.length).toBeGreaterThan(0);

    const update = await spawnBin(['rules', 'test', folder, '--update']);
    expect(update.code).toBe(EXIT.ok);
    expect(update.stdout).toMatch(
      /updated {2}tests\/afloscapaciteit\/tekort-gezin\.json\n\s+field\s+was\s+now\n(\s+[\w.]+\s+\d+\s+\d+\n)*\s+TotaalLasten\s+\d+\s+\d+\n/,
    );
    expect(update.stdout).toContain(
      `${differing.length} worked examples updated, ${28 - differing.length} already matched`,
    );
    for (const [file, mtime] of before) {
      const changed = statSync(join(examples, file)).mtimeMs !== mtime;
      expect(changed, file).toBe(differing.includes(`tests/afloscapaciteit/${file}`));
    }
    expect(readdirSync(examples).filter((f) => !f.endsWith('.json'))).toEqual([]);
    const again = await spawnBin(['rules', 'test', folder]);
    expect(again.code).toBe(EXIT.ok);
    // Only the figures changed: the request, description and derivation are as written.
    const updated = JSON.parse(readFileSync(join(examples, 'tekort-gezin.json'), 'utf8')) as Record<string, unknown>;
    const original = JSON.parse(
      readFileSync(join('rules', 'nl-2026', 'tests', 'afloscapaciteit', 'tekort-gezin.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect({ ...updated, expected: undefined }).toEqual({ ...original, expected: undefined });
  });

  it('an example that cannot be computed is not updated: exit 1, the file as it was', async () => {
    const folder = ownCopy('broken-example-2026');
    const example = join(folder, 'tests', 'afloscapaciteit', 'tekort-gezin.json');
    const text = readFileSync(example, 'utf8').replace('"HeeftPartner": true', '"HeeftPartner": "ja"');
    writeFileSync(example, text);
    const update = await spawnBin(['rules', 'test', folder, '--update']);
    expect(update.code).toBe(EXIT.problems);
    expect(update.stdout).toContain('cannot update  tests/afloscapaciteit/tekort-gezin.json');
    expect(readFileSync(example, 'utf8')).toBe(text);
  });

  it('rules show, diff and sensitivity of one’s own folder print no “do not edit, a test fails” banner', async () => {
    const folder = ownCopy('own-pages-2026');
    for (const argv of [
      ['rules', 'show', folder],
      ['rules', 'diff', 'nl-2026', folder],
      ['rules', 'sensitivity', folder],
    ]) {
      const run = await spawnBin(argv);
      expect(run.code, argv.join(' ')).toBe(EXIT.ok);
      expect(run.stdout).toMatch(/Generated with `budgetnorm rules (show|diff|sensitivity) /);
      expect(run.stdout).not.toMatch(/do not edit|a test fails/);
    }
  }, 120_000);
});
