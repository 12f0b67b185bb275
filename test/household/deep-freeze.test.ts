import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Money } from '../../src/contract/money.js';
import { deepFreeze } from '../../src/household/deep-freeze.js';

describe('deepFreeze', () => {
  it('freezes nested objects and arrays and returns the same value', () => {
    const value = { a: [{ b: 1 }], c: { d: { e: [] as number[] } } };
    expect(deepFreeze(value)).toBe(value);
    expect(Object.isFrozen(value.a[0])).toBe(true);
    expect(Object.isFrozen(value.c.d.e)).toBe(true);
    expect(() => value.c.d.e.push(1)).toThrow(TypeError);
  });

  it('leaves primitives alone', () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBe(null);
  });

  it.each([
    ['decimal.js', Decimal],
    ['the pinned Money clone', Money],
  ])('leaves frozen %s values fully usable: decimal.js never mutates an existing instance', (_name, Decimal) => {
    const frozen = deepFreeze(new Decimal(1234));
    const other = deepFreeze(new Decimal('-7.5'));
    expect(Object.isFrozen(frozen)).toBe(true);
    const results = [
      frozen.plus(other),
      frozen.minus(other),
      frozen.times(other),
      frozen.dividedBy(other),
      frozen.mod(7),
      frozen.pow(2),
      frozen.sqrt(),
      frozen.abs(),
      other.abs(),
      other.negated(),
      frozen.toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN),
      other.toDecimalPlaces(0, Decimal.ROUND_DOWN),
      other.floor(),
      other.ceil(),
      other.round(),
      frozen.ln(),
      frozen.exp().isFinite(),
      Decimal.max(frozen, other),
      Decimal.min(frozen, other),
      Decimal.sum(frozen, other),
      new Decimal(frozen),
    ];
    expect(results.map(String)).toHaveLength(21);
    expect(frozen.plus(other).toString()).toBe('1226.5');
    expect(other.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toString()).toBe('-8');
    expect(frozen.cmp(other)).toBe(1);
    expect(frozen.toFixed(2)).toBe('1234.00');
    expect(frozen.toString()).toBe('1234');
  });
});
