/**
 * A chunk's lines, decoded a segment at a time (src/cli/batch/chunk-lines.ts), are exactly the
 * lines of the chunk decoded whole: for any bytes (valid UTF-8 or not, with byte order marks,
 * carriage returns, empty lines, lines longer than a segment) and any segment size.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { chunkLines, SEGMENT_BYTES } from '../../src/cli/batch/chunk-lines.js';
import { runs } from '../support/runs.js';

/** What the batch did before: the whole chunk decoded, split at line breaks, the last empty string dropped. */
function wholeChunkLines(bytes: Uint8Array): string[] {
  const lines = new TextDecoder().decode(bytes).split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Lines of text that make the edges likely: marks, breaks, non-ASCII characters, long and empty lines. */
const lineText = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', '{', '"', '\r', '\uFEFF', 'é', '€', '😀', ' ') }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constant(''),
);
const textBytes = fc
  .record({ lines: fc.array(lineText, { maxLength: 30 }), lastBreak: fc.boolean() })
  .map(({ lines, lastBreak }) => utf8(lines.join('\n') + (lastBreak ? '\n' : '')));
/** Any bytes, line breaks frequent: cut characters, stray continuation bytes, marks split by a break. */
const anyBytes = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x0a, 0xef, 0xbb, 0xbf, 0xe2, 0x82, 0xac)), {
    maxLength: 200,
  })
  .map((b) => Uint8Array.from(b));

describe('chunkLines', () => {
  it('gives the lines of the chunk decoded whole, for any text and segment size', () => {
    fc.assert(
      fc.property(fc.oneof(textBytes, anyBytes), fc.integer({ min: 1, max: 64 }), (bytes, segment) => {
        expect(chunkLines(bytes, segment)).toEqual(wholeChunkLines(bytes));
      }),
      { numRuns: runs(3000) },
    );
  });

  it('decodes a chunk of many lines in segments of at most SEGMENT_BYTES (bar a longer line) to the same lines', () => {
    const line = (i: number) => `{"n":${i},"t":"${'é€'.repeat(i % 50)}"}`;
    const long = 'x'.repeat(SEGMENT_BYTES * 2 + 7);
    const text = `\uFEFF${Array.from({ length: 20_000 }, (_, i) => (i === 9_000 ? long : line(i))).join('\r\n')}\n`;
    const bytes = utf8(text);
    expect(bytes.length).toBeGreaterThan(4 * SEGMENT_BYTES);
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    let lines: string[];
    try {
      lines = chunkLines(bytes);
      // The point of it: no text decoded at once is longer than a segment, but for the segment of the one longer line.
      const sizes = decode.mock.calls.map(([input]) => (input as Uint8Array).byteLength);
      expect(sizes.length).toBeGreaterThan(4);
      expect(sizes.filter((n) => n > SEGMENT_BYTES)).toHaveLength(1);
      expect(Math.max(...sizes)).toBe(long.length + 2); // the long line and its "\r\n"
    } finally {
      decode.mockRestore();
    }
    expect(lines).toEqual(wholeChunkLines(bytes));
    expect(lines).toHaveLength(20_000);
    expect(lines[9_000]).toBe(`${long}\r`);
    // The first segment's mark is dropped, as decoding the whole chunk drops it.
    expect(lines[0]).toBe(`${line(0)}\r`);
  });

  it('keeps a byte order mark that starts a later segment, as the whole chunk decoded keeps it', () => {
    const bytes = utf8('ab\n\uFEFFcd\n');
    expect(chunkLines(bytes, 3)).toEqual(['ab', '\uFEFFcd']);
    expect(chunkLines(utf8('\uFEFFab\n'), 2)).toEqual(['ab']);
  });

  it('gives no lines for no bytes, and one empty line for a lone break', () => {
    expect(chunkLines(new Uint8Array(0))).toEqual([]);
    expect(chunkLines(utf8('\n'))).toEqual(['']);
    expect(chunkLines(utf8('a'))).toEqual(['a']);
  });
});
