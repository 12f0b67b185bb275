/** The unit algebra of the loader's unit check. */
import { describe, expect, it } from 'vitest';
import { combineUnits, formatUnit, parseUnit, sameUnit } from '../../src/rules/units.js';

const powers = (unit: string): Record<string, number> => Object.fromEntries(parseUnit(unit));

describe('parseUnit', () => {
  it('reads bases and exponents', () => {
    expect(powers('EUR/month')).toEqual({ EUR: 1, month: -1 });
    expect(powers('EUR/person/day')).toEqual({ EUR: 1, person: -1, day: -1 });
    expect(powers('m3*EUR')).toEqual({ m3: 1, EUR: 1 });
    expect(powers('m*m/s/s')).toEqual({ m: 2, s: -2 });
  });

  it('reads 1 as a plain number and cancels what divides out', () => {
    expect(powers('1')).toEqual({});
    expect(powers('year/year')).toEqual({});
    expect(powers('EUR*m3/m3')).toEqual({ EUR: 1 });
  });
});

describe('formatUnit', () => {
  it('writes numerator, then denominators', () => {
    expect(formatUnit(parseUnit('EUR/month'))).toBe('EUR/month');
    expect(formatUnit(parseUnit('1'))).toBe('1');
    expect(formatUnit(parseUnit('/month'))).toBe('1/month');
    expect(formatUnit(parseUnit('m*m'))).toBe('m*m');
  });

  it('is canonical: the same unit written two ways formats the same', () => {
    expect(formatUnit(parseUnit('EUR/person/day'))).toBe(formatUnit(parseUnit('EUR/day/person')));
    expect(formatUnit(parseUnit('EUR*m3'))).toBe(formatUnit(parseUnit('m3*EUR')));
  });
});

describe('combineUnits', () => {
  const times = (a: string, b: string): string => formatUnit(combineUnits(parseUnit(a), parseUnit(b), 1));
  const per = (a: string, b: string): string => formatUnit(combineUnits(parseUnit(a), parseUnit(b), -1));

  it('divides: EUR/year ÷ month/year = EUR/month', () => {
    expect(per('EUR/year', 'month/year')).toBe('EUR/month');
    expect(per('EUR/month', 'EUR/month')).toBe('1');
    expect(per('EUR', '1')).toBe('EUR');
  });

  it('multiplies: products and cancellation', () => {
    expect(times('EUR/m3', 'm3/year')).toBe('EUR/year');
    expect(times('EUR/month', 'month/year')).toBe('EUR/year');
    expect(times('1', 'EUR/month')).toBe('EUR/month');
    expect(times('EUR/month/year', 'year')).toBe('EUR/month');
    expect(sameUnit(times('EUR/person/day', 'person'), 'EUR/day')).toBe(true);
  });

  it('does not change its inputs', () => {
    const a = parseUnit('EUR/month');
    combineUnits(a, parseUnit('month'), 1);
    expect(Object.fromEntries(a)).toEqual({ EUR: 1, month: -1 });
  });
});

describe('sameUnit', () => {
  it('compares meaning, not spelling', () => {
    expect(sameUnit('EUR/person/day', 'EUR/day/person')).toBe(true);
    expect(sameUnit('1', 'year/year')).toBe(true);
    expect(sameUnit('EUR/month', 'EUR/month')).toBe(true);
  });

  it('tells different units apart', () => {
    expect(sameUnit('EUR/month', 'EUR/year')).toBe(false);
    expect(sameUnit('EUR/month', 'EUR')).toBe(false);
    expect(sameUnit('EUR/month', 'month/EUR')).toBe(false);
    expect(sameUnit('m*m', 'm')).toBe(false);
    expect(sameUnit('1', 'EUR')).toBe(false);
  });
});
