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

/** A batch's output bytes, written record by record (an NDJSON or CSV record, an error record). */
export class ByteSink {
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
