/**
 * What a command talks to: streams and the working directory, injected so the tests run the
 * whole command line in-process. `nodeIo()` is the real process.
 */
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { EXIT, type ExitCode } from './exit-codes.js';

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
}

export function nodeIo(): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    stderrIsTTY: process.stderr.isTTY === true,
    stdoutIsTTY: process.stdout.isTTY === true,
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

/** Writes text to a stream and waits until it is accepted (respecting backpressure). */
export function write(stream: Writable, text: string | Uint8Array): Promise<void> {
  return new Promise((done, fail) => {
    const ok = stream.write(text, (error) => {
      if (error) fail(error);
    });
    if (ok) done();
    else stream.once('drain', done);
  });
}

export function resolvePath(io: CliIo, path: string): string {
  return resolve(io.cwd, path);
}

/** Reads a whole file (or stdin for `-` or no path) as UTF-8. Throws CliError(io) when it cannot. */
export async function readAllText(io: CliIo, path: string | undefined): Promise<{ text: string; name: string }> {
  const fromStdin = path === undefined || path === '-';
  const stream = fromStdin ? io.stdin : createReadStream(resolvePath(io, path));
  const name = fromStdin ? '(stdin)' : path;
  const parts: Buffer[] = [];
  try {
    for await (const chunk of stream) parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  } catch (error) {
    throw new CliError(EXIT.io, `cannot read ${name}: ${describeFsError(error)}`);
  }
  return { text: stripBom(Buffer.concat(parts).toString('utf8')), name };
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
    };
    if (typeof code === 'string' && known[code] !== undefined) return known[code];
  }
  return error instanceof Error ? error.message : String(error);
}
