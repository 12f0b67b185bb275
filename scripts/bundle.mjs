/**
 * `postbuild`: bundles tsc's output in dist/ into what is published, then deletes the rest of
 * tsc's JavaScript (the declarations stay tsc's).
 *
 * Why (issue 14, cold start): as tsc's ~60 modules plus zod's ~150 (its package entry loads
 * all 65 locales), `import('budgetnorm')` and one result took ~130–150 ms beyond bare node;
 * resolving, reading and compiling modules one by one was most of it. Bundled, esbuild also
 * drops what is never used, the zod locales among it (that needs `import * as z from 'zod'`:
 * esbuild cannot shake the `z` of `import { z }`).
 *
 * 1. ES modules, for every runtime (package.json `exports`, conditions `deno`, `bun`, `default`):
 *    dist/index.js, node/index.js, http/index.js, worker/index.js, with code splitting: what they
 *    share sits in dist/chunks/, so each class and table has one instance for all of them.
 * 2. For Node: the core (src/contract, household, rules, engine, calculations) as one CommonJS
 *    bundle, dist/node/core.cjs, which src/node/code-cached-core.ts compiles with V8's code
 *    cache dist/node/core.cache, made here by running both calculations (and a refused body of
 *    each) once: Node 20 has no compile cache for ES modules, and parsing the core and compiling
 *    the functions of a first call were most of a cold start. On it:
 *    - the Node entries (condition `node-addons`: see below), `*.node.js` beside the others, and the files Node
 *      starts by path (dist/node/server.js, the batch worker dist/cli/batch/worker.js): ES
 *      modules with code splitting;
 *    - the command line, dist/cli/cli.cjs (CommonJS, its dependencies bundled; the batch command
 *      apart in dist/cli/batch.cjs, which it runs when the command is given), which the
 *      executable dist/cli/main.cjs (src/cli/launcher.ts) runs with its own code cache,
 *      dist/cli/cli.cache, made here by running a calculation of each kind.
 *    Each is built with every import of a core module (and of zod and decimal.js) replaced by
 *    that module's exports read from the one loaded core, so a process has one instance of the
 *    core whichever of them it loads. The caches fit only the Node that made them and are not
 *    published (package.json `files`); without one, or when it does not fit, the bundle compiles
 *    as usual (src/node/code-cache.ts).
 *
 * Why `node-addons` and not `node`: bundlers that build for Node (esbuild with platform node,
 * webpack, Vite's SSR) match `node`, and a Node entry bundled into an application cannot find
 * core.cjs beside itself any more; Node itself matches `node-addons`, which no bundler does by
 * default (Node defines it for an entry that needs what only a Node install has, native
 * addons, with `default` as the universal one). So an application's bundle takes the ES
 * modules and works; `node --no-addons` does too.
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
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** Dependencies bundled into the library: the core's; every other one stays an import. */
const BUNDLED = new Set(['zod', 'decimal.js', '@noble/hashes']);
const external = Object.keys(pkg.dependencies).filter((name) => !BUNDLED.has(name));

/** Outputs not made here: the advisor page (scripts/build-advisor.ts). */
const KEPT = ['advisor'];

/** The core's folders below dist/: pure code, loaded in Node from dist/node/core.cjs. */
const CORE_FOLDERS = ['contract', 'household', 'rules', 'engine', 'calculations'];
const CORE_BUNDLE = join(DIST, 'node', 'core.cjs');
const CLI_BUNDLE = join(DIST, 'cli', 'cli.cjs');
const ZOD_BUNDLE = join(DIST, 'node', 'zod.cjs');
const CLI_MAIN = join(DIST, 'cli', 'main.cjs');
const CODE_CACHE = join(DIST, 'node', 'code-cache.js');
const CORE_LOADER = join(DIST, 'node', 'code-cached-core.js');

/** Files Node starts by path, not through `exports`: built for Node only. */
const STARTED = ['node/server.js', 'cli/batch/worker.js'];

