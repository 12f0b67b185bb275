/**
 * The head of an HTTP/1.1 request in the one strict form that the direct connection
 * (src/node/direct-connection.ts) answers itself: `POST <path> HTTP/1.1`, header lines of plain
 * tokens and visible ASCII, a `Host`, a `Content-Length`, no `Transfer-Encoding`, `Expect` or
 * `Upgrade`, and a `Connection` of `keep-alive` or `close`. Anything else, however valid, is
 * `'other'`: the connection is handed to node:http, whose parser (llhttp) judges it as always.
 *
 * Why so strict: a request is framed here by its `Content-Length` alone, so every head whose
 * framing another reader could see differently (a repeated length, a transfer coding, folded or
 * bare-LF lines, bytes outside ASCII) is left to the parser that Node hardens against request
 * smuggling, and the form taken here has one reading only.
 */
import { KEY_HEADER, REQUEST_ID_HEADER } from '../http/constants.js';
import type { DirectHeaders } from '../http/direct.js';

/** A head this module takes: where it ends, what the direct path reads of it, and whether the client closes. */
export interface RequestHead {
  /** The request target: a path without a query (`/Afloscapaciteit/Resultaat`). */
  readonly path: string;
  /** The bytes of the head, its blank line included: the body starts there. */
  readonly length: number;
  readonly headers: DirectHeaders;
  /** `Connection: close`: the connection ends with this answer. */
  readonly close: boolean;
}

/** A head, `'incomplete'` (wait for more bytes), or `'other'` (not this module's form: hand it to node:http). */
export type HeadOutcome = RequestHead | 'incomplete' | 'other';

/** node:http's default limit of a request head; a longer one is node:http's to refuse (431). */
export const MAX_HEAD_BYTES = 16 * 1024;

const BLANK_LINE = Buffer.from('\r\n\r\n', 'latin1');
const PREFIX = Buffer.from('POST /', 'latin1');
const REQUEST_LINE = /^POST (\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*) HTTP\/1\.1$/;
/** `name: value`: a token, optional white space, visible ASCII with single spaces or tabs inside. */
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[\t ]*((?:[\x21-\x7e](?:[\t\x20-\x7e]*[\x21-\x7e])?)?)[\t ]*$/;
/**
 * A Host that makes a valid URL as it is: a name or IPv4 address, or an IPv6 one in brackets,
 * and a port (the direct path from node:http's request, src/node/direct-server.ts, asks the same).
 */
export const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The subscription-key and request-id header names, as node:http and the raw headers are compared with them. */
export const KEY_HEADER_LOWER = KEY_HEADER.toLowerCase();
export const REQUEST_ID_HEADER_LOWER = REQUEST_ID_HEADER.toLowerCase();
/** The headers a direct answer reads; each may come once (a repeated one goes to the app). */
export const SINGLE_HEADERS: ReadonlySet<string> = new Set([
  'host',
  KEY_HEADER_LOWER,
  'content-type',
  'content-length',
  REQUEST_ID_HEADER_LOWER,
]);
/** Headers read here; each may come once (a repeated one is node:http's and the app's to judge). */
const READ = new Set([...SINGLE_HEADERS, 'connection']);
/** Headers that change how the request is framed or answered: their requests are node:http's. */
const NOT_HERE = new Set(['transfer-encoding', 'expect', 'upgrade', 'http2-settings']);

/**
 * Reads the request head that starts at `start` of `bytes`.
 *
 * @example
 * ```ts
 * const bytes = Buffer.from('POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\n{}');
 * const head = readRequestHead(bytes, 0);
 * // head.path === '/x', head.length === bytes.length - 2, head.headers.contentLength === '2'
 * readRequestHead(Buffer.from('GET / HTTP/1.1\r\n'), 0); // 'other'
 * readRequestHead(Buffer.from('POST /x HTTP/1.1\r\nHo'), 0); // 'incomplete'
 * ```
 */
export function readRequestHead(bytes: Buffer, start: number): HeadOutcome {
  const available = bytes.length - start;
  // Anything but a POST is known from its first bytes: it goes to node:http at once.
  const prefix = Math.min(available, PREFIX.length);
  if (bytes.compare(PREFIX, 0, prefix, start, start + prefix) !== 0) return 'other';
  const end = bytes.indexOf(BLANK_LINE, start);
  if (end < 0 || end + BLANK_LINE.length - start > MAX_HEAD_BYTES) {
    if (available >= MAX_HEAD_BYTES) return 'other';
    // A head already out of form is node:http's now (its 400 at once), not after a wait for the rest.
    return partialHeadInForm(bytes.toString('latin1', start)) ? 'incomplete' : 'other';
  }
  const lines = bytes.toString('latin1', start, end).split('\r\n');
  const target = REQUEST_LINE.exec(lines[0] as string);
  if (target === null) return 'other';
  const found = readHeaderLines(lines);
  if (found === undefined) return 'other';
  const host = found.get('host');
  if (host === undefined || !PLAIN_HOST.test(host) || found.get('content-length') === undefined) return 'other';
  const connection = found.get('connection')?.toLowerCase();
  if (connection !== undefined && connection !== 'keep-alive' && connection !== 'close') return 'other';
  return {
    path: target[1] as string,
    length: end + BLANK_LINE.length - start,
    close: connection === 'close',
    headers: {
      key: found.get(KEY_HEADER_LOWER),
      contentType: found.get('content-type'),
      contentLength: found.get('content-length'),
      transferEncoded: false,
      requestId: found.get(REQUEST_ID_HEADER_LOWER),
    },
  };
}

/**
 * Whether the start of a head is of the form so far: its complete lines are, and the line
 * still arriving holds no CR or LF but a CR at its very end (the first half of a CRLF).
 */
function partialHeadInForm(text: string): boolean {
  const lines = text.split('\r\n');
  const last = lines.pop() as string;
  if (/[\r\n]/.test(last.endsWith('\r') ? last.slice(0, -1) : last)) return false;
  if (lines.length === 0) return true;
  return REQUEST_LINE.test(lines[0] as string) && readHeaderLines(lines) !== undefined;
}

/** The header lines after the request line: the values read here by lower-case name, or undefined for 'other'. */
function readHeaderLines(lines: readonly string[]): Map<string, string> | undefined {
  const found = new Map<string, string>();
  for (let i = 1; i < lines.length; i += 1) {
    const header = HEADER_LINE.exec(lines[i] as string);
    if (header === null) return undefined;
    const name = (header[1] as string).toLowerCase();
    if (NOT_HERE.has(name)) return undefined;
    if (!READ.has(name)) continue;
    if (found.has(name)) return undefined;
    found.set(name, header[2] as string);
  }
  return found;
}
