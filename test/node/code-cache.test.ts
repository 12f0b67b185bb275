/**
 * src/node/code-cache.ts and code-cached-core.ts: compiling a bundle with and without V8's code
 * cache, and refusing a cache that is not its bundle's. The built core (dist/node/core.cjs), the
 * CLI (dist/cli/cli.cjs) and the entries that read them are checked in
 * test/package/bundle.test.ts; here small bundles of the same form are enough.
 */
import { createHash } from 'node:crypto';
import { createContext, runInContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleHeader, cacheFile, readBundle, writeCacheFile } from '../../src/node/code-cache.js';
import { compileCore } from '../../src/node/code-cached-core.js';

type Add = { add: (a: number, b: number) => number; Refused: unknown };

/** A bundle as the build writes the core: its id on the first line, its modules by key under `modules`. */
function bundle(body: string): string {
  return bundleHeader(createHash('sha256').update(body).digest('hex')) + body;
}

const BUNDLE = bundle(`"use strict";
function add(a, b) { return a + b; }
class Refused extends Error {}
module.exports.modules = { "calculations/add.js": { add, Refused }, "contract/limits.js": { max: 10 } };`);
const FILE = '/virtual/core.cjs';

/**
 * A file name of its own for each compilation: V8 keeps what it compiled per source and name for
 * the life of the process and would take that instead of looking at a cache at all. (A process
 * compiles the real core once, so this matters only here.)
 */
let compilations = 0;
const fresh = (): string => {
  compilations += 1;
  return `/virtual/${compilations}/core.cjs`;
};

/** The cache file the build would write for a bundle, after running its `add` once. */
function cacheOf(text: string): Buffer {
  const core = compileCore(text, fresh(), undefined);
  (core.modules['calculations/add.js'] as Add).add(1, 1);
  if (core.script === undefined) throw new Error('compiled without a script: not in the main realm');
  return cacheFile(text, core.script.createCachedData());
}

describe('compileCore', () => {
  it('runs a bundle without a cache and reports the cache absent', () => {
    const core = compileCore(BUNDLE, FILE, undefined);
    expect(core.cache).toBe('absent');
    expect(Object.keys(core.modules)).toEqual(['calculations/add.js', 'contract/limits.js']);
    expect((core.modules['calculations/add.js'] as Add).add(2, 3)).toBe(5);
  });

  it('uses the cache made of the same bundle, and the functions behave the same', () => {
    const core = compileCore(BUNDLE, fresh(), cacheOf(BUNDLE));
    expect(core.cache).toBe('used');
    expect((core.modules['calculations/add.js'] as Add).add(20, 22)).toBe(42);
    expect(core.modules['contract/limits.js']).toEqual({ max: 10 });
  });

  it('does not hand V8 a cache made for another bundle of the same length, which V8 alone would take', () => {
    const other = bundle(BUNDLE.slice(BUNDLE.indexOf('\n') + 1).replace('a + b', 'a - b'));
    expect(other.length).toBe(BUNDLE.length);
    const core = compileCore(other, fresh(), cacheOf(BUNDLE));
    expect(core.cache).toBe('rejected');
    // the other bundle's own code runs, not the cached bytecode of the first
    expect((core.modules['calculations/add.js'] as Add).add(5, 3)).toBe(2);
  });

  it('compiles as usual when the cache file is cut short, has no header, or V8 refuses its data', () => {
    const whole = cacheOf(BUNDLE);
    const header = whole.subarray(0, whole.indexOf(10) + 1);
    const data = whole.subarray(header.length);
    // V8's own header: a cache made under other flags (its flag hash, bytes 12-15) is refused by V8
    const otherFlags = Buffer.from(data);
    otherFlags.writeUInt32LE((otherFlags.readUInt32LE(12) ^ 1) >>> 0, 12);
    for (const file of [
      whole.subarray(0, whole.length - 10),
      data,
      Buffer.concat([header, otherFlags]),
      Buffer.alloc(0),
    ]) {
      const core = compileCore(BUNDLE, fresh(), file);
      expect(core.cache).toBe('rejected');
      expect((core.modules['calculations/add.js'] as Add).add(2, 2)).toBe(4);
    }
    expect(compileCore(BUNDLE, fresh(), whole).cache).toBe('used');
  });

  it('gives each compilation its own instances: one core per process is the loader’s job, not V8’s', () => {
    const a = compileCore(BUNDLE, FILE, undefined).modules['calculations/add.js'] as Add;
    const b = compileCore(BUNDLE, FILE, undefined).modules['calculations/add.js'] as Add;
    expect(a.Refused).not.toBe(b.Refused);
  });

  it('refuses a bundle that does not export the modules, naming the file', () => {
    expect(() => compileCore(bundle('module.exports.other = 1;'), FILE, undefined)).toThrow(
      `${FILE} does not export the core's modules`,
    );
  });

  it('makes a cache file only for a bundle headed by its id', () => {
    expect(() => cacheFile('module.exports.modules = {};', Buffer.alloc(4))).toThrow(/headed by its id/);
  });

  it("compiles in the caller's own realm when it runs in a vm context (as Jest's test environments do)", async () => {
    // The loader as a Node entry carries it, evaluated inside a vm context of its own.
    const [loader] = (
      await build({
        entryPoints: [new URL('../../src/node/code-cached-core.ts', import.meta.url).pathname],
        bundle: true,
        platform: 'node',
        format: 'cjs',
        write: false,
        logLevel: 'silent',
      })
    ).outputFiles;
    const sandbox = createContext({ process, Buffer, URL });
    const module = { exports: {} as { compileCore?: typeof compileCore } };
    (runInContext(`(function (module, exports) {${loader?.text}\n})`, sandbox) as (m: unknown, e: unknown) => void)(
      module,
      module.exports,
    );
    const compileInSandbox = module.exports.compileCore;
    if (compileInSandbox === undefined) throw new Error('the loader did not export compileCore');
    const core = compileInSandbox(BUNDLE, fresh(), cacheOf(BUNDLE));
    expect(core.cache).toBe('sandboxed');
    const { Refused } = core.modules['calculations/add.js'] as Add & { Refused: new () => Error };
    const realm = runInContext('({ Error, Object })', sandbox) as {
      Error: ErrorConstructor;
      Object: ObjectConstructor;
    };
    // an error of the bundle's is an Error of the realm that loaded it, not of Node's main one
    expect(new Refused() instanceof realm.Error).toBe(true);
    expect(new Refused() instanceof Error).toBe(false);
    expect(Object.getPrototypeOf(core.modules['contract/limits.js'])).toBe(realm.Object.prototype);
    // and in the main realm, the same bundle's objects are the main realm's
    const main = compileCore(BUNDLE, fresh(), undefined).modules['calculations/add.js'] as { Refused: new () => Error };
    expect(new main.Refused() instanceof Error).toBe(true);
  });
});

