/**
 * Running a bundled script with V8's code cache: what the core (code-cached-core.ts) and the
 * CLI's launcher (src/cli/launcher.ts) share.
 *
 * Why at all: Node 20 has no compile cache for modules (Node 22's `module.enableCompileCache`),
 * so every process parses its code again and compiles each function it runs; through `node:vm`
 * with a cache made by the build, V8 reads the bytecode instead (issue 14's cold start).
 *
 * Why a header of our own: V8 checks a cache against its own version and flags and against
 * the *length* of the source only, and release builds of Node do not checksum the data. Given
 * a cache made for another text of the same length, V8 runs that text's bytecode; given
 * damaged data, it may stop the process. So the build heads each bundle with its id (the
 * SHA-256 of its code) and each cache with that id and the length of V8's data,
 * writes the cache whole or not at all (a file of its own, renamed into place), and a cache
 * whose header does not match its bundle (another build's, one cut short) is never handed to
 * V8. What stays out of reach is a cache file damaged on disk after it was written whole.
 *
 * A cache fits only the Node that made it; `npm run build` (which `npm install` runs as
 * `prepare`) makes them for that Node and they are not published. Without one, or when it does
 * not fit, the script is compiled as usual. BUDGETNORM_CODE_CACHE=report writes to stderr
 * what became of each cache.
 */
import type { Script as VmScript } from 'node:vm';

// Node's own modules as its CommonJS objects (Node >= 20.16): an ES-module `import` of each
// builds a facade of all its exports, some 4 ms of a cold start for these three.
const { readFileSync, renameSync, rmSync, statSync, writeFileSync } = process.getBuiltinModule('node:fs');
const { basename, dirname } = process.getBuiltinModule('node:path');
const { Script } = process.getBuiltinModule('node:vm');

/**
 * A file of the package that is missing or not what the build wrote (a bundle, a bundled rule
 * set's text): the install is damaged, which reinstalling mends. Named so that the CLI says so
 * rather than calling it a bug (src/cli/cli.ts).
 */
export class DamagedInstallError extends Error {
  override readonly name = 'DamagedInstallError';
  constructor(file: string, what: string) {
    super(`${file} ${what}: budgetnorm's install is damaged (reinstall it)`);
  }
}

/**
 * What became of a code cache: read and taken, refused (by us or by V8), or not there; or not
 * looked at, because this code runs in a vm context of its own (see {@link compileCached}).
 */
export type CodeCacheState = 'used' | 'rejected' | 'absent' | 'sandboxed';

/** A compiled script: its wrapper function (to call), the script (for `createCachedData`; none when sandboxed), the cache's fate. */
export interface CachedScript {
  readonly run: (...args: unknown[]) => unknown;
  readonly script: VmScript | undefined;
  readonly cache: CodeCacheState;
}

/**
 * Whether this module runs in Node's main realm. `runInThisContext` compiles into the main
 * realm whichever context calls it, and test runners run code in vm contexts of their own (Jest's
 * Node environment matches the `node-addons` condition too): the core's objects would come from
 * another realm there, its errors not `instanceof Error` and its results refused by
 * `toStrictEqual`.
 */
const MAIN_REALM = (new Script('Object').runInThisContext() as unknown) === Object;

