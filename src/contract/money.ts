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

/*
 * decimal.js gives its constructor some seventy properties (ROUND_UP, abs, clone, …), which
 * leaves it in V8's dictionary mode: then every read of Ctor.precision, Ctor.rounding,
 * Ctor.maxE and Ctor.minE, a few in every operation and every new Decimal, is a hash lookup. V8
 * turns an object that has become a prototype back into fast mode once it is in use, so Money is
 * made one, of an object nobody keeps; nothing else about it changes.
 */
Object.create(Money);

export type { Decimal };

/** An exact decimal from a rule-file literal or a whole-euro request amount. */
export function money(value: string | number | Decimal): Decimal {
  return new Money(value);
}

const ZERO = new Money(0);

/** Whole numbers below this are made a Decimal once and shared (see {@link wholeMoney}). */
const SHARED_WHOLES = 16_384;
/**
 * The shared wholes, in blocks of 256 made when a number in them is first asked for: one whole
 * array would be fresh memory at every start, most of it never used, and a start pays for that.
 */
const WHOLES_BLOCK_BITS = 8;
const wholeBlocks = new Array<(Decimal | undefined)[] | undefined>(SHARED_WHOLES >> WHOLES_BLOCK_BITS).fill(undefined);

/**
 * `new Money(n)` for a number, shared for the whole numbers 0 to 16383 (+0, not -0): rounded
 * posts and their sums, counts, whole-euro facts. A Decimal is never changed once made, so one
 * made before is the one a new one would be, and making one costs as much as half an addition.
 */
export function wholeMoney(n: number): Decimal {
  if (n >= 0 && n < SHARED_WHOLES && Number.isInteger(n) && (n !== 0 || 1 / n > 0)) {
    const blockIndex = n >> WHOLES_BLOCK_BITS;
    let block = wholeBlocks[blockIndex];
    if (block === undefined) {
      block = new Array<Decimal | undefined>(1 << WHOLES_BLOCK_BITS).fill(undefined);
      wholeBlocks[blockIndex] = block;
    }
    const slot = n & ((1 << WHOLES_BLOCK_BITS) - 1);
    let d = block[slot];
    if (d === undefined) {
      d = new Money(n);
      block[slot] = d;
    }
    return d;
  }
  return new Money(n);
}

/** Significant digits every operation keeps (the `precision` above). */
const PRECISION = 34;

function isPositiveZero(d: Decimal): boolean {
  return d.d !== null && d.d[0] === 0 && d.s === 1;
}

/** Whether `d` is finite and has no more significant digits than an operation keeps, so `d + 0` is `d` itself. */
function keptWhole(d: Decimal): boolean {
  // decimal.js stores seven digits per word: four words or fewer cannot exceed 34 digits.
  return d.d !== null && (d.d.length <= 4 || d.precision() <= PRECISION) && (d.s === 1 || d.d[0] !== 0);
}

/**
 * `a.plus(b)`, digit for digit, without the work when one side is 0: many posts and facts
 * are 0 (no alimony, no childcare), and sums over them are the hottest operation. decimal.js
 * returns the other side rounded to the precision, so the shortcut applies only when that
 * rounding changes nothing, and never to -0 (0 + -0 is 0).
 */
export function addMoney(a: Decimal, b: Decimal): Decimal {
  if (isPositiveZero(b) && keptWhole(a)) return a;
  if (isPositiveZero(a) && keptWhole(b)) return b;
  const x = smallWholeNumber(a);
  if (x !== undefined) {
    const y = smallWholeNumber(b);
    // Exact as JS numbers, the signs of zero included (-0 + -0 is -0, as in decimal.js).
    if (y !== undefined) return wholeMoney(x + y);
  }
  return a.plus(b);
}

/**
 * `a.minus(b)`, digit for digit: as JS numbers when both are whole numbers below ten million
 * (a rent less its allowance, a count less a threshold), without the work when `b` is 0.
 */
export function subtractMoney(a: Decimal, b: Decimal): Decimal {
  if (isPositiveZero(b) && keptWhole(a)) return a;
  const x = smallWholeNumber(a);
  if (x !== undefined) {
    const y = smallWholeNumber(b);
    // Exact, and 0 - 0, -0 - -0 and x - x are 0 and -0 - 0 is -0 in both.
    if (y !== undefined) return wholeMoney(x - y);
  }
  return a.minus(b);
}

/** Whether `d` is exactly 1 (decimal.js writes it one way: one word, 1, exponent 0). */
function isOne(d: Decimal): boolean {
  const digits = d.d;
  return digits !== null && digits.length === 1 && digits[0] === 1 && d.e === 0 && d.s === 1;
}

/**
 * `a.times(b)`, digit for digit: without the work when one side is 1 (a rule set's factor that
 * is 1 this year, `1 + 0 × …`), and as JS numbers when both are whole numbers whose product is
 * below 2^53. decimal.js returns the other side rounded to the precision, so the shortcut for 1
 * applies only when that rounding changes nothing.
 */
