/**
 * The lines of a chunk of input bytes as strings: exactly `new TextDecoder().decode(bytes)
 * .split('\n')` without its last empty string, decoded a segment of whole lines at a time.
 *
 * Why segments: V8 makes a string of more than 128 KB in its large-object space, one mapping
 * per string, and a 512 KB chunk's text cost some 1.4 µs of CPU per record to decode there,
 * against 0.05 µs in segments of 64 KB (`TextDecoder`, 200,000 repayment households, Node 20;
 * issue 14). Segments are 32 KB: a character beyond U+00FF makes the whole text two bytes per
 * character, and 32 KB of UTF-8 is then still at most 64 KB of string. A segment ends just
 * after a line break, and UTF-8 never has the byte 0x0A inside a character's bytes, so every
 * segment decodes to the very characters the whole would (a character cut off by a line break
 * is U+FFFD either way).
 *
 * `TextDecoder` drops a byte order mark at the start of what it decodes: the first segment is
 * decoded so, the others keeping theirs, as a line that starts with one in the middle of a chunk
 * always kept it.
 *
 * @example
 * ```ts
 * chunkLines(new TextEncoder().encode('{"a":1}\r\n\n{"b":2}\n')); // ['{"a":1}\r', '', '{"b":2}']
 * ```
 */

/** The most bytes decoded at once, unless one line is longer (V8's large objects start at 128 KB of string). */
export const SEGMENT_BYTES = 32 * 1024;

const LINE_BREAK = 0x0a;
const firstSegment = new TextDecoder();
const laterSegment = new TextDecoder('utf-8', { ignoreBOM: true });

export function chunkLines(bytes: Uint8Array, segmentBytes: number = SEGMENT_BYTES): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.length;
    if (end - start > segmentBytes) {
      // The last line break within the segment, or else the first after it (a line longer than a segment).
      const within = bytes.lastIndexOf(LINE_BREAK, start + segmentBytes - 1);
      const cut = within >= start ? within : bytes.indexOf(LINE_BREAK, start + segmentBytes);
      if (cut >= 0) end = cut + 1;
    }
    const decoder = start === 0 ? firstSegment : laterSegment;
    const text = decoder.decode(bytes.subarray(start, end));
    const pieces = text.split('\n');
    // Every segment but the last ends with a line break, whose split ends with '': dropped, as
    // the whole chunk's last '' is (the last segment ends on a line break, or on its last line).
    if (pieces[pieces.length - 1] === '') pieces.pop();
    for (const piece of pieces) lines.push(piece);
    start = end;
  }
  return lines;
}
