/**
 * What a command talks to: streams and the working directory, injected so the tests run the
 * whole command line in-process. `nodeIo()` is the real process.
 */
import { readFileSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
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
  /**
   * Writes text to standard output without a stream, as {@link writeOut} does when given this;
   * resolves when it is written, rejects with the error of a failed write. Absent (tests
   * in-process): `stdout` is written to.
   */
  readonly writeStdout?: (text: string) => Promise<void>;
}

export type StopSignal = 'SIGINT' | 'SIGTERM';

/**
 * The process's own streams, each made when a command first uses it: Node builds
 * `process.stdout` and the others on first use, loading its stream machinery (and `net` for a
 * pipe), some 10-15 ms of a calculation's start on the 2-core machine of 2026-11-28 (issue 14:
 * `budgetnorm afloscapaciteit file.json` in ≤ 150 ms). A calculation writes its result with
 * `writeStdout`, to file descriptor 1, and never makes a stream at all. Each stream is guarded
 * ({@link guardErrors}) when it is made, so a failed write is reported, never a crash.
 */
export function nodeIo(): CliIo {
  let stdout: Writable | undefined;
  const madeStdout = (): Writable => {
    stdout ??= guardErrors(process.stdout);
    return stdout;
  };
  return {
    get stdin() {
      return process.stdin;
    },
    get stdout() {
      return madeStdout();
    },
    get stderr() {
      return guardErrors(process.stderr);
    },
    cwd: process.cwd(),
    get stderrIsTTY() {
      guardErrors(process.stderr);
      return process.stderr.isTTY === true;
    },
    get stdoutIsTTY() {
      return (madeStdout() as { isTTY?: boolean }).isTTY === true;
    },
    fds: { stdin: 0, stdout: 1 },
    onSignal: (listener) => {
      const signals: StopSignal[] = ['SIGINT', 'SIGTERM'];
      for (const s of signals) process.on(s, listener);
      return () => {
        for (const s of signals) process.off(s, listener);
      };
    },
    // Once the stream is made (a command that streams its output), everything goes through it,
    // so that nothing written overtakes what the stream still holds. Not on Windows, where
    // Node's stream converts text for the console and a raw write would not (nodejs/node#24550).
    ...(process.platform === 'win32'
      ? {}
      : {
          writeStdout: (text: string) => (stdout === undefined ? writeAllToFd(1, text) : write(stdout, text)),
        }),
  };
}

/** How long to wait before writing again to a descriptor that takes nothing now (EAGAIN), in ms. */
const FULL_PIPE_WAIT_MS = 1;

/**
 * Writes all of `text` to a file descriptor, as Node's own `process.stdout` does for files and
 * pipes on Linux: synchronously, each write taking what it can until all is written. A
 * descriptor opened non-blocking by whoever started the process (EAGAIN: its pipe is full) is
 * written again a moment later, as the reader takes what is in the pipe.
 */
export async function writeAllToFd(fd: number, text: string): Promise<void> {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EAGAIN') throw error;
      await new Promise((wait) => setTimeout(wait, FULL_PIPE_WAIT_MS));
    }
  }
}

/**
 * Writes text to standard output: by `io.writeStdout` when the process has it (no stream made
 * for one result), else to `io.stdout`. Resolves when written; rejects with a `WriteError` on
 * `io.stdout` when the write failed, as {@link write} does.
 */
export async function writeOut(io: CliIo, text: string): Promise<void> {
  if (io.writeStdout === undefined) return write(io.stdout, text);
  try {
    await io.writeStdout(text);
  } catch (error) {
    throw error instanceof WriteError ? error : new WriteError(io.stdout, error);
  }
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
    // Node's stream machinery is loaded only by a command that closes a stream (see nodeIo).
    process
      .getBuiltinModule('node:stream')
      .finished(stream, (error) => (error ? fail(new WriteError(stream, error)) : done()));
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
    // A path is read in one call, without a stream, and synchronously: a calculation on a file
    // then starts without loading Node's readable-stream machinery or node:fs/promises (issue 14,
    // the CLI's cold start).
    if (!fromStdin) return { text: stripBom(readFileSync(resolvePath(io, path), 'utf8')), name };
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
