/**
 * Fuzzing the HTTP contract through the app's `fetch` handler: generated request bodies,
 * headers and query strings for both operations, and the properties every answer must have.
 * Shared by the CI test (test/reliability/fuzz.test.ts, a few thousand cases) and
 * `npm run fuzz` (scripts/fuzz.ts, 100,000 per operation).
 *
 * Cases, by kind:
 * - `valid`: a household within every bound of the contract (the arbitraries of
 *   test/calculations), sometimes with harmless query parameters: must be a 200.
 * - `mutated`: a valid body with one to three corruptions at random places (a field removed,
 *   replaced by a value of another type, a huge, negative, fractional or raw-text number, a
 *   numeric string, a long string or array, deep nesting; an extra field, `__proto__`,
 *   `constructor` and `prototype` among them): 200 or 400.
 * - `bytes`: the text of a valid body broken as bytes: truncated (400), invalid UTF-8 spliced
 *   in (400 `invalid_encoding`), a random byte spliced in (200 or 400), a byte-order mark
 *   (200 or 400), duplicate keys (the later one counts, as in `JSON.parse`).
 * - `garbage`: random text, random bytes, random JSON that is not a household, empty bodies: 400.
 * - `http`: a valid body with a wrong or odd content type, a missing, unknown or conflicting
 *   key, odd query parameters, a wrong method or path, or a body over 64 KiB: the documented
 *   status for each.
 *
 * Properties of every answer: never a 5xx; a 4xx is `application/problem+json` whose `type`,
 * `title`, `status` and shape are the documented ones for its status and which never repeats a
 * value from the body; a 200 satisfies the result schema and the invariants of its calculation.
 */
import fc from 'fast-check';
import { repaymentBody, retirementBody } from '../../test/support/request-bodies.js';
import { loadRuleSetFolder } from '../../src/node/load-folder.js';
import { RuleSetCatalog } from '../../src/rules/choose.js';
import { RepaymentCapacityResult, RetirementExpenditureResult } from '../../src/index.js';
import { KEY_HEADER, MAX_BODY_BYTES, PATHS, RULE_SET_HEADER } from '../../src/http/constants.js';
import {
  DIFFERENT_KEYS_DETAIL,
  InternalErrorProblem,
  Problem,
  PROBLEM_TYPES,
  UNAUTHORIZED_DETAIL,
  ValidationProblem,
} from '../../src/http/problem.js';

export type Operation = 'repayment' | 'retirement';
export const OPERATIONS: readonly Operation[] = ['repayment', 'retirement'];

/** Anything with a web-standard fetch handler: the app of `createApp`. */
export interface FetchHandler {
  fetch(request: Request): Response | Promise<Response>;
}

export interface FuzzCase {
  readonly kind: 'valid' | 'mutated' | 'bytes' | 'garbage' | 'http';
  /** What was done, for the report of a failure. */
  readonly label: string;
  readonly method: string;
  /** Path and query string. */
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Uint8Array | undefined;
  /** The statuses the contract allows for this case. */
  readonly expect: readonly number[];
  /** For a 400: the issue code expected among `errors`, when one is certain. */
  readonly expectCode?: string;
}

/** Values planted in bodies that a problem must never repeat (problems hold no text from the body). */
export const MARKER = 'Zq7Vx9-echo-marker';

// ------------------------------------------------------------------ valid households

export { repaymentBody, retirementBody } from '../../test/support/request-bodies.js';

const validBody = (op: Operation): fc.Arbitrary<Record<string, unknown>> =>
  (op === 'repayment' ? repaymentBody : retirementBody) as fc.Arbitrary<Record<string, unknown>>;

// ------------------------------------------------------------------ corruptions

/** Raw number texts JSON.stringify cannot write; planted as placeholders, then spliced in. */
const RAW_NUMBERS = [
  '1e400',
  '-1e400',
  '1.0',
  '1E2',
  '-0',
  '0.0000001',
  '100000000000000000000000',
  '1000000.5',
  '125.0000000000000001',
  '9007199254740993',
];
const RAW = (i: number) => `\u0001raw${i}\u0001`;

