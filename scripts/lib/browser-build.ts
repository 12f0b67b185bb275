/**
 * The browser build of the core: `src/index.ts` bundled by esbuild as one ES module for the
 * browser (format esm, platform browser), with the bundled rule sets inside. Used by
 * `npm run build:browser` and by the tests in test/browser/, so what is tested is what ships.
 *
 * The advisor page (src/advisor/, docs/advisor.md) is built here too: its script is the same
 * kind of bundle, the page's code with the core inside, so it computes with the browser build.
 *
 * The build fails when anything it bundles would pull in a Node builtin (`node:fs`, `fs`,
 * `path`, … or any `node:` specifier), whether from the core or from a dependency, including
 * a dependency that maps the builtin away in its package.json `browser` field: the core must
 * run unchanged in browsers and edge workers, not with parts of it silently emptied.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const CORE_ENTRY = join(ROOT, 'src', 'index.ts');
/** Where `npm run build:browser` writes (ignored by git). */
export const BROWSER_OUT_DIR = join(ROOT, 'dist-browser');
export const BUNDLE_FILE = 'budgetnorm.js';

/**
 * The budget for the minified + gzipped core bundle, in bytes (docs/browser.md). Of the
 * minified bundle, zod is about 59%, the two bundled rule sets (their JSON) 26%, the core's
 * own code 10% and decimal.js 4%. Measured at 174,918 bytes when set (2026-11, rule sets
 * nl-2025 and nl-2026); the budget leaves about 14% for another year's rule set or a
 * dependency update, so a change that bloats the bundle more has to raise it deliberately.
 */
export const MIN_GZIP_BUDGET_BYTES = 200_000;

const NODE_BUILTINS = new Set(builtinModules.map((m) => m.replace(/^node:/, '')));

/** Whether an import specifier names a Node builtin (`node:fs`, `fs`, `fs/promises`, …). */
export function isNodeBuiltin(specifier: string): boolean {
  if (specifier.startsWith('node:')) return true;
  return NODE_BUILTINS.has(specifier) || NODE_BUILTINS.has(specifier.split('/')[0] ?? specifier);
}

/** An esbuild plugin that turns every import of a Node builtin into a build error naming the importer. */
export const noNodeBuiltins: esbuild.Plugin = {
  name: 'no-node-builtins',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point' || !isNodeBuiltin(args.path)) return undefined;
      return {
        errors: [
          {
            text: `the browser build must not import the Node builtin '${args.path}' (imported by ${args.importer.replace(ROOT, '')})`,
          },
        ],
      };
    });
  },
};

export interface BrowserBuildOptions {
  readonly entry?: string;
  readonly minify: boolean;
  /** Extra plugins run before the Node-builtin guard (the tests redirect imports with one). */
  readonly plugins?: readonly esbuild.Plugin[];
}

/** Bundles an entry (default: the core) for the browser in memory; throws (esbuild's error) when it cannot, e.g. on a Node builtin. */
export async function buildBrowserBundle(options: BrowserBuildOptions): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [options.entry ?? CORE_ENTRY],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // What current browsers and edge runtimes run natively; the same level as tsconfig's target.
    target: 'es2022',
    minify: options.minify,
    legalComments: 'eof',
    write: false,
    outfile: BUNDLE_FILE,
    logLevel: 'silent',
    plugins: [...(options.plugins ?? []), noNodeBuiltins],
  });
  const [file] = result.outputFiles;
  if (file === undefined || result.outputFiles.length !== 1) throw new Error('esbuild produced no single output file');
  const code = file.text;
  // esbuild wraps a `require()` it could not resolve statically in a shim that throws at run
  // time; no such call may remain in the browser build.
  if (/\b__require\b/.test(code))
    throw new Error('the browser build contains a dynamic require() (esbuild __require shim)');
  return code;
}

export interface BundleSizes {
  /** Bytes of the unminified bundle. */
  readonly raw: number;
  /** Bytes of the minified bundle. */
  readonly min: number;
  /** Bytes of the minified bundle, gzipped (level 9, node:zlib). */
  readonly minGzip: number;
}

export function gzipSize(code: string): number {
  return gzipSync(Buffer.from(code, 'utf8'), { level: 9 }).length;
}

export function bundleSizes(raw: string, minified: string): BundleSizes {
  return { raw: Buffer.byteLength(raw, 'utf8'), min: Buffer.byteLength(minified, 'utf8'), minGzip: gzipSize(minified) };
}

/** A message when the min+gzip size exceeds the budget, else undefined. */
export function budgetExcess(sizes: BundleSizes, budget = MIN_GZIP_BUDGET_BYTES): string | undefined {
  if (sizes.minGzip <= budget) return undefined;
  return (
    `the browser bundle is ${sizes.minGzip} bytes min+gzip, over its budget of ${budget} bytes ` +
    '(docs/browser.md: shrink it, or raise MIN_GZIP_BUDGET_BYTES in scripts/lib/browser-build.ts with a reason)'
  );
}

/** The advisor page's sources (src/advisor/) and where `npm run build` writes it. */
export const ADVISOR_SOURCE_DIR = join(ROOT, 'src', 'advisor');
export const ADVISOR_ENTRY = join(ADVISOR_SOURCE_DIR, 'main.ts');
export const ADVISOR_OUT_DIR = join(ROOT, 'dist', 'advisor');
/** The built page's files; the HTML loads the other two by these names, relative to itself. */
export const ADVISOR_FILES = { html: 'index.html', script: 'advisor.js', style: 'advisor.css' } as const;

export interface AdvisorPageFiles {
  readonly html: string;
  readonly script: string;
  readonly style: string;
}

/**
 * The advisor page, built in memory: its script bundled for the browser (minified, the core
 * inside, with the same Node-builtin guard as the core bundle), the HTML and the style sheet
 * as written. Throws when the HTML does not load the script and the style sheet it ships with.
 */
export async function buildAdvisorPage(): Promise<AdvisorPageFiles> {
  const script = await buildBrowserBundle({ entry: ADVISOR_ENTRY, minify: true });
  const html = readFileSync(join(ADVISOR_SOURCE_DIR, ADVISOR_FILES.html), 'utf8');
  const style = readFileSync(join(ADVISOR_SOURCE_DIR, ADVISOR_FILES.style), 'utf8');
  for (const file of [ADVISOR_FILES.script, ADVISOR_FILES.style]) {
    if (!html.includes(`"advisor/${file}"`)) throw new Error(`src/advisor/index.html does not load advisor/${file}`);
  }
  return { html, script, style };
}

/** Writes the page's three files to a folder (default dist/advisor/); returns their paths. */
export function writeAdvisorPage(page: AdvisorPageFiles, dir: string = ADVISOR_OUT_DIR): string[] {
  mkdirSync(dir, { recursive: true });
  const written: [string, string][] = [
    [ADVISOR_FILES.html, page.html],
    [ADVISOR_FILES.script, page.script],
    [ADVISOR_FILES.style, page.style],
  ];
  return written.map(([name, text]) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  });
}
