/**
 * An asynchronous, batched writer of text to a file descriptor: the destination of the
 * service's request log on stdout (src/node/log.ts).
 *
 * Why not pino's own destination (sonic-boom): its `write` measures the UTF-8 length of its
 * whole accumulated batch string again on every line (`Buffer.byteLength` of the last pending
 * string), so a batch of n lines costs O(n²), several µs per request line under load and far
 * more with a large batch. Here a line costs an array push and an addition; the batch is
 * joined and encoded once, when it is written.
 *
 * @example
 * ```ts
 * import { BatchedWriter } from './batched-writer.js';
 *
 * const out = new BatchedWriter(1, { onError: (error) => console.error('stdout failed:', error.code) });
 * out.write('{"level":"info","event":"listening"}\n'); // written within 200 ms, or with the next 64 KiB
 * await out.end(); // every line written (or counted in out.linesLost)
 * ```
 */
import { write as writeAsync, writeSync } from 'node:fs';

/** How a {@link BatchedWriter} batches and what it tells of failures. */
export interface BatchedWriterOptions {
  /**
   * Pending UTF-16 code units (`string.length`, not bytes: counting bytes would mean measuring
   * every line) at which a batch is written; default 64 KiB.
   */
  readonly minLength?: number;
  /** How often text pending under `minLength` is written; default 200 ms. */
  readonly flushIntervalMs?: number;
  /** How long to wait before writing again to a full non-blocking pipe (EAGAIN); default 10 ms. */
  readonly retryDelayMs?: number;
  /**
   * Told of the first failed write (anything but EAGAIN: EPIPE, EBADF, ENOSPC, …), once per
   * writer: a log that cannot be written must not fill another log with the same complaint.
   */
  readonly onError?: (error: NodeJS.ErrnoException) => void;
}

/** A batch being written: its bytes, how far they are written, and how many `write` calls it holds. */
interface Batch {
  readonly bytes: Buffer;
  offset: number;
  readonly lines: number;
}

const DEFAULT_MIN_LENGTH = 64 * 1024;
const DEFAULT_FLUSH_INTERVAL_MS = 200;
const DEFAULT_RETRY_DELAY_MS = 10;
/** How long `flushSync` waits, in all, for a full pipe to take its text: it runs on the way out. */
const SYNC_EAGAIN_LIMIT_MS = 1000;

/** Blocks the thread for `ms` (flushSync has no event loop to wait on). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Writes text to a file descriptor in batches, asynchronously (on libuv's thread pool, so the
 * caller never waits for a system call), keeping the order of the text written.
 *
 * - `write(text)` only gathers: a batch is written once `minLength` code units are pending and
 *   no write is in flight, or by the periodic flush (every `flushIntervalMs`, so a line on a
 *   quiet service shows within that time). One batch is one `fs.write` of its UTF-8 bytes, and
 *   more calls only when the descriptor takes part of them.
 * - A full non-blocking pipe (EAGAIN) is written to again after `retryDelayMs`, for as long as
 *   it takes: nothing is dropped.
 * - Any other error is told once to `onError`; the batch is lost (its `write` calls are counted
 *   in {@link BatchedWriter.linesLost}) and later batches are still tried (a full disk may have
 *   room again).
 * - Memory: pending text is not bounded. A descriptor that stays full (a reader that stopped
 *   reading) makes it grow for as long as text is written, as with sonic-boom before (pino's
 *   destination had no `maxLength` set either).
 */
export class BatchedWriter {
  readonly #fd: number;
  readonly #minLength: number;
  readonly #retryDelayMs: number;
  readonly #onError: ((error: NodeJS.ErrnoException) => void) | undefined;
  readonly #timer: NodeJS.Timeout;
  #pending: string[] = [];
  /** The code units pending, kept as lines come so nothing pending is ever measured again. */
  #pendingLength = 0;
  /** The batch being written (in a system call, or waiting to retry a full pipe). */
  #batch: Batch | undefined;
  #retry: NodeJS.Timeout | undefined;
  /** The periodic flush came while a batch was being written: write what is pending after it. */
  #flushDue = false;
  #ended = false;
  #ending: Promise<void> | undefined;
  #resolveEnd: (() => void) | undefined;
  #reported = false;
  #linesLost = 0;

  /** A writer to `fd` (1 for stdout), which it neither opens nor closes. */
  constructor(fd: number, options: BatchedWriterOptions = {}) {
    this.#fd = fd;
    this.#minLength = options.minLength ?? DEFAULT_MIN_LENGTH;
    this.#retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    this.#onError = options.onError;
    // Unref'd: a pending flush must not keep alive a process that has nothing else to do (its
    // owner's end(), or flushSync() in an exit handler, writes what is left).
    this.#timer = setInterval(this.#tick, options.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS).unref();
  }

  /**
   * How many `write` calls' text was not written: in a batch whose write failed, or written
   * after {@link end}. (The log writes one line per call.)
   */
  get linesLost(): number {
    return this.#linesLost;
  }

