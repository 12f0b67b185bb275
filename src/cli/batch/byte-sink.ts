/**
 * Text encoded as UTF-8 straight into one growing buffer, record by record: a chunk's output
 * leaves the worker as one transferable buffer without first living as thousands of strings
 * and their join (which the garbage collector would copy while the chunk is being computed).
 *
 * A Node `Buffer` (the batch runs only in Node): `write` encodes at an offset and returns a
 * number, where `TextEncoder.encodeInto` needs a fresh view of the buffer and returns a fresh
 * object for every record; and its memory is not zeroed first, since every byte handed on is
 * written.
 */
import type { JsonPiece, JsonSink } from '../../calculations/json-sink.js';

/**
 * Output buffers handed back once their bytes are written, for the next chunks to fill: a
 * batch writes about 1.3 GB per million repayment results, and memory fresh from the system
 * costs a page fault and the zeroing of every 4 KB page on its first write, where a buffer used
 * before costs neither.
 */
export class SpareBuffers {
  private readonly spares: ArrayBuffer[] = [];

  /** Keeps at most this many: about the chunks in flight per worker. */
  constructor(private readonly max = 4) {}

  /** A buffer whose bytes were all written out, to be filled again. */
  give(buffer: ArrayBuffer): void {
    if (buffer.byteLength > 0 && this.spares.length < this.max) this.spares.push(buffer);
  }

  /** A spare of at least `bytes`, if there is one; smaller spares are dropped on the way. */
  take(bytes: number): ArrayBuffer | undefined {
    for (let spare = this.spares.pop(); spare !== undefined; spare = this.spares.pop()) {
      if (spare.byteLength >= bytes) return spare;
    }
    return undefined;
  }
}

/**
 * A batch's output bytes, written record by record: text (`text`: a CSV row, an error record),
 * and a result's JSON as its writer gives it (`JsonSink`): the rule set's constant pieces as
 * their bytes, encoded once, and each number's digits.
 */
export class ByteSink implements JsonSink {
  private buf: Buffer;
  /** `buf.byteLength`, kept as a field: the check before every write reads it. */
  private capacity: number;
  private length = 0;

  /** A sink of at least `initialBytes`, in the first of `spares` that large (taken from it) or in new memory. */
  constructor(initialBytes: number, spares?: SpareBuffers) {
    const size = Math.max(64, initialBytes);
    const spare = spares?.take(size);
    this.buf = spare === undefined ? Buffer.allocUnsafeSlow(size) : Buffer.from(spare);
    this.capacity = this.buf.byteLength;
  }

  text(text: string): void {
    // A UTF-16 code unit takes at most 3 bytes of UTF-8.
    if (this.length + text.length * 3 > this.capacity) this.grow(text.length * 3);
    this.length += this.buf.write(text, this.length, 'utf8');
  }

  piece(piece: JsonPiece): void {
    const bytes = piece.bytes;
    if (this.length + bytes.length > this.capacity) this.grow(bytes.length);
    // One call into the runtime's copy: 22–33 ns for 12 to 400 bytes, where a loop over a
    // Buffer's bytes took 33 ns for 12 and 491 for 100.
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
  }

  number(n: number): void {
    if (this.length + MAX_NUMBER_TEXT > this.capacity) this.grow(MAX_NUMBER_TEXT);
    const { buf } = this;
    let at = this.length;
    // Whole numbers below 2^31 (every amount, in practice) two digits at a time, from a table, in
    // 32-bit integer arithmetic (a double's % is a call, four times as slow); -0 is written 0, as
    // JSON writes it.
    if (Number.isInteger(n) && n > -WHOLE_LIMIT && n < WHOLE_LIMIT) {
      if (n < 0) buf[at++] = MINUS;
      let rest = (n < 0 ? -n : n) | 0;
      let digits = 1;
      for (let power = 10; power <= rest; power *= 10) digits += 1;
      at += digits;
      let i = at;
      while (rest >= 100) {
        const hundredth = (rest / 100) | 0;
        const pair = (rest - hundredth * 100) * 2;
        buf[--i] = DIGIT_PAIRS[pair + 1] as number;
        buf[--i] = DIGIT_PAIRS[pair] as number;
        rest = hundredth;
      }
      if (rest >= 10) {
        buf[--i] = DIGIT_PAIRS[rest * 2 + 1] as number;
        buf[--i] = DIGIT_PAIRS[rest * 2] as number;
      } else buf[--i] = ZERO + rest;
    } else {
      // Any other finite number: its JavaScript text, ASCII throughout.
      const text = `${n}`;
      for (let i = 0; i < text.length; i += 1) buf[at++] = text.charCodeAt(i);
    }
    this.length = at;
  }

  /** How many bytes were written: where {@link truncate} can go back to. */
  get written(): number {
    return this.length;
  }

  /** Drops what was written after the first `length` bytes (a record that could not be completed). */
  truncate(length: number): void {
    if (length < 0 || length > this.length) throw new RangeError(`cannot truncate ${this.length} bytes to ${length}`);
    this.length = length;
  }

  /** What was written: a view of the sink's buffer (which the caller may transfer). */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }

  /** Moves what was written into a buffer with room for `bytes` more (at least twice as large). */
  private grow(bytes: number): void {
    const grown = Buffer.allocUnsafeSlow(Math.max(this.length + bytes, this.capacity * 2));
    this.buf.copy(grown, 0, 0, this.length);
    this.buf = grown;
    this.capacity = grown.byteLength;
  }
}

/** The longest text of a finite JavaScript number (`-1.2345678901234567e-308`), with room to spare. */
const MAX_NUMBER_TEXT = 32;
const WHOLE_LIMIT = 2 ** 31;
const ZERO = 0x30;
const MINUS = 0x2d;
/** The two ASCII digits of 0 to 99, in turn. */
const DIGIT_PAIRS = Uint8Array.from(
  { length: 200 },
  (_, i) => ZERO + (i % 2 === 0 ? Math.floor(i / 20) : (i >> 1) % 10),
);
