/**
 * The batch's counts are written without Intl (src/cli/batch/progress.ts): the first number a
 * process formats with it sets up ICU, some 30 ms. They must read exactly as
 * `toLocaleString('en-US')` writes them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/cli/batch/progress.js';
import { runs } from '../support/runs.js';

const reference = (n: number) => Math.round(n).toLocaleString('en-US');

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [999_999.5, '1,000,000'],
    [1_234_567.4, '1,234,567'],
    [-1234, '-1,234'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
  ])('formatCount(%s) is %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
    expect(formatCount(n)).toBe(reference(n));
  });

  it('writes every whole number and every rounded fraction as toLocaleString("en-US") does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.double({ min: -1e15, max: 1e15, noNaN: true })), (n) => {
        expect(formatCount(n)).toBe(reference(n));
      }),
      { numRuns: runs(20_000) },
    );
  });

  it('leaves what is not a safe integer to toLocaleString', () => {
    for (const n of [1e21, -1e21, Number.POSITIVE_INFINITY, Number.NaN, 2 ** 60, -0.2])
      expect(formatCount(n)).toBe(reference(n));
  });
});
