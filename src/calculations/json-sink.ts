/**
 * Where a result's JSON text goes as it is written: one string ({@link JsonString}, what the
 * service answers), or bytes encoded as they come (the batch's output buffer,
 * src/cli/batch/byte-sink.ts). The writers of src/calculations/result-json.ts write through it.
 *
 * The parts of a result that are the same for every household of a rule set (each post's code
 * and description, `Rekenregels`, the status warning) are {@link JsonPiece}s, their UTF-8
 * encoded once per set: a byte sink copies those bytes and writes each number's digits, where a
 * string had to be built of some fifty parts, then flattened and encoded for every household.
 */

const UTF8 = new TextEncoder();

/** JSON text written as it is, the same in many results: its text and its UTF-8 bytes. */
export interface JsonPiece {
  readonly text: string;
  readonly bytes: Uint8Array;
}

/**
 * A piece of constant JSON text, encoded once.
 *
 * @example
 * ```ts
 * const p = jsonPiece(',"Minimaal":');
 * p.bytes.length; // 12
 * ```
 */
export function jsonPiece(text: string): JsonPiece {
  return { text, bytes: UTF8.encode(text) };
}

/** Receives a result's JSON text in order: constant pieces, finite numbers and any other text. */
export interface JsonSink {
  piece(piece: JsonPiece): void;
  /** A finite number, as `JSON.stringify` writes it (`String(n)`; -0 as `0`). */
  number(n: number): void;
  /** JSON text of any other kind (a part `JSON.stringify` wrote). */
  text(text: string): void;
}

/**
 * A sink that builds one string.
 *
 * @example
 * ```ts
 * const out = new JsonString();
 * out.piece(jsonPiece('{"a":'));
 * out.number(-0);
 * out.text('}');
 * out.value; // '{"a":0}'
 * ```
 */
export class JsonString implements JsonSink {
  value = '';

  piece(piece: JsonPiece): void {
    this.value += piece.text;
  }

  number(n: number): void {
    this.value += `${n}`;
  }

  text(text: string): void {
    this.value += text;
  }
}

/** What `write` writes, as one string. */
export function jsonTextOf(write: (sink: JsonSink) => void): string {
  const out = new JsonString();
  write(out);
  return out.value;
}
