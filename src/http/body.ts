/**
 * Reading a request body: the media type, the size limit, UTF-8 and JSON.
 *
 * The limit is enforced before the body is read whole: a declared `Content-Length` above it
 * is refused without reading anything, and a body without one (chunked) is counted while it
 * streams and abandoned as soon as the count passes the limit.
 */
import type { ValidationIssue } from '../contract/errors.js';
import { parseJsonText } from '../contract/json-text.js';

/** Whether a `Content-Type` is JSON: `application/json`, optionally with `charset=utf-8`. */
export function isJsonContentType(header: string | undefined | null): boolean {
  if (header === undefined || header === null) return false;
  // What nearly every client sends: answered without taking the header apart.
  if (header === 'application/json') return true;
  const [essence, ...parameters] = header.split(';');
  if (essence === undefined || essence.trim().toLowerCase() !== 'application/json') return false;
  for (const parameter of parameters) {
    const eq = parameter.indexOf('=');
    if (eq < 0) continue;
    const name = parameter.slice(0, eq).trim().toLowerCase();
    if (name !== 'charset') continue;
    const value = parameter
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    // JSON is UTF-8 (RFC 8259); a body declared in another charset would be misread.
    if (value !== 'utf-8' && value !== 'utf8') return false;
  }
  return true;
}

/**
 * The declared body length: a number, `undefined` when there is none (or the body is sent
 * chunked, when the header does not bind), or `NaN` when it is not a plain decimal number.
 */
export function declaredLength(headers: Headers): number | undefined {
  return declaredLengthOf(headers.get('content-length') ?? undefined, headers.has('transfer-encoding'));
}

/** {@link declaredLength} from the header's value and whether the body is sent with a transfer coding. */
export function declaredLengthOf(contentLength: string | undefined, transferEncoded: boolean): number | undefined {
  if (contentLength === undefined || transferEncoded) return undefined;
  return /^\s*\d{1,15}\s*$/.test(contentLength) ? Number(contentLength) : Number.NaN;
}

export type BodyOutcome =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'invalid'; readonly issue: ValidationIssue };

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the body of `request`, at most `maxBytes`, and parses it as JSON. Call it only after
 * the declared length (if any) was checked against the limit.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyOutcome> {
  let bytes: Uint8Array;
  const declared = declaredLength(request.headers);
  try {
    if (declared !== undefined && !Number.isNaN(declared)) {
      // The transport delivers exactly the declared length (Node's HTTP parser and every fetch
      // runtime enforce it), so reading it whole is bounded; the count below is a second guard.
      bytes = new Uint8Array(await request.arrayBuffer());
    } else {
      const read = await readAtMost(request.body, maxBytes);
      if (read === undefined) return { kind: 'too_large' };
      bytes = read;
    }
  } catch {
    // The client went away or broke the stream mid-body: its fault, not the service's.
    return incompleteBody();
  }
  return bodyOutcome(bytes, maxBytes);
}

/** What a body read whole comes to: over `maxBytes` (a second guard after the declared length), or its JSON. */
export function bodyOutcome(bytes: Uint8Array, maxBytes: number): BodyOutcome {
  if (bytes.byteLength > maxBytes) return { kind: 'too_large' };
  return parseJson(bytes);
}

/** A body the client stopped sending (it went away or broke the stream): its fault, not the service's. */
export function incompleteBody(): BodyOutcome {
  return invalid('incomplete_body', 'the body could not be read to its end (the connection was closed or broken)');
}

/** The stream's bytes, or `undefined` as soon as they pass `maxBytes` (the stream is then cancelled). */
async function readAtMost(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array | undefined> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function invalid(code: string, message: string): BodyOutcome {
  return { kind: 'invalid', issue: { path: '', code, message } };
}

/** Parses UTF-8 JSON; a failure says where, never echoing the body's text. */
export function parseJson(bytes: Uint8Array): BodyOutcome {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return invalid('invalid_encoding', 'the body is not valid UTF-8 text');
  }
  return parseJsonText(text);
}
