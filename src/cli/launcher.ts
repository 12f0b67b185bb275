#!/usr/bin/env node
/**
 * The `budgetnorm` executable as built: scripts/bundle.mjs bundles this file into
 * dist/cli/main.cjs, package.json `bin` (from the sources, src/cli/main.ts does the same work).
 *
 * Why it is not the command line itself (issue 14: `budgetnorm afloscapaciteit file.json` in
 * ≤ 150 ms wall): it runs dist/cli/cli.cjs, the command line bundled as one CommonJS script,
 * through node:vm with V8's code cache dist/cli/cli.cache (src/node/code-cache.ts). The core
 * comes from dist/node/core.cjs with its own cache, as the library's Node entries take it
 * (src/node/code-cached-core.ts).
 *
 * BUDGETNORM_CODE_CACHE=write (the build) writes the caches after the command, with the
 * bytecode it used added (a cache that cannot be written is reported on stderr; the command's
 * exit code stands); BUDGETNORM_CODE_CACHE=report writes to stderr what became of each cache.
 */
import { BUNDLE_PARAMETERS, compileBundleFile, preferCacheOf, writeCodeCache } from '../node/code-cache.js';
import { EXIT } from './exit-codes.js';

const { dirname } = process.getBuiltinModule('node:path');
const { fileURLToPath } = process.getBuiltinModule('node:url');

/**
 * Runs the command line's bundle beside this file. Not top-level code with `await`: the build
 * makes this file CommonJS (dist/cli/main.cjs), which Node starts without setting up its
 * ES-module loader, some 4-6 ms of every command on the 2-core machine of 2026-11-28. A damaged
 * install met before the command line runs is said by {@link reportDamagedInstall}; anything
 * else it throws goes unhandled, and Node prints it and exits 1, as a thrown error at the top
 * level would.
 */
async function launch(): Promise<void> {
  const bundle = fileURLToPath(new URL('./cli.cjs', import.meta.url));
  // The core's cache made for this command alone, where there is one: the build makes one for
  // each calculation (a command named on a run in its mode, BUDGETNORM_CODE_CACHE=write, gets one).
  const command = process.argv[2];
  if (command !== undefined && /^[a-z]+$/.test(command)) preferCacheOf(command);
  // CommonJS's own wrapper, so the script sees exports, require, module, __filename, __dirname.
  const compiled = compileBundleFile(bundle, BUNDLE_PARAMETERS.cli);
  const cli: { exports: { runOnProcess?: () => Promise<void>; writeCoreCodeCaches?: () => void } } = { exports: {} };
  compiled.run(cli.exports, builtinsFirst(bundle), cli, bundle, dirname(bundle));
  if (cli.exports.runOnProcess === undefined) throw new Error(`${bundle} does not export runOnProcess`);
  await cli.exports.runOnProcess();
  if (process.env['BUDGETNORM_CODE_CACHE'] === 'write') {
    // The command is done and its exit code set: a cache that cannot be written (a read-only
    // install) is said, not turned into a failure of the command. The build checks its caches.
    try {
      if (compiled.script !== undefined) writeCodeCache(bundle, compiled.text, compiled.script);
      cli.exports.writeCoreCodeCaches?.();
    } catch (error) {
      process.stderr.write(`budgetnorm: the code cache was not written: ${(error as Error).message}\n`);
    }
  }
  endWhenIdle();
}

/**
 * The `require` the CLI's bundle runs with: Node's own modules (all that it and the batch
 * command's bundle ask for) from `process.getBuiltinModule`, anything else through a `require`
 * of the bundle's own, made when first needed. Why not that one from the start: Node's `module`
 * (for `createRequire`) took some 1 ms of every start to load on the 2-core machine of
 * 2026-11-28 (issue 14: `budgetnorm afloscapaciteit file.json` in ≤ 150 ms wall).
 */
function builtinsFirst(bundle: string): (id: string) => unknown {
  let bundleRequire: ((id: string) => unknown) | undefined;
  return (id) => {
    const builtin = id.startsWith('node:') ? process.getBuiltinModule(id) : undefined;
    if (builtin !== undefined) return builtin;
    bundleRequire ??= process.getBuiltinModule('node:module').createRequire(bundle);
    return bundleRequire(id);
  };
}

/**
 * Ends the process now when nothing is left for it to do: no handle or request active (every
 * write done and its file closed, every worker thread stopped, no timer), as after a calculation
 * on a file. Node would end it then too, but first free its heap and isolate, some 3-4 ms of a
 * calculation's 40 beyond Node's own start on the 2-core machine of 2026-11-28 (issue 14:
 * `budgetnorm afloscapaciteit file.json` in ≤ 150 ms wall). `process.exit` keeps the exit code
 * the command set and runs the `exit` listeners. With anything still active (a stream to a
 * terminal, standard input left open), Node ends the process as usual.
 */
function endWhenIdle(): void {
  if (process.getActiveResourcesInfo().length === 0) process.exit();
}

/**
 * A file of the package missing or altered before the command line could run its command (the
 * CLI's bundle, the core's, src/node/code-cache.ts `DamagedInstallError`): said in one line,
 * with the exit code the command line gives one met during a command (src/cli/cli.ts), not as a
 * bug with a stack trace. By its name: the CLI's bundle has a class of its own. Anything else is
 * thrown on.
 */
function reportDamagedInstall(error: unknown): void {
  if (!(error instanceof Error) || error.name !== 'DamagedInstallError') throw error;
  process.stderr.write(`budgetnorm: ${error.message}\n`);
  process.exitCode = EXIT.internal;
}

void launch().catch(reportDamagedInstall);
