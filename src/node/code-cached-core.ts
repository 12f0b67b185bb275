/**
 * The library's core as Node loads it: one CommonJS bundle, dist/node/core.cjs, compiled with
 * V8's code cache dist/node/core.cache (code-cache.ts; issue 14: `import('budgetnorm')` and
 * one result within 60 ms of Node's own start).
 *
 * Why: parsing the 580 kB core chunk (some 24 ms on the 2-core machine of 2026-11-27) and
 * compiling each function a first call ran (most of that call's 25 ms) were most of a cold
 * start. With the cache, import and one result took 50-66 ms beyond bare node there, against
 * 87-95 ms.
 *
 * How the Node entry points use it (scripts/bundle.mjs): each `*.node.js` entry, the files
 * started by path (dist/node/server.js, dist/cli/batch/worker.js) and the CLI's bundle are
 * built with every import of a core module (src/contract, household, rules, engine,
 * calculations) replaced by that module's exports read from {@link coreModules}. So all of them
 * share the one instance of the core this module loads, as the ES-module entries share their
 * chunks: `instanceof ValidationError` holds between `budgetnorm` and `budgetnorm/node`.
 * Deno, Bun, browsers and workers take the ES-module entries (package.json `exports`
 * conditions) and never this.
 */
import {
  BUNDLE_PARAMETERS,
  cachePathOf,
  compileBundleFile,
  compileCached,
  DamagedInstallError,
  isRegularFile,
  preferredCache,
  readBundle,
  reportCache,
  writeCodeCache,
  type CachedScript,
} from './code-cache.js';

const { readFileSync } = process.getBuiltinModule('node:fs');
const { dirname, join } = process.getBuiltinModule('node:path');
const { fileURLToPath } = process.getBuiltinModule('node:url');

/** The core's modules by their path below dist/ (`contract/errors.js`), each as its exports. */
export type CoreModules = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** A compiled core: its modules, its script and cache's fate (code-cache.ts), and its zod once loaded. */
export interface CompiledCore extends Omit<CachedScript, 'run'> {
  readonly modules: CoreModules;
  /** zod's bundle as the core loaded it (see {@link zodBeside}), or undefined while it has not. */
  readonly zod: () => LoadedBundle | undefined;
}

/** A bundle compiled from its text: the text and script, for writing its cache again. */
export interface LoadedBundle {
  readonly file: string;
  readonly text: string;
  readonly script: CachedScript['script'];
}

/**
 * Compiles and runs a core bundle: the CommonJS text esbuild wrote, which sets
 * `module.exports.modules`, with its cache file if any. The core is pure: its `require` gives
 * zod alone, loaded when first used ({@link zodBeside}).
 */
export function compileCore(bundle: string, filename: string, cache: Buffer | undefined): CompiledCore {
  const { run, script, cache: state } = compileCached(bundle, filename, cache, BUNDLE_PARAMETERS.core);
  const module: { exports: { modules?: CoreModules } } = { exports: {} };
  const zod = zodBeside(filename);
  const require = (id: string): unknown => {
    if (id === 'zod') return zod.namespace;
    throw new Error(`${filename} asks for ${id}: the core requires nothing but zod (rebuild the package)`);
  };
  run(module.exports, module, ruleSetTextsBeside(filename), require);
  const { modules } = module.exports;
  if (modules === undefined) throw new Error(`${filename} does not export the core's modules`);
  return { modules, script, cache: state, zod: zod.loaded };
}

/**
 * zod for the core at `coreFile`, as the build leaves it to the core (scripts/bundle.mjs): its
 * exports in `zod.cjs` beside the core bundle (with its own cache, `zod.cache`), compiled when
 * the core first reads one of them. `namespace` is what the core's `require('zod')` returns;
 * the build lets the core only read properties of it, never pass it on or list its keys.
 *
 * Why: a calculation uses zod only on its way to refusing a body, loading a rule set from its
 * files, or writing a JSON Schema; with zod in the core, every start read, compiled and ran zod's
 * modules, some 4 ms of a start on the 2-core machine of 2026-11-28 (issue 14). Importing the
 * package makes no zod schema (src/contract/deferred-shape.ts), so zod is now loaded when first
 * needed, and a calculation that succeeds never loads it.
 */
function zodBeside(coreFile: string): { namespace: object; loaded: () => LoadedBundle | undefined } {
  let zod: { exports: Record<PropertyKey, unknown>; bundle: LoadedBundle } | undefined;
  const load = (): Record<PropertyKey, unknown> => {
    if (zod === undefined) {
      const file = join(dirname(coreFile), 'zod.cjs');
      const { run, script, text } = compileBundleFile(file, BUNDLE_PARAMETERS.zod);
      const module: { exports: Record<PropertyKey, unknown> } = { exports: {} };
      run(module.exports, module);
      zod = { exports: module.exports, bundle: { file, text, script } };
    }
    return zod.exports;
  };
  // Every read goes to zod's exports, loaded at the first; a property the (empty) target lacks
  // may only be reported as configurable.
  const namespace = new Proxy(
    {},
    {
      get: (_, key) => load()[key],
      has: (_, key) => key in load(),
      ownKeys: () => Reflect.ownKeys(load()),
      getOwnPropertyDescriptor: (_, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
        return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
      },
    },
  );
  return { namespace, loaded: () => zod?.bundle };
}

