/**
 * The one place a shell that may run generated code (src/engine/codegen/generate.ts) registers
 * how: Node's shell with `node:vm` (src/node/generated-code.ts). Without a loader, every
 * program runs on closures. A program asks the loader once, on its first evaluation after the
 * loader was registered.
 */
import type { ExtractedFacts } from '../../rules/facts.js';
import type { Evaluation } from '../compile.js';
import type { GeneratedEvaluator } from './generate.js';

/** A generated evaluator, loaded: an evaluation, or undefined to leave the household to the closure engine. */
export type LoadedEvaluator = (extracted: ExtractedFacts) => Evaluation | undefined;

export type CodeLoader = (generated: GeneratedEvaluator) => LoadedEvaluator;

let loader: CodeLoader | undefined;

/**
 * Registers (or, with undefined, removes) the loader every program uses from its next
 * evaluation on; set through `setFastPaths` (src/calculations/fast-paths.ts).
 *
 * @internal
 */
export function setCodeLoader(next: CodeLoader | undefined): void {
  loader = next;
}

export function codeLoader(): CodeLoader | undefined {
  return loader;
}
