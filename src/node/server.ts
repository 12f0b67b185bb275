/**
 * The Node entry of the HTTP service (`npm start`): reads the configuration from the
 * environment, serves the web-standard app (`src/http`) with `@hono/node-server`, logs one
 * JSON line per request to stdout (pino, asynchronously), checks keys with `node:crypto`'s
 * SHA-256, and shuts down gracefully on SIGTERM and SIGINT.
 *
 * Timeouts against slow clients: the request headers must arrive within 10 s and the whole
 * request within 30 s (Node answers 408 and closes otherwise); an idle keep-alive connection
 * is closed after 5 s, and any connection without a byte read or written for 30 s (a client
 * that never reads its answers).
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { createAdaptorServer, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { setFastPaths } from '../calculations/fast-paths.js';
import { createApp, errorDetail, type AppOptions, type ErrorLogEntry, type RequestLogLine } from '../http/app.js';
import { type DirectCalculations, directCalculationsOf } from '../http/direct.js';
import { readAdvisorPage } from './advisor-files.js';
import { nativeDigestKey } from './digest.js';
import { directListener } from './direct-server.js';
import { processLog, type ServiceLog, serviceLog } from './log.js';
import {
  ConfigError,
  DEFAULT_LISTEN_BACKLOG,
  readServiceConfig,
  type Environment,
  type ServiceConfig,
} from './service-config.js';

export { ConfigError, readServiceConfig } from './service-config.js';
export type { ServiceConfig, Environment } from './service-config.js';

export interface Timeouts {
  /** Time for a client to send the request headers. */
  readonly headersMs: number;
  /** Time for a client to send the whole request. */
  readonly requestMs: number;
  /** How long an idle keep-alive connection is kept. */
  readonly keepAliveMs: number;
  /**
   * How long a connection may go without a byte read or written (node:http's `server.timeout`):
   * a client that stops reading its answers holds its connection that long, not for ever.
   */
  readonly inactivityMs: number;
  /** How long a shutdown waits for in-flight requests before closing their connections. */
  readonly shutdownGraceMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  inactivityMs: 30_000,
  shutdownGraceMs: 10_000,
};

export interface StartOptions {
  /** Writes one log line, without its newline (default: stdout, asynchronously, by pino). */
  readonly writeLog?: (line: string) => void;
  /** Writes one error line, without its newline (default: stderr, at once). */
  readonly writeError?: (line: string) => void;
  readonly timeouts?: Partial<Timeouts>;
  /** Extra app options (the bench uses this to stub the calculation). */
  readonly app?: Partial<AppOptions>;
  /**
   * Whether the common calculation is answered without @hono/node-server; default true (or the
   * config's `directPath`). False sends every request through @hono/node-server (the bench and
   * the tests compare the two).
   */
  readonly directPath?: boolean;
}

export interface RunningService {
  readonly server: Server;
  readonly host: string;
  readonly port: number;
  /** `http://host:port`, for a person or a test to call. */
  readonly url: string;
  /**
   * Stops accepting connections, lets in-flight requests finish (their connections then
   * close), and resolves `drained`; after the grace period it closes what is left and
   * resolves `forced`. Calling it again returns the same promise.
   */
  shutdown(): Promise<'drained' | 'forced'>;
  /**
   * How many connections the server holds open (each with the response it may be sending); 0
   * once every connection has closed (the `stopped` log line reports it).
   */
  responsesHeld(): number;
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * The line as the client saw it: a request Node cut off at the request timeout got Node's 408
 * (and its connection closed), whatever the app answered afterwards to nobody.
 */
function asDelivered(line: RequestLogLine, bindings: unknown): RequestLogLine {
  const socket = (bindings as Partial<HttpBindings> | undefined)?.incoming?.socket;
  const error = socket?.errored as NodeJS.ErrnoException | null | undefined;
  return error?.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? { ...line, status: 408 } : line;
}

/** Starts the service; resolves once it listens. */
export async function startService(config: ServiceConfig, options: StartOptions = {}): Promise<RunningService> {
  // A service evaluates request after request: the memos pay for themselves at once. The switch
  // was read and checked with the configuration (BUDGETNORM_MEMOS), so it is set directly.
  setFastPaths({ memos: config.memos !== false });
  const log =
    options.writeLog === undefined && options.writeError === undefined
      ? processLog()
      : serviceLog(options.writeLog, options.writeError);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const app = serviceApp(config, options, log);
  const direct = options.directPath === false || config.directPath === false ? undefined : directCalculationsOf(app);
  const server = nodeServer(app, timeouts, direct);
  const connections = trackConnections(server);
  await listen(server, config);
  server.on('error', (error) =>
    log.error({ time: new Date().toISOString(), event: 'server_error', error: errorDetail(error) }),
  );
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    host: address.address,
    port: address.port,
    url: `http://${hostForUrl}:${address.port}`,
    shutdown: gracefulShutdown(server, connections, timeouts.shutdownGraceMs),
    responsesHeld: () => openConnections(connections),
  };
}

