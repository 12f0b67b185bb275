/**
 * The direct connection (src/node/direct-connection.ts, src/node/request-head.ts): the common
 * calculation read straight from the socket. The same bytes sent to the service with and without
 * it get the same bytes back (dates and request ids aside) and the same log lines, whatever the
 * bytes: split anywhere, pipelined, mixed with requests node:http must answer, or crafted to be
 * framed two ways. And it keeps node:http's timeouts, `Connection: close`, back-pressure and
 * graceful shutdown. Its answers of one turn of the event loop are written together at the
 * turn's end (`AnswersOfTheTurn`), never dropped on the way.
 */
import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswersOfTheTurn } from '../../src/node/direct-connection.js';
import { readRequestHead } from '../../src/node/request-head.js';
import { readServiceConfig, type RunningService, startService, type StartOptions } from '../../src/node/server.js';
import { KEY, REPAYMENT, RETIREMENT } from './support/helpers.js';

const REPAY = '/Afloscapaciteit/Resultaat';
const RETIRE = '/pensioenuitgaven/Resultaat';

/** A request's bytes, Content-Length from the body unless given. */
function post(path: string, body: string, headers: Record<string, string> = {}): string {
  const all: Record<string, string> = {
    Host: '127.0.0.1',
    'Content-Type': 'application/json',
    'Ocp-Apim-Subscription-Key': KEY,
    'Content-Length': String(Buffer.byteLength(body)),
    ...headers,
  };
  const lines = Object.entries(all)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}: ${v}\r\n`);
  return `POST ${path} HTTP/1.1\r\n${lines.join('')}\r\n${body}`;
}
const GET_HEALTH = 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

interface Exchange {
  /** Every byte the server sent until it closed or went quiet. */
  readonly received: Buffer;
  readonly closed: boolean;
}

/** Sends the pieces on a fresh connection (each its own write), then reads until close or `quietMs` without bytes. */
function exchange(port: number, pieces: readonly (string | Buffer)[], quietMs = 150): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ received: Buffer.concat(chunks), closed });
    };
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      quiet();
    });
    socket.on('end', () => {
      closed = true;
      done();
    });
    socket.on('error', reject);
    socket.on('connect', async () => {
      for (const piece of pieces) {
        socket.write(piece);
        await new Promise((r) => setImmediate(r));
      }
      quiet();
    });
  });
}

/** The responses in the bytes received, with the date and request ids masked. */
function responses(received: Buffer): string[] {
  const text = received.toString('utf8');
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf('\r\n\r\n', at);
    if (end < 0) {
      out.push(text.slice(at));
      break;
    }
    const head = text.slice(at, end + 4);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const bodyEnd = length === null ? text.length : end + 4 + Number(length[1]);
    out.push(text.slice(at, bodyEnd));
    at = bodyEnd;
  }
  return out.map((r) =>
    r
      .replace(/\r\nDate: [^\r]*/i, '\r\nDate: <date>')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>'),
  );
}

function masked(lines: readonly string[]): string[] {
  return lines.map((l) =>
    l
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
      .replace(/"time":"[^"]*"/g, '"time":"<time>"')
      .replace(/"durationMs":[0-9.e-]+/g, '"durationMs":0')
      .replace(/"stack":"[^"]*"/, '"stack":"<stack>"'),
  );
}

async function serve(options: StartOptions, log: string[]): Promise<RunningService> {
  const config = readServiceConfig({ BUDGETNORM_API_KEYS: KEY, PORT: '0', HOST: '127.0.0.1' });
  return startService(config, {
    writeLog: (line) => log.push(line),
    writeError: (line) => log.push(line),
    ...options,
  });
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('readRequestHead: the one strict form the direct connection takes', () => {
  const head = (text: string) => readRequestHead(Buffer.from(text, 'latin1'), 0);
  const OK = post(REPAY, '');

  it('reads the path, the length of the head and the headers the direct path needs', () => {
    const bytes = `xx${post(REPAY, '{}', { 'X-Request-Id': 'abc', Connection: 'close' })}`;
    const read = readRequestHead(Buffer.from(bytes), 2);
    if (typeof read === 'string') throw new Error(read);
    expect(read.path).toBe(REPAY);
    expect(bytes.slice(2 + read.length)).toBe('{}');
    expect(read.close).toBe(true);
    expect(read.headers).toEqual({
      key: KEY,
      contentType: 'application/json',
      contentLength: '2',
      transferEncoded: false,
      requestId: 'abc',
    });
  });

  it.each([
    ['POST', 'a prefix of POST'],
    ['POST /Afl', 'a request line not yet ended'],
    ['POST /x HTTP/1.1\r\nHost: a\r', 'a header line ended by half a CRLF'],
    [OK.slice(0, -2), 'a head without its blank line'],
  ])('%j is incomplete (%s)', (text) => {
    expect(head(text)).toBe('incomplete');
  });

  it.each([
    ['GET /health HTTP/1.1\r\nHost: a\r\n\r\n', 'another method'],
    ['PUT', 'another method, known from its first bytes'],
    [OK.replace('HTTP/1.1', 'HTTP/1.0'), 'HTTP/1.0'],
    [OK.replace(REPAY, `${REPAY}?key=${KEY}`), 'a query string'],
    [OK.replace('Host: 127.0.0.1\r\n', ''), 'no Host'],
    [OK.replace('Host: 127.0.0.1', 'Host: a b'), 'a Host that is no host'],
    [OK.replace(/Content-Length: \d+\r\n/, ''), 'no Content-Length'],
    [OK.replace('\r\n\r\n', '\r\nContent-Length: 0\r\n\r\n'), 'Content-Length twice'],
    [OK.replace('\r\n\r\n', '\r\nTransfer-Encoding: chunked\r\n\r\n'), 'a transfer coding beside the length'],
    [OK.replace('\r\n\r\n', '\r\nExpect: 100-continue\r\n\r\n'), 'Expect'],
    [OK.replace('\r\n\r\n', '\r\nUpgrade: websocket\r\nConnection: upgrade\r\n\r\n'), 'Upgrade'],
    [OK.replace('\r\n\r\n', '\r\nConnection: keep-alive, te\r\n\r\n'), 'another Connection option'],
    [OK.replace('\r\n\r\n', '\r\nX-Folded: a\r\n b\r\n\r\n'), 'a folded header line'],
    [OK.replace('Host: 127.0.0.1\r\n', 'Host: 127.0.0.1\n'), 'a bare LF'],
    [OK.replace('Content-Type:', 'Content-Type :'), 'white space before the colon'],
    [OK.replace('\r\n\r\n', '\r\nX-Name: caf\xe9\r\n\r\n'), 'a byte outside ASCII'],
    [OK.replace('\r\n\r\n', '\r\nX-Nul: a\x00b\r\n\r\n'), 'a control character'],
    [OK.replace('\r\n\r\n', `\r\nX-Long: ${'a'.repeat(17_000)}\r\n\r\n`), 'a head over 16 KiB'],
    [`POST /x HTTP/1.1\r\nX-Long: ${'a'.repeat(17_000)}`, 'an unended head already over 16 KiB'],
    [`${OK.slice(0, OK.indexOf('\r\n\r\n'))}\r\n\r{"a":1}`, 'an unended head whose blank line is broken'],
    ['POST /x HTTP/1.1\r\nBad Header: x\r\nHost: a', 'an unended head with a line out of form'],
    ['POST /x HTTP/1.0\r\nHost: a', 'an unended head of HTTP/1.0'],
    ['POST /x HTTP/1.1\r\nHost: a\nX: b', 'an unended head with a bare LF'],
  ])('%j is left to node:http (%s)', (text) => {
    expect(head(text)).toBe('other');
  });
});

describe('the service with and without the direct connection: the same bytes back, the same log', () => {
  const withIt: string[] = [];
  const without: string[] = [];
  let direct: RunningService;
  let viaNode: RunningService;

  beforeAll(async () => {
    direct = await serve({}, withIt);
    viaNode = await serve({ directConnections: false }, without);
  });
  afterAll(async () => {
    await Promise.all([direct.shutdown(), viaNode.shutdown()]);
  });

  const repay = post(REPAY, REPAYMENT);
  /**
   * Refused by the app before node:http had the body (401, 415, 413): node:http then closes the
   * connection rather than read the rest; handed on by the direct connection, the body was
   * already read, and the connection is kept. The one difference, masked for these cases.
   */
  const EARLY_REFUSALS = new Set([
    'no key',
    'a wrong key',
    'the key in the query',
    'another media type',
    'a declared length over 64 KiB',
  ]);
  const CASES: [string, (string | Buffer)[]][] = [
    ['one calculation', [repay]],
    ['the retirement calculation', [post(RETIRE, RETIREMENT)]],
    ['split byte by byte', [...Buffer.from(repay)].map((b) => Buffer.from([b]))],
    [
      'the head and the body apart',
      [repay.slice(0, repay.indexOf('\r\n\r\n') + 4), repay.slice(repay.indexOf('\r\n\r\n') + 4)],
    ],
    ['three pipelined in one write', [repay + post(RETIRE, RETIREMENT) + repay]],
    ['pipelined: a calculation, the health check, a calculation', [repay + GET_HEALTH + repay]],
    ['the health check first, then a calculation on the same connection', [GET_HEALTH, repay]],
    ['a body that is not JSON', [post(REPAY, '{"a": 1,}')]],
    ['a body with field problems', [post(RETIRE, '{"LeeftijdHoofdpersoon": "x"}')]],
    ['an empty body', [post(REPAY, '')]],
    [
      'a body that is not UTF-8',
      [
        Buffer.concat([
          Buffer.from(post(REPAY, '').replace('Length: 0', 'Length: 3')),
          Buffer.from([0x7b, 0xff, 0x7d]),
        ]),
      ],
    ],
    ['no key', [post(REPAY, REPAYMENT, { 'Ocp-Apim-Subscription-Key': '' })]],
    ['a wrong key', [post(REPAY, REPAYMENT, { 'Ocp-Apim-Subscription-Key': 'nope' })]],
    ['the key in the query', [post(`${REPAY}?key=${KEY}`, REPAYMENT, { 'Ocp-Apim-Subscription-Key': '' })]],
    ['a declared length over 64 KiB', [post(REPAY, REPAYMENT, { 'Content-Length': '70000' })]],
    ['another media type', [post(REPAY, REPAYMENT, { 'Content-Type': 'text/plain' })]],
    ['a caller request id', [post(REPAY, REPAYMENT, { 'X-Request-Id': 'order-42' })]],
    ['Connection: close', [post(REPAY, REPAYMENT, { Connection: 'close' })]],
    [
      'Content-Length and Transfer-Encoding (framed two ways)',
      [post(REPAY, '0\r\n\r\n', { 'Transfer-Encoding': 'chunked', 'Content-Length': '5' }) + repay],
    ],
    [
      'Content-Length twice, different',
      [`${post(REPAY, REPAYMENT).replace('\r\n\r\n', '\r\nContent-Length: 3\r\n\r\n')}`],
    ],
    [
      'a chunked body',
      [
        `POST ${REPAY} HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nOcp-Apim-Subscription-Key: ${KEY}\r\nTransfer-Encoding: chunked\r\n\r\n${Buffer.byteLength(REPAYMENT).toString(16)}\r\n${REPAYMENT}\r\n0\r\n\r\n`,
      ],
    ],
    ['a bare LF in the head', [repay.replace('Host: 127.0.0.1\r\n', 'Host: 127.0.0.1\n')]],
    ['HTTP/1.0', [repay.replace('HTTP/1.1', 'HTTP/1.0')]],
    ['garbage', ['\x16\x03\x01 not http at all\r\n\r\n']],
  ];

  for (const [name, pieces] of CASES) {
    it(name, async () => {
      const answers: { responses: string[]; closed: boolean | undefined; log: string[] }[] = [];
      for (const [service, log] of [
        [direct, withIt],
        [viaNode, without],
      ] as const) {
        const before = log.length;
        const { received, closed } = await exchange(service.port, pieces);
        await delay(20);
        const early = EARLY_REFUSALS.has(name);
        answers.push({
          responses: responses(received).map((r) =>
            early ? r.replace(/\r\nConnection: [^\r]*/gi, '').replace(/\r\nKeep-Alive: [^\r]*/gi, '') : r,
          ),
          closed: early ? undefined : closed,
          // Requests answered by node:http log when their (asynchronous) answer is made: the
          // order of two such lines is not the order of the requests, with or without the direct path.
          log: masked(log.slice(before)).sort(),
        });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]?.responses.length).toBeGreaterThan(0);
    });
  }

  it('60 requests with one byte of the head changed, added or taken out: the same answers and log both ways', async () => {
    // A seeded generator: the same cases every run, so a failure can be replayed.
    let seed = 20261126;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const bytes = [0x00, 0x09, 0x0a, 0x0d, 0x20, 0x3a, 0x2c, 0x30, 0x35, 0x41, 0x61, 0x7f, 0xe9];
    const headEnd = repay.indexOf('\r\n\r\n') + 4;
    for (let c = 0; c < 60; c += 1) {
      const at = random(headEnd);
      const byte = String.fromCharCode(bytes[random(bytes.length)] as number);
      const kind = random(3);
      const mutated =
        kind === 0
          ? repay.slice(0, at) + byte + repay.slice(at + 1)
          : kind === 1
            ? repay.slice(0, at) + byte + repay.slice(at)
            : repay.slice(0, at) + repay.slice(at + 1);
      const piece = Buffer.from(mutated, 'latin1');
      const answers: { responses: string[]; log: string[] }[] = [];
      for (const [service, log] of [
        [direct, withIt],
        [viaNode, without],
      ] as const) {
        const before = log.length;
        const { received } = await exchange(service.port, [piece], 80);
        await delay(10);
        answers.push({
          // Connection and Keep-Alive differ for a refusal answered before its body (see EARLY_REFUSALS).
          responses: responses(received).map((r) =>
            r.replace(/\r\nConnection: [^\r]*/gi, '').replace(/\r\nKeep-Alive: [^\r]*/gi, ''),
          ),
          log: masked(log.slice(before)).sort(),
        });
      }
      const [ours, nodes] = answers as [(typeof answers)[0], (typeof answers)[0]];
      const which = { case: c, kind, at, byte: byte.charCodeAt(0) };
      expect({ ...which, log: ours.log }).toEqual({ ...which, log: nodes.log });
      // Every answer node:http sends, the direct connection sends, in order. It may send one more:
      // when a length cut short leaves the rest of the body to be read as the next request,
      // node:http's 400 for that rest destroys the socket before the (asynchronous) answer to the
      // first request is written, which is logged all the same; the direct connection has written
      // it by then.
      let next = 0;
      for (const response of ours.responses) if (response === nodes.responses[next]) next += 1;
      expect({ ...which, matched: next, extra: ours.responses.length - nodes.responses.length }).toEqual({
        ...which,
        matched: nodes.responses.length,
        extra: ours.responses.length > nodes.responses.length ? 1 : 0,
      });
    }
  }, 60_000);

  it('the calculations above were answered by the direct connection (it served them, it did not only hand them on)', async () => {
    const { received } = await exchange(direct.port, [repay + repay]);
    const [first] = responses(received);
    expect(first).toMatch(/^HTTP\/1\.1 200 OK\r\ncontent-type: application\/json\r\nx-rekenregels: nl-2026\r\n/);
    expect(first).toMatch(/\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n\{"Afloscapaciteit":/);
  });
});

describe('node:http’s guards, kept by the direct connection', () => {
  const log: string[] = [];
  let service: RunningService;

  beforeAll(async () => {
    service = await serve({ timeouts: { headersMs: 300, requestMs: 600, keepAliveMs: 400 } }, log);
  });
  afterAll(async () => {
    await service.shutdown();
  });

  it('a head not complete within headersMs: 408 and the connection closed', async () => {
    const started = Date.now();
    const { received, closed } = await exchange(service.port, [post(REPAY, REPAYMENT).slice(0, 40)], 2_000);
    expect(received.toString()).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    expect(closed).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('a body not complete within requestMs: 408, the connection closed, and the request logged as 408', async () => {
    const before = log.length;
    const repay = post(REPAY, REPAYMENT);
    const { received, closed } = await exchange(service.port, [repay.slice(0, -10)], 2_000);
    expect(received.toString()).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    expect(closed).toBe(true);
    const lines = log.slice(before).map((l) => JSON.parse(l) as { status: number; path: string });
    expect(lines).toEqual([expect.objectContaining({ status: 408, path: REPAY })]);
  });

  it('an idle connection is closed after keepAliveMs', async () => {
    const { received, closed } = await exchange(service.port, [post(REPAY, REPAYMENT)], 3_000);
    expect(responses(received)).toHaveLength(1);
    expect(closed).toBe(true);
  });

  it('a client that goes away mid-body: its request is logged as the incomplete body it was, nothing answered', async () => {
    const before = log.length;
    const socket = connect(service.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(post(REPAY, REPAYMENT).slice(0, -10));
    await delay(50);
    socket.destroy();
    await delay(100);
    const lines = log.slice(before).map((l) => JSON.parse(l) as { status: number });
    expect(lines).toEqual([expect.objectContaining({ status: 400 })]);
  });

  it('a client that pipelines 4,000 requests without reading: reading pauses, then all 4,000 answers come, in order', async () => {
    const count = 4_000;
    const socket = connect(service.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.pause();
    const before = log.length;
    const ids = Array.from({ length: count }, (_, i) => `req-${i}`);
    socket.write(ids.map((id) => post(REPAY, REPAYMENT, { 'X-Request-Id': id })).join(''));
    // Time enough to answer all 4,000 (~0.4 s on 2 cores) had the server kept reading.
    await delay(2_500);
    // ~5.6 MB of answers: more than the sockets' buffers hold, so the server stopped reading.
    const answeredWhileNotRead = log.length - before;
    expect(answeredWhileNotRead).toBeLessThan(count);
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.resume();
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (
          (
            Buffer.concat(chunks)
              .toString()
              .match(/HTTP\/1\.1 200/g) ?? []
          ).length >= count
        ) {
          clearInterval(check);
          resolve();
        }
      }, 20);
    });
    socket.destroy();
    const seen = [
      ...Buffer.concat(chunks)
        .toString()
        .matchAll(/x-request-id: (req-\d+)/g),
    ].map((m) => m[1]);
    expect(seen).toEqual(ids);
  }, 30_000);

  it('Connection: close with a request pipelined after it: the first answered with Connection: close, the connection closed', async () => {
    const repay = post(REPAY, REPAYMENT);
    const { received, closed } = await exchange(service.port, [
      post(REPAY, REPAYMENT, { Connection: 'close' }) + repay,
    ]);
    const answers = responses(received);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\nConnection: close\r\n\r\n\{/);
    expect(closed).toBe(true);
  });

  it('a client that sends its request and then its FIN still gets the answer', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(service.port, '127.0.0.1', () => socket.end(post(REPAY, REPAYMENT)));
      let text = '';
      socket.on('data', (c: Buffer) => {
        text += c.toString();
      });
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});

describe('graceful shutdown with direct connections', () => {
  it('closes an idle connection, answers a request still arriving with Connection: close, and drains', async () => {
    const log: string[] = [];
    const service = await serve({ timeouts: { shutdownGraceMs: 5_000 } }, log);
    const idle = connect(service.port, '127.0.0.1');
    const busy = connect(service.port, '127.0.0.1');
    await Promise.all([new Promise((r) => idle.once('connect', r)), new Promise((r) => busy.once('connect', r))]);
    const repay = post(REPAY, REPAYMENT);
    let answer = '';
    busy.on('data', (c: Buffer) => {
      answer += c.toString();
    });
    const busyClosed = new Promise((r) => busy.once('close', r));
    const idleClosed = new Promise((r) => idle.once('close', r));
    busy.write(repay.slice(0, 100));
    await delay(50);
    const stopped = service.shutdown();
    await idleClosed;
    busy.write(repay.slice(100));
    await busyClosed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\nConnection: close\r\n\r\n\{"Afloscapaciteit"/);
    expect(await stopped).toBe('drained');
  });

  it('a request answered in the turn the shutdown begins: its answer is written, then its connection closes at once', async () => {
    const log: string[] = [];
    const service = await serve({ timeouts: { shutdownGraceMs: 8_000, keepAliveMs: 4_000 } }, log);
    let stopped: Promise<'drained' | 'forced'> | undefined;
    // Listeners added after the direct connection's own: this one runs in the same 'data' event,
    // so the shutdown begins in the turn whose answer is still held (corked) to be written at its end.
    service.server.on('connection', (socket: Socket) => {
      socket.on('data', () => {
        stopped ??= service.shutdown();
      });
    });
    const client = connect(service.port, '127.0.0.1');
    let answer = '';
    client.on('data', (c: Buffer) => {
      answer += c.toString();
    });
    const closed = new Promise((r) => client.once('close', r));
    await new Promise((r) => client.once('connect', r));
    const started = Date.now();
    client.write(post(REPAY, REPAYMENT));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n\{"Afloscapaciteit"/);
    // Not left open until keepAliveMs (4 s) ended it: idle once its answer was written, it was closed.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await stopped).toBe('drained');
  });
});

describe('AnswersOfTheTurn: the answers of one turn written together at its end', () => {
  /** A real stream (cork and uncork as a socket has them) that records what reaches its destination. */
  function recorder(): { stream: Socket; written: string[] } {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written.push(chunk.toString());
        callback();
      },
      writev(chunks, callback) {
        written.push(chunks.map((c) => String(c.chunk)).join(''));
        callback();
      },
    });
    return { stream: stream as unknown as Socket, written };
  }
  const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  it("holds every answer of the turn, then writes each stream's answers in order, in one write, and says so once", async () => {
    const answers = new AnswersOfTheTurn();
    const a = recorder();
    const b = recorder();
    const told: string[] = [];
    for (const [name, { stream }, text] of [
      ['a', a, 'first '],
      ['b', b, 'only'],
      ['a', a, 'second'],
    ] as const) {
      answers.hold(stream, () => told.push(name));
      stream.write(text);
    }
    // Within the turn nothing has gone out; the held bytes count as the stream's pending ones.
    expect([a.written, b.written]).toEqual([[], []]);
    expect(a.stream.writableLength).toBe('first second'.length);
    await endOfTurn();
    expect([a.written, b.written]).toEqual([['first second'], ['only']]);
    expect(told.sort()).toEqual(['a', 'b']);
    expect(a.stream.writableCorked).toBe(0);
  });

  it("writeNow sends a stream's held answers at once, and the end of the turn leaves that stream alone", async () => {
    const answers = new AnswersOfTheTurn();
    const a = recorder();
    const b = recorder();
    const told: string[] = [];
    answers.hold(a.stream, () => told.push('a'));
    a.stream.write('one');
    answers.hold(a.stream, () => told.push('a'));
    a.stream.write('two');
    answers.hold(b.stream, () => told.push('b'));
    b.stream.write('three');
    answers.writeNow(a.stream);
    expect(a.written.join('')).toBe('onetwo');
    expect(b.written).toEqual([]);
    // What writes to the stream after it (node:http, once it has the connection) is not held back by the turn.
    a.stream.cork();
    a.stream.write('theirs');
    await endOfTurn();
    expect(a.stream.writableCorked).toBe(1);
    expect(a.written.join('')).toBe('onetwo');
    expect(b.written).toEqual(['three']);
    expect(told).toEqual(['b']);
  });

  it('a stream ended within the turn writes its held answers before it ends', async () => {
    const answers = new AnswersOfTheTurn();
    const a = recorder();
    let finished = false;
    a.stream.on('finish', () => {
      finished = true;
    });
    answers.hold(a.stream, () => {});
    a.stream.write('answer');
    a.stream.end();
    await endOfTurn();
    expect(a.written.join('')).toBe('answer');
    expect(finished).toBe(true);
  });
});
