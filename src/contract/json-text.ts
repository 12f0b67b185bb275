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
  try {
    new JsonScanner(text).value();
    return undefined;
  } catch (error) {
    if (error instanceof Refusal) return error.error;
    throw error;
  }
}

/**
 * The scanner: a cursor over the text, a reader per token (string, number, literal, key) and
 * the state machine over the open objects and arrays. Every reader throws a `Refusal` at the
 * first character that is not JSON; the cursor is where it stopped.
 */
class JsonScanner {
  private at = 0;

  constructor(private readonly text: string) {}

  /** The whole text as one JSON value with only whitespace after it. */
  value(): void {
    const { text } = this;
    /** The objects and arrays open around the scanner, innermost last. */
    const open: ('object' | 'array')[] = [];
    let next: 'value' | 'key' | 'after' = 'value';
    for (;;) {
      if (next === 'key') {
        this.key();
        next = 'value';
        continue;
      }
      this.skip();
      if (next === 'value') {
        const c = text[this.at];
        if (c === '{' || c === '[') {
          this.at++;
          this.skip();
          if (text[this.at] === (c === '{' ? '}' : ']')) this.at++;
          else {
            open.push(c === '{' ? 'object' : 'array');
            next = c === '{' ? 'key' : 'value';
            continue;
          }
        } else this.scalar();
        next = 'after';
        continue;
      }
      // After a value: close or continue the innermost open object or array.
      const inner = open.at(-1);
      if (inner === undefined) break;
      if (text[this.at] === (inner === 'object' ? '}' : ']')) {
        this.at++;
        open.pop();
      } else if (text[this.at] === ',') {
        this.at++;
        next = inner === 'object' ? 'key' : 'value';
      } else if (this.at >= text.length) this.fail('it ends too early');
      else
        this.fail(
          inner === 'object' ? "expected ',' or '}' after property value" : "expected ',' or ']' after array element",
        );
    }
    if (this.at < text.length) this.fail('unexpected non-whitespace character after JSON');
  }

  private fail(reason: string, offset = this.at): never {
    throw new Refusal({ offset, reason });
  }

  private skip(): void {
    while (WHITESPACE.has(this.text[this.at] ?? '')) this.at++;
  }

  private unexpected(): never {
    return this.at >= this.text.length
      ? this.fail('it ends too early')
      : this.fail(`unexpected character '${shown(this.text, this.at)}'`);
  }

  private literal(word: string): void {
    for (const c of word) {
      if (this.text[this.at] !== c) this.unexpected();
      this.at++;
    }
  }

  private string(): void {
    const { text } = this;
    this.at++; // the opening quote
    for (;;) {
      const c = text[this.at];
      if (c === undefined) this.fail('unterminated string');
      if (c === '"') break;
      if (c !== undefined && c < ' ') this.fail('bad control character in string');
      if (c === '\\') {
        const e = text[this.at + 1];
        if (e === 'u') {
          for (let i = 2; i < 6; i++) if (!isHex(text[this.at + i])) this.fail('bad unicode escape', this.at + i);
          this.at += 6;
          continue;
        }
        if (!ESCAPES.has(e ?? '')) this.fail('bad escaped character', this.at + 1);
        this.at += 2;
        continue;
      }
      this.at++;
    }
    this.at++;
  }

  private number(): void {
    const { text } = this;
    if (text[this.at] === '-') this.at++;
    if (text[this.at] === '0') this.at++;
    else if (isDigit(text[this.at])) while (isDigit(text[this.at])) this.at++;
    else this.fail('no number after minus sign');
    if (text[this.at] === '.') {
      this.at++;
      if (!isDigit(text[this.at])) this.fail('unterminated fractional number');
      while (isDigit(text[this.at])) this.at++;
    }
    if (text[this.at] === 'e' || text[this.at] === 'E') {
      this.at++;
      if (text[this.at] === '+' || text[this.at] === '-') this.at++;
      if (!isDigit(text[this.at])) this.fail('exponent part is missing a number');
      while (isDigit(text[this.at])) this.at++;
    }
  }

  private scalar(): void {
    const c = this.text[this.at];
    if (c === '"') this.string();
    else if (c === '-' || isDigit(c)) this.number();
    else if (c === 't') this.literal('true');
    else if (c === 'f') this.literal('false');
    else if (c === 'n') this.literal('null');
    else this.unexpected();
  }

  /** A property name and its colon, after `{` or `,` in an object. */
  private key(): void {
    const { text } = this;
    this.skip();
    if (text[this.at] !== '"')
      this.fail(this.at >= text.length ? 'it ends too early' : 'expected double-quoted property name');
    this.string();
    this.skip();
    if (text[this.at] !== ':')
      this.fail(this.at >= text.length ? 'it ends too early' : "expected ':' after property name");
    this.at++;
  }
}
