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

/** Builds dist/ when it is stale; returns whether it built. Throws when the build emits no CLI. */
export function ensureBuilt(): boolean {
  const outputs = [BIN, join(REPO, 'dist', 'cli', 'batch', 'worker.js')];
  const fresh =
    outputs.every((f) => existsSync(f)) &&
    Math.min(...outputs.map((f) => statSync(f).mtimeMs)) >= newest(join(REPO, 'src'));
  if (fresh) return false;
  const tsc = spawnSync(
    process.execPath,
    [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    { cwd: REPO, encoding: 'utf8' },
  );
  // tsc emits even when some file has a type error; the type check is `npm test`'s job, not this one's.
  if (!outputs.every((f) => existsSync(f)))
    throw new Error(`the build did not produce the CLI:\n${tsc.stdout}${tsc.stderr}`);
  const bundle = spawnSync(process.execPath, [join(REPO, 'scripts', 'bundle.mjs')], { cwd: REPO, encoding: 'utf8' });
  if (bundle.status !== 0) throw new Error(`scripts/bundle.mjs failed:\n${bundle.stdout}${bundle.stderr}`);
  return true;
}
