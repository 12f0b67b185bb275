/**
 * The self-build of an unbuilt checkout (scripts/cli-ensure-built.ts), which the tests that spawn
 * the built CLI or service run first: from a checkout without dist/, it builds the CLI and says
 * so, and a second call finds it fresh. Run on a copy of the sources, so the dist/ other tests
 * use is left alone.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, REPO } from '../../scripts/cli-ensure-built.js';

let checkout: string;
beforeAll(() => {
  checkout = mkdtempSync(join(tmpdir(), 'budgetnorm-unbuilt-'));
  for (const path of ['src', 'scripts', 'package.json', 'tsconfig.json', 'tsconfig.build.json'])
    cpSync(join(REPO, path), join(checkout, path), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(checkout, 'node_modules'), 'dir');
});
afterAll(() => rmSync(checkout, { recursive: true, force: true }));

describe('ensureBuilt on a checkout without dist/', () => {
  it('builds the CLI, which then calculates; a second call finds it fresh', () => {
    expect(existsSync(join(checkout, 'dist'))).toBe(false);
    expect(ensureBuilt(checkout)).toBe(true);
    const cli = spawnSync(
      process.execPath,
      [join(checkout, 'dist', 'cli', 'main.cjs'), 'afloscapaciteit', join(REPO, 'examples', 'household.json')],
      { encoding: 'utf8' },
    );
    expect([cli.status, cli.stderr]).toEqual([0, '']);
    expect(JSON.parse(cli.stdout)).toHaveProperty('Afloscapaciteit');
    const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
    const help = spawnSync(process.execPath, [join(checkout, 'dist', 'cli', 'main.cjs'), '--version'], {
      encoding: 'utf8',
    });
    expect(help.stdout.trim()).toBe(version);
    expect(ensureBuilt(checkout)).toBe(false);
  }, 300_000);
});
