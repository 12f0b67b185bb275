/**
 * The direct path at the connection: the service's common request, a well-formed calculation
 * POST (src/node/request-head.ts), read straight from the socket and answered with one write,
 * without node:http's request and response objects and streams, which cost a bare node:http
 * server more CPU than the whole calculation does (docs/http.md, "Speed"). Every connection
 * starts here; the first request that is not of that form, or that the app's direct path does
 * not take (src/http/direct.ts: a missing key, a query, …), hands the connection to node:http,
 * with the bytes not yet answered, at that request's first byte. From then on node:http serves
 * that connection as it serves every request, so every other request is answered exactly as
 * before.
 *
 * Kept as node:http keeps them: the timeouts (the head within `headersMs`, the whole request
 * within `requestMs`, else 408 and the connection closed; an idle connection closed after
 * `keepAliveMs`), `Connection: close` from the client or while stopping, and pipelined requests
 * answered in order, reading paused while the client does not read its answers.
 *
 * Answers are written at the end of the event loop's turn ({@link AnswersOfTheTurn}), all the
 * turn's answers together, not each as soon as it is computed.
 */
import type { Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { DirectCalculations, DirectCall } from '../http/direct.js';
import type { PlainAnswer } from '../http/problem.js';
import { type RequestHead, readRequestHead } from './request-head.js';

/** What a direct connection's log line is told of how its request ended (see `asDelivered` in server.ts). */
export interface DirectConnectionBindings {
  /** The request was cut off by a timeout: the client got 408. */
  readonly timedOut: boolean;
}

export interface DirectConnectionTimeouts {
  readonly headersMs: number;
  readonly requestMs: number;
  readonly keepAliveMs: number;
}

/** The direct connections of one server, for its shutdown. */
export interface DirectConnections {
  /** From now on every answer closes its connection; idle connections are closed at once. */
  stop(): void;
  /** Closes every connection at once (a shutdown's grace period is over). */
  destroyAll(): void;
  /** How many connections the direct path serves now (tests). */
  readonly size: number;
}

/** Answers queued for a client beyond this many bytes pause reading its next requests. */
const WRITE_HIGH_WATER = 64 * 1024;
const ANSWERED = Object.freeze({ timedOut: false });
const TIMED_OUT = Object.freeze({ timedOut: true });
const REQUEST_TIMEOUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/**
 * The answers computed in one turn of the event loop, written together once the turn's I/O
 * callbacks have run (`setImmediate`), each socket corked until then. Under load one turn
 * reads many connections' requests; writing each answer at once put the kernel's work for the
 * write (about a third of a request's CPU on loopback) between two calculations, and each
 * calculation then ran with the caches the write had left it: one repayment calculation costs
 * 1.2–2.1× its warm time after 0.25–4 MB of other memory traffic (`npm run bench -- cache`).
 * Calculated back to back, with the writes after, the service used about a quarter less CPU per
 * request (median 82 against 110 µs in eight interleaved loads; issue 14, docs/http.md). An
 * answer waits at most for the rest of the turn's requests.
 *
 * Corking keeps every guarantee of the stream: the bytes stay in the socket's buffer, in order
 * (`writableLength` counts them, so reading still pauses on a client that does not read), and
 * `end()` writes them before the FIN. A connection leaving the direct path (handed to
 * node:http, ended, destroyed) writes its held answers first ({@link AnswersOfTheTurn.writeNow}).
 *
 * @example
 * ```ts
 * const answers = new AnswersOfTheTurn();
 * answers.hold(socket, () => log('written')); // corked until this turn's I/O is done
 * socket.write(text);
 * ```
 */
export class AnswersOfTheTurn {
  /** The sockets corked this turn (once each, whatever the number of answers), and what to call once written. */
  private readonly held = new Map<Socket, () => void>();

  /** Corks `socket` until the end of this turn; `written` is called once its answers are written. */
  hold(socket: Socket, written: () => void): void {
    if (this.held.has(socket)) return;
    if (this.held.size === 0) setImmediate(this.release);
    socket.cork();
    this.held.set(socket, written);
  }

  /**
   * Writes `socket`'s held answers now and forgets it: before node:http takes the connection
   * over (it destroys a connection on a malformed request, which would drop bytes still
   * corked), and before a connection is destroyed (what was answered goes out first, as it did
   * when every answer was written at once).
   */
  writeNow(socket: Socket): void {
    if (this.held.delete(socket)) socket.uncork();
  }

  private readonly release = (): void => {
    // Emptied first: a `written` that closes its connection then finds nothing of it left to write.
    const entries = [...this.held];
    this.held.clear();
    for (const [socket, written] of entries) {
      socket.uncork();
      written();
    }
  };
}

/**
 * Makes every new connection of `server` start on the direct path; node:http's own connection
 * handling takes a connection over when the direct path hands it on.
 *
 * @example
 * ```ts
 * const server = createServer(listener);
 * const connections = serveDirectConnections(server, directCalculationsOf(app), timeouts);
 * server.listen(8080);
 * // on shutdown: connections.stop(); server.close(…); later, if need be, connections.destroyAll()
 * ```
 */
export function serveDirectConnections(
  server: Server,
  direct: DirectCalculations,
  timeouts: DirectConnectionTimeouts,
  onDefect: (error: unknown) => void,
): DirectConnections {
  // node:http listens for 'connection' with its own handler: it is called for the connections handed on.
  const [nodeHttp, ...others] = server.listeners('connection') as ((socket: Socket) => void)[];
  if (nodeHttp === undefined || others.length > 0)
    throw new Error('internal: expected node:http’s connection listener alone');
  server.removeListener('connection', nodeHttp);
  const open = new Set<DirectConnection>();
  const state = { stopping: false };
  const answers = new AnswersOfTheTurn();
  const handOn = (socket: Socket) => nodeHttp.call(server, socket);
  // As node:http announces it: whole seconds.
  const keepAlive = `timeout=${Math.floor(timeouts.keepAliveMs / 1000)}`;
  server.on('connection', (socket: Socket) => {
    const connection = new DirectConnection(
      socket,
      direct,
      state,
      answers,
      keepAlive,
      handOn,
      () => open.delete(connection),
      onDefect,
    );
    open.add(connection);
  });
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const connection of open) connection.checkTimeouts(now, timeouts);
    },
    Math.min(1000, timeouts.headersMs),
  );
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
  return {
    stop: () => {
      state.stopping = true;
      for (const connection of open) connection.closeIfIdle();
    },
    destroyAll: () => {
      for (const connection of open) connection.destroy();
    },
    get size() {
      return open.size;
    },
  };
}