  /**
   * Adds `text` to what is pending; writes a batch when enough is pending and none is being
   * written. After {@link end} the text is ignored and counted in {@link linesLost}, not thrown:
   * a log line from a request that finishes during shutdown must not fail the request.
   */
  write(text: string): void {
    // An empty batch would be an fs.write of nothing, taken for a descriptor that takes nothing.
    if (text.length === 0) return;
    if (this.#ended) {
      this.#linesLost += 1;
      return;
    }
    this.#pending.push(text);
    this.#pendingLength += text.length;
    if (this.#pendingLength >= this.#minLength && this.#batch === undefined) this.#startBatch();
  }

  /**
   * Writes everything pending; resolves once it is written or its write failed (never rejects:
   * failures go to `onError`). Later writes are refused (see {@link write}). Calling it again
   * returns the same promise.
   */
  end(): Promise<void> {
    this.#ending ??= new Promise<void>((resolve) => {
      this.#ended = true;
      clearInterval(this.#timer);
      this.#resolveEnd = resolve;
      if (this.#batch === undefined) this.#next();
    });
    return this.#ending;
  }

  /**
   * Writes everything pending now, synchronously: the last resort before a forced exit. Best
   * effort: a batch in the middle of its asynchronous write cannot be waited for, so the pending
   * text is written anyway and may land before the rest of that batch (or without it, if the
   * process exits before it is written); a batch waiting to retry a full pipe is written first,
   * in order. A full pipe is waited for up to 1 s in all, then its text is counted lost.
   */
  flushSync(): void {
    if (this.#retry !== undefined && this.#batch !== undefined) {
      // Not in a system call: its rest can go first, and its retry is no longer needed.
      clearTimeout(this.#retry);
      this.#retry = undefined;
      const batch = this.#batch;
      this.#batch = undefined;
      this.#writeAllSync(batch.bytes.subarray(batch.offset), batch.lines);
    }
    if (this.#pending.length > 0) {
      const { bytes, lines } = this.#takePending();
      this.#writeAllSync(bytes, lines);
    }
    if (this.#ended && this.#batch === undefined) this.#settleEnd();
  }

  /** Everything pending, encoded, and how many lines it holds; nothing is pending afterwards. */
  #takePending(): { readonly bytes: Buffer; readonly lines: number } {
    const lines = this.#pending.length;
    // One join and one encoding per batch: the only time pending text is measured in bytes.
    const bytes = Buffer.from(this.#pending.join(''), 'utf8');
    this.#pending = [];
    this.#pendingLength = 0;
    return { bytes, lines };
  }

  /** Takes everything pending as one batch and starts writing it. */
  #startBatch(): void {
    const { bytes, lines } = this.#takePending();
    this.#batch = { bytes, offset: 0, lines };
    this.#flushDue = false;
    this.#writeBatch();
  }

  /** One asynchronous `fs.write` of what is left of the batch. */
  #writeBatch(): void {
    const batch = this.#batch as Batch;
    writeAsync(this.#fd, batch.bytes, batch.offset, batch.bytes.length - batch.offset, null, this.#afterWrite);
  }

  // Arrow properties, made once per writer, rather than a closure per write.

  /** After a write: continue a partial one, retry a full pipe, or count a failed batch lost. */
  readonly #afterWrite = (error: NodeJS.ErrnoException | null, written: number): void => {
    const batch = this.#batch as Batch;
    // A full non-blocking pipe (EAGAIN), or nothing taken and no error: its reader will make
    // room; write again shortly, never drop and never spin.
    if (error === null ? written === 0 : error.code === 'EAGAIN') {
      this.#retry = setTimeout(this.#retryWrite, this.#retryDelayMs);
      return;
    }
    if (error !== null) {
      this.#fail(error, batch.lines);
    } else {
      batch.offset += written;
      if (batch.offset < batch.bytes.length) {
        this.#writeBatch();
        return;
      }
    }
    this.#batch = undefined;
    this.#next();
  };

  readonly #retryWrite = (): void => {
    this.#retry = undefined;
    this.#writeBatch();
  };

  /** The periodic flush: a quiet writer's pending text goes out within the interval. */
  readonly #tick = (): void => {
    if (this.#pending.length === 0) return;
    if (this.#batch === undefined) this.#startBatch();
    else this.#flushDue = true;
  };

  /** After a batch: the next one if enough gathered meanwhile (or a flush or the end asks), or the end settled. */
  #next(): void {
    if (this.#pending.length > 0 && (this.#ended || this.#flushDue || this.#pendingLength >= this.#minLength)) {
      this.#startBatch();
    } else if (this.#ended && this.#pending.length === 0) {
      this.#settleEnd();
    }
  }

  #settleEnd(): void {
    const resolve = this.#resolveEnd;
    this.#resolveEnd = undefined;
    resolve?.();
  }

  /** Counts a failed batch lost; tells the first failure only. */
  #fail(error: NodeJS.ErrnoException, lines: number): void {
    this.#linesLost += lines;
    if (this.#reported) return;
    this.#reported = true;
    this.#onError?.(error);
  }

  /** Writes all of `bytes` synchronously, through partial writes and (for up to 1 s) a full pipe. */
  #writeAllSync(bytes: Buffer, lines: number): void {
    let offset = 0;
    let waitedMs = 0;
    while (offset < bytes.length) {
      try {
        offset += writeSync(this.#fd, bytes, offset, bytes.length - offset);
      } catch (error) {
        const failure = error as NodeJS.ErrnoException;
        if (failure.code === 'EAGAIN' && waitedMs < SYNC_EAGAIN_LIMIT_MS) {
          sleepSync(1);
          waitedMs += 1;
          continue;
        }
        this.#fail(failure, lines);
        return;
      }
    }
  }
}
