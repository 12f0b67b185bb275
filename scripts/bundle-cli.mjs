/**
 * `postbuild`: bundles the `budgetnorm` executable (dist/cli/main.js, tsc's output) with its
 * dependencies into that one file, in place. Started as some 150 separate ES modules, the CLI
 * spent about a third of a one-calculation run resolving, reading and compiling them (issue 14:
 * `budgetnorm afloscapaciteit file.json` in ≤ 150 ms wall). It runs before
 * scripts/bundle-library.mjs, which bundles the library's entry points (with code splitting, so
 * they share one instance of each class) and deletes tsc's other modules. The batch workers
 * start dist/cli/batch/worker.js, one of those entry points, which the bundle finds in batch/
 * beside it (src/cli/batch/pool.ts).
 *
 * The commands other than a single calculation (`batch`, `rules`) are imported when used, and
 * split into files of their own beside main.js (dist/cli/cli-<hash>.js, with what they share in
 * another): a calculation, the command whose start counts, does not read or compile them.
 *
 * Paths the CLI reads relative to its own module (`../../package.json`, `../../rules/`) keep
 * working: every such module sits two folders below the package root, as main.js and its split
 * files do.
 */
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_CHUNK_FILE, CLI_CHUNK_NAMES } from './lib/cli-chunks.mjs';

const main = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const folder = dirname(main);

// Split files of an earlier build (a build that did not start from a clean dist/).
for (const name of readdirSync(folder)) if (CLI_CHUNK_FILE.test(name)) rmSync(join(folder, name));

await build({
  entryPoints: { main },
  outdir: folder,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  chunkNames: CLI_CHUNK_NAMES,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Less to read and parse at every start: whitespace and syntax minified. Identifiers are not
  // renamed, so functions and classes keep their own names (error names, the frames of a stack
  // trace) with no code to restore them: esbuild's keepNames, which re-names every function
  // and class at load, cost a cold start some 4 ms of the 60 issue 14 allows.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'eof',
  // CommonJS dependencies (pino, decimal.js's CJS build if chosen) call `require` for Node's own modules.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