/** A value of any type, mostly ones a field does not want. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: -3, max: 30 }),
  fc.constantFrom(
    1e308,
    -1e308,
    1e21,
    2 ** 53 + 2,
    -1,
    -0.5,
    0.5,
    1_000_000,
    1_000_001,
    125,
    126,
    20,
    21,
    10,
    11,
    2,
    3,
    4,
    -2147483648,
    4294967296,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 0, max: RAW_NUMBERS.length - 1 }).map(RAW),
  fc.integer({ min: -100, max: 2_000_000 }).map(String),
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e3',
    '0x10',
    ' 12 ',
    '١٢',
    'null',
    'true',
    'Huurwoning ',
    'Koopwoning\u0000',
    'Man',
    '3',
    '-1',
  ),
  fc.string({ maxLength: 20 }).map((s) => `${MARKER}${s}`),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)), { maxLength: 5 }),
  fc.object({ maxDepth: 2, maxKeys: 4 }),
  fc.constant({}),
  fc.constant([]),
);

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
  'Leeftijd',
  'Geslacht',
  'Woning',
  'length',
  '0',
  '',
];

interface Mutation {
  readonly at: number;
  readonly action: 'delete' | 'replace' | 'extra' | 'nest' | 'long-string' | 'long-array';
  readonly key: string;
  readonly value: unknown;
  readonly size: number;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  action: fc.constantFrom<Mutation['action']>(
    'delete',
    'replace',
    'replace',
    'replace',
    'extra',
    'nest',
    'long-string',
    'long-array',
  ),
  key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })),
  value: junk,
  size: fc.integer({ min: 1, max: 20_000 }),
});

type Node =
  | { parent: Record<string, unknown> | unknown[]; key: string | number }
  | { parent: undefined; key: undefined };

/** Every place in a JSON value: the root and each member and element. */
function places(root: unknown): { node: Node; value: unknown }[] {
  const out: { node: Node; value: unknown }[] = [{ node: { parent: undefined, key: undefined }, value: root }];
  // Iterative and shallow: a planted nesting is text (see toJsonText), never a deep tree.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value))
      value.forEach((v, i) => {
        out.push({ node: { parent: value, key: i }, value: v });
        stack.push(v);
      });
    else if (typeof value === 'object' && value !== null) {
      for (const k of Object.keys(value)) {
        const v = (value as Record<string, unknown>)[k];
        out.push({ node: { parent: value as Record<string, unknown>, key: k }, value: v });
        stack.push(v);
      }
    }
  }
  return out;
}

/** Sets an own, enumerable member (also for `__proto__`, which plain assignment would not). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Deep nesting, planted as a placeholder and written as text (JSON.stringify would recurse). */
const NEST = (depth: number, asArray: boolean) => `\u0001nest${asArray ? 'a' : 'o'}${depth}\u0001`;

/** Applies one mutation; returns the new root (a mutation at the root replaces it). */
function apply(root: unknown, m: Mutation): { root: unknown; label: string } {
  const all = places(root);
  const { node, value } = all[m.at % all.length] as { node: Node; value: unknown };
  const where = node.key === undefined ? '(body)' : String(node.key);
  let replacement: unknown;
  switch (m.action) {
    case 'delete':
      if (node.parent === undefined) return { root: {}, label: 'delete body' };
      if (Array.isArray(node.parent)) node.parent.splice(node.key as number, 1);
      else delete node.parent[node.key as string];
      return { root, label: `delete ${where}` };
    case 'extra':
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        setOwn(value as Record<string, unknown>, m.key, m.value);
        return { root, label: `extra ${JSON.stringify(m.key)} in ${where}` };
      }
      replacement = m.value;
      break;
    case 'replace':
      replacement = m.value;
      break;
    case 'nest':
      // Deep enough to matter, small enough to stay within 64 KiB as text.
      replacement = m.size % 2 === 0 ? NEST(Math.min(m.size, 12_000), true) : NEST(Math.min(m.size, 6_000), false);
      break;
    case 'long-string':
      replacement = `${MARKER}${'x'.repeat(Math.min(m.size * 3, 60_000))}`;
      break;
    case 'long-array':
      replacement = Array.from({ length: Math.min(m.size, 15_000) }, (_, i) =>
        i % 3 === 0 ? (m.size % 2 === 0 ? 'Man' : null) : i,
      );
      break;
  }
  if (node.parent === undefined) return { root: replacement, label: `${m.action} body` };
  if (Array.isArray(node.parent)) node.parent[node.key as number] = replacement;
  else setOwn(node.parent, node.key as string, replacement);
  return { root, label: `${m.action} ${where}` };
}

