/**
 * The Node service's log, through pino: one JSON line per request and per event on stdout,
 * written asynchronously by pino's own destination (sonic-boom: a request never waits for a
 * system call), and errors on stderr, written at once (they are rare, and must not be lost if
 * the process dies next). Pending lines are written by `close()` and, as a last resort, on exit.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import type { RequestLogLine } from '../http/app.js';

/** Where the service's lines go. */
export interface ServiceLog {
  /** One request line: level `info`, on stdout. */
  request(line: RequestLogLine): void;
  /** One event (`listening`, `stopping`, `stopped`), or any other info line: level `info`, on stdout. */
  info(fields: object): void;
  /** One error (a 500's cause, a server error): level `error`, on stderr. */
  error(fields: object): void;
  /** Writes out every pending line; resolves once they are written or cannot be (before an exit). */
  close(): Promise<void>;
  /** Writes out pending lines now, as a last resort before a forced exit. */
  flushSync(): void;
}

const OPTIONS: pino.LoggerOptions = {
  // No pid, hostname or pino timestamp: each line carries its own `time` (ISO 8601), and the
  // level as its name.
  base: null,
  timestamp: false,
  formatters: { level: (label) => ({ level: label }) },
};

/** Pending stdout text beyond which lines are dropped: a stdout that stays full must not take all memory. */
const MAX_PENDING = 16 * 1024 * 1024;

/** A destination that hands each line, without its newline, to a function (tests, embedding). */
function lines(write: (line: string) => void): DestinationStream {
  return { write: (text: string) => write(text.endsWith('\n') ? text.slice(0, -1) : text) };
}

/** The log to the given functions, one line each without its newline (tests, embedding). */
function functionLog(writeLine: (line: string) => void, errorLog: Logger): ServiceLog {
  const infoLog = pino(OPTIONS, lines(writeLine));
  return {
    request: (line) => infoLog.info(line),
    info: (fields) => infoLog.info(fields),
    error: (fields) => errorLog.error(fields),
    close: () => Promise.resolve(),
    flushSync: () => undefined,
  };
}

/** The log to stdout through pino's asynchronous destination. */
function stdoutLog(errorLog: Logger): ServiceLog {
  const out = pino.destination({ dest: 1, sync: false, maxLength: MAX_PENDING });
  // stdout gone (a closed pipe, a full disk): said once, on stderr; the service keeps serving,
  // and later lines are tried again (a disk may have room again).
  let reported = false;
  let failing = false;
  out.on('write', () => (failing = false));
  out.on('error', (error: NodeJS.ErrnoException) => {
    failing = true;
    if (reported) return;
    reported = true;
    try {
      errorLog.error({ time: new Date().toISOString(), event: 'log_write_failed', error: error.code ?? error.message });
    } catch {
      // stderr gone too: nothing is left to tell.
    }
  });
  const infoLog = pino(OPTIONS, out);
  let closing: Promise<void> | undefined;
  // A destination that fails is let go: sonic-boom's flushSync (pino's, on exit) would retry it for ever.
  let gone = false;
  const letGo = (): void => {
    if (gone) return;
    gone = true;
    out.destroy();
  };
  const flushSync = (): void => {
    if (failing) {
      letGo();
      return;
    }
    try {
      out.flushSync();
    } catch {
      letGo();
    }
  };
  const write = (fields: object): void => {
    if (closing === undefined) infoLog.info(fields);
  };
  return {
    request: write,
    info: write,
    error: (fields) => errorLog.error(fields),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        if (failing) {
          letGo();
          return resolve();
        }
        out.once('close', resolve);
        out.once('error', () => {
          letGo();
          resolve();
        });
        out.end();
      });
      return closing;
    },
    flushSync,
  };
}

/**
 * The log of a service: to the given functions (one line each, no newline), or by default to
 * stdout (asynchronous) and stderr (synchronous).
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
