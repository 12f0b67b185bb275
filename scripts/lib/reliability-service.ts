/**
 * The built service (`node scripts/start.mjs`, i.e. dist/, or `npm start`, which runs that) as
 * a child process, for the soak and the fault tests: started on 127.0.0.1 with a free port and
 * a key from the environment;
 * its stdout and stderr are followed so a caller can wait for a line, count log lines, and
 * read the process's resident memory from /proc.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

export const REPO = new URL('../../', import.meta.url).pathname;

export interface SpawnedService {
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  readonly pid: number;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** stderr so far. */
  stderr(): string;
  /** stdout lines that are not request lines, plus every request line with a 5xx status. */
  notable(): string[];
  /** How many request lines were logged, by status. */
  readonly statuses: Map<number, number>;
  /** Everything on stdout so far, when started with `keepLog` (else empty). */
  stdout(): string;
  /** The pid of the server itself, from its `listening` line (not npm's, under `npm start`). */
  serverPid(): Promise<number>;
  /**
   * Resolves with the first match in stdout's event lines (every line, with `keepLog`); rejects
   * when the process exits first, or after `timeoutMs` when given (else the caller's ceiling applies).
   */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** The URL from the `listening` line. */
  url(): Promise<string>;
  /** Kills it hard if it is still running. */
  kill(): void;
}

export interface SpawnOptions {
  /** How to start it: `node` runs `node scripts/start.mjs`, `npm` runs `npm start` (default `node`). */
  readonly via?: 'node' | 'npm';
  /** Keep all of stdout, for a test that reads the request lines (default false). */
  readonly keepLog?: boolean;
}

/**
 * Starts `node scripts/start.mjs` (or `npm start`) with `env` added to a clean environment (no
 * keys or rule settings inherited from the caller). Request lines are counted, not kept (unless
 * `keepLog`), so a long soak does not hold its log in memory.
 */
export function spawnService(env: Record<string, string>, options: SpawnOptions = {}): SpawnedService {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith('BUDGETNORM_') && k !== 'PORT' && k !== 'HOST' && k !== 'NODE_ENV')
      base[k] = v;
  }
  const [command, args] =
    options.via === 'npm' ? ['npm', ['start', '--silent']] : [process.execPath, [join(REPO, 'scripts', 'start.mjs')]];
  const child = spawn(command, args, {
    cwd: REPO,
    env: { ...base, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  let partial = '';
  let stdout = '';
  const notable: string[] = [];
  // Request lines too, with keepLog, for waitFor.
  const requestLines: string[] = [];
  const statuses = new Map<number, number>();
  const waiting = new Set<() => void>();
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.on('data', (d: Buffer) => {
    if (options.keepLog === true) stdout += d.toString();
    const lines = (partial + d.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const status =
        /^\{"level":"info","time":"[^"]*","requestId":"[^"]*","method":"[A-Z]+","path":"[^"]*","status":(\d+),/.exec(
          line,
        );
      if (status !== null) {
        const s = Number(status[1]);
        statuses.set(s, (statuses.get(s) ?? 0) + 1);
        if (s >= 500) notable.push(line);
        else if (options.keepLog === true) requestLines.push(line);
      } else notable.push(line);
    }
    for (const check of waiting) check();
  });
  const waitFor = (pattern: RegExp, timeoutMs?: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              waiting.delete(check);
              reject(new Error(`timed out waiting for ${pattern}; stderr: ${stderr}`));
            }, timeoutMs);
      const check = (): void => {
        for (const line of [...notable, ...requestLines]) {
          const match = pattern.exec(line);
          if (match !== null) {
            clearTimeout(timer);
            waiting.delete(check);
            resolve(match);
            return;
          }
        }
      };
      waiting.add(check);
      void exited.then(() => {
        check();
        if (waiting.has(check)) {
          clearTimeout(timer);
          waiting.delete(check);
          reject(new Error(`the service exited before ${pattern}; stderr: ${stderr}`));
        }
      });
      check();
    });
  return {
    child,
    pid: child.pid ?? -1,
    exited,
    stderr: () => stderr,
    notable: () => notable,
    statuses,
    waitFor,
    stdout: () => stdout,
    url: async () => (await waitFor(/"event":"listening","url":"(http:\/\/[^"]+)"/))[1] as string,
    serverPid: async () => Number((await waitFor(/"event":"listening",.*"pid":(\d+)/))[1]),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** Resident memory of a process in bytes (Linux: VmRSS in /proc/<pid>/status), or undefined. */
export function rssOf(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? undefined : Number(match[1]) * 1024;
  } catch {
    return undefined;
  }
}