/** JSON text with the raw-number placeholders replaced by their number texts. */
function toJsonText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/"\\u0001raw(\d+)\\u0001"/g, (_, i: string) => RAW_NUMBERS[Number(i)] ?? '0')
    .replace(/"\\u0001nest([ao])(\d+)\\u0001"/g, (_, kind: string, depth: string) => {
      const d = Number(depth);
      return kind === 'a' ? `${'['.repeat(d)}1${']'.repeat(d)}` : `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`;
    });
}

const encoder = new TextEncoder();
const INVALID_UTF8: readonly (readonly number[])[] = [
  [0xff],
  [0xfe],
  [0xc3],
  [0xc0, 0xaf],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0x80],
  [0xf4, 0x90, 0x80, 0x80],
];

function splice(bytes: Uint8Array, at: number, insert: readonly number[]): Uint8Array {
  const out = new Uint8Array(bytes.length + insert.length);
  out.set(bytes.subarray(0, at), 0);
  out.set(insert, at);
  out.set(bytes.subarray(at), at + insert.length);
  return out;
}

// ------------------------------------------------------------------ cases

const path = (op: Operation): string => (op === 'repayment' ? PATHS.repayment : PATHS.retirement);
const jsonHeaders = (key: string): Record<string, string> => ({
  'content-type': 'application/json',
  [KEY_HEADER]: key,
});

/** Query strings that change nothing a valid body is judged by. */
const harmlessQuery = fc.constantFrom(
  '',
  '',
  '',
  '?uitleg=true',
  '?uitleg=false',
  '?uitleg',
  '?UITLEG=1',
  '?entities=true',
  '?entities=%00x',
  '?rekenregels=nl-2025',
  '?rekenregels=nl-2026',
  '?peildatum=2025-06-30',
  '?peildatum=2026-01-01',
);

/** What every kind of case is made from: the operation's path, the key, and its valid bodies. */
interface CaseContext {
  readonly target: string;
  readonly key: string;
  readonly valid: fc.Arbitrary<Record<string, unknown>>;
}

/** A valid body, with a query that changes nothing. */
function validCases({ target, key, valid }: CaseContext): fc.Arbitrary<FuzzCase> {
  return fc.tuple(valid, harmlessQuery).map(
    ([b, q]): FuzzCase => ({
      kind: 'valid',
      label: `valid${q}`,
      method: 'POST',
      target: `${target}${q}`,
      headers: jsonHeaders(key),
      body: JSON.stringify(b),
      expect: [200],
    }),
  );
}

/** A valid body with one to three corruptions of its JSON value. */
function mutatedCases({ target, key, valid }: CaseContext): fc.Arbitrary<FuzzCase> {
  return fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([b, ms]): FuzzCase => {
    // Fresh copies: fast-check hands the same values to shrinking, and a mutation must not change them.
    let root: unknown = structuredClone(b);
    const labels: string[] = [];
    for (const m of ms) {
      const r = apply(root, { ...m, value: structuredClone(m.value) });
      root = r.root;
      labels.push(r.label);
      // A large corruption is the last one: another inside it would only make the text huge.
      if (m.action === 'nest' || m.action === 'long-string' || m.action === 'long-array') break;
    }
    const text = toJsonText(root);
    // A long string or array can push a body past the limit: then 413 is the answer.
    const expect = Buffer.byteLength(text) > MAX_BODY_BYTES ? [413] : [200, 400];
    return {
      kind: 'mutated',
      label: labels.join('; '),
      method: 'POST',
      target,
      headers: jsonHeaders(key),
      body: text,
      expect,
    };
  });
}

