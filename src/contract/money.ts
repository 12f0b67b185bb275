/**
 * The one decimal.js configuration every amount is computed with.
 *
 * decimal.js's defaults (20 significant digits, half-up) must never apply silently: a
 * clone with its own settings keeps other users of decimal.js in the same process from
 * changing our results, and vice versa. 34 significant digits (as IEEE decimal128) is far
 * more than euro amounts need, so intermediate quotients lose nothing a rounding step
 * would keep. Rounding of results is always explicit, by a rule set's named policy; the
 * `rounding` here applies only to precision overflow in division.
 */
import { Decimal } from 'decimal.js';

export const Money = Decimal.clone({
  precision: 34,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -40,
  toExpPos: 40,
});

export type { Decimal };

/** An exact decimal from a rule-file literal or a whole-euro request amount. */
export function money(value: string | number | Decimal): Decimal {
  return new Money(value);
}
