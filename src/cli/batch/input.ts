/**
 * Cuts a byte stream into chunks of whole lines (at `\n`, which never occurs inside a UTF-8
 * character), each with the number of its first line, without decoding anything: the main
 * thread only finds line ends, the workers do the rest. Memory stays at a few chunks whatever
 * the size of the file.
 */
import type { Readable } from 'node:stream';

export interface LineChunk {
  readonly firstLine: number;
  readonly bytes: Uint8Array;
  /** Lines in the chunk (the last may lack its `\n` at the end of the input). */
  readonly lines: number;
}

const NEWLINE = 0x0a;

/** The lines of `bytes` (the last may lack its `\n`). */
export function countLines(bytes: Uint8Array): number {
  return scanLines(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), Number.POSITIVE_INFINITY).lines;
}

/** A copy in a buffer of its own, so it can be transferred to a worker. */
function own(buf: Buffer): Uint8Array {
  const copy = new Uint8Array(buf.byteLength);
  copy.set(buf);
  return copy;
}

/**
 * The longest line the batch reads: far beyond any household (a few KB), so only input that is
 * not a household file reaches it (a binary file, `/dev/zero`), which would otherwise be held in
 * memory whole while its line break was looked for.
 */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** A line longer than {@link MAX_LINE_BYTES}: the batch stops reading, with every line before it written. */
export class LineTooLong extends Error {
  constructor(
    readonly line: number,
    readonly maxBytes: number,
  ) {
    super(
      `line ${line.toLocaleString('en-US')} is longer than ${maxBytes.toLocaleString('en-US')} bytes without a line break, ` +
        'and a record is one line: is this the households file?',
    );
  }
}

/** Whole lines' bytes: how many lines, and where the first longer than the limit starts (if one is). */
interface LineScan {
  readonly lines: number;
  readonly long: { readonly offset: number; readonly index: number } | undefined;
}

/** Counts the lines of `bytes` (the last may lack its `\n`) and finds the first longer than `maxLineBytes`. */
function scanLines(bytes: Buffer, maxLineBytes: number): LineScan {
  let lines = 0;
  let start = 0;
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, start)) {
    if (at - start > maxLineBytes) return { lines, long: { offset: start, index: lines } };
    lines += 1;
    start = at + 1;
  }
  if (start < bytes.byteLength) {
    if (bytes.byteLength - start > maxLineBytes) return { lines, long: { offset: start, index: lines } };
    lines += 1;
  }
  return { lines, long: undefined };
}

/**
 * Chunks of about `chunkBytes` (at least one whole line each), in order. A UTF-8 byte-order mark
 * at the start is dropped. A line longer than `maxLineBytes` (its `\n` not counted) ends the
 * chunks: the lines before it come first, then {@link LineTooLong} is thrown, whatever the
 * chunk size and however the stream cuts its pieces.
 */
export async function* lineChunks(
  stream: Readable,
  chunkBytes: number,
  maxLineBytes: number = MAX_LINE_BYTES,
): AsyncGenerator<LineChunk> {
  let pieces: Buffer[] = [];
  let size = 0;
  let line = 1;
  let first = true;
  /** Whether `pieces` hold a line break: until one comes they are not joined (a line's pieces joined once, not per piece). */
  let holdsBreak = false;
  /** Bytes since the last line break in `pieces`: the line being read, so far. */
  let openLine = 0;
  /** The chunk of whole lines `buf`, or the lines before a line too long and then the error. */
  function* emit(buf: Buffer): Generator<LineChunk> {
    const scan = scanLines(buf, maxLineBytes);
    const whole = scan.long === undefined ? buf : buf.subarray(0, scan.long.offset);
    if (whole.byteLength > 0) {
      const chunk = {
        firstLine: line,
        bytes: own(whole),
        lines: scan.long === undefined ? scan.lines : scan.long.index,
      };
      line += chunk.lines;
      yield chunk;
    }
    if (scan.long !== undefined) throw new LineTooLong(line, maxLineBytes);
  }
  for await (const data of stream) {
    let piece = typeof data === 'string' ? Buffer.from(data) : (data as Buffer);
    if (first) {
      first = false;
      if (piece[0] === 0xef && piece[1] === 0xbb && piece[2] === 0xbf) piece = piece.subarray(3);
    }
    const lastBreak = piece.lastIndexOf(NEWLINE);
    openLine = lastBreak === -1 ? openLine + piece.byteLength : piece.byteLength - lastBreak - 1;
    holdsBreak ||= lastBreak !== -1;
    pieces.push(piece);
    size += piece.byteLength;
    if (openLine > maxLineBytes) {
      // The lines before the open one first (they may hold a long line too), then the error.
      if (holdsBreak) {
        const buf = Buffer.concat(pieces, size);
        yield* emit(buf.subarray(0, buf.lastIndexOf(NEWLINE) + 1));
      }
      throw new LineTooLong(line, maxLineBytes);
    }
    if (size < chunkBytes || !holdsBreak) continue;
    const buf = pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces, size);
    const cut = buf.lastIndexOf(NEWLINE);
    yield* emit(buf.subarray(0, cut + 1));
    const rest = buf.subarray(cut + 1);
    pieces = rest.byteLength > 0 ? [rest] : [];
    size = rest.byteLength;
    holdsBreak = false;
  }
  if (size > 0) {
    const buf = Buffer.concat(pieces, size);
    let start = 0;
    // What is left may exceed a chunk: cut it at line ends too.
    while (buf.byteLength - start > chunkBytes) {
      const cut = buf.lastIndexOf(NEWLINE, start + chunkBytes);
      if (cut < start) break;
      yield* emit(buf.subarray(start, cut + 1));
      start = cut + 1;
    }
    if (start < buf.byteLength) yield* emit(buf.subarray(start));
  }
}

/** Splits the first non-blank line off a chunk (the CSV header). */
export function splitFirstLine(
  chunk: LineChunk,
): { header: string; headerLine: number; rest: LineChunk | undefined } | undefined {
  const buf = Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.byteLength);
  let start = 0;
  let line = chunk.firstLine;
  while (start < buf.byteLength) {
    let end = buf.indexOf(NEWLINE, start);
    if (end === -1) end = buf.byteLength;
    const text = buf.toString('utf8', start, end).replace(/\r$/, '');
    if (text.trim() !== '') {
      const restBytes = own(buf.subarray(Math.min(end + 1, buf.byteLength)));
      const rest =
        restBytes.byteLength > 0 ? { firstLine: line + 1, bytes: restBytes, lines: countLines(restBytes) } : undefined;
      return { header: text, headerLine: line, rest };
    }
    start = end + 1;
    line += 1;
  }
  return undefined;
}

/**
 * The chunk without its lines up to `line` (a resumed run skips what the earlier run wrote);
 * undefined when nothing is left. Line numbers stay those of the file.
 */
export function withoutLinesUpTo(chunk: LineChunk, line: number): LineChunk | undefined {
  if (chunk.firstLine > line) return chunk;
  if (chunk.firstLine + chunk.lines - 1 <= line) return undefined;
  const buf = Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.byteLength);
  let at = -1;
  for (let n = chunk.firstLine; n <= line; n += 1) at = buf.indexOf(NEWLINE, at + 1);
  const bytes = own(buf.subarray(at + 1));
  return { firstLine: line + 1, bytes, lines: chunk.lines - (line + 1 - chunk.firstLine) };
}