/** A valid body with its bytes corrupted: cut short, invalid UTF-8, a stray byte, a BOM, a duplicate key. */
function bytesCases({ target, key, valid }: CaseContext): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      fc.nat(),
      fc.constantFrom('truncate', 'utf8', 'byte', 'bom', 'dup-first', 'dup-last'),
      junk,
      fc.constantFrom(...EXTRA_KEYS, 'NettoBesteedbaarInkomenPerMaand', 'Woning'),
    )
    .map(([b, pos, which, how, value, dupKey]): FuzzCase => {
      const text = JSON.stringify(b);
      const bytes = encoder.encode(text);
      const base = { kind: 'bytes' as const, method: 'POST', target, headers: jsonHeaders(key) };
      switch (how) {
        case 'truncate': {
          const at = pos % bytes.length; // a strict prefix of an object's text is never JSON
          return {
            ...base,
            label: `truncated at ${at}`,
            body: bytes.slice(0, at),
            expect: [400],
            expectCode: at === 0 ? 'required' : 'invalid_json',
          };
        }
        case 'utf8': {
          const seq = INVALID_UTF8[which % INVALID_UTF8.length] as readonly number[];
          return {
            ...base,
            label: `invalid UTF-8 ${seq.map((x) => x.toString(16)).join(' ')} at ${pos % (bytes.length + 1)}`,
            body: splice(bytes, pos % (bytes.length + 1), seq),
            expect: [400],
            expectCode: 'invalid_encoding',
          };
        }
        case 'byte': {
          const at = pos % (bytes.length + 1);
          return {
            ...base,
            label: `byte ${which % 128} at ${at}`,
            body: splice(bytes, at, [which % 128]),
            expect: [200, 400],
          };
        }
        case 'bom':
          return { ...base, label: 'byte-order mark', body: splice(bytes, 0, [0xef, 0xbb, 0xbf]), expect: [200, 400] };
        case 'dup-first': {
          if (Buffer.byteLength(toJsonText(value)) + bytes.length > MAX_BODY_BYTES - 100)
            return { ...base, label: 'duplicate key, junk too large', body: text, expect: [200] };
          // The junk comes first, the valid member later: JSON.parse keeps the later, so 200 when the key is a real field.
          const member = `${JSON.stringify(dupKey)}:${toJsonText(value)}`;
          const real = Object.hasOwn(b, dupKey);
          return {
            ...base,
            label: `duplicate ${dupKey}, junk first`,
            body: `{${member},${text.slice(1)}`,
            expect: real ? [200] : [200, 400],
          };
        }
        default: {
          // 'dup-last'
          if (Buffer.byteLength(toJsonText(value)) + bytes.length > MAX_BODY_BYTES - 100)
            return { ...base, label: 'duplicate key, junk too large', body: text, expect: [200] };
          const member = `${JSON.stringify(dupKey)}:${toJsonText(value)}`;
          return {
            ...base,
            label: `duplicate ${dupKey}, junk last`,
            body: `${text.slice(0, -1)},${member}}`,
            expect: [200, 400],
          };
        }
      }
    });
}

/** A body that is no request at all: random text, bytes or JSON, and odd literals. */
function garbageCases({ target, key }: CaseContext): fc.Arbitrary<FuzzCase> {
  return fc
    .oneof(
      fc.string({ maxLength: 200 }).map((s) => ({ label: 'random text', body: s as string | Uint8Array })),
      fc
        .string({ unit: 'binary', maxLength: 200 })
        .map((s) => ({ label: 'random unicode text', body: s as string | Uint8Array })),
      fc.uint8Array({ maxLength: 300 }).map((a) => ({ label: 'random bytes', body: a as string | Uint8Array })),
      fc.json({ maxDepth: 4 }).map((s) => ({ label: 'random JSON', body: s as string | Uint8Array })),
      fc
        .constantFrom(
          '',
          ' ',
          '\n\t ',
          'null',
          '[]',
          '{}',
          '""',
          '0',
          'true',
          '{"a":1}{"b":2}',
          '{"Woning":{}}',
          '[{}]',
          '\u0000',
          '{"__proto__":{"polluted":1}}',
          '{"constructor":{"prototype":{"polluted":1}}}',
        )
        .map((s) => ({ label: `literal ${JSON.stringify(s)}`, body: s as string | Uint8Array })),
    )
    .map(
      ({ label, body }): FuzzCase => ({
        kind: 'garbage',
        label,
        method: 'POST',
        target,
        headers: jsonHeaders(key),
        body,
        expect: [400],
      }),
    );
}

