/**
 * What a command talks to: streams and the working directory, injected so the tests run the
 * whole command line in-process. `nodeIo()` is the real process.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { finished, type Readable, type Writable } from 'node:stream';
import { EXIT, type ExitCode } from './exit-codes.js';
import { errorMessage } from '../contract/errors.js';

export interface CliIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
  /** Folder relative paths are resolved against. */
  readonly cwd: string;
  /** Whether stderr is a terminal (progress bars are drawn only then). */
  readonly stderrIsTTY: boolean;
  /** Whether stdout is a terminal. */
  readonly stdoutIsTTY: boolean;
  /**
   * Subscribes to the interrupting signals (SIGINT, SIGTERM) while a command can stop cleanly;
   * returns the unsubscribe function. Absent (tests in-process): no signal handling.
   */
  readonly onSignal?: (listener: (signal: StopSignal) => void) => () => void;
  /** File descriptors of stdin and stdout when they are the process's (to see which file they are); absent in tests. */
  readonly fds?: { readonly stdin: number; readonly stdout: number };
}

export type StopSignal = 'SIGINT' | 'SIGTERM';

export function nodeIo(): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    stderrIsTTY: process.stderr.isTTY === true,
    stdoutIsTTY: process.stdout.isTTY === true,
    fds: { stdin: 0, stdout: 1 },
    onSignal: (listener) => {
      const signals: StopSignal[] = ['SIGINT', 'SIGTERM'];
      for (const s of signals) process.on(s, listener);
      return () => {
        for (const s of signals) process.off(s, listener);
      };
    },
  };
}

/** An error that ends the command with a given exit code and message (no stack trace). */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  constructor(exitCode: ExitCode, message: string) {
    super(message);
    this.exitCode = exitCode;
  }
}

export const usageError = (message: string): CliError => new CliError(EXIT.usage, message);

/** A write that failed (a full disk, a closed pipe…): `cause` is the stream's error. */
export class WriteError extends Error {
  readonly stream: Writable;
  constructor(stream: Writable, cause: unknown) {
    super(describeFsError(cause), { cause });
    this.stream = stream;
  }
}

const guarded = new WeakSet<Writable>();

/**
 * Keeps an `error` event of the stream from crashing the process: a failed write is reported
 * to its writer by `write()`'s promise instead, which knows what was being written.
 */
export function guardErrors(stream: Writable): Writable {
  if (!guarded.has(stream)) {
    guarded.add(stream);
    stream.on('error', () => {});
  }
  return stream;
}

/**
 * Writes text to a stream and waits until the stream has written it: the promise resolves only
 * when the write succeeded (so backpressure is respected too), and rejects with a `WriteError`
 * when it failed, however late the failure comes (a full disk fails the write, not the call).
 */
export function write(stream: Writable, text: string | Uint8Array): Promise<void> {
  guardErrors(stream);
  return new Promise((done, fail) => {
    if (stream.destroyed || stream.errored !== null) {
      fail(new WriteError(stream, stream.errored ?? new Error('the stream is closed')));
      return;
    }
    stream.write(text, (error) => {
      if (error) fail(new WriteError(stream, error));
      else done();
    });
  });
}

/** Writes to stderr for the user, best effort: a message that cannot be shown must not hide the exit code. */
export async function report(io: CliIo, text: string): Promise<void> {
  try {
    await write(io.stderr, text);
  } catch {
    // Nowhere left to say it; the exit code still tells.
  }
}

/** Ends a stream and waits until everything is written and the file closed; rejects with `WriteError`. */
export function closeStream(stream: Writable): Promise<void> {
  guardErrors(stream);
  return new Promise((done, fail) => {
    if (stream.errored !== null) {
      fail(new WriteError(stream, stream.errored));
      return;
    }
    finished(stream, (error) => (error ? fail(new WriteError(stream, error)) : done()));
    stream.end();
  });
}

export function resolvePath(io: CliIo, path: string): string {
  return resolve(io.cwd, path);
}

/** Reads a whole file (or stdin for `-` or no path) as UTF-8. Throws CliError(io) when it cannot. */
export async function readAllText(io: CliIo, path: string | undefined): Promise<{ text: string; name: string }> {
  const fromStdin = path === undefined || path === '-';
  const name = fromStdin ? '(stdin)' : path;
  try {
    // A path is read in one call, without a stream: a calculation on a file then starts without
    // loading and compiling Node's readable-stream machinery (issue 14, the CLI's cold start).
    if (!fromStdin) return { text: stripBom(await readFile(resolvePath(io, path), 'utf8')), name };
    const parts: Buffer[] = [];
    for await (const chunk of io.stdin) parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return { text: stripBom(Buffer.concat(parts).toString('utf8')), name };
  } catch (error) {
    throw new CliError(EXIT.io, `cannot read ${name}: ${describeFsError(error)}`);
  }
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** `ENOENT: no such file or directory, open '/x'` → `no such file or directory`. */
export function describeFsError(error: unknown): string {
  if (error !== null && typeof error === 'object' && 'code' in error) {
    const code = (error as { code?: unknown }).code;
    const known: Record<string, string> = {
      ENOENT: 'no such file or directory',
      EACCES: 'permission denied',
      EISDIR: 'is a folder, not a file',
      ENOTDIR: 'a part of the path is not a folder',
      EMFILE: 'too many open files',
      ENOSPC: 'no space left on the device',
      EDQUOT: 'the disk quota is used up',
      EFBIG: 'the file is too large (a file-size limit was reached)',
      EIO: 'input/output error',
      EROFS: 'the file system is read-only',
      EPIPE: 'the reader closed it (broken pipe)',
    };
    if (typeof code === 'string' && known[code] !== undefined) return known[code];
  }
  return errorMessage(error);
}
