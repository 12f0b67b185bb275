import { Decimal } from 'decimal.js';

/**
 * Freezes a value and everything reachable from it, so a parsed household cannot be changed
 * by one calculation behind another's back. A Decimal is frozen itself but not walked into:
 * its digits are decimal.js's own internals, which it never mutates (every operation returns
 * a new instance, which the tests check), and freezing them would cost more than the rest.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    if (Decimal.isDecimal(value)) return value;
    for (const key of Object.keys(value)) {
      deepFreeze((value as Record<string, unknown>)[key]);
    }
  }
  return value;
}
