/**
 * Why a body is not JSON, said the same in every runtime: the scanner agrees with JSON.parse on
 * what is JSON, finds the place V8 names, and the message never holds the body's text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateJsonError, parseJsonText } from '../../src/contract/json-text.js';
import { runs } from '../support/runs.js';

/** A valid JSON text, compact or spaced, with one character deleted, replaced or inserted. */
const mutatedJson = fc
  .tuple(
    fc.jsonValue({ maxDepth: 4 }),
    fc.boolean(),
    fc.nat(),
    fc.constantFrom('delete', 'replace', 'insert'),
    fc.constantFrom(...'{}[]:,"\\ 0123456789-+.eEtfnulrsa\n\u0001x'.split('')),
  )
  .map(([value, spaced, where, how, c]) => {
    const text = JSON.stringify(value, null, spaced ? 2 : undefined) ?? 'null';
    const i = where % (text.length + 1);
    if (how === 'delete') return text.slice(0, i) + text.slice(i + 1);
    if (how === 'replace') return text.slice(0, i) + c + text.slice(i + 1);
    return text.slice(0, i) + c + text.slice(i);
  });

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('locateJsonError', () => {
  it('finds nothing in every JSON text, compact or spaced', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, spaced) => {
        expect(locateJsonError(JSON.stringify(value, null, spaced ? 2 : undefined) ?? 'null')).toBeUndefined();
      }),
      { numRuns: runs(3000) },
    );
  });

  it('agrees with JSON.parse on what is JSON, over texts one character off valid JSON', () => {
    fc.assert(
      fc.property(mutatedJson, (text) => {
        expect(locateJsonError(text) === undefined).toBe(parses(text));
      }),
      { numRuns: runs(10_000) },
    );
  });

  it('names the place V8 names, wherever V8 names one', () => {
    fc.assert(
      fc.property(mutatedJson, (text) => {
        let v8: number | undefined;
        try {
          JSON.parse(text);
        } catch (error) {
          const at = /at position (\d+)/.exec((error as Error).message);
          if (at !== null) v8 = Number(at[1]);
        }
        fc.pre(v8 !== undefined);
        expect(locateJsonError(text)?.offset).toBe(v8);
      }),
      { numRuns: runs(10_000) },
    );
  });

  it('is a loop, not recursion: 200,000 open arrays end too early without overflowing the stack', () => {
    const text = '['.repeat(200_000);
    expect(locateJsonError(text)).toEqual({ offset: text.length, reason: 'it ends too early' });
  });
});

describe('parseJsonText', () => {
  it.each([
    ['{"LeeftijdHoofdpersoon": 45,}', 'expected double-quoted property name (line 1, column 29)'],
    ['{"a": 1 "b": 2}', "expected ',' or '}' after property value (line 1, column 9)"],
    ['{"a" 1}', "expected ':' after property name (line 1, column 6)"],
    ['[1 2]', "expected ',' or ']' after array element (line 1, column 4)"],
    ['{\n  "a": tru\n}', "unexpected character '\\n' (line 2, column 11)"],
    ['{"a": 01}', "expected ',' or '}' after property value (line 1, column 8)"],
    ['{"a": "x\\q"}', 'bad escaped character (line 1, column 10)'],
    ['{"a": -}', 'no number after minus sign (line 1, column 8)'],
    ['{"a": 1} x', 'unexpected non-whitespace character after JSON (line 1, column 10)'],
    ['not JSON', "unexpected character 'o' (line 1, column 2)"],
    ['{"LeeftijdHoofdpersoon": 4', 'it ends too early'],
  ])('%j: %s', (text, why) => {
    expect(parseJsonText(text)).toEqual({
      kind: 'invalid',
      issue: { path: '', code: 'invalid_json', message: `the body is not valid JSON: ${why}` },
    });
  });

  it('an empty body is required, and a JSON value is returned as parsed', () => {
    expect(parseJsonText(' \n')).toMatchObject({ kind: 'invalid', issue: { code: 'required' } });
    expect(parseJsonText('{"a":[1,{"b":null}]}')).toEqual({ kind: 'json', value: { a: [1, { b: null }] } });
  });

  it('never echoes the text of the body', () => {
    fc.assert(
      fc.property(mutatedJson, fc.stringMatching(/^[A-Za-z]{12}$/), (text, secret) => {
        const parsed = parseJsonText(`{"${secret}": ${text}`);
        if (parsed.kind === 'invalid') expect(parsed.issue.message).not.toContain(secret);
      }),
      { numRuns: runs(2000) },
    );
  });
});