/** A read of zod's namespace `z` in tsc's output, `z.object` or over lines (`z\n  .object`): the name read. */
const ZOD_READ = /(?<![\w$.])z\s*\.\s*([A-Za-z_$][\w$]*)/g;

/** Dependencies the shells take from the core's bundle (one instance), each under its name. */
const FROM_CORE = ['zod', 'decimal.js'];
/** The one module that reads every core module's exports for the Node bundles (2c below). */
const ALL = '(all)';

const targets = Object.values(pkg.exports).filter((target) => typeof target === 'object' && target.types);
const dist = (target) => target.slice('./dist/'.length);
/** Output name (no .js) → tsc module it bundles, for each flavour. */
const universalEntries = Object.fromEntries(
  targets.map((target) => dist(target.default)).map((out) => [out.replace(/\.js$/, ''), join(DIST, out)]),
);
const nodeEntries = Object.fromEntries([
  ...targets
    .map((target) => dist(target['node-addons']))
    .map((out) => [out.replace(/\.js$/, ''), join(DIST, out.replace(/\.node\.js$/, '.js'))]),
  ...STARTED.map((out) => [out.replace(/\.js$/, ''), join(DIST, out)]),
]);

const common = {
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  target: 'node20',
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
};
const split = {
  ...common,
  outdir: DIST,
  allowOverwrite: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  external,
};
// The command line: one CommonJS script with its dependencies, run by the launcher (main.cjs).
const cliBuild = {
  ...common,
  entryPoints: [join(DIST, 'cli', 'launch.js')],
  outfile: CLI_BUNDLE,
  format: 'cjs',
  // The modules' own URL, for the paths they read relative to it: the launcher's, beside the bundle.
  define: { 'import.meta.url': '__budgetnormCliUrl' },
  banner: {
    js: "var __budgetnormCliUrl = require('node:url').pathToFileURL(require('node:path').join(__dirname, 'main.cjs')).href;",
  },
};

const isCore = (path) => CORE_FOLDERS.some((folder) => path.startsWith(join(DIST, folder) + sep));
/** The key of a core module: its path below dist/, with forward slashes. */
const coreKey = (path) => relative(DIST, path).split(sep).join('/');

/**
 * An esbuild plugin that sends every import of a core module (or of a dependency in
 * FROM_CORE) from outside the core to `resolve` (its key → what to resolve it to), and loads
 * what resolves into the namespace budgetnorm-core with `contents` (its key → the module's
 * text), so the shells bundled for Node take them from core.cjs.
 */
function coreImports({ resolve, contents }) {
  return {
    name: 'core-from-core-cjs',
    setup(plugin) {
      const fromShell = (args) => args.namespace === 'file' && !isCore(args.importer);
      plugin.onResolve({ filter: /^\./ }, (args) => {
        const path = join(args.resolveDir, args.path);
        return fromShell(args) && isCore(path) ? resolve(coreKey(path)) : undefined;
      });
      plugin.onResolve(
        { filter: new RegExp(`^(${FROM_CORE.map((n) => n.replace('.', '\\.')).join('|')})$`) },
        (args) => (fromShell(args) ? resolve(args.path) : undefined),
      );
      plugin.onResolve({ filter: /^\(all\)$/ }, () => resolve(ALL));
      plugin.onLoad({ filter: /.*/, namespace: 'budgetnorm-core' }, (args) => ({
        contents: contents(args.path),
        resolveDir: DIST,
        loader: 'js',
      }));
    },
  };
}

/**
 * A bundle's text: its code as the body of the function of `parameters` its loader calls, headed
 * by its id, the SHA-256 of the code (src/node/code-cache.ts); ASCII, as the loader reads it.
 */
function identified(name, text, parameters) {
  // The loaders read bundles as UTF-8 and the caches' headers as latin1: ASCII is both (esbuild's default charset).
  if (!/^[\p{ASCII}]*$/u.test(text)) throw new Error(`bundle: ${name} is not ASCII`);
  return bundleHeader(createHash('sha256').update(text).digest('hex'), parameters) + text + BUNDLE_END;
}

