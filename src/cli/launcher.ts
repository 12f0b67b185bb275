#!/usr/bin/env node
/**
 * The `budgetnorm` executable as built: scripts/bundle.mjs bundles this file into
 * dist/cli/main.cjs, package.json `bin` (from the sources, src/cli/main.ts does the same work).
 *
 * It turns on Node's compile cache where Node has one (`module.enableCompileCache`, Node ≥ 22.8;
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off), then runs the command line, bundled as
 * dist/cli/cli.cjs: a separate file, so that the cache covers it, and so that a missing or damaged
 * bundle is said in one line.
 */
import * as nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import { EXIT } from './exit-codes.js';

// Node 20 has no compile cache: nothing is called there.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

/** What the command line's bundle exports (src/cli/launch.ts). */
interface CommandLine {
  readonly runOnProcess: () => Promise<void>;
}

/**
 * The command line's bundle beside this file, or undefined after saying in one line, with exit 5,
 * that the install is damaged: the bundle missing, cut short (a syntax error) or not exporting
 * what it should. Any other error is thrown on.
 */
function loadCommandLine(): CommandLine | undefined {
  const bundle = fileURLToPath(new URL('./cli.cjs', import.meta.url));
  let problem: string;
  try {
    const loaded = nodeModule.createRequire(import.meta.url)(bundle) as Partial<CommandLine>;
    if (typeof loaded.runOnProcess === 'function') return loaded as CommandLine;
    problem = 'does not export runOnProcess';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'MODULE_NOT_FOUND' && !(error instanceof SyntaxError)) throw error;
    problem = code === 'MODULE_NOT_FOUND' ? 'is missing' : `cannot be compiled (${(error as Error).message})`;
  }
  process.stderr.write(`budgetnorm: ${bundle} ${problem}: budgetnorm's install is damaged (reinstall it)\n`);
  process.exitCode = EXIT.internal;
  return undefined;
}

void loadCommandLine()?.runOnProcess();
