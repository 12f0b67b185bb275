/**
 * `postbuild`: builds the `budgetnorm` executable in dist/cli/ from tsc's output.
 *
 * - cli.cjs: the command line (dist/cli/launch.js and everything it imports, dependencies
 *   included) bundled into one CommonJS script. Started as some 150 separate ES modules, the CLI
 *   spent about a third of a one-calculation run resolving, reading and compiling them.
 * - main.js, the bin: the launcher scripts/lib/cli-launcher.js, which runs cli.cjs through
 *   node:vm with V8's code cache (issue 14: `budgetnorm afloscapaciteit file.json` in ≤ 150 ms
 *   wall). Node 20 has no compile cache for modules (Node 22's `module.enableCompileCache` would
 *   be the same thing); without one, compiling the bundle's functions again in every process was
 *   some 40 ms of a calculation's start (medians of 41 interleaved runs: 200 against 160 ms).
 * - cli.cache: that code cache, made here by running a repayment and a retirement calculation
 *   with BUDGETNORM_CODE_CACHE=write (each run adds the bytecode it used). It fits only the Node
 *   that built it, so it is not published (package.json `files`); without it, or when V8 refuses
 *   it, the launcher compiles as usual. The runs also check that the built CLI calculates.
 *
 * It runs before scripts/bundle-library.mjs, which bundles the library's entry points and deletes
 * tsc's other modules (it keeps cli/main.js; cli.cjs and cli.cache are not .js). The batch
 * workers start dist/cli/batch/worker.js, one of those entry points, found in batch/ beside
 * main.js (src/cli/batch/pool.ts).
 *
 * Paths the CLI reads relative to its own module (`../../package.json`, `../../rules/`) keep
 * working: `import.meta.url` is main.js's URL in the bundle, two folders below the package root.
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = (path) => fileURLToPath(new URL(`../dist/cli/${path}`, import.meta.url));
const main = dist('main.js');

await build({
  entryPoints: [dist('launch.js')],
  outfile: dist('cli.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Less to read and parse at every start: whitespace and syntax minified. Identifiers are not
  // renamed, so functions and classes keep their own names (error names, the frames of a stack
  // trace) with no code to restore them: esbuild's keepNames, which re-names every function
  // and class at load, cost a cold start some 4 ms of the 60 issue 14 allows.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'eof',
  // The modules' own URL, for the paths they read relative to it: the launcher's, beside the bundle.
  define: { 'import.meta.url': '__budgetnormCliUrl' },
  banner: {
    js: "var __budgetnormCliUrl = require('node:url').pathToFileURL(require('node:path').join(__dirname, 'main.js')).href;",
  },
  logLevel: 'warning',
});
copyFileSync(fileURLToPath(new URL('./lib/cli-launcher.js', import.meta.url)), main);
// The bin, executable (scripts/bin-executable.mjs does so again after a whole build).
chmodSync(main, 0o755);

// The code cache, for the calculations a user runs from the command line.
rmSync(dist('cli.cache'), { force: true });
const bodies = {
  afloscapaciteit: {
    LeeftijdHoofdpersoon: 40,
    HeeftPartner: true,
    AantalThuiswonendeKinderen: 1,
    AantalAutos: 1,
    NettoBesteedbaarInkomenPerMaand: 3600,
    BijzondereUitgaven: {},
    Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 900 },
  },
  pensioenuitgaven: {
    Hoofdpersonen: [{}],
    Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
    NettoBesteedbaarInkomenPerMaand: 2100,
  },
};
for (const [command, body] of Object.entries(bodies)) {
  const run = spawnSync(process.execPath, [main, command, '-'], {
    input: JSON.stringify(body),
    env: { ...process.env, BUDGETNORM_CODE_CACHE: 'write' },
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    throw new Error(`bundle-cli: the built CLI failed on a ${command} body (exit ${run.status}):\n${run.stderr}`);
  }
}
