/**
 * An output of a batch (the results, or the errors file): written a chunk of whole records at a
 * time, each write confirmed before the next, with the size of what is complete ("committed")
 * known at every moment. When a run stops on a failed write, a regular file is cut back to its
 * last committed record, so every file a batch leaves ends on a whole record and the files
 * together account for every input line up to one line (what `--resume` continues from).
 */
import { createWriteStream, statSync, truncateSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { EXIT } from '../exit-codes.js';
import { CliError, closeStream, describeFsError, guardErrors, resolvePath, write, type CliIo } from '../io.js';

export class BatchOutput {
  /** Bytes of whole records (committed chunks) in the file, including what it held before a resumed run. */
  private committedBytes: number;
  private pendingBytes = 0;
  private failed = false;

  private constructor(
    readonly stream: Writable,
    /** `the output results.ndjson`, `the errors file e.csv`, `the output (standard output)`. */
    readonly label: string,
    /** The file's name as given, or `standard output`. */
    readonly name: string,
    /** The absolute path of a regular file (which can be cut back and resumed); else undefined. */
    readonly regularFile: string | undefined,
    startBytes: number,
    /** Whether this is the command's standard output (left open at the end). */
    private readonly isStdout = false,
  ) {
    this.committedBytes = startBytes;
  }

  /**
   * Opens `path` (`-` or undefined: standard output). `append`: continue after the `startBytes`
   * the file already holds (a resumed run); otherwise the file is created or emptied.
   */
  static open(
    io: CliIo,
    path: string | undefined,
    what: 'output' | 'errors file',
    append = false,
    startBytes = 0,
  ): Promise<BatchOutput> {
    if (path === undefined || path === '-')
      return Promise.resolve(
        new BatchOutput(guardErrors(io.stdout), `the ${what} (standard output)`, 'standard output', undefined, 0, true),
      );
    const absolute = resolvePath(io, path);
    const stream = createWriteStream(absolute, { flags: append ? 'a' : 'w' });
    return new Promise((resolve, reject) => {
      stream.once('open', () => {
        guardErrors(stream);
        const regular = statSync(absolute, { throwIfNoEntry: false })?.isFile() === true;
        resolve(new BatchOutput(stream, `the ${what} ${path}`, path, regular ? absolute : undefined, startBytes));
      });
      stream.once('error', (error) =>
        reject(new CliError(EXIT.io, `cannot write the ${what} ${path}: ${describeFsError(error)}`)),
      );
    });
  }

  /** Writes bytes and waits until they are written; rejects with `WriteError`. */
  async write(bytes: Uint8Array | string): Promise<void> {
    if (bytes.length === 0) return;
    try {
      await write(this.stream, bytes);
    } catch (error) {
      this.failed = true;
      throw error;
    }
    this.pendingBytes += typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength;
  }

  /** What was written since the last commit is whole records. */
  commit(): void {
    this.committedBytes += this.pendingBytes;
    this.pendingBytes = 0;
  }

  /** Ends the file, all of it written; rejects with `WriteError`. Standard output stays open. */
  close(): Promise<void> {
    if (this.isStdout) return Promise.resolve();
    return closeStream(this.stream);
  }

  /**
   * After a failure: closes the file and cuts it back to its committed records. Returns whether
   * the output now ends on a whole record (false: standard output or a device, where what was
   * written stays written).
   */
  async rollBack(): Promise<boolean> {
    const untouched = !this.failed && this.pendingBytes === 0;
    if (this.isStdout) return untouched;
    await new Promise<void>((resolve) => {
      if (this.stream.closed) resolve();
      else {
        this.stream.once('close', () => resolve());
        this.stream.destroy();
      }
    });
    if (this.regularFile === undefined) return untouched;
    try {
      if (statSync(this.regularFile).size > this.committedBytes) truncateSync(this.regularFile, this.committedBytes);
      return true;
    } catch {
      return false;
    }
  }
}
