/**
 * `--resume`: where an earlier run of the same batch stopped. Every output and error record
 * starts with the input line it stands for (`{"line":N,` in NDJSON, `N` as the first CSV
 * field), and a batch that stops writes whole chunks of records only, so the last whole record
 * of each file says how far it got: the run continues after the highest such line, appending,
 * and no record is written twice. A part of a record at the end (a run killed outright) is cut
 * off first.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { usageError } from '../io.js';

export interface ResumePoint {
  /** The highest input line the file holds a record for (0: none yet). */
  readonly afterLine: number;
  /** Bytes of whole lines to keep; what follows (a part of a record) is cut off. */
  readonly keepBytes: number;
  /** The file holds nothing usable yet (absent, empty, or a part of its first line): start it afresh. */
  readonly fresh: boolean;
}

const NEWLINE = 0x0a;
const BLOCK = 64 * 1024;

function readAt(fd: number, position: number, length: number): Buffer {
  const buf = Buffer.alloc(length);
  const n = readSync(fd, buf, 0, length, position);
  return buf.subarray(0, n);
}

/** The offset of the last `\n` before `end` (exclusive), or -1; reads backwards a block at a time. */
function lastNewlineBefore(fd: number, end: number): number {
  let stop = end;
  while (stop > 0) {
    const start = Math.max(0, stop - BLOCK);
    const at = readAt(fd, start, stop - start).lastIndexOf(NEWLINE);
    if (at !== -1) return start + at;
    stop = start;
  }
  return -1;
}

/** The first line (without its `\n`), or everything when there is no `\n`; reads forwards a block at a time. */
function firstLine(fd: number, size: number): string {
  const parts: Buffer[] = [];
  for (let at = 0; at < size; at += BLOCK) {
    const block = readAt(fd, at, Math.min(BLOCK, size - at));
    const nl = block.indexOf(NEWLINE);
    parts.push(nl === -1 ? block : block.subarray(0, nl));
    if (nl !== -1) break;
  }
  return Buffer.concat(parts).toString('utf8');
}

/**
 * Where the file at `path` (written by an earlier run with the same options) stops.
 * `header`: the CSV header line it must start with (without `\n`), or undefined for NDJSON.
 * Throws a usage error when the file is not such an output, and leaves it untouched.
 */
export function resumePoint(path: string, shownAs: string, header: string | undefined, delimiter: string): ResumePoint {
  const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  if (size === 0) return { afterLine: 0, keepBytes: 0, fresh: true };
  const refuse = (why: string) =>
    usageError(
      `cannot resume: ${shownAs} ${why}, so it is not an output of this batch with these options (give the options of the run being resumed, or remove the file to start afresh)`,
    );
  const fd = openSync(path, 'r');
  try {
    const first = firstLine(fd, size);
    const recordStart = header ?? '{"line":';
    const end = lastNewlineBefore(fd, size);
    if (end === -1) {
      // Not even the first line is whole: a run that stopped at once. Start afresh if it fits.
      if (recordStart.startsWith(first)) return { afterLine: 0, keepBytes: 0, fresh: true };
      throw refuse('does not start with a record or the CSV header');
    }
    if (header !== undefined ? first !== header : !first.startsWith(recordStart))
      throw refuse(
        header !== undefined ? 'does not start with the CSV header of this output' : 'does not start with a record',
      );
    const before = lastNewlineBefore(fd, end);
    const last = readAt(fd, before + 1, end - before - 1).toString('utf8');
    if (header !== undefined && before === -1) return { afterLine: 0, keepBytes: end + 1, fresh: false };
    const line = recordLine(last, header === undefined, delimiter);
    if (line === undefined) throw refuse('does not end with a record of this command');
    return { afterLine: line, keepBytes: end + 1, fresh: false };
  } finally {
    closeSync(fd);
  }
}

/** The input line a record stands for: `{"line":N,…}` in NDJSON, `N` as the first CSV field. */
function recordLine(record: string, ndjson: boolean, delimiter: string): number | undefined {
  if (ndjson) {
    const match = /^\{"line":(\d+),/.exec(record);
    return match === null ? undefined : Number(match[1]);
  }
  const digits = /^\d+/.exec(record)?.[0];
  if (digits === undefined) return undefined;
  const after = record.slice(digits.length);
  return after === '' || after.startsWith(delimiter) ? Number(digits) : undefined;
}
