/**
 * The built service (`node scripts/start.mjs`, i.e. dist/, or `npm start`, which runs that) as
 * a child process, for the soak and the fault tests: started on 127.0.0.1 with a free port and
 * a key from the environment;
 * its stdout and stderr are followed so a caller can wait for a line, count log lines, and
 * read the process's resident memory from /proc.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
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

/**
 * The service's RSS once the load has stopped: the lowest of samples every 250 ms over 3 s idle.
 * One sample 1 s after the load, as before, caught the heap at whatever height the last requests
 * left it: with the refused requests' connections in the load, the growth it gave over 60 s
 * spread from -2.7 % to 8.5 % among runs while 180 s gave 0.2 %. The start and the end are
 * taken alike.
 */
export async function settledRss(pid: number): Promise<number | undefined> {
  let lowest: number | undefined;
  for (let i = 0; i < 12; i += 1) {
    await new Promise((r) => setTimeout(r, 250));
    const rss = rssOf(pid);
    if (rss !== undefined && (lowest === undefined || rss < lowest)) lowest = rss;
  }
  return lowest;
}

/** What {@link pipelinedWrongKey} sent. */
export interface PipelinedLoad {
  /** Connections opened (and seen closed). */
  readonly connections: number;
  /** Connections that ended in an error (reset, refused) rather than a close. */
  readonly errors: number;
}

/**
 * Issue 42's leak traffic: on `lanes` connections at a time, calculations with a wrong key
 * pipelined `depth` deep in one write; the 401 closes each connection (or the client does, once
 * every request is answered), and the lane opens the next one, until `more()` says stop.
 * Resolves once every connection opened has closed.
 */
export async function pipelinedWrongKey(
  url: string,
  { lanes, depth, body, more }: { lanes: number; depth: number; body: string; more: () => boolean },
): Promise<PipelinedLoad> {
  const { hostname, port } = new URL(url);
  const request =
    `POST /Afloscapaciteit/Resultaat HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
    `Ocp-Apim-Subscription-Key: wrong-key\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  const pipeline = request.repeat(depth);
  let connections = 0;
  let errors = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      connections += 1;
      const socket = connect(Number(port), hostname, () => socket.write(pipeline));
      socket.on('error', () => (errors += 1));
      socket.on('close', () => resolve());
      let answers = 0;
      socket.on('data', (chunk: Buffer) => {
        answers += chunk.toString('latin1').split('HTTP/1.1 ').length - 1;
        if (answers >= depth) socket.destroy();
      });
    });
  const lane = async (): Promise<void> => {
    while (more()) await one();
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return { connections, errors };
}