/** One connection on the direct path, until it closes or is handed on. */
class DirectConnection {
  /** Bytes received and not yet answered (from `offset`); null when there are none. */
  private pending: Buffer | null = null;
  private offset = 0;
  /** The request whose head was read and whose body is awaited. */
  private call: DirectCall | undefined;
  private head: RequestHead | undefined;
  /** When the first byte of the request being read arrived (0: none is), and when the connection last went idle. */
  private requestStarted = 0;
  private idleSince = Date.now();
  private done = false;
  /** Reading paused until the client reads its answers (no timeout runs meanwhile, as in node:http). */
  private paused = false;
  private readonly onData = (chunk: Buffer) => this.receive(chunk);
  private readonly onEnd = () => this.clientEnded();
  private readonly onClose = () => this.closed();
  private readonly onError = () => this.socket.destroy();
  private readonly onDrain = () => this.resume();
  /** While the server stops, a connection left idle once its held answers are written is closed (as `stop()` closes the idle ones). */
  private readonly onAnswersWritten = () => {
    if (this.state.stopping) this.closeIfIdle();
  };

  constructor(
    private readonly socket: Socket,
    private readonly direct: DirectCalculations,
    private readonly state: { readonly stopping: boolean },
    private readonly answers: AnswersOfTheTurn,
    /** The `Keep-Alive` header's value (`timeout=5`). */
    private readonly keepAlive: string,
    private readonly handOn: (socket: Socket) => void,
    private readonly forget: () => void,
    private readonly onDefect: (error: unknown) => void,
  ) {
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onClose);
    socket.on('error', this.onError);
  }

  private receive(chunk: Buffer): void {
    if (this.requestStarted === 0) this.requestStarted = Date.now();
    if (this.pending === null) {
      this.pending = chunk;
      this.offset = 0;
    } else {
      this.pending = Buffer.concat([this.pending.subarray(this.offset), chunk]);
      this.offset = 0;
    }
    this.answerSafely();
  }

  /** {@link answerWhatHasCome}; a defect of ours is reported and closes this connection, never the process. */
  private answerSafely(): void {
    try {
      this.answerWhatHasCome();
    } catch (error) {
      this.onDefect(error);
      this.destroy();
    }
  }

  /** Answers every request that has arrived whole, in order; hands the connection on at the first that is not the direct path's. */
  private answerWhatHasCome(): void {
    while (this.pending !== null && !this.done) {
      if (this.call === undefined && !this.readHead()) return;
      const call = this.call as DirectCall;
      const bodyEnd = this.offset + call.length;
      if (this.pending.length < bodyEnd) return;
      const body = this.pending.subarray(this.offset, bodyEnd);
      this.consume(bodyEnd);
      const closeAsked = (this.head as RequestHead).close || this.state.stopping;
      this.call = undefined;
      this.head = undefined;
      // The next request's time starts now; without one, the connection's idle time does.
      const now = Date.now();
      if (this.pending === null) {
        this.requestStarted = 0;
        this.idleSince = now;
      } else this.requestStarted = now;
      const answer = call.finish(body, ANSWERED);
      const close = closeAsked || answer.headers['Connection'] === 'close';
      this.answers.hold(this.socket, this.onAnswersWritten);
      this.socket.write(responseText(answer, close ? undefined : this.keepAlive));
      if (close) {
        this.end();
        return;
      }
      if (this.socket.writableLength > WRITE_HIGH_WATER) {
        this.pause();
        return;
      }
    }
  }

  /** Reads the next head: true when it is the direct path's and its call has begun; false to wait or after handing on. */
  private readHead(): boolean {
    const pending = this.pending as Buffer;
    const head = readRequestHead(pending, this.offset);
    if (head === 'incomplete') return false;
    const call = head === 'other' ? undefined : this.direct.begin('POST', head.path, head.headers);
    if (call === undefined || head === 'other') {
      this.handOnToNodeHttp();
      return false;
    }
    this.head = head;
    this.call = call;
    this.consume(this.offset + head.length);
    // A body of length 0 is complete now: the caller's loop answers it with the empty body.
    if (this.pending === null) this.pending = Buffer.alloc(0);
    return true;
  }

  private consume(to: number): void {
    const pending = this.pending as Buffer;
    if (to >= pending.length) {
      this.pending = null;
      this.offset = 0;
    } else this.offset = to;
  }

  /** node:http takes the connection from the first byte not yet answered. */
  private handOnToNodeHttp(): void {
    const rest = this.pending?.subarray(this.offset);
    this.detach();
    // Paused first, so that nothing is emitted between taking the listener off and node:http's on.
    this.socket.pause();
    if (rest !== undefined && rest.length > 0) this.socket.unshift(rest);
    this.handOn(this.socket);
    this.socket.resume();
  }

  /** Off the direct path (handed on, ended, destroyed or closed): what it answered is written first. */
  private detach(): void {
    this.answers.writeNow(this.socket);
    this.done = true;
    this.pending = null;
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onClose);
    this.socket.off('error', this.onError);
    this.socket.off('drain', this.onDrain);
    this.forget();
  }

  private pause(): void {
    this.paused = true;
    this.socket.pause();
    this.socket.once('drain', this.onDrain);
  }

  private resume(): void {
    if (this.done) return;
    this.paused = false;
    // The next request's time starts now: it waited for the client, not the client for it.
    if (this.requestStarted !== 0) this.requestStarted = Date.now();
    this.socket.resume();
    this.answerSafely();
  }

  private end(): void {
    this.detach();
    this.socket.end();
  }

  /** The client sent its last byte: a request it left unfinished is logged (it gets no answer), and the connection ends. */
  private clientEnded(): void {
    if (this.done) return;
    this.call?.finish(undefined, ANSWERED);
    this.call = undefined;
    this.end();
  }

  /** The connection closed (the client went away, or it was destroyed): an unfinished request is logged. */
  private closed(): void {
    if (this.done) return;
    this.call?.finish(undefined, ANSWERED);
    this.call = undefined;
    this.detach();
  }

  checkTimeouts(now: number, timeouts: DirectConnectionTimeouts): void {
    if (this.done || this.paused) return;
    if (this.requestStarted === 0) {
      if (now - this.idleSince >= timeouts.keepAliveMs) this.destroy();
      return;
    }
    const elapsed = now - this.requestStarted;
    if (elapsed < timeouts.requestMs && (this.call !== undefined || elapsed < timeouts.headersMs)) return;
    // As node:http does: 408, and the connection closed.
    this.call?.finish(undefined, TIMED_OUT);
    this.call = undefined;
    this.detach();
    this.socket.end(REQUEST_TIMEOUT, () => this.socket.destroy());
  }

  closeIfIdle(): void {
    if (!this.done && this.requestStarted === 0 && this.socket.writableLength === 0) this.destroy();
  }

  destroy(): void {
    this.detach();
    this.socket.destroy();
  }
}

