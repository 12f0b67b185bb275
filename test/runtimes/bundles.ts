/**
 * The code each runtime runs, bundled by esbuild from the entries in ./entries/. The entries
 * import the package's entry points as `../../src/index.js` (and `…/http`, `…/worker`), so they
 * type-check against the sources; here every such import is redirected to the published entry
 * point (`budgetnorm`, `budgetnorm/http`, `budgetnorm/worker`) as the scratch project of
 * project.ts has it installed, and a bundle that would take any other file of src/ fails: what
 * runs is the package's dist/, never the sources.
 */
import { isAbsolute, join } from 'node:path';
import * as esbuild from 'esbuild';
import { noNodeBuiltins } from '../../scripts/lib/browser-build.js';
import { ROOT } from './project.js';

const SRC = join(ROOT, 'src');
/** Source entry → the package's name for it. */
const PUBLISHED: Readonly<Record<string, string>> = {
  [join(SRC, 'index.ts')]: 'budgetnorm',
  [join(SRC, 'http', 'index.ts')]: 'budgetnorm/http',
  [join(SRC, 'worker', 'index.ts')]: 'budgetnorm/worker',
};

function published(project: string, external: boolean): esbuild.Plugin {
  return {
    name: 'published-entry-points',
    setup(build) {
      build.onResolve({ filter: /\/src\// }, (args) => {
        if (args.importer.startsWith(join(project, 'node_modules'))) return undefined;
        const resolved = join(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        const name = PUBLISHED[resolved];
        if (name === undefined)
          return {
            errors: [
              { text: `${args.path} (from ${args.importer}) is a source file, not an entry point of the package` },
            ],
          };
        if (external) return { path: name, external: true };
        return build.resolve(name, { kind: args.kind, resolveDir: project });
      });
    },
  };
}

/** A file of ./entries/, or any file by its absolute path. */
const entry = (name: string): string => (isAbsolute(name) ? name : join(import.meta.dirname, 'entries', name));

async function bundle(options: esbuild.BuildOptions): Promise<string> {
  const result = await esbuild.build({
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    outdir: 'out',
    logLevel: 'silent',
    legalComments: 'none',
    ...options,
  });
  const [file] = result.outputFiles ?? [];
  if (file === undefined || result.outputFiles?.length !== 1) throw new Error('esbuild produced no single output file');
  return file.text;
}

/** For Node, Deno and Bun: the agreement program, importing `budgetnorm` (external) and `./agreement-input.mjs`. */
export function agreementScript(project: string): Promise<string> {
  return bundle({
    entryPoints: [entry('agreement-script.ts')],
    platform: 'neutral',
    external: ['./agreement-input.mjs'],
    plugins: [published(project, true)],
  });
}

/** For Deno and Bun: the server program (Deno.serve or Bun.serve of createApp's fetch), importing `budgetnorm/http`. */
export function serveScript(project: string, runtime: 'deno' | 'bun'): Promise<string> {
  return bundle({
    entryPoints: [entry(`serve-${runtime}.ts`)],
    platform: 'neutral',
    plugins: [published(project, true)],
  });
}

/**
 * A Worker or a page with the package inside, as a user's bundler (wrangler uses esbuild) makes
 * it: for the browser platform, with the Workers export conditions, no Node builtin allowed.
 */
export function bundled(project: string, name: string, minify: boolean): Promise<string> {
  return bundle({
    entryPoints: [entry(name)],
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    minify,
    plugins: [published(project, false), noNodeBuiltins],
  });
}
