/**
 * The batch's main loop: chunks of input lines go to the runner (worker threads), their
 * outcomes are written in input order, a chunk's records in both files before they count
 * ("commit"), with a bounded number of chunks in flight so memory stays flat.
 *
 * A signal stops it cleanly: reading stops, the chunks in flight are finished and written (a
 * second signal drops them instead), and the tally says up to which input line the files
 * account for every line.
 */
import type { StopSignal } from '../io.js';
import type { LineChunk } from './input.js';
import { withoutLinesUpTo } from './input.js';
import type { BatchOutput } from './output.js';
import type { ChunkRunner } from './pool.js';
import type { Progress } from './progress.js';
import type { ChunkOutcome } from './records.js';

export interface Tally {
  /** Records written (results + errors), whole chunks only. */
  records: number;
  results: number;
  errors: number;
  blank: number;
  /** Input bytes accounted for (for the progress bar). */
  bytes: number;
  /** Every input line up to this one has its record written (or was blank, or the CSV header). */
  upToLine: number;
}

interface InFlight {
  readonly outcome: Promise<ChunkOutcome>;
  readonly lastLine: number;
}

const STOP = Symbol('stop');

export class Pipeline {
  private readonly queue: InFlight[] = [];
  private seq = 0;
  private stopSignal: StopSignal | undefined;
  private discard = false;
  private failedRead: Error | undefined;
  private wake: () => void = () => {};
  private readonly stopRequested = new Promise<typeof STOP>((resolve) => {
    this.wake = () => resolve(STOP);
  });

  constructor(
    private readonly runner: ChunkRunner,
    private readonly out: BatchOutput,
    private readonly err: BatchOutput | undefined,
    private readonly progress: Progress,
    readonly tally: Tally,
    /** Input lines up to this one were written by the run being resumed: skipped. */
    private readonly skipUpTo: number,
    private readonly maxInFlight = Math.max(1, runner.workers * 3),
  ) {}

  /**
   * The read that failed, if one did: `run` rejects with it, unless writing the chunks read
   * before it failed too (then with that failure, and the caller names both).
   */
  get readFailure(): Error | undefined {
    return this.failedRead;
  }

  /** The signal that stopped the run, if one did. */
  get signal(): StopSignal | undefined {
    return this.stopSignal;
  }

  /** First signal: stop reading, finish and write what is in flight. Second: drop what is in flight. */
  interrupt(signal: StopSignal): void {
    if (this.stopSignal === undefined) {
      this.stopSignal = signal;
      this.wake();
    } else {
      this.discard = true;
    }
  }

  /**
   * Runs every chunk (the first, already read, then the rest of `chunks`) until the input ends
   * or a signal stops it. A read that fails ends the reading: the chunks read before it are
   * finished and written, as after a signal, and then it rejects with the read error (through
   * `readError`). It also rejects with a `WriteError` or a worker's failure; what was committed
   * before stays committed.
   */
  async run(
    first: LineChunk | undefined,
    chunks: AsyncIterator<LineChunk>,
    readError: (e: unknown) => Error,
  ): Promise<void> {
    try {
      if (first !== undefined) await this.submit(first);
      for (;;) {
        if (this.stopSignal !== undefined) break;
        const pending = chunks.next();
        const next = await Promise.race([pending, this.stopRequested]).catch((error: unknown): typeof STOP => {
          this.failedRead = readError(error);
          return STOP;
        });
        if (next === STOP) {
          // The read in progress is abandoned (or failed); the input is closed by the caller.
          pending.catch(() => {});
          break;
        }
        if (next.done === true) break;
        await this.submit(next.value);
      }
      while (this.queue.length > 0) await this.flushOne();
      if (this.failedRead !== undefined) throw this.failedRead;
    } finally {
      // Settle what is still running, so no promise rejects unobserved.
      await Promise.allSettled(this.queue.map((q) => q.outcome));
    }
  }

  private async submit(whole: LineChunk): Promise<void> {
    const chunk = withoutLinesUpTo(whole, this.skipUpTo);
    const lastLine = whole.firstLine + whole.lines - 1;
    if (chunk === undefined) {
      this.tally.bytes += whole.bytes.byteLength;
      if (this.queue.length === 0) this.tally.upToLine = Math.max(this.tally.upToLine, lastLine);
      return;
    }
    this.tally.bytes += whole.bytes.byteLength - chunk.bytes.byteLength;
    const outcome = this.runner.run({ seq: this.seq++, firstLine: chunk.firstLine, bytes: chunk.bytes });
    this.queue.push({ outcome, lastLine });
    while (this.queue.length >= this.maxInFlight) await this.flushOne();
  }

  private async flushOne(): Promise<void> {
    const { outcome: promise, lastLine } = this.queue.shift() as InFlight;
    const outcome = await promise;
    if (this.discard) return;
    await this.out.write(outcome.out);
    if (this.err !== undefined) await this.err.write(outcome.err);
    this.out.commit();
    this.err?.commit();
    // Written (the write's callback has come): the buffer may be filled again.
    if (outcome.out.byteLength > 0) this.runner.recycle(outcome.out.buffer as ArrayBuffer);
    const t = this.tally;
    t.results += outcome.results;
    t.errors += outcome.errors;
    t.records += outcome.results + outcome.errors;
    t.blank += outcome.blank;
    t.bytes += outcome.inputBytes;
    t.upToLine = lastLine;
    this.progress.update(t.records, t.bytes);
  }
}
