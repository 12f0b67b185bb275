/**
 * Text encoded as UTF-8 straight into one growing buffer, record by record: a chunk's output
 * leaves the worker as one transferable buffer without first living as thousands of strings
 * and their join (which the garbage collector would copy while the chunk is being computed).
 */
const encoder = new TextEncoder();

export class ByteSink {
  private buf: Uint8Array;
  private length = 0;

  constructor(initialBytes: number) {
    this.buf = new Uint8Array(Math.max(64, initialBytes));
  }

  push(text: string): void {
    // A UTF-16 code unit takes at most 3 bytes of UTF-8.
    const need = this.length + text.length * 3;
    if (need > this.buf.byteLength) {
      const grown = new Uint8Array(Math.max(need, this.buf.byteLength * 2));
      grown.set(this.buf.subarray(0, this.length));
      this.buf = grown;
    }
    this.length += encoder.encodeInto(text, this.buf.subarray(this.length)).written;
  }

  /** What was pushed: a view of the sink's buffer (which the caller may transfer). */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}
