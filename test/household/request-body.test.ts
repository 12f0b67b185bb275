/** What both parsers share: the body's own shape, unknown fields, hostile keys and deep input. */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/contract/errors.js';
import type { ParsedRequest } from '../../src/household/household.js';
import { parseRepaymentRequest } from '../../src/household/parse-repayment.js';
import { parseRetirementRequest } from '../../src/household/parse-retirement.js';
import { fullRepaymentBody, fullRetirementBody, issuesOf, onlyIssueOf, type JsonObject } from './support.js';

const PARSERS: readonly (readonly [string, (body: unknown) => ParsedRequest, () => JsonObject])[] = [
  ['parseRepaymentRequest', parseRepaymentRequest, fullRepaymentBody],
  ['parseRetirementRequest', parseRetirementRequest, fullRetirementBody],
];

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

describe.each(PARSERS)('%s', (_name, parse, validBody) => {
  describe('a body that is not an object', () => {
    it.each([
      ['an array', [], 'an array'],
      ['an array of a valid body', [validBody()], 'an array'],
      ['a string', '{"LeeftijdHoofdpersoon": 1}', 'a string'],
      ['null', null, 'null'],
      ['a number', 42, '42'],
      ['a boolean', true, 'true'],
      ['undefined', undefined, 'nothing'],
    ])('%s is one invalid_body issue at the empty path', (_what, body, got) => {
      const issue = onlyIssueOf(() => parse(body));
      expect(issue).toEqual({
        path: '',
        code: 'invalid_body',
        message: `expected a JSON object as the request body, got ${got}`,
      });
    });
  });

  describe('unknown fields', () => {
    it('are ignored and listed with their paths as written', () => {
      const body = validBody();
      body['Extra'] = 1;
      (body['Woning'] as JsonObject)['Huurprijs'] = 700;
      (body['Woning'] as JsonObject)['huur prijs'] = 700;
      body['a.b'] = true;
      const plain = parse(validBody());
      const parsed = parse(body);
      expect(parsed.household).toStrictEqual(plain.household);
      expect(parsed.ignoredFields).toEqual([
        { path: 'Extra' },
        { path: '["a.b"]' },
        { path: 'Woning.Huurprijs' },
        { path: 'Woning["huur prijs"]' },
      ]);
    });

    it('do not hide errors: a body with unknown fields and an error still fails', () => {
      const body = { ...validBody(), Extra: 1, NettoBesteedbaarInkomenPerMaand: -5 };
      expect(onlyIssueOf(() => parse(body)).path).toBe('NettoBesteedbaarInkomenPerMaand');
    });

    it('may hold anything, however deep, without being read', () => {
      const body = { ...validBody(), Diep: nested(100_000) };
      expect(parse(body).ignoredFields).toEqual([{ path: 'Diep' }]);
    });
  });

  describe('keys that could pollute prototypes', () => {
    const objectPrototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

    it('pollute nothing and are reported as ignored', () => {
      const json = JSON.stringify(validBody()).replace(
        /^\{/,
        '{"__proto__":{"polluted":1,"x":1},"constructor":{"prototype":{"x":1}},"prototype":{"x":1},',
      );
      const body: unknown = JSON.parse(json);
      const parsed = parse(body);
      expect(({} as Record<string, unknown>)['x']).toBeUndefined();
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(objectPrototypeKeys);
      expect(Object.getPrototypeOf(parsed.household)).toBe(Object.prototype);
      expect(Object.getPrototypeOf(parsed.household.dwelling)).toBe(Object.prototype);
      expect(parsed.ignoredFields).toEqual([{ path: '__proto__' }, { path: 'constructor' }, { path: 'prototype' }]);
    });

    it('nested in a known object pollute nothing either', () => {
      const json = JSON.stringify(validBody()).replace('"Woning":{', '"Woning":{"__proto__":{"x":1},"constructor":1,');
      const parsed = parse(JSON.parse(json));
      expect(({} as Record<string, unknown>)['x']).toBeUndefined();
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(objectPrototypeKeys);
      expect(parsed.ignoredFields).toEqual([{ path: 'Woning.__proto__' }, { path: 'Woning.constructor' }]);
    });

    it('cannot supply a required field through __proto__', () => {
      const body: unknown = JSON.parse('{"__proto__": {"NettoBesteedbaarInkomenPerMaand": 1000}}');
      const issues = issuesOf(() => parse(body));
      expect(issues).toContainEqual(
        expect.objectContaining({ path: 'NettoBesteedbaarInkomenPerMaand', code: 'required' }),
      );
    });
  });

  describe('deep input under a known field', () => {
    it('is a type error, not a stack overflow', () => {
      const deepArray = nested(100_001);
      expect(Array.isArray(deepArray)).toBe(true);
      expect(onlyIssueOf(() => parse({ ...validBody(), Woning: deepArray }))).toMatchObject({
        path: 'Woning',
        code: 'invalid_type',
      });
    });

    it('inside a known object is an unknown field, not a stack overflow', () => {
      const deepObject = nested(100_000);
      expect(Array.isArray(deepObject)).toBe(false);
      const issues = issuesOf(() => parse({ ...validBody(), Woning: deepObject }));
      expect(issues.length).toBeGreaterThan(0);
      expect(issues.every((issue) => issue.path.startsWith('Woning.') && issue.code === 'required')).toBe(true);
    });
  });

  it('never lets zod wording through', () => {
    const body = { ...validBody(), Woning: { x: [1] }, NettoBesteedbaarInkomenPerMaand: 'x' };
    for (const issue of issuesOf(() => parse(body))) {
      expect(issue.message).not.toMatch(
        /Invalid input|Too (big|small)|received|expected (int|number|string|boolean|object|array)\b/,
      );
    }
  });

  it('throws ValidationError with a summary naming the first problem', () => {
    const error = (() => {
      try {
        parse({});
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toMatch(/^Invalid request body: \w+: required/);
  });
});

describe('unknown fields in array entries', () => {
  it('carry the index of the entry', () => {
    const body = {
      ...fullRetirementBody(),
      Hoofdpersonen: [{ Geslacht: 0 }, { Geslacht: 1, Leeftijd: 70 }],
      Autos: [{ KilometersPerJaar: 0, TypeAuto: 0, StatusAuto: 0, Kleur: 'rood' }],
      Kinderen: [{ Leeftijd: 4, Naam: 'Sam' }],
    };
    expect(parseRetirementRequest(body).ignoredFields).toEqual([
      { path: 'Hoofdpersonen[1].Leeftijd' },
      { path: 'Kinderen[0].Naam' },
      { path: 'Autos[0].Kleur' },
    ]);
  });

  it('in BijzondereUitgaven are listed too', () => {
    const body = { ...fullRepaymentBody(), BijzondereUitgaven: { KostenHuisdier: 20 } };
    expect(parseRepaymentRequest(body).ignoredFields).toEqual([{ path: 'BijzondereUitgaven.KostenHuisdier' }]);
  });
});
