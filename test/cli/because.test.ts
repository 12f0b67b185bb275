/**
 * `--explain --format table` words why each rule applied from the data the library records in
 * `because` (src/cli/render/because.ts): the comparison as the rule file writes it, what the
 * household had, the outcome.
 */
import { describe, expect, it } from 'vitest';
import { becauseWords } from '../../src/cli/render/because.js';

describe('why a rule applied, in plain words, from the recorded condition', () => {
  it('a comparison with a literal: as written, the value the household had, the outcome', () => {
    expect(
      becauseWords({ fact: 'children', operator: 'greaterThanInclusive', value: 2, receivedValue: 0, result: false }),
    ).toBe('children ≥ 2 (children is 0): nee');
    expect(
      becauseWords({ fact: 'tenure', operator: 'in', value: ['rent', 'own'], receivedValue: 'own', result: true }),
    ).toBe('tenure in ["rent", "own"] (tenure is "own"): ja');
    expect(becauseWords({ fact: 'o', path: '$.a', operator: 'equal', value: 'x', result: false })).toBe(
      'o.a = "x" (o.a is (geen waarde)): nee',
    );
  });

  it('a comparison with a parameter names both sides with their values', () => {
    expect(
      becauseWords({
        fact: 'age',
        operator: 'lessThan',
        value: { fact: 'param:aowLeeftijd', receivedValue: 67 },
        receivedValue: 67,
        result: false,
      }),
    ).toBe('age < aowLeeftijd (age is 67, aowLeeftijd is 67): nee');
  });

  it('all, any and not, with a list of several inside a list in brackets; no condition is always', () => {
    const cars = { fact: 'cars', operator: 'equal', value: 1, receivedValue: 1, result: true } as const;
    const rent = { fact: 'rent', operator: 'greaterThan', value: 0, receivedValue: 0, result: false } as const;
    expect(becauseWords({ all: [cars, cars], result: true })).toBe(
      'cars = 1 (cars is 1): ja; cars = 1 (cars is 1): ja',
    );
    expect(becauseWords({ any: [rent, rent], result: false })).toBe(
      'geen van: rent > 0 (rent is 0): nee; rent > 0 (rent is 0): nee',
    );
    expect(becauseWords({ all: [cars, { any: [rent, rent], result: false }], result: false })).toBe(
      'cars = 1 (cars is 1): ja; (geen van: rent > 0 (rent is 0): nee; rent > 0 (rent is 0): nee)',
    );
    expect(becauseWords({ not: cars, result: false })).toBe('niet (cars = 1 (cars is 1): ja)');
    expect(becauseWords(undefined)).toBe('altijd (geen voorwaarde)');
  });
});
