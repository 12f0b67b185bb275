/**
 * A request body as text, parsed as JSON: the one place that says why a body is not JSON, so
 * the service, a single calculation on the command line and every line of a batch say it in the
 * same words, and never echo the body's text.
 *
 * Where and why are found by {@link locateJsonError}, a small scanner of its own, not read from
 * the runtime's error message: V8 (Node, Deno, workerd) and JavaScriptCore (Bun) word their
 * errors differently and only V8 gives a position, while an answer must be the same in every
 * runtime. The scanner runs only after `JSON.parse` has refused the text.
 */
import type { ValidationIssue } from './errors.js';

export type JsonText =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'invalid'; readonly issue: ValidationIssue };

const invalid = (code: string, message: string): JsonText => ({ kind: 'invalid', issue: { path: '', code, message } });

/**
 * Parses `text` as JSON. An empty (or blank) text is `required`; anything else that is not JSON
 * is `invalid_json`, saying where (line and column) and why.
 *
 * @example
 * ```ts
 * parseJsonText('{"a": 1,}');
 * // { kind: 'invalid', issue: { path: '', code: 'invalid_json',
 * //   message: 'the body is not valid JSON: expected double-quoted property name (line 1, column 9)' } }
 * ```
 */
export function parseJsonText(text: string): JsonText {
  if (text.trim() === '') return invalid('required', 'the body is empty; expected a JSON object');
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch {
    return invalid('invalid_json', `the body is not valid JSON${describe(text, locateJsonError(text))}`);
  }
}

function describe(text: string, error: JsonError | undefined): string {
  if (error === undefined) return '';
  if (error.offset >= text.length) return ': it ends too early';
  const before = text.slice(0, error.offset);
  const line = before.split('\n').length;
  const column = error.offset - before.lastIndexOf('\n');
  return `: ${error.reason} (line ${line}, column ${column})`;
}

/** The first place where a text stops being JSON (RFC 8259), and why. */
export interface JsonError {
  /** UTF-16 offset of the offending character; the text's length when it ends too early. */
  readonly offset: number;
  readonly reason: string;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/** The character at `at` as a message shows it: whole (a surrogate pair), a control character escaped. */
function shown(text: string, at: number): string {
  const c = String.fromCodePoint(text.codePointAt(at) ?? 0);
  return c < ' ' ? JSON.stringify(c).slice(1, -1) : c;
}

class Refusal {
  constructor(readonly error: JsonError) {}
}

/**
 * Scans `text` as one JSON value and returns where and why it is not JSON, or nothing when it
 * is. A loop over the open objects and arrays, not recursion: a deeply nested body cannot
 * overflow the stack.
 */
export function locateJsonError(text: string): JsonError | undefined {
  let at = 0;
  const fail = (reason: string, offset = at): never => {
    throw new Refusal({ offset, reason });
  };
  const skip = () => {
    while (WHITESPACE.has(text[at] ?? '')) at++;
  };
  const unexpected = (): never =>
    at >= text.length ? fail('it ends too early') : fail(`unexpected character '${shown(text, at)}'`);
  const literal = (word: string) => {
    for (const c of word) {
      if (text[at] !== c) unexpected();
      at++;
    }
  };
  const string = () => {
    at++; // the opening quote
    for (;;) {
      const c = text[at];
      if (c === undefined) fail('unterminated string');
      if (c === '"') break;
      if (c !== undefined && c < ' ') fail('bad control character in string');
      if (c === '\\') {
        const e = text[at + 1];
        if (e === 'u') {
          for (let i = 2; i < 6; i++) if (!isHex(text[at + i])) fail('bad unicode escape', at + i);
          at += 6;
          continue;
        }
        if (!ESCAPES.has(e ?? '')) fail('bad escaped character', at + 1);
        at += 2;
        continue;
      }
      at++;
    }
    at++;
  };
  const number = () => {
    if (text[at] === '-') at++;
    if (text[at] === '0') at++;
    else if (isDigit(text[at])) while (isDigit(text[at])) at++;
    else fail('no number after minus sign');
    if (text[at] === '.') {
      at++;
      if (!isDigit(text[at])) fail('unterminated fractional number');
      while (isDigit(text[at])) at++;
    }
    if (text[at] === 'e' || text[at] === 'E') {
      at++;
      if (text[at] === '+' || text[at] === '-') at++;
      if (!isDigit(text[at])) fail('exponent part is missing a number');
      while (isDigit(text[at])) at++;
    }
  };
  const scalar = () => {
    const c = text[at];
    if (c === '"') string();
    else if (c === '-' || isDigit(c)) number();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else unexpected();
  };
  const key = () => {
    skip();
    if (text[at] !== '"') fail(at >= text.length ? 'it ends too early' : 'expected double-quoted property name');
    string();
    skip();
    if (text[at] !== ':') fail(at >= text.length ? 'it ends too early' : "expected ':' after property name");
    at++;
  };
  /** The objects and arrays open around the scanner, innermost last. */
  const open: ('object' | 'array')[] = [];
  let next: 'value' | 'key' | 'after' = 'value';
  try {
    for (;;) {
      if (next === 'key') {
        key();
        next = 'value';
        continue;
      }
      skip();
      if (next === 'value') {
        const c = text[at];
        if (c === '{' || c === '[') {
          at++;
          skip();
          if (text[at] === (c === '{' ? '}' : ']')) at++;
          else {
            open.push(c === '{' ? 'object' : 'array');
            next = c === '{' ? 'key' : 'value';
            continue;
          }
        } else scalar();
        next = 'after';
        continue;
      }
      // After a value: close or continue the innermost open object or array.
      const inner = open.at(-1);
      if (inner === undefined) break;
      if (text[at] === (inner === 'object' ? '}' : ']')) {
        at++;
        open.pop();
      } else if (text[at] === ',') {
        at++;
        next = inner === 'object' ? 'key' : 'value';
      } else if (at >= text.length) fail('it ends too early');
      else
        fail(
          inner === 'object' ? "expected ',' or '}' after property value" : "expected ',' or ']' after array element",
        );
    }
    if (at < text.length) fail('unexpected non-whitespace character after JSON');
    return undefined;
  } catch (error) {
    if (error instanceof Refusal) return error.error;
    throw error;
  }
}
