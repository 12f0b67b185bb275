/**
 * Reading a V8 CPU profile (`node --cpu-prof`, or the inspector's `Profiler.stop`) for the
 * benches: where a path's time goes, as self time per function and per part of the program
 * (the kernel's socket writes, Node's internals, each folder of src/, each dependency, the
 * garbage collector). Idle time is left out: the shares are of the time the thread worked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}

/** The parts of a `.cpuprofile` file these summaries read. */
export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** One row of a summary: a function or a part of the program, its self time and share. */
export interface SelfTime {
  readonly name: string;
  readonly microseconds: number;
  /** Of the time the thread was not idle. */
  readonly share: number;
}

/** The profile's one `.cpuprofile` file in `folder` whose name sorts first (the main thread's). */
export function readProfile(folder: string): CpuProfile {
  const file = readdirSync(folder)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort()[0];
  if (file === undefined) throw new Error(`no .cpuprofile in ${folder}`);
  return JSON.parse(readFileSync(join(folder, file), 'utf8')) as CpuProfile;
}

/** Where a function lives, for the part-of-the-program summary. */
function partOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (url.includes('/src/')) return `src/${url.split('/src/')[1]?.split('/')[0]}`;
  if (url.includes('node_modules/')) return `dependency ${url.split('node_modules/')[1]?.split('/')[0]}`;
  if (url.startsWith('node:')) return "Node's internals (JS)";
  if (functionName === 'writev' || functionName === 'writeUtf8String' || functionName === 'writeLatin1String')
    return 'socket writes (the system call)';
  return functionName === '' ? '(native, unnamed)' : functionName;
}

function functionOf(node: ProfileNode): string {
  const { url, functionName, lineNumber } = node.callFrame;
  const file = url === '' ? '' : ` ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
  return `${functionName === '' ? '(anonymous)' : functionName}${file}`;
}

function summarise(profile: CpuProfile, key: (node: ProfileNode) => string, top: number): SelfTime[] {
  const selfById = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfById.set(id, (selfById.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byKey = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    if (node.callFrame.functionName === '(idle)') continue;
    const self = selfById.get(node.id) ?? 0;
    busy += self;
    byKey.set(key(node), (byKey.get(key(node)) ?? 0) + self);
  }
  return [...byKey]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, microseconds]) => ({ name, microseconds, share: busy === 0 ? 0 : microseconds / busy }));
}

/** The `top` functions by self time. */
export function topFunctions(profile: CpuProfile, top = 10): SelfTime[] {
  return summarise(profile, functionOf, top);
}

/** Self time per part of the program (socket writes, Node, src/ folders, dependencies, GC). */
export function byPart(profile: CpuProfile, top = 20): SelfTime[] {
  return summarise(profile, partOf, top);
}

/** The rows as printed lines: share, and µs per unit of work when `units` (requests, calls) is given. */
export function selfTimeLines(rows: readonly SelfTime[], units?: number): string[] {
  return rows.map(
    (row) =>
      `  ${(row.share * 100).toFixed(1).padStart(5)} %${units === undefined ? '' : `  ${(row.microseconds / units).toFixed(1).padStart(6)} µs`}  ${row.name}`,
  );
}