/** The batch command's module, and the bundle it is built into apart from the CLI's. */
const BATCH_COMMAND = join(DIST, 'cli', 'commands', 'batch.js');
const BATCH_BUNDLE = join(DIST, 'cli', 'batch.cjs');

/**
 * An esbuild plugin for the CLI's bundle: the batch command's module (imported by cli.js when the
 * command is given) becomes a module whose text is `contents()`.
 */
function batchApart(contents) {
  return {
    name: 'batch-apart',
    setup(plugin) {
      plugin.onResolve({ filter: /commands\/batch\.js$/ }, (args) =>
        args.namespace === 'file' && join(args.resolveDir, args.path) === BATCH_COMMAND
          ? { path: 'batch', namespace: 'budgetnorm-command' }
          : undefined,
      );
      plugin.onLoad({ filter: /.*/, namespace: 'budgetnorm-command' }, () => ({
        contents: contents(),
        resolveDir: join(DIST, 'cli'),
        loader: 'js',
      }));
    },
  };
}

/**
 * The module standing for the batch command in the CLI's bundle: its `batchCommand`, which runs
 * dist/cli/batch.cjs when first called (the bundle of this build: its id `id`), handing it the
 * modules `keys` (paths below dist/) of the CLI's bundle as `cliModules`.
 */
function batchLoader(keys, id) {
  return [
    `import { runCommandBundle } from ${JSON.stringify(CODE_CACHE)};`,
    ...keys.map((key, i) => `import * as shared${i} from ${JSON.stringify(join(DIST, key))};`),
    'let loaded;',
    'export function batchCommand(...args) {',
    `  loaded ??= runCommandBundle(require("node:path").join(__dirname, ${JSON.stringify(relative(join(DIST, 'cli'), BATCH_BUNDLE))}), ${JSON.stringify(id)}, require, {`,
    ...keys.map((key, i) => `    ${JSON.stringify(key)}: shared${i},`),
    '  });',
    '  return loaded.batchCommand(...args);',
    '}',
  ].join('\n');
}

/**
 * An esbuild plugin for the batch command's bundle: every import of a module the CLI's bundle
 * holds (`inCli`, absolute paths) reads that module's instance from `cliModules`, by its path
 * below dist/ (added to `shared`).
 */
