/**
 * `postbuild`: bundles tsc's output in dist/ with esbuild, then deletes the rest of tsc's
 * JavaScript (the declarations stay tsc's).
 *
 * Why bundles: as tsc's ~60 modules plus zod's ~150 (its package entry loads all 65 locales),
 * `import('budgetnorm')` and one result took ~130–150 ms beyond bare node, most of it resolving,
 * reading and compiling modules one by one. Bundled, esbuild also drops what is never used, the
 * zod locales among it (that needs `import * as z from 'zod'`: esbuild cannot shake the `z` of
 * `import { z }`).
 *
 * 1. ES modules, for every runtime (package.json `exports`): dist/index.js, node/index.js,
 *    http/index.js, worker/index.js, and the files Node starts by path (dist/node/server.js for
 *    `npm start`, the batch worker dist/cli/batch/worker.js), with code splitting: what they share
 *    sits in dist/chunks/, so each class and table has one instance for all of them.
 * 2. The command line: dist/cli/cli.cjs, one CommonJS script with its dependencies, run by the
 *    executable dist/cli/main.cjs (src/cli/launcher.ts), which turns on Node's compile cache first
 *    where Node has one.
 *
 * Bundled dependencies: those of the embeddable core (zod, decimal.js, @noble/hashes), pure ES
 * modules. The Node shell's (pino with its worker-thread transports, hono, @hono/node-server,
 * csv-*) stay imports resolved by the installing project, as does any dependency added later;
 * the CLI's bundle holds all of them.
 *
 * Paths read relative to a module (`new URL('../../package.json', import.meta.url)`) keep
 * working because every output such code lands in sits as deep below the package root as its
 * tsc module did (the CLI's bundle sees the URL of main.cjs, beside it); the build fails when
 * that no longer holds.
 */
import { build } from 'esbuild';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** Dependencies bundled into the library: the core's; every other one stays an import. */
const BUNDLED = new Set(['zod', 'decimal.js', '@noble/hashes']);
const external = Object.keys(pkg.dependencies).filter((name) => !BUNDLED.has(name));

/** Outputs not made here: the advisor page (scripts/build-advisor.ts). */
const KEPT = ['advisor'];

/** Files Node starts by path, not through `exports`. */
const STARTED = ['node/server.js', 'cli/batch/worker.js'];
const CLI_MAIN = join(DIST, 'cli', 'main.cjs');

const targets = Object.values(pkg.exports)
  .filter((target) => typeof target === 'object' && target.types)
  .map((target) => target.default.slice('./dist/'.length));
const entryPoints = Object.fromEntries(
  [...targets, ...STARTED].map((out) => [out.replace(/\.js$/, ''), join(DIST, out)]),
);

const common = {
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // Whitespace and syntax minified; identifiers not renamed, so functions and classes keep
  // their own names (error names, the frames of a stack trace).
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'eof',
  metafile: true,
  write: false,
  logLevel: 'warning',
};

// 1. The ES modules.
const modules = await build({
  ...common,
  entryPoints,
  outdir: DIST,
  allowOverwrite: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  external,
});

// 2. The command line, and its launcher (CommonJS: Node starts it without its ES-module loader).
// The bundle's modules see main.cjs's URL (beside it) as their own, for the paths they read.
const cli = await build({
  ...common,
  entryPoints: [join(DIST, 'cli', 'launch.js')],
  outfile: join(DIST, 'cli', 'cli.cjs'),
  format: 'cjs',
  define: { 'import.meta.url': '__budgetnormCliUrl' },
  banner: {
    js: "var __budgetnormCliUrl = require('node:url').pathToFileURL(require('node:path').join(__dirname, 'main.cjs')).href;",
  },
});
const launcher = await build({
  ...common,
  entryPoints: [join(DIST, 'cli', 'launcher.js')],
  outfile: CLI_MAIN,
  format: 'cjs',
  define: { 'import.meta.url': '__budgetnormLauncherUrl' },
  banner: { js: "var __budgetnormLauncherUrl = require('node:url').pathToFileURL(__filename).href;" },
});

for (const result of [modules, cli, launcher]) {
  if (result.warnings.length > 0) throw new Error('bundle: esbuild warned (above)');
}

// Code that finds files relative to its own module must land as deep below dist/ as it was.
const depth = (path) => relative(DIST, dirname(path)).split(sep).filter(Boolean).length;
/** Modules that look for their files from either depth: the batch pool finds worker.js beside it or in batch/. */
const EITHER_DEPTH = new Set(['dist/cli/batch/pool.js']);
const misplaced = [];
for (const result of [modules, cli, launcher]) {
  for (const [output, { inputs }] of Object.entries(result.metafile.outputs)) {
    const seenAt = result === modules ? join(ROOT, output) : CLI_MAIN;
    for (const input of Object.keys(inputs)) {
      if (input.includes('node_modules') || EITHER_DEPTH.has(input)) continue;
      if (!readFileSync(join(ROOT, input), 'utf8').includes('import.meta.url')) continue;
      if (depth(join(ROOT, input)) !== depth(seenAt)) misplaced.push(`${input} → ${output}`);
    }
  }
}
if (misplaced.length > 0) {
  throw new Error(`bundle: code using import.meta.url would move to another depth:\n${misplaced.join('\n')}`);
}

// tsc's JavaScript goes (the bundles replace it), then the bundles are written.
const outputs = [...modules.outputFiles, ...cli.outputFiles, ...launcher.outputFiles];
const written = new Set(outputs.map((file) => file.path));
for (const entry of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath, entry.name);
  const inDist = relative(DIST, path);
  if (!entry.isFile() || !/\.c?js$/.test(path) || written.has(path)) continue;
  if (KEPT.some((kept) => inDist === kept || inDist.startsWith(kept + sep))) continue;
  rmSync(path);
}
rmSync(join(DIST, 'chunks'), { recursive: true, force: true });
for (const file of outputs) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.contents);
}
// The bin, executable: npm sets the bit only on a bin at the package's top (npm/cli#7762), and
// `npm pack` keeps a file's mode from disk.
chmodSync(CLI_MAIN, 0o755);