describe('reading and writing the files', () => {
  /** Runs `check` in a temporary folder, removed afterwards. */
  function inFolder(check: (folder: string) => void): void {
    const folder = mkdtempSync(join(tmpdir(), 'budgetnorm-code-cache-files-'));
    try {
      check(folder);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }

  it('takes a cache that is a link to a device or a folder as none, rather than reading it forever', () => {
    inFolder((folder) => {
      writeFileSync(join(folder, 'core.cjs'), BUNDLE);
      symlinkSync('/dev/zero', join(folder, 'core.cache'));
      expect(readBundle(join(folder, 'core.cjs'), join(folder, 'core.cache'))).toEqual({
        text: BUNDLE,
        cache: undefined,
      });
      expect(readBundle(join(folder, 'core.cjs'), folder)).toEqual({ text: BUNDLE, cache: undefined });
    });
  });

  it('refuses a bundle that is missing or a link to a device, naming it', () => {
    inFolder((folder) => {
      symlinkSync('/dev/zero', join(folder, 'core.cjs'));
      expect(() => readBundle(join(folder, 'core.cjs'), join(folder, 'core.cache'))).toThrow(
        `${join(folder, 'core.cjs')} is missing or not a regular file`,
      );
      expect(() => readBundle(join(folder, 'none.cjs'), join(folder, 'core.cache'))).toThrow(
        `${join(folder, 'none.cjs')} is missing or not a regular file`,
      );
    });
  });

  it('on a full disk writes no cache, leaves nothing half written, and says so', () => {
    inFolder((folder) => {
      const path = join(folder, 'core.cache');
      // the file it writes first is this process's partial file: here a link to /dev/full
      symlinkSync('/dev/full', `${path}.${process.pid}.partial`);
      expect(() => writeCacheFile(path, Buffer.alloc(64 * 1024, 1))).toThrow(/ENOSPC/);
      expect(existsSync(path)).toBe(false);
      expect(readdirSync(folder)).toEqual([]);
    });
  });
});
