/**
 * A request body as text, parsed as JSON: the one place that says why a body is not JSON, so
 * the service, a single calculation on the command line and every line of a batch say it in the
 * same words (where it goes wrong, by line and column), and never echo the body's text.
 */
import type { ValidationIssue } from './errors.js';

export type JsonText =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'invalid'; readonly issue: ValidationIssue };

const invalid = (code: string, message: string): JsonText => ({ kind: 'invalid', issue: { path: '', code, message } });

/**
 * Parses `text` as JSON. An empty (or blank) text is `required`; anything else that is not JSON
 * is `invalid_json`, with where and why when the runtime says.
 *
 * @example
 * ```ts
 * parseJsonText('{"a": 1,}');
 * // { kind: 'invalid', issue: { path: '', code: 'invalid_json',
 * //   message: "the body is not valid JSON: expected double-quoted property name (line 1, column 9)" } }
 * ```
 */
export function parseJsonText(text: string): JsonText {
  if (text.trim() === '') return invalid('required', 'the body is empty; expected a JSON object');
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch (error) {
    return invalid('invalid_json', `the body is not valid JSON${where(text, error)}`);
  }
}

/**
 * Where and why JSON.parse failed, from its message, without echoing the body: V8 quotes the
 * input in some messages, and that part is never used. Empty when the runtime says nothing usable.
 */
function where(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  // V8 (Node, Deno, workerd): "Unexpected end of JSON input"; JavaScriptCore (Bun): "Unexpected EOF".
  if (/unexpected (?:end|eof)/i.test(message)) return ': it ends too early';
  const token = /^Unexpected token '(.)'/u.exec(message);
  if (token !== null) return `: unexpected character '${token[1] ?? ''}'`;
  const at = /^([^"]*?)(?: in JSON)? at position (\d+)/.exec(message);
  if (at === null) return '';
  const offset = Math.min(Number(at[2]), text.length);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const why = (at[1] ?? '').trim();
  return `${why === '' ? '' : `: ${why.charAt(0).toLowerCase()}${why.slice(1)}`} (line ${line}, column ${column})`;
}