/** An HTTP case of the operation at `target`: a JSON POST that answers 200 unless `extra` says otherwise. */
const httpCaseAt =
  (target: string, key: string) =>
  (body: string, label: string, extra: Partial<FuzzCase> = {}): FuzzCase => ({
    kind: 'http',
    label,
    method: 'POST',
    target,
    headers: jsonHeaders(key),
    body,
    expect: [200],
    ...extra,
  });

/** A valid body sent wrongly: content type, method, path, query, size. */
function httpCases({ target, key, valid }: CaseContext): fc.Arbitrary<FuzzCase> {
  const ok = httpCaseAt(target, key);
  return fc.tuple(valid, fc.nat(), fc.string({ maxLength: 20 })).chain(([b, n, s]) => {
    const text = JSON.stringify(b);
    const enc = encodeURIComponent;
    const variants: FuzzCase[] = [
      ok(text, 'no content type', { headers: { [KEY_HEADER]: key }, expect: [415] }),
      ok(text, 'text/plain', { headers: { ...jsonHeaders(key), 'content-type': 'text/plain' }, expect: [415] }),
      ok(text, 'form', {
        headers: { ...jsonHeaders(key), 'content-type': 'application/x-www-form-urlencoded' },
        expect: [415],
      }),
      ok(text, 'latin1', {
        headers: { ...jsonHeaders(key), 'content-type': 'application/json; charset=iso-8859-1' },
        expect: [415],
      }),
      ok(text, 'application/jsonx', {
        headers: { ...jsonHeaders(key), 'content-type': 'application/jsonx' },
        expect: [415],
      }),
      ok(text, 'random content type', {
        headers: { ...jsonHeaders(key), 'content-type': `x/${s.replace(/[^\x21-\x7e]/g, '')}` },
        expect: [415],
      }),
      ok(text, 'upper-case JSON type', {
        headers: { ...jsonHeaders(key), 'content-type': 'APPLICATION/JSON; CHARSET="UTF-8"' },
      }),
      ok(text, 'json; charset=utf8; odd parameter', {
        headers: { ...jsonHeaders(key), 'content-type': 'application/json;charset=utf8;q=x;novalue' },
      }),
      ok(text, 'no key', { headers: { 'content-type': 'application/json' }, expect: [401] }),
      ok(text, 'unknown key', { headers: jsonHeaders(`${key}x`), expect: [401] }),
      ok(text, 'random key', { headers: jsonHeaders(`${key}~${s.replace(/[^\x21-\x7e]/g, '')}`), expect: [401] }),
      ok(text, 'empty key', { headers: jsonHeaders(''), expect: [401] }),
      ok(text, 'no key, bad type too', { headers: { 'content-type': 'text/plain' }, expect: [401] }),
      ok(text, 'key in query', {
        headers: { 'content-type': 'application/json' },
        target: `${target}?key=${enc(key)}`,
      }),
      ok(text, 'same key twice', { target: `${target}?key=${enc(key)}` }),
      ok(text, 'different keys', { target: `${target}?key=${enc(`${key}-other`)}`, expect: [401] }),
      ok(text, 'empty header, key in query', { headers: { ...jsonHeaders('') }, target: `${target}?key=${enc(key)}` }),
      ok(text, 'uitleg=maybe', {
        target: `${target}?uitleg=${enc(s)}`,
        expect: ['', 'true', 'false', '1', '0'].includes(s.toLowerCase()) ? [200] : [400],
      }),
      ok(text, 'unknown rekenregels', { target: `${target}?rekenregels=${enc(`x${s}`)}`, expect: [400] }),
      ok(text, 'random peildatum', { target: `${target}?peildatum=${enc(s)}`, expect: [200, 400] }),
      ok(text, 'impossible peildatum', {
        target: `${target}?peildatum=2026-${String(13 + (n % 87)).padStart(2, '0')}-${String(n % 100).padStart(2, '0')}`,
        expect: [400],
      }),
      ok(text, 'peildatum out of range', {
        target: `${target}?peildatum=${String(1000 + (n % 9000)).padStart(4, '0')}-02-28`,
        expect: [200, 400],
      }),
      ok(text, 'both rekenregels and peildatum', {
        target: `${target}?rekenregels=nl-2026&peildatum=2026-01-01`,
        expect: [400],
      }),
      ok(text, 'repeated parameters', {
        target: `${target}?uitleg=true&uitleg=false&rekenregels=nl-2026&rekenregels=nl-2025&entities&entities=1`,
      }),
      ok(text, 'GET', { method: 'GET', body: undefined, expect: [405] }),
      ok(text, 'PUT', { method: 'PUT', expect: [405] }),
      ok(text, 'lower-case path', { target: target.toLowerCase(), expect: [404] }),
      ok(text, 'trailing slash', { target: `${target}/`, expect: [404] }),
      ok(`{"pad":"${'x'.repeat(MAX_BODY_BYTES)}",${text.slice(1)}`, 'over 64 KiB', { expect: [413] }),
      ok(`${text}${' '.repeat(MAX_BODY_BYTES - Buffer.byteLength(text))}`, 'exactly 64 KiB'),
    ];
    return fc.constant({ ...(variants[n % variants.length] as FuzzCase), kind: 'http' as const });
  });
}

