/**
 * The library's fast-path switch (docs/fast-paths.md): memos in the programs compiled from now
 * on. The engine keeps it; this is the one way to set it, for the Node shell, the tests and the
 * bench.
 */
import { programDefaults, setProgramDefaults } from '../engine/compile.js';

export interface FastPaths {
  /** Memos in the programs compiled from now on without options of their own (`ProgramOptions.memos`). */
  readonly memos: boolean;
}

/** The library's own default, the plain path: no memos (a single call would pay more to make them than they save). */
export const LIBRARY_DEFAULT: FastPaths = Object.freeze({ memos: false });

/** The switches as they are. */
export function fastPaths(): FastPaths {
  return { memos: programDefaults().memos };
}

/**
 * Sets the switches `changes` names (the others stay as they are) and returns all of them as
 * they were, for `setFastPaths(before)` to restore.
 *
 * @example
 * ```ts
 * const before = setFastPaths({ memos: true });
 * try {
 *   repaymentCapacity(body); // with memos
 * } finally {
 *   setFastPaths(before);
 * }
 * ```
 */
export function setFastPaths(changes: Partial<FastPaths>): FastPaths {
  const before = fastPaths();
  if (changes.memos !== undefined) setProgramDefaults({ memos: changes.memos });
  return before;
}
