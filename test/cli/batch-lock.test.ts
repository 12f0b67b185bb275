/**
 * Two batches writing the same output (issue 42): the second refuses with exit 6 and a clear
 * message, the first one's output is whole; the lock goes when a run ends (also on SIGTERM),
 * and one left by a run killed outright is named with its dead process and how to clear it.
 * Against the built executable; the first run is held by its standard input, kept open.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { BIN } from '../../scripts/cli-ensure-built.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { ndjson, repaymentBody, ROOT, spawnBin, withBuiltCli } from './helpers.js';

const scratch = withBuiltCli();

const BATCH = ['batch', 'afloscapaciteit', '--ruleset', 'nl-2026', '--workers', '0', '--quiet'];
const lines = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `${JSON.stringify(repaymentBody(from + i))}\n`).join('');

/** Resolves when `path` exists (watching its folder, no polling). */
function created(path: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(join(path, '..'), () => {
      if (existsSync(path)) {
        watcher.close();
        resolve();
      }
    });
    if (existsSync(path)) {
      watcher.close();
      resolve();
    }
  });
}

/** A batch reading standard input, which stays open until the test writes and ends it. */
function heldBatch(out: string): { child: ChildProcess; done: Promise<{ code: number | null; stderr: string }> } {
  const child = spawn(process.execPath, [BIN, ...BATCH, '--in', '-', '--out', out], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const done = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr })),
  );
  return { child, done };
}

it('a second batch writing the same --out refuses with exit 6; the first one’s output is whole', async () => {
  const out = join(scratch.dir, 'same.ndjson');
  const input = join(scratch.dir, 'other-input.ndjson');
  writeFileSync(input, lines(50, 1000));
  const first = heldBatch(out);
  await created(`${out}.lock`);

  const second = await spawnBin([...BATCH, '--in', input, '--out', out]);
  expect(second.code).toBe(EXIT.busy);
  expect(second.stderr).toMatch(
    new RegExp(`the output .*same\\.ndjson is being written by another batch \\(process ${first.child.pid}\\)`),
  );
  // The same with --resume, which would append to it.
  const resumed = await spawnBin([...BATCH, '--in', input, '--out', out, '--resume']);
  expect(resumed.code).toBe(EXIT.busy);

  first.child.stdin?.end(lines(200));
  const run = await first.done;
  expect(run.code).toBe(EXIT.ok);
  const records = ndjson(readFileSync(out, 'utf8'));
  expect(records.map((r) => r['line'])).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  expect(records.every((r) => typeof (r['result'] as Record<string, unknown>)['Afloscapaciteit'] === 'number')).toBe(
    true,
  );
  expect(existsSync(`${out}.lock`)).toBe(false);
});

it('SIGTERM ends a batch that waits for its input, and removes its lock', async () => {
  const out = join(scratch.dir, 'interrupted.ndjson');
  const first = heldBatch(out);
  await created(`${out}.lock`);
  first.child.kill('SIGTERM');
  await first.done;
  expect(first.child.signalCode).toBe('SIGTERM');
  expect(existsSync(`${out}.lock`)).toBe(false);
});

it('a lock left by a process that no longer runs is named, with how to clear it', async () => {
  const out = join(scratch.dir, 'stale.ndjson');
  const input = join(scratch.dir, 'input.ndjson');
  writeFileSync(input, lines(3));
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  writeFileSync(`${out}.lock`, `${gone.stdout}\n`);
  const run = await spawnBin([...BATCH, '--in', input, '--out', out]);
  expect(run.code).toBe(EXIT.busy);
  expect(run.stderr).toContain(`left by process ${gone.stdout}, which no longer runs`);
  expect(run.stderr).toContain(`remove ${out}.lock and run again`);
  expect(existsSync(out)).toBe(false);
});
