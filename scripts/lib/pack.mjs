/**
 * Building and packing the package as npm publishes it, for `npm run lint:package` and
 * `npm run test:consumer` (docs/package.md): `npm run build`, then `npm pack` of the built
 * tree into a folder of the caller's choosing.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (two levels above this file). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command with inherited output; throws when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/** Runs npm with inherited output; throws when it fails. */
export function npm(args, options = {}) {
  run(NPM, args, options);
}

/** `npm run build` in the repository. */
export function build() {
  npm(['run', 'build'], { cwd: ROOT });
}

/**
 * Packs the repository's current tree into `destination` (lifecycle scripts skipped: the
 * caller has just built). Returns the tarball's path and npm's report of it.
 *
 * @returns {{ tarball: string, report: { filename: string, size: number, unpackedSize: number, entryCount: number, files: { path: string, size: number, mode: number }[] } }}
 */
export function pack(destination) {
  const result = spawnSync(NPM, ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {
    cwd: ROOT,
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`npm pack exited with ${result.status}:\n${result.stderr}`);
  const [report] = JSON.parse(result.stdout);
  return { tarball: join(destination, report.filename), report };
}

/** "334.6 kB (334620 bytes)" */
export function formatBytes(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB (${bytes} bytes)`;
}