export function multiplyMoney(a: Decimal, b: Decimal): Decimal {
  if (isOne(b) && keptWhole(a)) return a;
  if (isOne(a) && keptWhole(b)) return b;
  const x = smallWholeNumber(a);
  if (x !== undefined) {
    const y = smallWholeNumber(b);
    // Below 2^53 a product of integers is exact; its sign of zero is decimal.js's (the product of the signs).
    if (y !== undefined && Math.abs(x * y) < 2 ** 53) return wholeMoney(x * y);
  }
  return a.times(b);
}

/**
 * `a.comparedTo(b)`: 1, -1, 0, or NaN when either is NaN. The same steps as decimal.js's,
 * which first copies `b` into a new Decimal (digits and all); every `min` and `max` compares.
 */
export function compareMoney(a: Decimal, b: Decimal): number {
  const ad = a.d;
  const bd = b.d;
  const as = a.s;
  const bs = b.s;
  // Either NaN or ±Infinity?
  if (ad === null || bd === null) {
    if (Number.isNaN(as) || Number.isNaN(bs)) return Number.NaN;
    if (as !== bs) return as;
    if (ad === bd) return 0;
    return (ad === null) !== as < 0 ? 1 : -1;
  }
  // Either zero?
  if (ad[0] === 0 || bd[0] === 0) return ad[0] !== 0 ? as : bd[0] !== 0 ? -bs : 0;
  if (as !== bs) return as;
  if (a.e !== b.e) return a.e > b.e !== as < 0 ? 1 : -1;
  const n = ad.length < bd.length ? ad.length : bd.length;
  for (let i = 0; i < n; i += 1) {
    const x = ad[i] as number;
    const y = bd[i] as number;
    if (x !== y) return x > y !== as < 0 ? 1 : -1;
  }
  return ad.length === bd.length ? 0 : ad.length > bd.length !== as < 0 ? 1 : -1;
}

/**
 * `d.toDecimalPlaces(0, rounding)` for a finite amount below ten million in magnitude, read
 * from decimal.js's digits and made a Decimal from a JS integer (which decimal.js builds
 * without rounding work), or `d` itself when it is whole already; undefined for any other
 * amount, or a rounding mode other than the seven a rule set can name. Posts and totals are
 * rounded to whole euros at every call, and toDecimalPlaces copies and re-rounds the whole amount.
 */
export function roundWhole(d: Decimal, rounding: Decimal.Rounding): Decimal | undefined {
  const digits = d.d;
  if (digits === null || d.e > 6) return undefined;
  const negative = d.s < 0;
  let whole: number;
  let first: number; // the first digit after the point
  let rest: boolean; // any digit after that one
  if (d.e >= 0) {
    // The first word holds exactly the e + 1 digits before the point; each further word seven after it.
    whole = digits[0] as number;
    const next = digits.length > 1 ? (digits[1] as number) : 0;
    first = Math.floor(next / 1_000_000);
    rest = next % 1_000_000 !== 0 || digits.length > 2;
  } else {
    whole = 0;
    if (d.e === -1) {
      const word = digits[0] as number; // seven digits, the first of them just after the point
      first = Math.floor(word / 1_000_000);
      rest = word % 1_000_000 !== 0 || digits.length > 1;
    } else {
      first = 0;
      rest = digits[0] !== 0 || digits.length > 1;
    }
  }
  const fraction = first !== 0 || rest;
  let up: boolean; // away from zero
  switch (rounding) {
    case Money.ROUND_UP:
      up = fraction;
      break;
    case Money.ROUND_DOWN:
      up = false;
      break;
    case Money.ROUND_CEIL:
      up = fraction && !negative;
      break;
    case Money.ROUND_FLOOR:
      up = fraction && negative;
      break;
    case Money.ROUND_HALF_UP:
      up = first >= 5;
      break;
    case Money.ROUND_HALF_DOWN:
      up = first > 5 || (first === 5 && rest);
      break;
    case Money.ROUND_HALF_EVEN:
      up = first > 5 || (first === 5 && (rest || whole % 2 === 1));
      break;
    default:
      return undefined;
  }
  if (!fraction) return d;
  const magnitude = up ? whole + 1 : whole;
  return negative ? new Money(-magnitude) : wholeMoney(magnitude);
}

const POWERS_OF_TEN = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/**
 * `d.toNumber()`, read straight from decimal.js's digits for a whole number below ten
 * million (every amount a result shows, in practice): toNumber writes the number out as a
 * string and parses it back, which made it a tenth of a call's decimal.js time.
 */
export function moneyToNumber(d: Decimal): number {
  return smallWholeNumber(d) ?? d.toNumber();
}

