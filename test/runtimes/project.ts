/**
 * The package as its users get it, for `npm run test:runtimes`: the tarball `npm pack` makes
 * of the build, unpacked into `node_modules/budgetnorm` of a scratch project outside the
 * repository, with its dependencies (and theirs) copied from the repository's node_modules,
 * so every runtime imports the published entry points (`exports` of package.json, `dist/`),
 * never the sources, and nothing is fetched from a registry.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build, pack, ROOT } from '../../scripts/lib/pack.mjs';

export { ROOT };

/** The newest modification time of the files under a folder (0 when it does not exist). */
function newest(folder: string): number {
  if (!existsSync(folder)) return 0;
  let latest = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** `npm run build` when dist/ is missing or older than src/ or rules/ (CI's `npm ci` has just built it). */
export function ensureBuilt(): void {
  const built = existsSync(join(ROOT, 'dist', 'worker', 'index.js'))
    ? statSync(join(ROOT, 'dist', 'index.js')).mtimeMs
    : 0;
  if (built === 0 || newest(join(ROOT, 'src')) > built || newest(join(ROOT, 'rules')) > built) build();
}

/** The package's dependencies and theirs, by name, each folder as the repository's node_modules holds it. */
function dependencyClosure(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    const folder = join(ROOT, 'node_modules', name);
    if (!existsSync(join(folder, 'package.json')))
      throw new Error(`${name} is not in node_modules: run npm install (or npm ci) first`);
    seen.add(name);
    const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys(pkg.dependencies ?? {})) visit(dependency);
  };
  for (const name of names) visit(name);
  return [...seen].sort();
}

export interface ConsumerProject {
  /** The project folder: package.json and node_modules/ with budgetnorm and its dependencies. */
  readonly dir: string;
  /** The tarball's file name and size in bytes. */
  readonly tarball: { readonly name: string; readonly bytes: number; readonly unpackedBytes: number };
}

/** Builds when needed, packs, and lays out the scratch project in a new temporary folder. */
export function makeConsumerProject(): ConsumerProject {
  ensureBuilt();
  const temp = mkdtempSync(join(tmpdir(), 'budgetnorm-runtimes-'));
  if (!relative(ROOT, temp).startsWith('..')) throw new Error(`the temporary folder ${temp} is inside the repository`);
  const { tarball, report } = pack(temp);
  const dir = join(temp, 'project');
  const installed = join(dir, 'node_modules', 'budgetnorm');
  mkdirSync(installed, { recursive: true });
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`tar could not unpack ${tarball}: ${untar.stderr}`);
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const name of dependencyClosure(Object.keys(pkg.dependencies ?? {}))) {
    cpSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name), { recursive: true });
  }
  // What a user's project has: the package as a dependency (Deno and Bun read it to resolve `budgetnorm`).
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'budgetnorm-runtimes', private: true, type: 'module', dependencies: { budgetnorm: '*' } }, null, 2)}\n`,
  );
  return { dir, tarball: { name: report.filename, bytes: report.size, unpackedBytes: report.unpackedSize } };
}
