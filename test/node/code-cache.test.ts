/**
 * src/node/code-cache.ts and code-cached-core.ts: compiling a bundle with and without V8's code
 * cache, and refusing a cache that is not its bundle's. The built core (dist/node/core.cjs), the
 * CLI (dist/cli/cli.cjs) and the entries that read them are checked in
 * test/package/bundle.test.ts; here small bundles of the same form are enough.
 */
import { createHash } from 'node:crypto';
import { createContext, runInContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUNDLE_END,
  BUNDLE_PARAMETERS,
  bundleHeader,
  cacheFile,
  readBundle,
  writeCacheFile,
} from '../../src/node/code-cache.js';
import { compileCore } from '../../src/node/code-cached-core.js';

type Add = { add: (a: number, b: number) => number; Refused: unknown };

/** A bundle as the build writes the core: its id on the first line, its modules by key under `modules`. */
function bundle(body: string): string {
  return bundleHeader(createHash('sha256').update(body).digest('hex'), BUNDLE_PARAMETERS.core) + body + BUNDLE_END;
}

/** The code of a bundle made by {@link bundle}. */
const codeOf = (text: string): string => text.slice(text.indexOf('\n') + 1, text.length - BUNDLE_END.length);

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
    const other = bundle(codeOf(BUNDLE).replace('a + b', 'a - b'));
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

  it('refuses, as a damaged install, a bundle cut short, of another function, or without its header', () => {
    const cases = {
      'cut short': BUNDLE.slice(0, -1),
      'of another function': bundleHeader('0'.repeat(64), BUNDLE_PARAMETERS.zod) + codeOf(BUNDLE) + BUNDLE_END,
      'without its header': codeOf(BUNDLE),
      empty: '',
    };
    for (const [what, text] of Object.entries(cases)) {
      expect(() => compileCore(text, fresh(), undefined), what).toThrow(
        /is not a whole bundle of a function of \(exports, module, bundledRuleSetText, require\): budgetnorm's install is damaged/,
      );
    }
  });

  it('hands V8 the bundle text as it is: the file holds its function, no wrapped copy is made', async () => {
    // code-cache.ts takes Script from Node's own vm module object when it loads: a fresh copy of
    // it, loaded while that object's Script records what it is given.
    const vm = process.getBuiltinModule('node:vm');
    const RealScript = vm.Script;
    const sources: string[] = [];
    class RecordingScript extends RealScript {
      constructor(source: string, options?: import('node:vm').ScriptOptions) {
        sources.push(source);
        super(source, options);
      }
    }
    vi.resetModules();
    vm.Script = RecordingScript;
    try {
      const loader = await import('../../src/node/code-cached-core.js');
      const core = loader.compileCore(BUNDLE, '/virtual/as-it-is/core.cjs', undefined);
      expect((core.modules['calculations/add.js'] as Add).add(1, 2)).toBe(3);
    } finally {
      vm.Script = RealScript;
      vi.resetModules();
    }
    expect(sources.at(-1)).toBe(BUNDLE);
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

  it('stopped by a signal while writing, leaves the cache that was there whole, and no half-written one in its place', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'budgetnorm-code-cache-signal-'));
    try {
      const path = join(folder, 'core.cache');
      const before = cacheOf(BUNDLE);
      writeFileSync(path, before);
      // A writer of a cache large enough to be caught in the middle, stopped once it has written
      // a megabyte, wherever it writes (Node's default for SIGTERM: no finally, no clean-up).
      const module = fileURLToPath(new URL('../../src/node/code-cache.ts', import.meta.url));
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { writeCacheFile } = await import(${JSON.stringify(module)});
           writeCacheFile(${JSON.stringify(path)}, Buffer.alloc(128 * 1024 * 1024, 7));`,
        ],
        { stdio: 'ignore' },
      );
      const exited = once(child, 'exit');
      let stopped = false;
      for (let waited = 0; waited < 20_000 && child.exitCode === null; waited += 1) {
        const written = readdirSync(folder).reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
        if (written > before.length + 1024 * 1024) {
          stopped = child.kill('SIGTERM');
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
      expect(stopped, 'the writer was caught while writing').toBe(true);
      expect(signal ?? code).toBe('SIGTERM');
      // The cache is whole: the one that was there (the signal came before the rename, as it
      // nearly always does) or the new one, never a file cut short. The partial file beside it
      // is never read (and the next build deletes it: scripts/bundle.mjs).
      const after = readFileSync(path);
      const wholeNew = after.length === 128 * 1024 * 1024 && after.every((byte) => byte === 7);
      expect(after.equals(before) || wholeNew).toBe(true);
      if (!wholeNew) {
        writeFileSync(join(folder, 'core.cjs'), BUNDLE);
        const { text, cache } = readBundle(join(folder, 'core.cjs'), path);
        expect(compileCore(text, fresh(), cache).cache).toBe('used');
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);

  it('replaces a cache as a whole: a reader of the old one reads it whole while the new one is written', () => {
    inFolder((folder) => {
      const path = join(folder, 'core.cache');
      const before = cacheOf(BUNDLE);
      writeFileSync(path, before);
      const reader = openSync(path, 'r');
      try {
        writeCacheFile(path, Buffer.alloc(before.length * 3, 7));
        const seen = Buffer.alloc(before.length * 3);
        const read = readSync(reader, seen, 0, seen.length, 0);
        expect(seen.subarray(0, read).equals(before)).toBe(true);
        expect(readFileSync(path).equals(Buffer.alloc(before.length * 3, 7))).toBe(true);
      } finally {
        closeSync(reader);
      }
      expect(readdirSync(folder)).toEqual(['core.cache']);
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