/** The Hono app with the deployment's keys, rule sets and log, and the advisor page. */
function serviceApp(config: ServiceConfig, options: StartOptions, log: ServiceLog): ReturnType<typeof createApp> {
  return createApp({
    keyDigests: config.keyDigests,
    digestKey: nativeDigestKey,
    corsOrigins: config.corsOrigins,
    version: packageVersion(),
    log: (line: RequestLogLine, bindings: unknown) => log.request(asDelivered(line, bindings)),
    logError: ({ level: _level, ...entry }: ErrorLogEntry) => log.error({ ...entry, error: errorDetail(entry.error) }),
    ...(config.catalog !== undefined ? { catalog: config.catalog } : {}),
    ...(config.ruleSet !== undefined ? { ruleSet: config.ruleSet } : {}),
    ...(config.family !== undefined ? { family: config.family } : {}),
    // The advisor page at GET / (docs/advisor.md), read once from dist/advisor/.
    advisorPage: readAdvisorPage(),
    ...options.app,
  });
}

/** Node's HTTP server around the app, with the timeouts set (not yet listening). */
function nodeServer(
  app: ReturnType<typeof createApp>,
  timeouts: Timeouts,
  direct: DirectCalculations | undefined,
): Server {
  const server = createAdaptorServer({
    // The common calculation straight from Node's request (src/node/direct-server.ts), the rest
    // through the adapter.
    ...(direct === undefined
      ? {}
      : {
          createServer: ((serverOptions: ServerOptions, listener: RequestListener) =>
            createServer(serverOptions, directListener(direct, listener))) as typeof createServer,
        }),
    fetch: async (request: Request, bindings: HttpBindings | Http2Bindings) => {
      const response = await app.fetch(request, bindings);
      // Answered before the body was read (401, 415, 413, 404, …): close the connection rather
      // than read and discard the rest, which may be megabytes from a client without a key.
      if (!bindings.incoming.complete) bindings.outgoing.setHeader('Connection', 'close');
      return response;
    },
    serverOptions: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // How often Node checks the two timeouts above (its default, 30 s, would let them slip).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
  }) as Server;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  server.timeout = timeouts.inactivityMs;
  return server;
}

/**
 * Keeps the open connections (once per connection, nothing per request), so that a shutdown can
 * mark the response each one is sending `Connection: close`: the connection then ends with it
 * instead of idling until the keep-alive timeout. A connection is forgotten when it closes.
 */
function trackConnections(server: Server): Set<Socket> {
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  return connections;
}

/** The connections not yet destroyed (a destroyed one may emit its 'close', and leave the set, a moment later). */
function openConnections(connections: ReadonlySet<Socket>): number {
  let open = 0;
  for (const socket of connections) if (!socket.destroyed) open += 1;
  return open;
}