/**
 * How the core reads the JSON text of a bundled rule set (src/calculations/bundled.generated.ts)
 * in Node: from `rule-sets/<id>.json` beside the core bundle, where the build puts it
 * (scripts/bundle.mjs), with the text's length the build recorded. The file is part of the
 * build, as core.cjs is: a file cut short or replaced is found by its length, but an edit that
 * keeps the length is not (hashing the text at every start would cost some 5 ms of the 60 the
 * cold start may take). Other figures are a rule set of their own, loaded from its folder with
 * every check and hashed (`--ruleset`, the `catalog` option), never an edit of this file.
 *
 * Why not in the bundle, as the ES modules have it: every start reads the core's whole text and
 * V8's cache of what it ran, and both held the sets' texts (about 120 kB each), whether a set was
 * chosen or not. On the 2-core machine of 2026-11-28 that was some 5 ms of every cold start
 * (issue 14): touching fresh memory is most of what a start costs there. Now a start reads the
 * one set it chooses, when it chooses it.
 *
 * @throws Error naming the file when it cannot be read or is not the length recorded (a damaged
 *   install, or another build's file): never a set other than the one that was checked.
 */
export function ruleSetTextsBeside(bundleFile: string): (id: string, length: number) => string {
  return (id, length) => {
    const file = join(dirname(bundleFile), 'rule-sets', `${id}.json`);
    let text: string;
    try {
      // A link to a device or a pipe in its place would never end (code-cache.ts).
      if (!isRegularFile(file)) throw new Error('missing or not a regular file');
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new DamagedInstallError(file, `cannot be read (${(error as Error).message})`);
    }
    if (text.length !== length)
      throw new DamagedInstallError(
        file,
        `is not the text this build recorded (${text.length} characters, not ${length})`,
      );
    return text;
  };
}

/** A loaded core, its text and the cache file it was loaded with (and is written to). */
type LoadedCore = CompiledCore & { readonly text: string; readonly cacheFile: string };

/**
 * The cores this thread has loaded, by bundle file, kept on the global object rather than in
 * this module: the `budgetnorm` entry carries a copy of this module of its own (it is built as
 * one file, one module fewer for Node to load at every start; scripts/bundle.mjs), and every copy
 * must find the one core. By file, so two installed copies of the package keep a core each.
 */
const LOADED = Symbol.for('budgetnorm: cores loaded, by bundle file');

function loadedCores(): Map<string, LoadedCore> {
  const global = globalThis as { [LOADED]?: Map<string, LoadedCore> };
  global[LOADED] ??= new Map();
  return global[LOADED];
}

/**
 * The modules of the core bundle at `bundle` (dist/node/core.cjs, its cache beside it), loaded
 * at the first call, once per thread, and the same object afterwards. The build passes the URL,
 * worked out from where the code that asks lands (scripts/bundle.mjs).
 *
 * @example What the build puts in place of `import { ValidationError } from '../contract/errors.js'`
 * in a chunk (dist/chunks/), with `here` the chunk's own URL
 * ```ts
 * const core = coreModules(new URL('../node/core.cjs', here));
 * export const ValidationError = coreModule(core, 'contract/errors.js')['ValidationError'];
 * ```
 */
export function coreModules(bundle: URL): CoreModules {
  const file = fileURLToPath(bundle);
  const cores = loadedCores();
  let core = cores.get(file);
  if (core === undefined) {
    const { path: cacheFile, fresh } = cacheFileFor(file);
    const { text, cache } = readBundle(file, cacheFile);
    core = { ...compileCore(text, file, fresh ? undefined : cache), text, cacheFile };
    cores.set(file, core);
    reportCache(file, core.cache, cacheFile);
  }
  return core.modules;
}

/**
 * The cache file to load the core at `file` with: the one made for the command the process
 * runs when there is one (`preferCacheOf` in code-cache.ts), else the core's own. In the build's
 * runs (BUDGETNORM_CODE_CACHE=write) the command's own is made `fresh`: the core is compiled
 * without a cache, so that the one written holds what that command runs alone.
 */
function cacheFileFor(file: string): { readonly path: string; readonly fresh: boolean } {
  const command = preferredCache();
  if (command === undefined) return { path: cachePathOf(file), fresh: false };
  const own = cachePathOf(file, command);
  if (process.env['BUDGETNORM_CODE_CACHE'] === 'write') return { path: own, fresh: true };
  return { path: isRegularFile(own) ? own : cachePathOf(file), fresh: false };
}

/** The exports of one module of a core, by its path below dist/ (`contract/errors.js`). */
export function coreModule(modules: CoreModules, path: string): Readonly<Record<string, unknown>> {
  const exports = modules[path];
  if (exports === undefined) throw new Error(`budgetnorm's core bundle has no module ${path}: rebuild the package`);
  return exports;
}

/**
 * Writes the code cache of each core this thread has loaded again, with the bytecode of every
 * function it has run added, to the cache file it was loaded with: the build's runs of the CLI
 * (BUDGETNORM_CODE_CACHE=write) call it, each a calculation whose own cache of the core is made
 * from nothing (`cacheFileFor`), so that it holds what that calculation runs.
 */
export function writeCoreCodeCaches(): void {
  for (const [file, { text, script, zod, cacheFile }] of loadedCores()) {
    if (script !== undefined) writeCodeCache(file, text, script, cacheFile);
    const loaded = zod();
    if (loaded?.script !== undefined) writeCodeCache(loaded.file, loaded.text, loaded.script);
  }
}