let dateSecond = -1;
let dateText = '';
/** The `Date` header's value, made once a second (as node:http does). */
function httpDate(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}

/**
 * The whole response, as node:http writes it for `writeHead(status, headers)` and `end(body)`:
 * the answer's headers, its length, the date, and whether the connection stays open
 * (`keepAlive`, the `Keep-Alive` header's value) or closes (undefined).
 */
export function responseText(answer: PlainAnswer, keepAlive: string | undefined): string {
  let head = `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Unknown'}\r\n`;
  for (const name in answer.headers) {
    const value = answer.headers[name] as string;
    if (name === 'Connection') continue;
    // Our own names and values; a line break in one would split the response: refused, as node:http refuses it.
    if (!HEADER_VALUE.test(value)) throw new TypeError(`invalid character in the value of header ${name}`);
    head += `${name}: ${value}\r\n`;
  }
  head += `Content-Length: ${Buffer.byteLength(answer.body)}\r\nDate: ${httpDate()}\r\n`;
  head +=
    keepAlive === undefined
      ? 'Connection: close\r\n\r\n'
      : `Connection: keep-alive\r\nKeep-Alive: ${keepAlive}\r\n\r\n`;
  return head + answer.body;
}

const HEADER_VALUE = /^[\t\x20-\x7e]*$/;