export function caseArbitrary(op: Operation, key: string): fc.Arbitrary<FuzzCase> {
  const context: CaseContext = { target: path(op), key, valid: validBody(op) };
  return fc.oneof(
    { weight: 3, arbitrary: validCases(context) },
    { weight: 5, arbitrary: mutatedCases(context) },
    { weight: 3, arbitrary: bytesCases(context) },
    { weight: 1, arbitrary: garbageCases(context) },
    { weight: 2, arbitrary: httpCases(context) },
  );
}

// ------------------------------------------------------------------ properties

export interface FuzzStats {
  cases: number;
  statuses: Record<string, number>;
  kinds: Record<string, number>;
  /** Individual assertions made on answers. */
  checks: number;
  /** 200s whose result was checked against the schema and the invariants. */
  results: number;
  /** 4xx whose problem body was checked. */
  problems: number;
}

export const newStats = (): FuzzStats => ({ cases: 0, statuses: {}, kinds: {}, checks: 0, results: 0, problems: 0 });

const TYPE_OF_STATUS: Record<number, string> = {
  400: PROBLEM_TYPES.invalidRequest,
  401: PROBLEM_TYPES.unauthorized,
  404: PROBLEM_TYPES.notFound,
  405: PROBLEM_TYPES.methodNotAllowed,
  413: PROBLEM_TYPES.payloadTooLarge,
  415: PROBLEM_TYPES.unsupportedMediaType,
};
const TITLE_OF_STATUS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
};

export class FuzzFailure extends Error {
  override readonly name = 'FuzzFailure';
}