function cliModulesShared(inCli, shared) {
  return {
    name: 'cli-modules-shared',
    setup(plugin) {
      // Relative imports of the batch command's modules, and the core's loader, which the core's
      // stand-ins import by its path (fromCoreAt).
      plugin.onResolve({ filter: /^(\.|\/)/ }, (args) => {
        if (args.namespace !== 'file' && args.namespace !== 'budgetnorm-core') return undefined;
        const path = args.path.startsWith('/') ? args.path : join(args.resolveDir, args.path);
        if (!inCli.has(path) || path === BATCH_COMMAND) return undefined;
        const key = relative(DIST, path).split(sep).join('/');
        shared.add(key);
        return { path: key, namespace: 'budgetnorm-cli' };
      });
      plugin.onLoad({ filter: /.*/, namespace: 'budgetnorm-cli' }, (args) => ({
        contents: `module.exports = cliModules[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
    },
  };
}

const { BUNDLE_END, BUNDLE_PARAMETERS, bundleHeader, bundleIdOf, writeCodeCache } = await import(
  pathToFileURL(CODE_CACHE).href
);
const { compileCore } = await import(pathToFileURL(CORE_LOADER).href);

// 1. The ES-module entries.
const universal = await build({ ...split, entryPoints: universalEntries });

// 2a. Which core modules the Node bundles import, and which of zod's functions (`z.name`).
const used = new Set();
const probe = {
  resolve: (key) => {
    used.add(key);
    return { path: key, external: true };
  },
  contents: () => '', // nothing loads: every stand-in is left external
};
const probed = [
  await build({ ...split, entryPoints: nodeEntries, plugins: [coreImports(probe)] }),
  await build({ ...cliBuild, plugins: [coreImports(probe)] }),
];
const zodNames = new Set();
for (const input of probed.flatMap((result) => Object.keys(result.metafile.inputs))) {
  const text = input.includes('node_modules') ? '' : readFileSync(join(ROOT, input), 'utf8');
  if (/from ["']zod["']/.test(text)) for (const [, name] of text.matchAll(ZOD_READ)) zodNames.add(name);
}

// For 2b: the bundled rule sets' JSON texts, for Node apart from the core: in
// dist/node/rule-sets/<id>.json, which the core reads when it chooses that set (the parameter
// `bundledRuleSetText` of its wrapper, src/node/code-cached-core.ts). In the bundle, every
// start read them and V8's cache of the core held them, chosen or not (issue 14's cold start).
// The ES modules keep them: the runtimes that take those have no files to read.
const GENERATED_SETS = join(DIST, 'calculations', 'bundled.generated.js');
const RULE_SET_TEXTS = join(DIST, 'node', 'rule-sets');
function ruleSetTextsApart() {
  return {
    name: 'rule-set-texts-apart',
    setup(plugin) {
      plugin.onLoad({ filter: /bundled\.generated\.js$/ }, (args) => {
        if (args.path !== GENERATED_SETS) return undefined;
        const source = readFileSync(args.path, 'utf8');
        rmSync(RULE_SET_TEXTS, { recursive: true, force: true });
        mkdirSync(RULE_SET_TEXTS, { recursive: true });
        const ids = [];
        // Each set's files as `() => "<JSON text>"` (scripts/lib/generated-files.ts).
        const contents = source.replace(/\(\) => ("(?:[^"\\\n]|\\.)*")/g, (_, literal) => {
          const text = JSON.parse(literal);
          // The set's layout on the first line, then its files (scripts/lib/generated-files.ts).
          const id = JSON.parse(text.slice(text.indexOf('\n') + 1))['manifest.json'].id;
          if (!/^[a-z0-9][a-z0-9.-]*$/.test(id)) throw new Error(`bundle: a bundled rule set has the id ${id}`);
          writeFileSync(join(RULE_SET_TEXTS, `${id}.json`), text);
          ids.push(id);
          return `() => bundledRuleSetText(${JSON.stringify(id)}, ${text.length})`;
        });
        const recorded = [...source.matchAll(/recorded\("[0-9a-f]{64}"/g)].length;
        if (ids.length === 0 || ids.length !== recorded)
          throw new Error(
            `bundle: ${ids.length} of the ${recorded} bundled rule sets' texts were found in ${args.path}`,
          );
        return { contents, loader: 'js' };
      });
    },
  };
}

/**
 * For 2b: the core's `require("zod")`s, which src/node/code-cached-core.ts answers with a stand-in
 * that loads zod (dist/node/zod.cjs) when the core first reads one of its properties. esbuild
 * wraps each in `__toESM`, which copies every property at once: unwrapped here, so nothing is
 * read before it is used.
 */
function zodRequiredLazily(text) {
  const unwrapped = text.replace(/__toESM\(require\("zod"\)(?:,1)?\)/g, 'require("zod")');
  const bindings = unwrapped.match(/[A-Za-z_$][\w$]*=require\("zod"\)/g) ?? [];
  const requires = unwrapped.split('require("zod")').length - 1;
  if (requires === 0 || requires !== bindings.length)
    throw new Error(
      `bundle: ${requires - bindings.length} of the core's ${requires} require("zod") are not a plain binding`,
    );
  return unwrapped;
}

/**
 * For 2b: the zod exports the core's modules read, each written `z.name` by the one way they
 * import zod, `import * as z from 'zod'` (the build fails on any other): what dist/node/zod.cjs
 * must export for them, beside what the shells read.
 */
