/**
 * The library's core as Node loads it: one CommonJS bundle, dist/node/core.cjs, compiled with
 * V8's code cache dist/node/core.cache (code-cache.ts; issue 14: `import('budgetnorm')` and
 * one result within 60 ms of Node's own start).
 *
 * Why: parsing the 580 kB core chunk (some 24 ms on the 2-core machine of 2026-11-27) and
 * compiling each function a first call ran (most of that call's 25 ms) were most of a cold
 * start. With the cache, import and one result took 54-58 ms beyond bare node there, against
 * 90-95 ms.
 *
 * How the Node entry points use it (scripts/bundle.mjs): each `*.node.js` entry, the files
 * started by path (dist/node/server.js, dist/cli/batch/worker.js) and the CLI's bundle are
 * built with every import of a core module (src/contract, household, rules, engine,
 * calculations) replaced by that module's exports read from {@link coreModule}. So all of them
 * share the one instance of the core this module loads, as the ES-module entries share their
 * chunks: `instanceof ValidationError` holds between `budgetnorm` and `budgetnorm/node`.
 * Deno, Bun, browsers and workers take the ES-module entries (package.json `exports`
 * conditions) and never this.
 */
import { cacheFile, compileCached, readBundle, reportCache, writeCacheFile, type CachedScript } from './code-cache.js';

const { fileURLToPath } = process.getBuiltinModule('node:url');

/** The core's modules by their path below dist/ (`contract/errors.js`), each as its exports. */
export type CoreModules = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** A compiled core: its modules, and its script and cache's fate (code-cache.ts). */
export interface CompiledCore extends Omit<CachedScript, 'run'> {
  readonly modules: CoreModules;
}

/**
 * Compiles and runs a core bundle: the CommonJS text esbuild wrote, which sets
 * `module.exports.modules`, with its cache file if any. The core is pure, so it is given no
 * `require`.
 */
export function compileCore(bundle: string, filename: string, cache: Buffer | undefined): CompiledCore {
  const { run, script, cache: state } = compileCached(bundle, filename, cache, ['exports', 'module']);
  const module: { exports: { modules?: CoreModules } } = { exports: {} };
  run(module.exports, module);
  const { modules } = module.exports;
  if (modules === undefined) throw new Error(`${filename} does not export the core's modules`);
  return { modules, script, cache: state };
}

/** The bundle beside this module's output (dist/node/, dist/chunks/ and dist/cli/ all sit one folder below dist/). */
const BUNDLE = new URL('../node/core.cjs', import.meta.url);

let loaded: (CompiledCore & { readonly file: string; readonly text: string }) | undefined;

/**
 * The exports of one core module, by its path below dist/ (`contract/errors.js`). The core is
 * loaded at the first call, once per thread.
 *
 * @example What the build puts in place of `import { ValidationError } from '../contract/errors.js'`
 * ```ts
 * const errors = coreModule('contract/errors.js');
 * export const ValidationError = errors['ValidationError'];
 * ```
 */
export function coreModule(path: string): Readonly<Record<string, unknown>> {
  if (loaded === undefined) {
    const file = fileURLToPath(BUNDLE);
    const { text, cache } = readBundle(file, file.replace(/\.cjs$/, '.cache'));
    loaded = { ...compileCore(text, file, cache), file, text };
    reportCache(file, loaded.cache);
  }
  const exports = loaded.modules[path];
  if (exports === undefined) throw new Error(`budgetnorm's core bundle has no module ${path}: rebuild the package`);
  return exports;
}

/**
 * Writes the loaded core's code cache again, with the bytecode of every function this process
 * has run added: the build's runs of the CLI (BUDGETNORM_CODE_CACHE=write) call it, so the
 * cache also holds what the command line runs of the core. Does nothing when no core is loaded.
 */
export function writeCoreCodeCache(): void {
  if (loaded !== undefined)
    writeCacheFile(loaded.file.replace(/\.cjs$/, '.cache'), cacheFile(loaded.text, loaded.script.createCachedData()));
}
