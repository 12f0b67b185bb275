/**
 * `postbuild`, after scripts/bundle-cli.mjs: bundles the library's entry points (every code
 * target of package.json `exports`, plus the two files started by path: the service's
 * dist/node/server.js and the batch worker dist/cli/batch/worker.js) in place, with code
 * splitting, and deletes the rest of tsc's JavaScript from dist/ (the declarations stay tsc's).
 *
 * Why (issue 14, cold start ≤ 60 ms beyond Node's own start): as tsc's ~60 modules plus zod's
 * ~150 (its package entry loads all 65 locales), `import('budgetnorm')` and one result took
 * ~130–150 ms beyond bare node; resolving, reading and compiling modules one by one was most of
 * it. Bundled, esbuild also drops what is never used, the zod locales among it (that needs
 * `import * as z from 'zod'`: esbuild cannot shake the `z` of `import { z }`).
 *
 * Code splitting keeps one instance of each class and table for all entry points: what two
 * entries share sits in dist/chunks/, so `instanceof ValidationError` holds for an error thrown
 * under `budgetnorm/http` and caught with the class of `budgetnorm`. No tsc module is left
 * beside the bundles, so nothing can load a second copy.
 *
 * Bundled dependencies: those of the embeddable core (zod, decimal.js, @noble/hashes), pure ES
 * modules. The Node shell's (pino with its worker-thread transports, hono, @hono/node-server,
 * csv-*) stay imports resolved by the installing project, as does any dependency added later.
 *
 * Paths read relative to a module (`new URL('../../package.json', import.meta.url)`) keep
 * working because every output such code lands in sits two folders below the package root, as
 * its tsc module did; the build fails when that no longer holds.
 */
import { build } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** Dependencies bundled into the library: the core's; every other one stays an import. */
const BUNDLED = new Set(['zod', 'decimal.js', '@noble/hashes']);
const external = Object.keys(pkg.dependencies).filter((name) => !BUNDLED.has(name));

/** Outputs other than bundles: the advisor page (scripts/build-advisor.ts), the CLI's launcher (bundle-cli.mjs). */
const KEPT = new Set(['advisor', join('cli', 'main.js')]);

const exported = Object.values(pkg.exports)
  .map((target) => (typeof target === 'string' ? target : target.default))
  .filter((target) => target.startsWith('./dist/') && target.endsWith('.js'));
const entries = [...exported.map((target) => target.slice('./dist/'.length)), 'node/server.js', 'cli/batch/worker.js'];

const result = await build({
  entryPoints: Object.fromEntries(entries.map((entry) => [entry.replace(/\.js$/, ''), join(DIST, entry)])),
  absWorkingDir: ROOT,
  outdir: DIST,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // Less to read and parse at every start: whitespace and syntax minified. Identifiers are not
  // renamed, so functions and classes keep their own names (error names, the frames of a stack
  // trace) with no code to restore them: esbuild's keepNames, which re-names every function
  // and class at load, cost a cold start some 4 ms of the 60 issue 14 allows.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'eof',
  metafile: true,
  write: false,
  logLevel: 'warning',
});

// Code that finds files relative to its own module must land as deep below dist/ as it was.
const depth = (path) => relative(DIST, dirname(path)).split(sep).filter(Boolean).length;
const misplaced = [];
for (const [output, { inputs }] of Object.entries(result.metafile.outputs)) {
  for (const input of Object.keys(inputs)) {
    if (input.includes('node_modules') || !readFileSync(join(ROOT, input), 'utf8').includes('import.meta.url'))
      continue;
    if (depth(join(ROOT, input)) !== depth(join(ROOT, output))) misplaced.push(`${input} → ${output}`);
  }
}
if (misplaced.length > 0) {
  throw new Error(`bundle-library: code using import.meta.url would move to another depth:\n${misplaced.join('\n')}`);
}

// tsc's JavaScript goes (the bundles replace it), then the bundles are written.
const written = new Set(result.outputFiles.map((file) => file.path));
for (const entry of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath, entry.name);
  const inDist = relative(DIST, path);
  if (!entry.isFile() || !path.endsWith('.js') || written.has(path)) continue;
  if ([...KEPT].some((kept) => inDist === kept || inDist.startsWith(kept + sep))) continue;
  rmSync(path);
}
rmSync(join(DIST, 'chunks'), { recursive: true, force: true });
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.contents);
}
