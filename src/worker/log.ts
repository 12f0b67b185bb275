/**
 * The Worker's log lines, in the fields of the Node service's (src/node/log.ts, which logs
 * through pino): pino's `level` as a number (30 info, 50 error), `time`, `msg`, then the fields
 * of the request line or the error, so one log tool reads both services' lines alike.
 */
import { type ErrorLogEntry, errorDetail, type RequestLogLine } from '../http/app.js';

/** pino's numeric levels. */
export const LOG_LEVELS = { info: 30, error: 50 } as const;

/** A request's log line: `{"level":30,"time":…,"msg":"request","requestId":…,"method":…,…}`. */
export function workerRequestLine(line: RequestLogLine): Record<string, unknown> {
  const { time, ...fields } = line;
  return { level: LOG_LEVELS.info, time, msg: 'request', ...fields };
}

/** A 500's cause: `{"level":50,"time":…,"msg":"internal error","requestId":…,"errorId":…,…,"error":…}`. */
export function workerErrorLine(entry: ErrorLogEntry): Record<string, unknown> {
  const { time, level: _level, error, ...fields } = entry;
  return { level: LOG_LEVELS.error, time, msg: 'internal error', ...fields, error: errorDetail(error) };
}

/** The Worker's default request log: one JSON line on `console.log` (Workers Logs keeps it). */
export function logRequest(line: RequestLogLine): void {
  console.log(JSON.stringify(workerRequestLine(line)));
}

/** The Worker's default error log: one JSON line on `console.error`. */
export function logError(entry: ErrorLogEntry): void {
  console.error(JSON.stringify(workerErrorLine(entry)));
}
