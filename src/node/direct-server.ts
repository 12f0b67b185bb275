/**
 * The Node request listener of the service: a calculation the app's direct path takes
 * (src/http/direct.ts: the common, well-formed POST) is answered straight from Node's request
 * and response, without the Web `Request` and `Response` objects @hono/node-server builds for
 * it, which cost more than the app's own checks; every other request goes to `fallback`, the
 * app's `fetch` through @hono/node-server, and is answered as always.
 *
 * What @hono/node-server itself refuses (a Host it cannot make a URL of) is left to it too.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { KEY_HEADER_NAME, REQUEST_ID_HEADER_NAME } from '../http/constants.js';
import type { DirectCalculations, DirectHeaders } from '../http/direct.js';
import type { PlainAnswer } from '../http/problem.js';

/**
 * A Host that makes a valid URL as it is: a name or IPv4 address, or an IPv6 one in brackets,
 * and a port up to 65535 (any other is @hono/node-server's to judge, as on the app's path).
 */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;
/** The headers a direct answer reads; each may come once (a repeated one goes to the app). */
const SINGLE_HEADERS: ReadonlySet<string> = new Set([
  'host',
  KEY_HEADER_NAME,
  'content-type',
  'content-length',
  REQUEST_ID_HEADER_NAME,
]);

function plainHost(host: string | undefined): boolean {
  const match = host === undefined ? null : PLAIN_HOST.exec(host);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}

/**
 * The headers the direct path reads, from the raw headers in one pass; `undefined` when one of
 * them is repeated or the Host is not plain, and the app should judge the request.
 */
function directHeaders(raw: readonly string[]): DirectHeaders | undefined {
  const found: Record<string, string | undefined> = {};
  let transferEncoded = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    if (name === 'transfer-encoding') transferEncoded = true;
    else if (SINGLE_HEADERS.has(name)) {
      if (found[name] !== undefined) return undefined;
      found[name] = raw[i + 1] as string;
    }
  }
  if (!plainHost(found['host'])) return undefined;
  return {
    key: found[KEY_HEADER_NAME],
    contentType: found['content-type'],
    contentLength: found['content-length'],
    transferEncoded,
    requestId: found[REQUEST_ID_HEADER_NAME],
  };
}

/**
 * Hands the body's bytes to `done` once it has all arrived, or `undefined` when the client
 * stopped sending it; `done` is called once.
 */
function readBody(incoming: IncomingMessage, length: number, done: (body: Uint8Array | undefined) => void): void {
  const chunks: Buffer[] = [];
  let called = false;
  const finish = (body: Uint8Array | undefined): void => {
    if (called) return;
    called = true;
    done(body);
  };
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => finish(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length)));
  incoming.on('error', () => finish(undefined));
  // Closed before its end (the client went away): the error above, or only this.
  incoming.on('close', () => {
    if (!incoming.complete) finish(undefined);
  });
}

function write(outgoing: ServerResponse, answer: PlainAnswer, complete: boolean): void {
  const headers: Record<string, string | number> = {
    ...answer.headers,
    'Content-Length': Buffer.byteLength(answer.body),
  };
  // Answered before the body was all read: close the connection rather than read the rest.
  if (!complete) headers['Connection'] = 'close';
  outgoing.writeHead(answer.status, headers);
  outgoing.end(answer.body);
}

/** The listener: the direct path where it applies, else `fallback`. */
export function directListener(direct: DirectCalculations, fallback: RequestListener): RequestListener {
  return (incoming, outgoing) => {
    const headers = incoming.method === 'POST' ? directHeaders(incoming.rawHeaders) : undefined;
    const call = headers === undefined ? undefined : direct.begin('POST', incoming.url ?? '', headers);
    if (call === undefined) {
      fallback(incoming, outgoing);
      return;
    }
    readBody(incoming, call.length, (body) => {
      const answer = call.finish(body, { incoming, outgoing });
      if (!outgoing.destroyed) write(outgoing, answer, incoming.complete);
    });
  };
}
