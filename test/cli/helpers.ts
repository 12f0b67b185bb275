/**
 * Runs the command line in-process: `main(argv, io)` with its own streams, so a test sees
 * stdout, stderr and the exit code without spawning a process.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { BIN, ensureBuilt } from '../../scripts/cli-ensure-built.js';
import { main } from '../../src/cli/cli.js';
import type { CliOperations } from '../../src/cli/operations.js';

export const ROOT = join(import.meta.dirname, '..', '..');
export const FIXTURES = join(ROOT, 'test', 'fixtures', 'cli');
export const REQUESTS = join(ROOT, 'test', 'fixtures', 'requests');

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runCli(
  argv: readonly string[],
  options: { stdin?: string; cwd?: string; stderrIsTTY?: boolean; operations?: CliOperations } = {},
): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (d: Buffer) => out.push(d));
  stderr.on('data', (d: Buffer) => err.push(d));
  const code = await main(
    argv,
    {
      stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
      stdout,
      stderr,
      cwd: options.cwd ?? ROOT,
      stderrIsTTY: options.stderrIsTTY ?? false,
      stdoutIsTTY: false,
    },
    options.operations,
  );
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

/** A fresh temporary folder, removed by the returned function. */
export function tempDir(prefix = 'budgetnorm-cli-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * For a file of tests that spawn the built executable: builds it (when stale) before the first
 * test, and a scratch folder (`scratch.dir`) for the file, removed after the last.
 */
export function withBuiltCli(): { readonly dir: string } {
  const scratch = { dir: '' };
  let remove = (): void => {};
  beforeAll(() => {
    ({ dir: scratch.dir, remove } = tempDir());
    ensureBuilt();
  }, 240_000);
  afterAll(() => remove());
  return scratch;
}

/** A copy of a rule-set folder of the repository, to break in a test. */
export function copyRuleSet(id: string, into: string): string {
  const target = join(into, id);
  cpSync(join(ROOT, 'rules', id), target, { recursive: true });
  return target;
}

export function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

export function writeJson(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

export function ndjson(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** A valid repayment request, varied by `i`. */
export function repaymentBody(i: number): Record<string, unknown> {
  const own = i % 2 === 1;
  return {
    LeeftijdHoofdpersoon: 20 + (i % 60),
    HeeftPartner: i % 3 === 0,
    AantalThuiswonendeKinderen: i % 4,
    AantalAutos: i % 3,
    NettoBesteedbaarInkomenPerMaand: 1500 + ((i * 137) % 4000),
    BijzondereUitgaven: i % 5 === 0 ? {} : { KostenZorg: i % 90 },
    Woning: own
      ? { WoningSoort: 'Koopwoning', BrutoHypotheeklasten: 700 + (i % 500) }
      : { WoningSoort: 0, HuurPerMaand: 500 + (i % 700) },
  };
}

export interface BinRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Spawns the built executable (`node dist/cli/main.cjs`, see scripts/cli-ensure-built.ts) as a
 * user runs it. `stdout` may be a file descriptor (e.g. /dev/full) instead of a pipe; `shell`
 * runs it through bash with that text before `exec` (e.g. `ulimit -f 64; trap '' XFSZ`).
 */
export function spawnBin(
  args: readonly string[],
  options: { stdin?: string; cwd?: string; stdout?: number; shell?: string } = {},
): Promise<BinRun> {
  return new Promise((resolveRun, reject) => {
    const node = [process.execPath, BIN, ...args];
    const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
    const child =
      options.shell === undefined
        ? spawn(node[0] as string, node.slice(1), {
            cwd: options.cwd ?? ROOT,
            stdio: ['pipe', options.stdout ?? 'pipe', 'pipe'],
          })
        : spawn('bash', ['-c', `${options.shell}; exec ${node.map(quote).join(' ')}`], {
            cwd: options.cwd ?? ROOT,
            stdio: ['pipe', options.stdout ?? 'pipe', 'pipe'],
          });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (d: string) => (stdout += d));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolveRun({ code, signal, stdout, stderr }));
    // A command that stops reading early (a refused option, a failed write) closes its stdin.
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.stdin ?? '');
  });
}