/**
 * The response a connection is sending, if any: node:http's `_httpMessage` (the property
 * http-terminator and others read for the same purpose; node:http has no public one).
 */
function responseOf(socket: Socket): ServerResponse | undefined {
  const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  return response ?? undefined;
}

/** Resolves once the server listens; rejects with the error that stopped it (a port in use, …). */
function listen(server: Server, config: ServiceConfig): Promise<void> {
  return new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(
      { port: config.port, host: config.host, backlog: config.listenBacklog ?? DEFAULT_LISTEN_BACKLOG },
      () => {
        server.off('error', reject);
        resolvePromise();
      },
    );
  });
}

/** `RunningService.shutdown`: drain in-flight requests, force the rest after the grace period; once only. */
function gracefulShutdown(
  server: Server,
  connections: Set<Socket>,
  graceMs: number,
): () => Promise<'drained' | 'forced'> {
  let stopped: Promise<'drained' | 'forced'> | undefined;
  return () => {
    stopped ??= new Promise((resolvePromise) => {
      // Every response from now on closes its connection: those being sent, and those to come.
      server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) =>
        res.setHeader('Connection', 'close'),
      );
      for (const socket of connections) {
        const response = responseOf(socket);
        if (response !== undefined && !response.headersSent) response.setHeader('Connection', 'close');
      }
      let outcome: 'drained' | 'forced' = 'drained';
      const timer = setTimeout(() => {
        outcome = 'forced';
        server.closeAllConnections();
      }, graceMs);
      server.close(() => {
        clearTimeout(timer);
        resolvePromise(outcome);
      });
      server.closeIdleConnections();
    });
    return stopped;
  };
}

function event(fields: Record<string, unknown>): Record<string, unknown> {
  return { time: new Date().toISOString(), ...fields };
}

/**
 * `npm start`: configuration from the environment, serve, stop on SIGTERM/SIGINT. Sets the
 * exit code: 0 after a graceful stop, 1 when it cannot start or had to cut requests off.
 */
export async function main(env: Environment = process.env): Promise<void> {
  let config: ServiceConfig;
  try {
    config = readServiceConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`budgetnorm: cannot start: ${error.message}\n`);
    process.exit(1);
  }
  for (const warning of config.warnings) process.stderr.write(`budgetnorm: warning: ${warning}\n`);
  if (config.developmentKey !== undefined) {
    process.stderr.write(
      [
        'budgetnorm: no subscription key is configured (BUDGETNORM_API_KEYS or BUDGETNORM_API_KEYS_FILE),',
        'budgetnorm: so this DEVELOPMENT KEY was generated for this run only (it is not shown again; never use it in production):',
        `budgetnorm:   ${config.developmentKey}`,
        "budgetnorm: send it as the header 'Ocp-Apim-Subscription-Key' or the query parameter 'key'.",
        '',
      ].join('\n'),
    );
    // From here on only its digest is kept.
    const { developmentKey: _printed, ...rest } = config;
    config = rest;
  }

  let service: RunningService;
  try {
    service = await startService(config);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EADDRINUSE'
        ? `${config.host}:${config.port} is already in use (set PORT)`
        : code === 'EADDRNOTAVAIL'
          ? `${config.host} is not an address of this machine (set HOST)`
          : String(error);
    process.stderr.write(`budgetnorm: cannot start: ${why}\n`);
    process.exit(1);
  }
  const out = processLog();
  out.info(event({ event: 'listening', url: service.url, ruleSet: config.ruleSetSource, pid: process.pid }));

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    signals += 1;
    if (signals > 1) {
      process.stderr.write(`budgetnorm: ${signal} again: stopping now, cutting off in-flight requests\n`);
      out.flushSync();
      process.exit(1);
    }
    out.info(event({ event: 'stopping', signal }));
    void service.shutdown().then(async (outcome) => {
      out.info(event({ event: 'stopped', outcome, responsesHeld: service.responsesHeld() }));
      await out.close();
      process.exit(outcome === 'drained' ? 0 : 1);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
