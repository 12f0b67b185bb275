/**
 * The built CLI (dist/) for the tests and the batch benchmark that spawn `budgetnorm`: built
 * with `tsc -p tsconfig.build.json` and the bundling steps of `postbuild` (what `npm install`
 * runs as `prepare`, without emptying dist/ or rebuilding the advisor page) when dist/ is
 * missing or older than a file under src/, so the tests run the layout that is published.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const REPO = new URL('../', import.meta.url).pathname;
export const BIN = join(REPO, 'dist', 'cli', 'main.cjs');

/** The latest modification time of any file below `folder` (ms since the epoch). */
export function newest(folder: string): number {
  let latest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Runs a build step with Node in `root`; throws with its output when it fails. */
function step(root: string, what: string, args: readonly string[]): void {
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (run.error !== undefined) throw new Error(`${what} did not run: ${run.error.message}`);
  // tsc emits even when some file has a type error; the type check is `npm test`'s job, not this one's.
  if (run.status !== 0 && what !== 'tsc')
    throw new Error(`${what} failed (exit ${run.status}):\n${run.stdout}${run.stderr}`);
}

/**
 * Builds `root`'s dist/ (this checkout's by default) when it is stale; returns whether it built.
 * Throws when the build emits no CLI.
 */
export function ensureBuilt(root = REPO): boolean {
  const dist = join(root, 'dist');
  const outputs = [
    join(dist, 'cli', 'main.cjs'),
    join(dist, 'cli', 'cli.cjs'),
    join(dist, 'cli', 'batch', 'worker.js'),
  ];
  const fresh =
    outputs.every((f) => existsSync(f)) &&
    Math.min(...outputs.map((f) => statSync(f).mtimeMs)) >= newest(join(root, 'src'));
  if (fresh) return false;
  step(root, 'tsc', [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']);
  // The bundler makes the CLI (main.cjs, cli.cjs) from tsc's output: checked only after it ran.
  step(root, 'scripts/bundle.mjs', [join(root, 'scripts', 'bundle.mjs')]);
  const missing = outputs.filter((f) => !existsSync(f));
  if (missing.length > 0) throw new Error(`the build did not produce ${missing.join(', ')}`);
  return true;
}
