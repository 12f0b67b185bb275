/**
 * The built executable, spawned as a user runs it: `node dist/cli/main.cjs` (package.json
 * `bin`). Builds dist/ first when it is stale. Its batch workers are the compiled
 * dist/cli/batch/worker.js, so this is also where the production worker path is tested.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../../scripts/cli-ensure-built.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { repaymentCapacity } from '../../src/index.js';
import { readJson, repaymentBody, REQUESTS, ROOT, runCli, spawnBin, tempDir } from './helpers.js';

let dir: string;
let remove: () => void;
beforeAll(() => {
  ({ dir, remove } = tempDir());
  ensureBuilt();
}, 240_000);
afterAll(() => remove());

describe('the built budgetnorm executable', () => {
  it("is package.json's bin, with a node shebang", () => {
    expect((readJson(join(ROOT, 'package.json')) as { bin: Record<string, string> }).bin).toEqual({
      budgetnorm: 'dist/cli/main.cjs',
    });
    expect(readFileSync(BIN, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it("computes a body from standard input: exit 0, the library's result", async () => {
    const body = readJson(join(REQUESTS, 'afloscapaciteit-gezin-koop.json'));
    const run = await spawnBin(['afloscapaciteit', '--ruleset', 'nl-2026'], { stdin: JSON.stringify(body) });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(repaymentCapacity(body, { ruleSet: 'nl-2026' }))));
  });

  it("a calculation on a file, its result to a pipe, loads none of Node's stream, net or fs/promises modules (issue 14: each costs the CLI's start)", async () => {
    // Told at exit by a module Node loads first (-r), from process.moduleLoadList.
    const preload = join(dir, 'loaded.cjs');
    writeFileSync(
      preload,
      `process.on('exit', () => require('node:fs').writeSync(2, JSON.stringify(process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)))));`,
    );
    const loadedBy = (args: readonly string[]) => {
      const child = spawnSync(process.execPath, ['-r', preload, ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      });
      return { ...child, loaded: JSON.parse(child.stderr) as string[] };
    };
    const bare = loadedBy(['-e', '0']).loaded;
    const body = join(REQUESTS, 'afloscapaciteit-gezin-koop.json');
    const cli = loadedBy([BIN, 'afloscapaciteit', body, '--ruleset', 'nl-2026']);
    expect(cli.status).toBe(EXIT.ok);
    expect(JSON.parse(cli.stdout)).toEqual(
      JSON.parse(JSON.stringify(repaymentCapacity(readJson(body), { ruleSet: 'nl-2026' }))),
    );
    const added = cli.loaded.filter((m) => !bare.includes(m));
    expect(
      added.filter((m) => /^(stream|net|fs\/promises|internal\/streams\/.*|internal\/fs\/streams)$/.test(m)),
    ).toEqual([]);
  });

  it('a refused body: exit 1 with the issues on stderr; a usage error: exit 2', async () => {
    const bad = await spawnBin(['afloscapaciteit', '--ruleset', 'nl-2026'], { stdin: '{}' });
    expect(bad.code).toBe(EXIT.problems);
    expect(JSON.parse(bad.stderr).issues.length).toBeGreaterThan(0);
    const usage = await spawnBin(['afloscapaciteit', '--nope']);
    expect(usage.code).toBe(EXIT.usage);
  });

  it('batch with its compiled worker threads: the same bytes as the in-process path, counts on stderr', async () => {
    const lines = Array.from({ length: 120 }, (_, i) =>
      i % 25 === 7 ? '{"broken": ' : JSON.stringify(repaymentBody(i)),
    );
    const input = join(dir, 'in.ndjson');
    writeFileSync(input, `${lines.join('\n')}\n`);
    const threads = await spawnBin([
      'batch',
      'afloscapaciteit',
      '--in',
      input,
      '--out',
      join(dir, 'threads.csv'),
      '--ruleset',
      'nl-2026',
      '--workers',
      '2',
      '--chunk-size',
      '4096',
    ]);
    expect(threads.code).toBe(EXIT.problems);
    expect(threads.stderr).toMatch(
      /120 records = 115 results \+ 5 errors; rule set nl-2026; .* 2 workers, peak RSS \d+ MB/,
    );
    const inProcess = await runCli([
      'batch',
      'afloscapaciteit',
      '--in',
      input,
      '--out',
      join(dir, 'in-process.csv'),
      '--ruleset',
      'nl-2026',
      '--workers',
      '0',
    ]);
    expect(inProcess.code).toBe(EXIT.problems);
    expect(readFileSync(join(dir, 'threads.csv'), 'utf8')).toBe(readFileSync(join(dir, 'in-process.csv'), 'utf8'));
  }, 60_000);

  it('batch to standard output', async () => {
    const run = await spawnBin(['batch', 'afloscapaciteit', '--in', '-', '--ruleset', 'nl-2026', '--quiet'], {
      stdin: `${JSON.stringify(repaymentBody(3))}\n`,
    });
    expect(run.code).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout.trim())).toMatchObject({ line: 1, result: { Rekenregels: { Id: 'nl-2026' } } });
  });
});
