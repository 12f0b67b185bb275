/** Messages between the batch's main thread and its worker threads. */
import type { RuleSetFiles } from '../../rules/rule-set.js';
import type { BatchSettings, Chunk, ChunkOutcome } from './records.js';

/** How a worker gets the rule set: a bundled id, or the files the main thread read (loaded and checked again in the worker). */
export type RuleSetShipment =
  | { readonly kind: 'bundled'; readonly id: string }
  | { readonly kind: 'files'; readonly files: RuleSetFiles; readonly origin: string };

export interface WorkerInit {
  readonly settings: BatchSettings;
  readonly ruleSet: RuleSetShipment;
  /** The hash the main thread loaded: a worker with another set refuses to start. */
  readonly hash: string;
}

/** A chunk to process, or an output buffer given back once written (`Recycle`). */
export type ToWorker = Chunk | Recycle;

/** An outcome's `out` buffer, all written: the worker fills it again for a later chunk. */
export interface Recycle {
  readonly recycle: ArrayBuffer;
}

export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'done'; readonly outcome: ChunkOutcome };