/** The value of a whole number below ten million in magnitude, read from its digits; undefined for any other. */
function smallWholeNumber(d: Decimal): number | undefined {
  const digits = d.d;
  if (digits === null || digits.length !== 1) return undefined;
  const word = digits[0] as number;
  if (word === 0) return d.s * 0;
  const e = d.e;
  // One word of seven digits holds e + 1 digits exactly when it lies in [10^e, 10^(e+1)).
  if (e >= 0 && e < 7 && word >= (POWERS_OF_TEN[e] as number) && word < (POWERS_OF_TEN[e + 1] as number))
    return d.s * word;
  return undefined;
}

/**
 * A running sum of amounts, digit for digit what adding them one by one with decimal.js from 0
 * gives: while every amount is a whole number below ten million (rounded posts, in practice),
 * added as a JS number, which is exact there, and made a Decimal only when asked for or when an
 * amount of another kind comes. A retirement result adds each post to its group's totals and to
 * the result's: many additions per call, each a Decimal made and rounded by decimal.js.
 */
export class MoneySum {
  /** The sum of the amounts added while all were small whole numbers. */
  private whole = 0;
  /** The sum as a Decimal, once an amount of another kind was added. */
  private exact: Decimal | undefined;

  add(amount: Decimal): void {
    if (this.exact === undefined) {
      const n = smallWholeNumber(amount);
      if (n !== undefined) {
        this.whole += n;
        return;
      }
      // The whole numbers added so far, exactly (a JS sum from 0 is never -0, nor is decimal.js's).
      this.exact = wholeMoney(this.whole);
    }
    this.exact = addMoney(this.exact, amount);
  }

  /** The sum as a Decimal. */
  total(): Decimal {
    return this.exact ?? wholeMoney(this.whole);
  }

  /** `moneyToNumber(total())`: a whole number below 2^53 is its Decimal's number exactly. */
  toNumber(): number {
    return this.exact === undefined ? this.whole : moneyToNumber(this.exact);
  }
}

/** The number of decimal digits of a word of decimal.js's digits (below ten million). */
function wordDigits(word: number): number {
  let n = 1;
  while (n < 7 && word >= (POWERS_OF_TEN[n] as number)) n += 1;
  return n;
}

/** `10 ** k` for whole `k` from -64 to 64, each computed as `10 ** k` computes it: the same doubles. */
const POWERS_OF_TEN_TABLE = Float64Array.from({ length: 129 }, (_, i) => 10 ** (i - 64));

/** `10 ** k` for a whole `k`, from the table where it has it: with `k` not a constant, V8 calls its general `pow`. */
function powerOfTen(k: number): number {
  return k >= -64 && k <= 64 ? (POWERS_OF_TEN_TABLE[k + 64] as number) : 10 ** k;
}

/**
 * An upper bound of `|d|` for a finite `d`, from its first word and exponent: decimal.js writes
 * the first word's digits from the most significant one, whose place is `e`.
 */
function magnitudeBound(d: Decimal): number {
  const first = (d.d as number[])[0] as number;
  return (first + 1) * powerOfTen(d.e + 1 - wordDigits(first));
}

/**
 * The sum of amounts, digit for digit what adding them one by one with decimal.js from 0 gives
 * (see {@link MoneySum}). The whole numbers below ten million among them are added as JS numbers
 * and the rest with decimal.js, once: a repayment's exact posts (a norm of 34 digits beside whole
 * rents and costs given) took three or four decimal.js additions per total, now two. That
 * reorders the additions, so it is done only when every sum along the way, in either order, is
 * exact: when the amounts' magnitudes together stay below 10^(34 - d), d the most decimals of
 * any, every partial sum has at most 34 significant digits, which decimal.js keeps. An exact sum
 * is one value whatever the order, and decimal.js writes a value one way (a sum of nonzero
 * amounts that is 0 is +0 in both). Otherwise, and for NaN or an infinity, one by one.
 */
export function sumMoney(amounts: readonly Decimal[]): Decimal {
  if (amounts.length >= 1_000_000) return amounts.reduce(addMoney, ZERO);
  let whole = 0;
  let others: Decimal | undefined;
  let magnitudes = 0;
  let decimals = 0;
  for (const d of amounts) {
    const n = smallWholeNumber(d);
    if (n !== undefined) {
      whole += n;
      magnitudes += Math.abs(n);
      continue;
    }
    if (d.d === null) return amounts.reduce(addMoney, ZERO);
    magnitudes += magnitudeBound(d);
    const places = d.decimalPlaces();
    if (places > decimals) decimals = places;
    others = others === undefined ? d : others.plus(d);
  }
  if (others === undefined) return wholeMoney(whole);
  // A margin of a millionth for the rounding of the bounds' own arithmetic.
  if (magnitudes * 1.000001 >= powerOfTen(PRECISION - decimals)) return amounts.reduce(addMoney, ZERO);
  return addMoney(others, wholeMoney(whole));
}
