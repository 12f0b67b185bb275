import { readFileSync } from 'node:fs';
import { type Agent, type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { createApp, type AppOptions, type ErrorLogEntry, type RequestLogLine } from '../../../src/http/index.js';

export const KEY = 'test-key-4f1c2b9e7d';
export const OTHER_KEY = 'test-key-other-0a9b8c';

export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8');
}

export const REPAYMENT = fixture('afloscapaciteit-gezin-koop');
export const RETIREMENT = fixture('pensioenuitgaven-paar-huur');

/** An app with one key, its log lines and error entries collected. */
export function testApp(options: Partial<AppOptions> = {}) {
  const lines: RequestLogLine[] = [];
  const errors: ErrorLogEntry[] = [];
  const app = createApp({ keys: [KEY], log: (l) => lines.push(l), logError: (e) => errors.push(e), ...options });
  return { app, lines, errors };
}

export const JSON_HEADERS = { 'Content-Type': 'application/json', 'Ocp-Apim-Subscription-Key': KEY };

export function post(path: string, body: RequestInit['body'], headers: Record<string, string> = JSON_HEADERS): Request {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** A whole `node:http` response: status, headers and body as text. */
export interface Reply {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** Reads a `node:http` response to its end. */
export function collect(res: IncomingMessage): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () =>
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
    );
    res.on('error', reject);
  });
}

/**
 * A calculation request the server has accepted (its `100 Continue` proves it took the headers)
 * whose body is still to come: `req.end(body)` sends it. For tests of what a signal or a
 * timeout does to a request in flight.
 */
export interface PendingRequest {
  readonly req: ClientRequest;
  /** The whole response, once the body was sent and the server answered. */
  readonly reply: Promise<Reply>;
  /** Settles when the server has taken the headers. */
  readonly accepted: Promise<void>;
}

export function pendingRequest(url: string, body: string, agent?: Agent): PendingRequest {
  const req = httpRequest(url, {
    ...(agent === undefined ? {} : { agent }),
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'ocp-apim-subscription-key': KEY,
      expect: '100-continue',
      'content-length': Buffer.byteLength(body),
    },
  });
  const reply = new Promise<Reply>((resolve, reject) => {
    req.on('response', (res) => collect(res).then(resolve, reject));
    req.on('error', reject);
  });
  const accepted = new Promise<void>((resolve) => req.once('continue', resolve));
  return { req, reply, accepted };
}

/** Lines of a log as they come, and a wait for the first line after a mark that matches. */
export interface LineLog {
  readonly lines: string[];
  push(line: string): void;
  /** Resolves with the first line from index `from` on that matches `pattern`, once it is written. */
  next(from: number, pattern: RegExp): Promise<string>;
}

export function lineLog(): LineLog {
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  return {
    lines,
    push(line) {
      lines.push(line);
      for (const check of [...waiting]) check();
    },
    next(from, pattern) {
      return new Promise((resolve) => {
        const check = (): void => {
          const line = lines.slice(from).find((l) => pattern.test(l));
          if (line === undefined) return;
          waiting.delete(check);
          resolve(line);
        };
        waiting.add(check);
        check();
      });
    },
  };
}