function zodNamesReadBy(inputs) {
  const names = new Set();
  for (const input of inputs) {
    // Its own modules, tsc's output (not the stdin entry, which has no file).
    if (!isCore(join(ROOT, input))) continue;
    const text = readFileSync(join(ROOT, input), 'utf8');
    const imports = text.match(/^import[^;]*from ["']zod["'];?$/gm) ?? [];
    for (const statement of imports)
      if (!/^import \* as z from ["']zod["'];?$/.test(statement))
        throw new Error(
          `bundle: ${input} imports zod as ${statement}; the core imports it only as \`import * as z from 'zod'\``,
        );
    if (imports.length > 0) for (const [, name] of text.matchAll(ZOD_READ)) names.add(name);
  }
  return names;
}

// 2b. The core as one CommonJS bundle exporting those modules by key, each as its namespace,
// zod not in it (zodRequiredLazily above): zod's exports the core and the shells read are
// dist/node/zod.cjs (zodNamesReadBy), which the core loads when it first uses zod.
const usedKeys = [...used].sort();
const modules = usedKeys.filter((key) => !FROM_CORE.includes(key));
const zodList = [...zodNames].sort();
const core = await build({
  ...common,
  format: 'cjs',
  external: ['zod'],
  stdin: {
    contents: [
      ...modules.map((key, i) => `import * as m${i} from ${JSON.stringify(`./${key}`)};`),
      `import * as zod from 'zod';`,
      `import * as decimal from 'decimal.js';`,
      `export const modules = {${[
        ...modules.map((key, i) => `${JSON.stringify(key)}: m${i}`),
        `"zod": zod`,
        `"decimal.js": decimal`,
      ].join(', ')}};`,
    ].join('\n'),
    resolveDir: DIST,
    sourcefile: 'core-modules.js',
  },
  outfile: CORE_BUNDLE,
  plugins: [ruleSetTextsApart()],
});
const zodExports = [...new Set([...zodNamesReadBy(Object.keys(core.metafile.inputs)), ...zodList])].sort();
const zodBundle = await build({
  ...common,
  format: 'cjs',
  stdin: {
    contents: `export { ${zodExports.join(', ')} } from 'zod';`,
    resolveDir: ROOT,
    sourcefile: 'zod-exports.js',
  },
  outfile: ZOD_BUNDLE,
});
const zodText = identified('zod.cjs', zodBundle.outputFiles[0].text, BUNDLE_PARAMETERS.zod);
const zodModule = await import('zod');
const notInZod = zodExports.filter((name) => !(name in zodModule));
if (notInZod.length > 0) throw new Error(`bundle: zod has no export ${notInZod.join(', ')}, which the core reads`);
// The shells take each of theirs as a function that calls zod's (2c), which only a function that
// is not a class can be (`instanceof` and `new` would not pass through): zod names its classes
// with a capital (ZodError, ZodType), its functions without.
const notFunctions = zodList.filter((name) => typeof zodModule[name] !== 'function' || !/^[a-z]/.test(name));
if (notFunctions.length > 0)
  throw new Error(`bundle: the shells read zod's ${notFunctions.join(', ')}, which are not plain functions`);
// Written now: the calculations below (2d) load it when they refuse a body.
writeFileSync(ZOD_BUNDLE, zodText);
const coreText = identified('core.cjs', zodRequiredLazily(core.outputFiles[0].text), BUNDLE_PARAMETERS.core);
const compiled = compileCore(coreText, CORE_BUNDLE, undefined);

// 2c. The Node bundles: each core import is the names it exports, read from the loaded core.
// All the reading is done in one module, which every entry imports (so it lands in one chunk:
// a module per core module would split into a chunk per combination of entries using it, and
// each chunk is one more module for Node to resolve, read and link at every start); the module
// standing for each core module only re-exports that one's names.
// zod's (a stand-in that loads it when read, code-cached-core.ts): the names the shells read of it.
const exported = (key) => (key === 'zod' ? zodList : Object.keys(compiled.modules[key]));
const local = (k, i) => `m${k}_${i}`;
/** The stand-ins for a build whose reading module lands where `bundleUrl` (relative) finds core.cjs. */
function fromCoreAt(bundleUrl) {
  const resolve = (key) => ({ path: key, namespace: 'budgetnorm-core' });
  const contents = (key) => {
    if (key === ALL)
      return [
        `import { coreModule, coreModules } from ${JSON.stringify(CORE_LOADER)};`,
        `const core = coreModules(new URL(${JSON.stringify(bundleUrl)}, import.meta.url));`,
        ...usedKeys.flatMap((k, n) => [
          `const m${n} = coreModule(core, ${JSON.stringify(k)});`,
          // zod's exports (functions all: the build checks) are each a function that calls it,
          // so that reading them here does not load zod (code-cached-core.ts).
          `export const ${exported(k)
            .map((name, i) =>
              k === 'zod'
                ? `${local(n, i)} = function (...args) { return m${n}[${JSON.stringify(name)}](...args); }`
                : `${local(n, i)} = m${n}[${JSON.stringify(name)}]`,
            )
            .join(', ')};`,
        ]),
      ].join('\n');
    const n = usedKeys.indexOf(key);
    const names = exported(key).map((name, i) => `${local(n, i)} as ${JSON.stringify(name)}`);
    return `export { ${names.join(', ')} } from ${JSON.stringify(ALL)};`;
  };
  return { resolve, contents };
}
// The `budgetnorm` entry alone, as one file: it imports no shell code to share, and a chunk
// would be one more module for Node to resolve, read and link at every start (1.5-4 ms of a
// cold start on 2026-11-27). Its copy of the loader finds the one core the others load
// (code-cached-core.ts keeps loaded cores on the global object).
const ROOT_ENTRY = 'index.node';
const { [ROOT_ENTRY]: rootEntry, ...sharingEntries } = nodeEntries;
const node = await build({
  ...split,
  entryPoints: sharingEntries,
  plugins: [coreImports(fromCoreAt('../node/core.cjs'))],
});
const nodeRoot = await build({
  ...common,
  format: 'esm',
  external,
  outdir: DIST,
  allowOverwrite: true,
  entryPoints: { [ROOT_ENTRY]: rootEntry },
  plugins: [coreImports(fromCoreAt('./node/core.cjs'))],
});
// The batch command as a bundle of its own, dist/cli/batch.cjs, which the CLI's bundle runs only
// when the command is given (src/node/code-cache.ts `runCommandBundle` says why). It shares the
// modules of the CLI's bundle it uses: that bundle is built first without it, and every import
// of a module it holds becomes a read of that module's one instance, `cliModules`.
const cliAlone = await build({
  ...cliBuild,
  plugins: [batchApart(() => ''), coreImports(fromCoreAt('../node/core.cjs'))],
});
const inCli = new Set(Object.keys(cliAlone.metafile.inputs).map((input) => join(ROOT, input)));
const sharedWithCli = new Set();
const batch = await build({
  ...cliBuild,
  entryPoints: [BATCH_COMMAND],
  outfile: BATCH_BUNDLE,
  plugins: [cliModulesShared(inCli, sharedWithCli), coreImports(fromCoreAt('../node/core.cjs'))],
});
// One instance of each module: no file the CLI's bundle holds is in the batch command's too (the
// core's stand-ins, `budgetnorm-core:`, are in each: they read the one core).
const twice = Object.keys(batch.metafile.inputs).filter(
  (input) => !input.includes(':') && inCli.has(join(ROOT, input)),
);
if (twice.length > 0) throw new Error(`bundle: batch.cjs holds modules of cli.cjs again: ${twice.join(', ')}`);
const batchText = identified('batch.cjs', batch.outputFiles[0].text, BUNDLE_PARAMETERS.command);
const cli = await build({
  ...cliBuild,
  plugins: [
    batchApart(() => batchLoader([...sharedWithCli].sort(), bundleIdOf(batchText))),
    coreImports(fromCoreAt('../node/core.cjs')),
  ],
});
for (const input of Object.keys(cli.metafile.inputs)) {
  if (/^(dist\/cli\/batch\/|node_modules\/csv-)/.test(input) && !inCli.has(join(ROOT, input)))
    throw new Error(`bundle: the CLI's bundle holds ${input}, which is the batch command's`);
}
// Each URL above holds only where the reading module lands: in the root entry (dist/), in a
// chunk (dist/chunks/), in the CLI's bundle (which sees main.cjs's URL, dist/cli/).
for (const [result, folder] of [
  [node, 'chunks'],
  [nodeRoot, ''],
]) {
  for (const [output, { inputs }] of Object.entries(result.metafile.outputs)) {
    if (`budgetnorm-core:${ALL}` in inputs && dirname(join(ROOT, output)) !== join(DIST, folder))
      throw new Error(`bundle: the core's reading module landed in ${output}, not in dist/${folder}`);
  }
}
// CommonJS: Node starts it without setting up its ES-module loader (src/cli/launcher.ts).
const launcher = await build({
  ...common,
  entryPoints: [join(DIST, 'cli', 'launcher.js')],
  outfile: CLI_MAIN,
  format: 'cjs',
  define: { 'import.meta.url': '__budgetnormLauncherUrl' },
  banner: { js: "var __budgetnormLauncherUrl = require('node:url').pathToFileURL(__filename).href;" },
});
// A name a shell reads that the core does not export would be undefined at run time: esbuild warns.
for (const result of [node, nodeRoot, cliAlone, batch, cli, launcher]) {
  if (result.warnings.length > 0) throw new Error('bundle: the Node bundles built with warnings (above)');
}

// Code that finds files relative to its own module must land as deep below dist/ as it was
// (the CLI's bundle sees main.cjs's URL: dist/cli/, as deep as any of its modules' folders).
const depth = (path) => relative(DIST, dirname(path)).split(sep).filter(Boolean).length;
/** Modules that look for their files from either depth: the batch pool finds worker.js beside it or in batch/. */
const EITHER_DEPTH = new Set(['dist/cli/batch/pool.js']);
const misplaced = [];
for (const result of [universal, node, nodeRoot, cli, batch]) {
  for (const [output, { inputs }] of Object.entries(result.metafile.outputs)) {
    const seenAt = result === cli || result === batch ? CLI_MAIN : join(ROOT, output);
    for (const input of Object.keys(inputs)) {
      if (input.includes('node_modules') || input.includes(':') || EITHER_DEPTH.has(input)) continue;
      if (!readFileSync(join(ROOT, input), 'utf8').includes('import.meta.url')) continue;
      if (depth(join(ROOT, input)) !== depth(seenAt)) misplaced.push(`${input} → ${output}`);
    }
  }
}
if (misplaced.length > 0) {
  throw new Error(`bundle: code using import.meta.url would move to another depth:\n${misplaced.join('\n')}`);
}

// 2d. The core's code cache: the bytecode of what a calculation of each kind runs, refused or not.
const SAMPLE_BODIES = {
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
const coreExports = (key) => compiled.modules[key] ?? {};
const { repaymentCapacity } = coreExports('calculations/repayment-capacity.js');
const { retirementExpenditure } = coreExports('calculations/retirement-expenditure.js');
repaymentCapacity(SAMPLE_BODIES.afloscapaciteit);
retirementExpenditure(SAMPLE_BODIES.pensioenuitgaven);
for (const calculate of [repaymentCapacity, retirementExpenditure]) {
  try {
    calculate({ NettoBesteedbaarInkomenPerMaand: -1 });
    throw new Error('bundle: the core bundle accepted a refused body');
  } catch (error) {
    if (error?.name !== 'ValidationError') throw error;
  }
}

// esbuild writes an empty chunk for modules that only re-export (index.ts; each core module's
// stand-in above) and imports it for its side effects, which it has none of: both go, each
// such import being one more module for Node to resolve, read and link at every start.
const built = [...universal.outputFiles, ...node.outputFiles, ...nodeRoot.outputFiles, ...launcher.outputFiles];
const empty = new Set(built.filter((file) => file.text.trim() === '').map((file) => file.path));
const outputs = [
  ...built
    .filter((file) => !empty.has(file.path))
    .map((file) => ({
      path: file.path,
      contents: file.text.replace(/import\s*"(\.[^"]+)";?/g, (statement, specifier) =>
        empty.has(join(dirname(file.path), specifier)) ? '' : statement,
      ),
    })),
  { path: CORE_BUNDLE, contents: coreText },
  { path: ZOD_BUNDLE, contents: zodText },
  { path: CLI_BUNDLE, contents: identified('cli.cjs', cli.outputFiles[0].text, BUNDLE_PARAMETERS.cli) },
  { path: BATCH_BUNDLE, contents: batchText },
];

// tsc's JavaScript goes (the bundles replace it), and with it the caches of an earlier build and
// any partial cache file a stopped one left (code-cache.ts writes to one, then renames it);
// then the bundles are written.
const written = new Set(outputs.map((file) => file.path));
for (const entry of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath, entry.name);
  const inDist = relative(DIST, path);
  if (!entry.isFile() || !/\.(js|cjs|cache|partial)$/.test(path) || written.has(path)) continue;
  if (KEPT.some((kept) => inDist === kept || inDist.startsWith(kept + sep))) continue;
  rmSync(path);
}
rmSync(join(DIST, 'chunks'), { recursive: true, force: true });
for (const file of outputs) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.contents);
}
writeCodeCache(CORE_BUNDLE, coreText, compiled.script);
// zod's, from the refusals above, which used it.
const zodLoaded = compiled.zod();
if (zodLoaded === undefined) throw new Error('bundle: refusing a body did not load zod (dist/node/zod.cjs)');
writeCodeCache(ZOD_BUNDLE, zodText, zodLoaded.script);
// The executable (scripts/bin-executable.mjs does so again after a whole build).
chmodSync(CLI_MAIN, 0o755);

