#!/usr/bin/env node
// The `budgetnorm` executable, as built (scripts/bundle-cli.mjs writes this file to
// dist/cli/main.js; its source is src/cli/main.ts, whose work it does).
//
// Why it is not the bundle itself (issue 14: `budgetnorm afloscapaciteit file.json` in
// ≤ 150 ms wall): Node 20 compiles every function of an ES module again in every process, which
// was some 40 ms of a calculation's start. The command line is bundled as a CommonJS script,
// cli.cjs, and run here through node:vm with V8's code cache, cli.cache: the bytecode of every
// function a calculation ran when the build made the cache. V8 checks the cache against the
// script and its own version and flags, and compiles as usual when it does not fit (another
// Node, a rebuilt cli.cjs) or is missing (it is not published: it is made by `npm run build`,
// which `npm install` runs as prepare, for the Node that built it).
//
// BUDGETNORM_CODE_CACHE=write (the build) writes the cache after the command, with the
// bytecode it used added; BUDGETNORM_CODE_CACHE=report writes to stderr whether one was used.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const file = fileURLToPath(new URL('./cli.cjs', import.meta.url));
const cacheFile = fileURLToPath(new URL('./cli.cache', import.meta.url));
const mode = process.env.BUDGETNORM_CODE_CACHE;

let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined; // no cache: compiled as usual
}
// CommonJS's own wrapper, so the script sees exports, require, module, __filename, __dirname.
const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`;
const script = new Script(source, { filename: file, cachedData });
if (mode === 'report') {
  const state = cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'used';
  process.stderr.write(`budgetnorm: code cache ${state}\n`);
}
const cli = { exports: {} };
script.runInThisContext()(cli.exports, createRequire(file), cli, file, dirname(file));
await cli.exports.runOnProcess();
if (mode === 'write') writeFileSync(cacheFile, script.createCachedData());
