/**
 * Runs chunks in worker threads (or in this thread), each chunk's outcome delivered by
 * promise; the caller awaits them in input order, so the output keeps the input's order.
 *
 * Workers run compiled JavaScript: from `dist/` they start `worker.js` beside this module.
 * Run from the TypeScript sources (tests, `tsx`), they start `worker.ts` through tsx's loader;
 * without tsx, use the built CLI or `--workers 0`.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RuleSet } from '../../rules/rule-set.js';
import type { CliOperations } from '../operations.js';
import { SpareBuffers } from './byte-sink.js';
import { createChunkProcessor, type BatchSettings, type Chunk, type ChunkOutcome } from './records.js';
import type { FromWorker, Recycle, WorkerInit } from './worker-protocol.js';
import { errorMessage } from '../../contract/errors.js';

export interface ChunkRunner {
  /** Threads doing the work (0: this thread). */
  readonly workers: number;
  run(chunk: Chunk): Promise<ChunkOutcome>;
  /** Gives back an outcome's `out` buffer once all of it is written, for a later chunk to fill. */
  recycle(buffer: ArrayBuffer): void;
  close(): Promise<void>;
}

/** The same processing in this thread: what `--workers 0` uses, and the reference for the workers' output. */
export function inProcessRunner(settings: BatchSettings, ruleSet: RuleSet, operations?: CliOperations): ChunkRunner {
  const spares = new SpareBuffers();
  const processChunk = createChunkProcessor(settings, ruleSet, operations, spares);
  return {
    workers: 0,
    recycle: (buffer) => spares.give(buffer),
    run: (chunk) => {
      try {
        return Promise.resolve(processChunk(chunk));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    close: () => Promise.resolve(),
  };
}

/**
 * A batch worker allocates about 30 KB per household (the parsed body, the household, the
 * decimals, the result's text), almost all of it garbage a moment later. With V8's default
 * young generation of a worker (16 MB semi-spaces) it collected 435 times per 400,000
 * households, 440-590 ms of pauses; with 32 MB semi-spaces 235 times, 270-300 ms, and 1-3 µs
 * less CPU per household (issue 14). The cost is at most 48 MB more memory per worker, fixed
 * whatever the input's size.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 96 } as const;

function startWorker(init: WorkerInit): Worker {
  const here = import.meta.url;
  // Built: this module's own .js, or the CLI bundle's URL, that of its launcher main.cjs.
  if (/\.c?js$/.test(here)) {
    // Beside this module in dist/cli/batch/; or, when this module is part of the bundled CLI
    // (dist/cli/main.cjs, scripts/bundle.mjs), in batch/ beside the bundle.
    const beside = new URL('./worker.js', here);
    const worker = existsSync(fileURLToPath(beside)) ? beside : new URL('./batch/worker.js', here);
    return new Worker(worker, { workerData: init, resourceLimits: WORKER_LIMITS });
  }
  // Running from the TypeScript sources: register tsx's loader in the worker, then load worker.ts.
  let tsxApi: string;
  try {
    const root = dirname(createRequire(here).resolve('tsx/package.json'));
    const api = join(root, 'dist', 'esm', 'api', 'index.mjs');
    if (!existsSync(api)) throw new Error(`${api} is missing`);
    tsxApi = pathToFileURL(api).href;
  } catch (error) {
    throw new Error(
      `worker threads need the built CLI (npm run build) or tsx when run from the sources; or use --workers 0 (${errorMessage(error)})`,
    );
  }
  const target = new URL('./worker.ts', here).href;
  const code = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(target)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), {
    workerData: init,
    resourceLimits: WORKER_LIMITS,
  });
}

interface Pending {
  readonly resolve: (outcome: ChunkOutcome) => void;
  readonly reject: (error: Error) => void;
}

/** Starts `size` workers and waits until each has loaded the rule set. */
export async function startWorkerPool(size: number, init: WorkerInit): Promise<ChunkRunner> {
  const workers: { worker: Worker; pending: Map<number, Pending>; closing: boolean }[] = [];
  const fail = (slot: (typeof workers)[number], error: Error) => {
    for (const p of slot.pending.values()) p.reject(error);
    slot.pending.clear();
  };
  const ready: Promise<void>[] = [];
  for (let i = 0; i < size; i += 1) {
    const worker = startWorker(init);
    const slot = { worker, pending: new Map<number, Pending>(), closing: false };
    workers.push(slot);
    ready.push(
      new Promise<void>((resolve, reject) => {
        let started = false;
        worker.on('message', (message: FromWorker) => {
          if (message.type === 'ready') {
            started = true;
            resolve();
          } else if (message.type === 'failed') {
            reject(new Error(message.message));
          } else {
            const p = slot.pending.get(message.outcome.seq);
            slot.pending.delete(message.outcome.seq);
            p?.resolve(message.outcome);
          }
        });
        worker.on('error', (error) => {
          if (!started) reject(error);
          fail(slot, error);
        });
        worker.on('exit', (code) => {
          const error = new Error(`a worker thread stopped (exit code ${code})`);
          if (!started) reject(error);
          if (!slot.closing) fail(slot, error);
        });
      }),
    );
  }
  const closeAll = async () => {
    await Promise.all(
      workers.map(async (slot) => {
        slot.closing = true;
        await slot.worker.terminate();
      }),
    );
  };
  try {
    await Promise.all(ready);
  } catch (error) {
    await closeAll();
    throw error;
  }
  return {
    workers: size,
    run: (chunk) =>
      new Promise<ChunkOutcome>((resolve, reject) => {
        let slot = workers[0] as (typeof workers)[number];
        for (const w of workers) if (w.pending.size < slot.pending.size) slot = w;
        slot.pending.set(chunk.seq, { resolve, reject });
        slot.worker.postMessage(chunk, [chunk.bytes.buffer as ArrayBuffer]);
      }),
    // To the worker with the fewest chunks waiting: the next to need a buffer. A worker that
    // stopped simply never gets it.
    recycle: (buffer) => {
      let slot = workers[0] as (typeof workers)[number];
      for (const w of workers) if (w.pending.size < slot.pending.size) slot = w;
      const message: Recycle = { recycle: buffer };
      if (!slot.closing) slot.worker.postMessage(message, [buffer]);
    },
    close: closeAll,
  };
}