// 2e. The CLI's code cache, for the calculations a user runs from the command line, and each
// calculation's own cache of the core (`core.<command>.cache`: compiled without one, it holds what
// that calculation runs alone). The runs also check that the built CLI calculates.
for (const [command, body] of Object.entries(SAMPLE_BODIES)) {
  const run = spawnSync(process.execPath, [CLI_MAIN, command, '-'], {
    input: JSON.stringify(body),
    env: { ...process.env, BUDGETNORM_CODE_CACHE: 'write' },
    encoding: 'utf8',
  });
  if (run.status !== 0 || run.stderr !== '') {
    throw new Error(`bundle: the built CLI failed on a ${command} body (exit ${run.status}):\n${run.stderr}`);
  }
}
// Both caches written and taken by this Node: what a user's first command will find.
const check = spawnSync(process.execPath, [CLI_MAIN, '--help'], {
  env: { ...process.env, BUDGETNORM_CODE_CACHE: 'report' },
  encoding: 'utf8',
});
const reported = 'budgetnorm: code cache used (cli.cjs)\nbudgetnorm: code cache used (core.cjs)\n';
if (check.status !== 0 || check.stderr !== reported) {
  throw new Error(`bundle: the code caches are not taken (exit ${check.status}):\n${check.stderr}`);
}
// And each calculation's own cache of the core (made by its run above, src/node/code-cache.ts
// `preferCacheOf`), by the calculation.
for (const [command, body] of Object.entries(SAMPLE_BODIES)) {
  const run = spawnSync(process.execPath, [CLI_MAIN, command, '-'], {
    input: JSON.stringify(body),
    env: { ...process.env, BUDGETNORM_CODE_CACHE: 'report' },
    encoding: 'utf8',
  });
  const own = `budgetnorm: code cache used (cli.cjs)\nbudgetnorm: code cache used (core.cjs, core.${command}.cache)\n`;
  if (run.status !== 0 || run.stderr !== own) {
    throw new Error(`bundle: the ${command} cache of the core is not taken (exit ${run.status}):\n${run.stderr}`);
  }
}
