/**
 * The fast paths' switches (docs/fast-paths.md), set in one call: generated code (the loader a
 * shell registers, src/node/generated-code.ts) and memos in the programs compiled from now on. Each switch is kept by the layer that reads it; this is the one
 * way to set them, for the Node shell, the tests and the bench.
 */
import { type CodeLoader, codeLoader, setCodeLoader } from '../engine/codegen/loader.js';
import { programDefaults, setProgramDefaults } from '../engine/compile.js';

export interface FastPaths {
  /** The loader that runs the generated code of every program; undefined: closures only. */
  readonly generatedCode: CodeLoader | undefined;
  /** Memos in the programs compiled from now on without options of their own (`ProgramOptions.memos`). */
  readonly memos: boolean;
}

/** The library's own default: no memos and no generated code (a single call would pay more to make them than they save). */
export const LIBRARY_DEFAULT: FastPaths = Object.freeze({ generatedCode: undefined, memos: false });

/** Every fast path off: the plain path. */
export const ALL_OFF: FastPaths = Object.freeze({ generatedCode: undefined, memos: false });

/** The switches as they are. */
export function fastPaths(): FastPaths {
  return { generatedCode: codeLoader(), memos: programDefaults().memos };
}

/**
 * Sets the switches `changes` names (the others stay as they are) and returns all of them as
 * they were, for `setFastPaths(before)` to restore.
 *
 * @example
 * ```ts
 * const before = setFastPaths(ALL_OFF);
 * try {
 *   repaymentCapacity(body); // the plain path
 * } finally {
 *   setFastPaths(before);
 * }
 * ```
 */
export function setFastPaths(changes: Partial<FastPaths>): FastPaths {
  const before = fastPaths();
  if ('generatedCode' in changes) setCodeLoader(changes.generatedCode);
  if (changes.memos !== undefined) setProgramDefaults({ memos: changes.memos });
  return before;
}
