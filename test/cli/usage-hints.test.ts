/**
 * What a mistyped command line is told (issue 42), against the built executable: the nearest
 * option, command or value is suggested; and the batch usage names exactly the options its
 * parser accepts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/cli-ensure-built.js';
import { BATCH_OPTIONS } from '../../src/cli/commands/batch.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { batchHelp } from '../../src/cli/help.js';
import { CLI_OPERATIONS } from '../../src/cli/operations.js';
import { editDistance, nearest } from '../../src/cli/suggest.js';
import { spawnBin } from './helpers.js';

beforeAll(() => {
  ensureBuilt();
}, 240_000);

describe('the nearest name is suggested', () => {
  it.each([
    [['afloscapaciteit', '--formaat', 'table'], /Unknown option '--formaat' \(did you mean --format\?\)/],
    [['batch', 'afloscapaciteit', '--in', '-', '--ruleste', 'nl-2026'], /\(did you mean --ruleset\?\)/],
    [['aflos'], /unknown command "aflos" \(did you mean afloscapaciteit\?\)/],
    [['pensioenuitgave'], /unknown command "pensioenuitgave" \(did you mean pensioenuitgaven\?\)/],
    [['rules', 'sensitivty', 'nl-2026'], /unknown rules command "sensitivty" \(did you mean sensitivity\?\)/],
    [
      ['afloscapaciteit', '--format', 'tabel'],
      /--format must be one of json, table, not "tabel" \(did you mean table\?\)/,
    ],
  ])('%j', async (argv, message) => {
    const run = await spawnBin(argv);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(message);
  });

  it('nothing is suggested for a name near nothing', async () => {
    const run = await spawnBin(['afloscapaciteit', '--zzzzzz']);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(/Unknown option '--zzzzzz'\n/);
    expect(nearest('xyz', ['list', 'check'])).toBeUndefined();
  });

  it('the edit distance counts insertions, deletions, substitutions and swaps', () => {
    expect(editDistance('--formaat', '--format')).toBe(1);
    expect(editDistance('cehck', 'check')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

it('the batch usage names every option its parser accepts, and no other', async () => {
  const help = batchHelp(CLI_OPERATIONS);
  const named = new Set([...help.matchAll(/(?<![\w-])--([a-z][a-z-]*)/g)].map((m) => m[1]));
  expect([...named].sort()).toEqual([...Object.keys(BATCH_OPTIONS), 'help'].sort());
  for (const [name, option] of Object.entries(BATCH_OPTIONS))
    if ('short' in option) expect(help).toContain(`-${option.short}, --${name}`);
  // And the executable prints that usage.
  const run = await spawnBin(['batch', '--help']);
  expect(run.stdout).toBe(help);
  expect(run.stdout).toMatch(
    /^Usage: budgetnorm batch afloscapaciteit\|pensioenuitgaven --in FILE\|- \[--out FILE\|-\]/,
  );
});
