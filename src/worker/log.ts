/**
 * The Worker's log lines, field for field those of the Node service (src/node/log.ts, which logs
 * through pino): the level's name first (`info`, `error`), then the fields of the request line or
 * of the error, so one log tool reads both services' lines alike.
 */
import { type ErrorLogEntry, errorDetail, type RequestLogLine } from '../http/app.js';

/** A request's log line: `{"level":"info","time":…,"requestId":…,"method":…,…}`. */
export function workerRequestLine(line: RequestLogLine): Record<string, unknown> {
  return { level: 'info', ...line };
}

/** A 500's cause: `{"level":"error","time":…,"requestId":…,"errorId":…,…,"error":…}`. */
export function workerErrorLine(entry: ErrorLogEntry): Record<string, unknown> {
  const { level: _level, error, ...fields } = entry;
  return { level: 'error', ...fields, error: errorDetail(error) };
}

/** The Worker's default request log: one JSON line on `console.log` (Workers Logs keeps it). */
export function logRequest(line: RequestLogLine): void {
  console.log(JSON.stringify(workerRequestLine(line)));
}

/** The Worker's default error log: one JSON line on `console.error`. */
export function logError(entry: ErrorLogEntry): void {
  console.error(JSON.stringify(workerErrorLine(entry)));
}