const BUNDLE_HEADER = /^\/\*budgetnorm-bundle ([0-9a-f]{64})\*\/\(function \(([^)]*)\) \{\n/;
const CACHE_HEADER = /^budgetnorm-code-cache ([0-9a-f]{64}) (\d+)\n/;

/**
 * The parameters each bundle's code is the body of a function of, as the build wraps it and its
 * loader calls it: the CLI's bundle CommonJS's own (src/cli/launcher.ts), the core's and zod's
 * what code-cached-core.ts hands them.
 */
export const BUNDLE_PARAMETERS = {
  cli: ['exports', 'require', 'module', '__filename', '__dirname'],
  /** A command's bundle apart from the CLI's ({@link runCommandBundle}): CommonJS's, and the CLI's modules it shares. */
  command: ['exports', 'require', 'module', '__filename', '__dirname', 'cliModules'],
  core: ['exports', 'module', 'bundledRuleSetText', 'require'],
  zod: ['exports', 'module'],
} as const satisfies Record<string, readonly string[]>;

/** What ends a bundle: the end of the function its first line opens. */
export const BUNDLE_END = '\n})';

/**
 * The first line the build puts on a bundle, given the SHA-256 (hex) of its code (the text
 * between this line and {@link BUNDLE_END}): the bundle's id, and the head of the function of
 * `parameters` its code is the body of.
 *
 * Why the file holds the function and the loader does not wrap the code in it: V8 compiles a
 * flat string, and a wrapper added to a text read from a file is a second string the size of
 * that file, made when it is compiled: 430 kB of fresh memory for the core and the CLI's bundle,
 * some 2 ms of a CLI calculation's start on the 2-core machine of 2026-11-28 (issue 14). The code
 * keeps the lines and columns it had in the wrapped text.
 */
export function bundleHeader(sha256: string, parameters: readonly string[]): string {
  return `/*budgetnorm-bundle ${sha256}*/(function (${parameters.join(', ')}) {\n`;
}

/** The id on a bundle's first line, or undefined when it has none. */
export function bundleIdOf(bundle: string): string | undefined {
  return headerOf(bundle)?.[1];
}

/** A bundle's first line, matched: its id, then its function's parameters; null when it has none. */
function headerOf(bundle: string): RegExpExecArray | null {
  return BUNDLE_HEADER.exec(bundle.slice(0, 200));
}

/**
 * The bundle's code when it is a whole bundle of a function of `parameters` as the build writes
 * one ({@link bundleHeader}), else undefined: another build's, one cut short, not a bundle.
 */
function bundleCode(bundle: string, parameters: readonly string[]): string | undefined {
  const header = headerOf(bundle);
  if (header === null || header[2] !== parameters.join(', ') || !bundle.endsWith(BUNDLE_END)) return undefined;
  return bundle.slice(header[0].length, bundle.length - BUNDLE_END.length);
}

/** A cache file: V8's data headed by the id of the bundle it was made for and its length. */
export function cacheFile(bundle: string, data: Buffer): Buffer {
  const id = bundleIdOf(bundle);
  if (id === undefined) throw new Error('a code cache is made only for a bundle headed by its id');
  return Buffer.concat([Buffer.from(`budgetnorm-code-cache ${id} ${data.length}\n`, 'latin1'), data]);
}

/** V8's data in a cache file when the file was made for this bundle and is whole, else 'stale'. */
function cachedDataIn(bundle: string, file: Buffer): Buffer | 'stale' {
  const header = CACHE_HEADER.exec(file.subarray(0, 120).toString('latin1'));
  if (header === null || header[1] !== bundleIdOf(bundle)) return 'stale';
  const data = file.subarray(header[0].length);
  return Number(header[2]) === data.length ? data : 'stale';
}

/**
 * Compiles a bundle, the code of a function of `parameters` ({@link bundleHeader}: CommonJS's
 * wrapper, say), with the cache file made for it if there is one, and returns that function
 * uncalled.
 *
 * @throws DamagedInstallError when `bundle` is not a whole bundle of a function of `parameters`.
 */
export function compileCached(
  bundle: string,
  filename: string,
  cache: Buffer | undefined,
  parameters: readonly string[],
): CachedScript {
  const code = bundleCode(bundle, parameters);
  if (code === undefined) {
    throw new DamagedInstallError(filename, `is not a whole bundle of a function of (${parameters.join(', ')})`);
  }
  // In a vm context of its own, the bundle is compiled by this realm's own Function constructor
  // (our own file, as vm would compile it; only its cache is out of reach there), so that its
  // objects are this realm's.
  if (!MAIN_REALM)
    return { run: new Function(...parameters, code) as CachedScript['run'], script: undefined, cache: 'sandboxed' };
  const data = cache === undefined ? undefined : cachedDataIn(bundle, cache);
  const cachedData = data === 'stale' ? undefined : data;
  const script = new Script(bundle, { filename, cachedData });
  const run = script.runInThisContext() as (...args: unknown[]) => unknown;
  const state =
    data === undefined ? 'absent' : data === 'stale' || script.cachedDataRejected === true ? 'rejected' : 'used';
  return { run, script, cache: state };
}

/**
 * A bundle's text and its cache file's bytes (undefined when there is none). The bundle is ASCII
 * (esbuild escapes every other character; the build checks it), read as UTF-8: Node 20 reads a
 * file as UTF-8 straight into a string, where latin1 makes a Buffer first and then the string
 * from it; touching fresh memory is what a start pays most for on the 2-core machine of
 * 2026-11-28, and the core and the CLI's bundle were read some 0.6 ms faster so.
 */
export function readBundle(bundleFile: string, cacheFile: string): { text: string; cache: Buffer | undefined } {
  if (!isRegularFile(bundleFile)) throw new DamagedInstallError(bundleFile, 'is missing or not a regular file');
  const text = readFileSync(bundleFile, 'utf8');
  let cache: Buffer | undefined;
  try {
    cache = isRegularFile(cacheFile) ? readFileSync(cacheFile) : undefined;
  } catch {
    cache = undefined; // none: compiled as usual
  }
  return { text, cache };
}

/**
 * A bundle file read with its cache file ({@link readBundle}), compiled ({@link compileCached})
 * and its cache's fate reported ({@link reportCache}): how the CLI's launcher and the core's zod
 * load theirs. Returns the text too, for writing its cache again.
 */
export function compileBundleFile(
  file: string,
  parameters: readonly string[],
): CachedScript & { readonly text: string } {
  const { text, cache } = readBundle(file, cachePathOf(file));
  const compiled = compileCached(text, file, cache, parameters);
  reportCache(file, compiled.cache);
  return { ...compiled, text };
}

/**
 * Runs the bundle of a command the CLI loads only when it is given (dist/cli/batch.cjs, by
 * scripts/bundle.mjs), the one of this build (its id, `id`), and returns its exports. `cliModules`: the modules of the CLI's bundle it
 * uses, by their path below dist/, so that it shares their one instance (`instanceof CliError`
 * holds across the two bundles); `require` and the bundle's folder are the CLI bundle's own.
 *
 * Why apart: the batch command and its CSV libraries were more than half of the CLI's bundle,
 * read at every start; a text over 128 kB is also a large object for V8, which cost a calculation
 * about 1 ms more to read on the 2-core machine of 2026-11-28 (issue 14: the CLI's 150 ms).
 *
 * @throws DamagedInstallError when the bundle is missing, not whole or another build's.
 */
export function runCommandBundle(
  file: string,
  id: string,
  require: (id: string) => unknown,
  cliModules: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const { run, text } = compileBundleFile(file, BUNDLE_PARAMETERS.command);
  // Another build's bundle would look for modules this CLI's bundle may not hand it.
  if (bundleIdOf(text) !== id) throw new DamagedInstallError(file, 'is not the one this build of the CLI made');
  const module: { exports: Record<string, unknown> } = { exports: {} };
  run(module.exports, require, module, file, dirname(file), cliModules);
  return module.exports;
}

/**
 * Whether a path is a regular file (a link to one counts): reading a link to a device or a
 * named pipe in its place would never end (/dev/zero) or wait for a writer.
 */
export function isRegularFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

/** With BUDGETNORM_CODE_CACHE=report, writes what became of a bundle's cache to stderr. */
export function reportCache(bundleFile: string, state: CodeCacheState, cacheFile = cachePathOf(bundleFile)): void {
  if (process.env['BUDGETNORM_CODE_CACHE'] === 'report') {
    // Said for whoever asked; a stderr that went away must not end the process for it.
    if (process.stderr.listenerCount('error') === 0) process.stderr.on('error', () => {});
    const which = cacheFile === cachePathOf(bundleFile) ? '' : `, ${basename(cacheFile)}`;
    process.stderr.write(`budgetnorm: code cache ${state} (${basename(bundleFile)}${which})\n`);
  }
}

/**
 * The cache file that goes with a bundle, beside it: `core.cjs` → `core.cache`; with a command,
 * the cache made for that command alone ({@link preferCacheOf}): `core.afloscapaciteit.cache`.
 */
export function cachePathOf(bundleFile: string, command?: string): string {
  return bundleFile.replace(/\.cjs$/, command === undefined ? '.cache' : `.${command}.cache`);
}

const PREFERRED_CACHE = Symbol.for('budgetnorm: the command whose cache of the core to take');

/**
 * Says which command this process runs, so that the core's loader (code-cached-core.ts) takes the
 * cache of the core made for that command alone when there is one (`core.<command>.cache`), and
 * in the build's runs (BUDGETNORM_CODE_CACHE=write) makes it: compiled without a cache, so that
 * it holds what that command runs and nothing else. The CLI's launcher says it before the core
 * loads (on the global object: the launcher and the CLI's bundle are two bundles).
 *
 * Why: the core's cache for both calculations and their refusals held some 30 kB of bytecode a
 * repayment calculation never runs, which V8 read at every start: some 1.5-2.5 ms of the CLI's
 * start on the 2-core machine of 2026-11-28 (issue 14: the CLI's 150 ms).
 */
export function preferCacheOf(command: string): void {
  (globalThis as { [PREFERRED_CACHE]?: string })[PREFERRED_CACHE] = command;
}

/** The command {@link preferCacheOf} named, if any. */
export function preferredCache(): string | undefined {
  return (globalThis as { [PREFERRED_CACHE]?: string })[PREFERRED_CACHE];
}

/**
 * Writes a bundle's cache file (beside it, whole or not at all) with the bytecode of every
 * function `script` has compiled so far: what the build does after running each bundle.
 */
export function writeCodeCache(
  bundleFile: string,
  bundle: string,
  script: VmScript,
  path = cachePathOf(bundleFile),
): void {
  writeCacheFile(path, cacheFile(bundle, script.createCachedData()));
}

/**
 * Writes a cache file whole or not at all: to a file of its own beside it, then renamed into
 * place, so no reader ever sees one half written (V8 may stop the process on damaged data).
 */
export function writeCacheFile(path: string, bytes: Buffer): void {
  const partial = `${path}.${process.pid}.partial`;
  try {
    writeFileSync(partial, bytes);
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
}