function requestOf(c: FuzzCase): Request {
  const init: RequestInit = { method: c.method, headers: c.headers };
  if (c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD')
    init.body = c.body as NonNullable<RequestInit['body']>;
  return new Request(`http://localhost${c.target}`, init);
}

/** Sends one case through the handler and checks every property of its answer; throws FuzzFailure. */
export async function runCase(app: FetchHandler, op: Operation, c: FuzzCase, stats: FuzzStats): Promise<void> {
  const response = await app.fetch(requestOf(c));
  const text = await response.text();
  const status = response.status;
  stats.cases += 1;
  stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
  stats.kinds[c.kind] = (stats.kinds[c.kind] ?? 0) + 1;
  let checks = 0;
  const check = (condition: boolean, what: () => string): void => {
    checks += 1;
    if (!condition)
      throw new FuzzFailure(`${op} [${c.kind}: ${c.label}] ${what()}\nstatus ${status}, answer: ${text.slice(0, 600)}`);
  };
  check(status < 500, () => 'a 5xx');
  check(c.expect.includes(status), () => `status ${status}, expected one of ${c.expect.join(', ')}`);
  if (status === 200) {
    check(
      response.headers.get('content-type') === 'application/json',
      () => `content type ${response.headers.get('content-type')}`,
    );
    const result: unknown = JSON.parse(text);
    const sent = sentBody(c.body);
    checks += op === 'repayment' ? checkRepayment(result, sent, check) : checkRetirement(result, check);
    check(
      response.headers.get(RULE_SET_HEADER) === (result as { Rekenregels: { Id: string } }).Rekenregels.Id,
      () => 'X-Rekenregels differs from Rekenregels.Id',
    );
    stats.results += 1;
  } else {
    check(
      response.headers.get('content-type') === 'application/problem+json',
      () => `content type ${response.headers.get('content-type')}`,
    );
    const problem = JSON.parse(text) as Record<string, unknown>;
    const schema = status === 400 ? ValidationProblem : status === 500 ? InternalErrorProblem : Problem;
    const parsed = schema.safeParse(problem);
    check(parsed.success, () => `problem does not have the documented shape: ${parsed.error?.message ?? ''}`);
    check(problem['status'] === status, () => `problem status ${String(problem['status'])}`);
    check(problem['type'] === TYPE_OF_STATUS[status], () => `problem type ${String(problem['type'])}`);
    check(problem['title'] === TITLE_OF_STATUS[status], () => `problem title ${String(problem['title'])}`);
    check(!text.includes(MARKER), () => 'the problem repeats text from the body');
    if (status === 401)
      check(
        problem['detail'] === (c.label === 'different keys' ? DIFFERENT_KEYS_DETAIL : UNAUTHORIZED_DETAIL),
        () => 'a 401 says more than its fixed text',
      );
    if (status === 405) check(response.headers.get('allow') === 'POST', () => `Allow ${response.headers.get('allow')}`);
    if (status === 413) check(response.headers.get('connection') === 'close', () => 'a 413 without Connection: close');
    if (status === 400 && c.expectCode !== undefined) {
      const codes = (problem['errors'] as { code: string }[]).map((e) => e.code);
      check(codes.includes(c.expectCode), () => `expected the issue code ${c.expectCode}, got ${codes.join(', ')}`);
    }
    stats.problems += 1;
  }
  stats.checks += checks;
}

/** The body as the service read it (JSON.parse: a later duplicate key wins), or undefined. */
function sentBody(body: string | Uint8Array | undefined): Record<string, unknown> | undefined {
  if (body === undefined) return undefined;
  try {
    const text = typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body);
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

type Check = (condition: boolean, what: () => string) => void;
const isWhole = (n: number) => Number.isInteger(n) && n >= 0;

/** The repayment invariants of test/calculations: 0 ≤ Afloscapaciteit ≤ income, the sums, the rounding. */
function checkRepayment(value: unknown, sent: Record<string, unknown> | undefined, check: Check): number {
  const parsed = RepaymentCapacityResult.safeParse(value);
  check(parsed.success, () => `not a repayment result: ${parsed.error?.message ?? ''}`);
  const r = parsed.data as RepaymentCapacityResult;
  const income = r.NettoBesteedbaarInkomenPerMaand;
  const sentIncome = sent?.['NettoBesteedbaarInkomenPerMaand'];
  if (typeof sentIncome === 'number')
    check(income === sentIncome, () => `income ${income} is not the ${sentIncome} sent`);
  check(isWhole(r.Afloscapaciteit), () => `Afloscapaciteit ${r.Afloscapaciteit} is not whole euros ≥ 0`);
  check(r.Afloscapaciteit <= income, () => `Afloscapaciteit ${r.Afloscapaciteit} > income ${income}`);
  check(isWhole(r.Tekort), () => `Tekort ${r.Tekort} is not whole euros ≥ 0`);
  check(r.Afloscapaciteit === 0 || r.Tekort === 0, () => 'both capacity and a shortfall');
  check(
    r.Posten.every((p) => isWhole(p.Bedrag)),
    () => 'a post is not whole euros ≥ 0',
  );
  check(
    r.TotaalLasten === r.Posten.reduce((s, p) => s + p.Bedrag, 0),
    () => 'TotaalLasten is not the sum of the posts',
  );
  // Capacity and shortfall come from the exact posts, TotaalLasten from the shown (rounded) ones.
  check(
    Math.abs(r.Afloscapaciteit - r.Tekort - (income - r.TotaalLasten)) <= r.Posten.length / 2 + 1,
    () => 'Afloscapaciteit − Tekort is not income − TotaalLasten',
  );
  check(
    r.Afloscapaciteit <= r.MaximaleAfloscapaciteit && r.MaximaleAfloscapaciteit <= income,
    () => `not Afloscapaciteit ≤ MaximaleAfloscapaciteit ≤ income`,
  );
  check(
    r.Posten.every((p) => p.Minimaal <= p.Bedrag),
    () => 'a post whose Minimaal is above its Bedrag',
  );
  return 12;
}

/** The retirement invariants: amounts ≥ 0 and whole, Basis ≤ Voorbeeld, groups and Totaal are sums. */
function checkRetirement(value: unknown, check: Check): number {
  const parsed = RetirementExpenditureResult.safeParse(value);
  check(parsed.success, () => `not a retirement result: ${parsed.error?.message ?? ''}`);
  const r = parsed.data as RetirementExpenditureResult;
  const sum = (items: readonly { Basis: number; Voorbeeld: number }[]) =>
    items.reduce((s, p) => ({ Basis: s.Basis + p.Basis, Voorbeeld: s.Voorbeeld + p.Voorbeeld }), {
      Basis: 0,
      Voorbeeld: 0,
    });
  check(r.Posten.length > 0 && r.Groepen.length > 0, () => 'no posts or no groups');
  for (const p of r.Posten) {
    check(isWhole(p.Basis) && isWhole(p.Voorbeeld), () => `${p.Code} not whole euros ≥ 0`);
    check(p.Basis <= p.Voorbeeld, () => `${p.Code}: Basis ${p.Basis} > Voorbeeld ${p.Voorbeeld}`);
    check(
      r.Groepen.some((g) => g.Code === p.Groep),
      () => `${p.Code} in unknown group ${p.Groep}`,
    );
  }
  for (const g of r.Groepen) {
    const s = sum(r.Posten.filter((p) => p.Groep === g.Code));
    check(s.Basis === g.Basis && s.Voorbeeld === g.Voorbeeld, () => `group ${g.Code} is not the sum of its posts`);
  }
  const all = sum(r.Posten);
  check(
    all.Basis === r.Totaal.Basis && all.Voorbeeld === r.Totaal.Voorbeeld,
    () => 'Totaal is not the sum of the posts',
  );
  check(r.Totaal.Basis <= r.Totaal.Voorbeeld, () => 'Totaal Basis > Voorbeeld');
  return 4 + r.Posten.length * 3 + r.Groepen.length;
}

/**
 * Runs `numRuns` generated cases for one operation (fast-check shrinks a failure to a small
 * counterexample and throws). `onProgress` is called every `every` cases.
 */
export async function fuzzOperation(
  app: FetchHandler,
  op: Operation,
  key: string,
  options: {
    numRuns: number;
    seed?: number;
    stats?: FuzzStats;
    onProgress?: (stats: FuzzStats) => void;
    every?: number;
  },
): Promise<FuzzStats> {
  const stats = options.stats ?? newStats();
  const every = options.every ?? 10_000;
  await fc.assert(
    fc.asyncProperty(caseArbitrary(op, key), async (c) => {
      await runCase(app, op, c, stats);
      if (options.onProgress !== undefined && stats.cases % every === 0) options.onProgress(stats);
    }),
    { numRuns: options.numRuns, ...(options.seed !== undefined ? { seed: options.seed } : {}), endOnFailure: false },
  );
  return stats;
}

/**
 * The bundled rule sets loaded afresh from rules/: an app given this catalog keeps its
 * calculations' caches (compiled programs and remembered amounts, held per rule set) to
 * itself, so once the app is dropped they can be collected. The memory checks use it to tell
 * those bounded caches (each remembered-amount table holds at most 1,024 entries) from a leak.
 */
export function freshCatalog(): RuleSetCatalog {
  const rules = new URL('../../rules/', import.meta.url).pathname;
  return new RuleSetCatalog([loadRuleSetFolder(`${rules}nl-2025`), loadRuleSetFolder(`${rules}nl-2026`)]);
}

/** A full garbage collection, when one can be had (`--expose-gc`, or V8's flag set at run time). */
export async function collectGarbage(): Promise<boolean> {
  let gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) {
    try {
      const v8 = await import('node:v8');
      const vm = await import('node:vm');
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    } catch {
      return false;
    }
  }
  if (typeof gc !== 'function') return false;
  gc();
  gc();
  return true;
}

/** heapUsed after a full collection (or as it is, when none can be had). */
export async function settledHeap(): Promise<{ heapUsed: number; collected: boolean }> {
  const collected = await collectGarbage();
  await new Promise((r) => setImmediate(r));
  if (collected) await collectGarbage();
  return { heapUsed: process.memoryUsage().heapUsed, collected };
}

export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
