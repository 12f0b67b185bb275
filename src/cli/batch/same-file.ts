/**
 * Whether two paths of a batch name the same file, whatever the spelling: through a symbolic
 * link (to the file or to a folder on its path), a hard link, `..`, or a link to a file that
 * does not exist yet. Writing the output over the input would destroy it while it is read.
 */
import { fstatSync, lstatSync, readlinkSync, realpathSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** Symbolic links followed at most (the kernel's own limit is 40). */
const MAX_LINKS = 40;

const isMissing = (error: unknown) =>
  error !== null && typeof error === 'object' && 'code' in error && (error as { code?: unknown }).code === 'ENOENT';

/** The real path a file would have once created: links followed, including a dangling one. */
export function wouldBePath(path: string, depth = 0): string {
  try {
    const link = lstatSync(path);
    if (link.isSymbolicLink() && depth < MAX_LINKS)
      return wouldBePath(resolve(dirname(path), readlinkSync(path)), depth + 1);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  try {
    return join(realpathSync(dirname(path)), basename(path));
  } catch {
    return path;
  }
}

/**
 * What identifies the file at an absolute path: device and inode for an existing regular file
 * (so hard links match), the real path for one not created yet, `undefined` for what is not a
 * regular file (`/dev/null`, a pipe), which several options may share harmlessly.
 */
const inode = (stat: Stats) => (stat.isFile() ? `inode ${stat.dev}:${stat.ino}` : undefined);

export function fileIdentity(path: string): string | undefined {
  try {
    return inode(statSync(path));
  } catch (error) {
    if (!isMissing(error)) return `path ${path}`;
    return `path ${wouldBePath(path)}`;
  }
}

/** The identity of the file an open descriptor is (stdin redirected from a file, stdout appended to one). */
export function descriptorIdentity(fd: number): string | undefined {
  try {
    return inode(fstatSync(fd));
  } catch {
    return undefined;
  }
}

/** The first two options (by name) naming the same file, if any, from their identities (`fileIdentity`). */
export function sameFilePair(
  identities: readonly (readonly [name: string, identity: string | undefined])[],
): [string, string] | undefined {
  const seen: [string, string][] = [];
  for (const [name, id] of identities) {
    if (id === undefined) continue;
    const earlier = seen.find(([, other]) => other === id);
    if (earlier !== undefined) return [earlier[0], name];
    seen.push([name, id]);
  }
  return undefined;
}
