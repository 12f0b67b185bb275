/**
 * The Node service's log: one JSON line per request and per event on stdout, written
 * asynchronously and in batches by a {@link BatchedWriter} (a request never waits for a system
 * call, and one write carries many lines), and errors on stderr, written at once by pino (they
 * are rare, and must not be lost if the process dies next). Pending lines are written before the
 * process exits.
 *
 * Events go through pino; request lines, the bulk of the log, are written by hand in their fixed
 * shape ({@link requestLine}), byte for byte what pino writes for them, without pino's generic
 * walk over the object's keys.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import type { RequestLogLine } from '../http/app.js';
import { BatchedWriter } from './batched-writer.js';

/** Where the service's lines go. */
export interface ServiceLog {
  /** One request line: level `info`, on stdout, as {@link ServiceLog.info} would write it. */
  request(line: RequestLogLine): void;
  /** One event (`listening`, `stopping`, `stopped`), or any other info line: level `info`, on stdout. */
  info(fields: object): void;
  /** One error (a 500's cause, a server error): level `error`, on stderr. */
  error(fields: object): void;
  /** Writes out every pending line; resolves once they are written (before an exit). */
  close(): Promise<void>;
  /** Writes out pending lines now, as a last resort before a forced exit. */
  flushSync(): void;
}

const OPTIONS: pino.LoggerOptions = {
  // No pid, hostname or pino timestamp: each line carries its own `time` (ISO 8601), and the
  // level as its name, so a line reads the same as it did before pino.
  base: null,
  timestamp: false,
  formatters: { level: (label) => ({ level: label }) },
};

/** A number as pino writes it: as JSON does, `null` when not finite. */
function jsonNumber(value: number): string {
  return Number.isFinite(value) ? `${value}` : 'null';
}

/**
 * A request line as pino's `info(line)` writes it with {@link OPTIONS} (without the newline):
 * the level, then the line's fields in the order `requestLogLine` makes them. Strings go through
 * JSON.stringify, which escapes what pino escapes (quotes, backslashes, control characters); a
 * lone surrogate, which no request id or path of the service can hold, it writes as `\udXXX`
 * where pino on Node < 25 leaves it raw (and it becomes U+FFFD in UTF-8).
 */
export function requestLine(line: RequestLogLine): string {
  return (
    `{"level":"info","time":${JSON.stringify(line.time)},"requestId":${JSON.stringify(line.requestId)}` +
    `,"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)}` +
    `,"status":${jsonNumber(line.status)},"durationMs":${jsonNumber(line.durationMs)}` +
    `,"ruleSet":${line.ruleSet === null ? 'null' : JSON.stringify(line.ruleSet)}}`
  );
}

/** A destination that hands each line, without its newline, to a function (tests, embedding). */
function lines(write: (line: string) => void): DestinationStream {
  return { write: (text: string) => write(text.endsWith('\n') ? text.slice(0, -1) : text) };
}

/** The log to the given functions, one line each without its newline (tests, embedding). */
function functionLog(writeLine: (line: string) => void, errorLog: Logger): ServiceLog {
  const infoLog = pino(OPTIONS, lines(writeLine));
  return {
    request: (line) => writeLine(requestLine(line)),
    info: (fields) => infoLog.info(fields),
    error: (fields) => errorLog.error(fields),
    close: () => Promise.resolve(),
    flushSync: () => undefined,
  };
}

/** The log to stdout, batched and asynchronous ({@link BatchedWriter}). */
function stdoutLog(errorLog: Logger): ServiceLog {
  // Lines gather until 64 Ki characters (some 300 request lines) or 200 ms have passed: one
  // write for many requests under load, and a line seen within 200 ms when it is quiet.
  const out = new BatchedWriter(1, {
    // stdout gone (a closed pipe, a full disk): the writer says so once, here, on stderr; the
    // service keeps serving, and its lines are counted lost.
    onError: (error) => {
      try {
        errorLog.error({
          time: new Date().toISOString(),
          event: 'log_write_failed',
          error: error.code ?? error.message,
        });
      } catch {
        // stderr gone too: nothing is left to tell.
      }
    },
  });
  const infoLog = pino(OPTIONS, out);
  // As pino's own asynchronous destination did: whatever is pending is written on the way out.
  const onExit = (): void => out.flushSync();
  process.on('exit', onExit);
  return {
    request: (line) => out.write(`${requestLine(line)}\n`),
    info: (fields) => infoLog.info(fields),
    error: (fields) => errorLog.error(fields),
    close: async () => {
      await out.end();
      process.off('exit', onExit);
    },
    flushSync: () => {
      try {
        out.flushSync();
      } catch {
        // Nothing more can be done on the way out.
      }
    },
  };
}

/**
 * The log of a service: to the given functions (one line each, no newline), or by default to
 * stdout (asynchronous, batched) and stderr (synchronous).
 */
export function serviceLog(writeLine?: (line: string) => void, writeErrorLine?: (line: string) => void): ServiceLog {
  const errorLog: Logger = pino(
    OPTIONS,
    writeErrorLine !== undefined ? lines(writeErrorLine) : pino.destination({ dest: 2, sync: true }),
  );
  return writeLine !== undefined ? functionLog(writeLine, errorLog) : stdoutLog(errorLog);
}

let processServiceLog: ServiceLog | undefined;
/** The process's stdout/stderr log: one per process, so request lines and events keep their order. */
export function processLog(): ServiceLog {
  processServiceLog ??= serviceLog();
  return processServiceLog;
}
