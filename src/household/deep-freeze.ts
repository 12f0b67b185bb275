/**
 * Freezes a value and everything reachable from it, so a parsed household cannot be changed
 * by one calculation behind another's back. Decimal values are frozen as well: decimal.js
 * never mutates an existing instance (every operation returns a new one), which the tests check.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) {
      deepFreeze((value as Record<string, unknown>)[key]);
    }
  }
  return value;
}
