/**
 * The Node service's log, with pino: one JSON line per request and per event on stdout,
 * written asynchronously and in batches (a request never waits for a system call, and one write
 * carries many lines), and errors on stderr, written at once (they are rare, and must not be
 * lost if the process dies next). Pending lines are written before the process exits.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

/** Where the service's lines go. */
export interface ServiceLog {
  /** One request line or event (`listening`, `stopping`, `stopped`): level `info`, on stdout. */
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

/** A destination that hands each line, without its newline, to a function (tests, embedding). */
function lines(write: (line: string) => void): DestinationStream {
  return { write: (text: string) => write(text.endsWith('\n') ? text.slice(0, -1) : text) };
}

/**
 * The log of a service: to the given functions (one line each, no newline), or by default to
 * stdout (asynchronous) and stderr (synchronous).
 */
export function serviceLog(writeLine?: (line: string) => void, writeErrorLine?: (line: string) => void): ServiceLog {
  // Lines gather until 4 KiB (some 25 request lines) or 200 ms have passed: one write for many
  // requests under load, and a line seen within 200 ms when it is quiet.
  const out =
    writeLine !== undefined
      ? undefined
      : pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 });
  const infoLog: Logger = pino(OPTIONS, writeLine !== undefined ? lines(writeLine) : (out as DestinationStream));
  const errorLog: Logger = pino(
    OPTIONS,
    writeErrorLine !== undefined ? lines(writeErrorLine) : pino.destination({ dest: 2, sync: true }),
  );
  let reported = false;
  out?.on('error', (error: NodeJS.ErrnoException) => {
    // stdout gone (a closed pipe, a full disk): say so once on stderr; the service keeps serving.
    if (reported) return;
    reported = true;
    errorLog.error({ time: new Date().toISOString(), event: 'log_write_failed', error: error.code ?? error.message });
  });
  return {
    info: (fields) => infoLog.info(fields),
    error: (fields) => errorLog.error(fields),
    close: () =>
      new Promise((resolve) => {
        if (out === undefined) return resolve();
        out.once('close', () => resolve());
        out.once('error', () => resolve());
        out.end();
      }),
    flushSync: () => {
      try {
        out?.flushSync();
      } catch {
        // Nothing more can be done on the way out.
      }
    },
  };
}

let stdoutLog: ServiceLog | undefined;
/** The process's stdout/stderr log: one per process, so request lines and events keep their order. */
export function processLog(): ServiceLog {
  stdoutLog ??= serviceLog();
  return stdoutLog;
}
