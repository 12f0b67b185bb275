/**
 * `postbuild`: marks the files package.json `bin` names as executable (0755). tsc writes
 * them 0644, and `npm pack` keeps a file's mode from disk: npm means to set the bit on bin
 * files itself but misses bins in a subfolder such as dist/cli/main.cjs (npm/cli#7762). An
 * executable entry in the tarball runs when the tarball is simply extracted, too.
 */
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const bins = typeof pkg.bin === 'string' ? [pkg.bin] : Object.values(pkg.bin ?? {});
for (const bin of bins) {
  const file = fileURLToPath(new URL(bin, root));
  chmodSync(file, (statSync(file).mode & 0o7777) | 0o755);
}
