/**
 * addMoney is a + b without the work when one side is 0: it must give exactly what
 * decimal.js gives, digit for digit and sign for sign, for every kind of operand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  compareMoney,
  Money,
  MoneySum,
  moneyToNumber,
  multiplyMoney,
  roundWhole,
  subtractMoney,
  sumMoney,
  wholeMoney,
} from '../../src/contract/money.js';
import { runs } from '../support/runs.js';

const operand = fc.oneof(
  fc.constantFrom(
    '0',
    '-0',
    '1',
    '-1',
    'NaN',
    'Infinity',
    '-Infinity',
    '0.000',
    '1e-40',
    '-1e50',
    '100',
    '-1000',
    '1000000',
    '9999999',
    '10000000',
    '1200.00',
    '12e5',
  ),
  fc.integer().map(String),
  fc.double({ noNaN: true }).map(String),
  // More digits than an operation keeps (34): adding 0 must round them as decimal.js does.
  fc.stringMatching(/^-?[1-9][0-9]{20,45}(\.[0-9]{1,10})?$/),
);

/** Everything decimal.js says of a value: its digits, its sign (0 or -0), NaN or infinity. */
const shown = (d: InstanceType<typeof Money>) => `${d.toString()} ${Object.is(d.toNumber(), -0) ? '-0' : ''} ${d.s}`;
/** A Decimal as decimal.js holds it: sign, exponent and digit words. */
const held = (d: InstanceType<typeof Money>) => JSON.stringify([d.s, d.e, d.d]);
/** Whole numbers around ten million and the signed zeros, where the whole-number shortcuts end. */
const wholeOperand = fc.oneof(
  fc.integer({ min: -10_000_001, max: 10_000_001 }).map(String),
  fc.constantFrom('0', '-0', '9999999', '-9999999', '10000000', '-10000000', '16383', '16384', '1200', '12e5'),
);

describe('addMoney', () => {
  it('is a.plus(b) for every pair of operands, zeros and long numbers included', () => {
    fc.assert(
      fc.property(operand, operand, (a, b) => {
        const x = new Money(a);
        const y = new Money(b);
        expect(shown(addMoney(x, y))).toBe(shown(x.plus(y)));
      }),
      { numRuns: runs(5000), seed: 14 },
    );
  });

  it('is a.plus(b) as decimal.js holds it for whole numbers, which it adds as JS numbers', () => {
    fc.assert(
      fc.property(fc.oneof(wholeOperand, operand), wholeOperand, (a, b) => {
        const x = new Money(a);
        const y = new Money(b);
        expect(held(addMoney(x, y)), `${a} + ${b}`).toBe(held(x.plus(y)));
        expect(held(addMoney(y, x)), `${b} + ${a}`).toBe(held(y.plus(x)));
        expect(shown(addMoney(x, y))).toBe(shown(x.plus(y)));
      }),
      { numRuns: runs(10000), seed: 18 },
    );
  });

  it('skips the addition when one side is 0 (returns the other operand itself)', () => {
    const x = new Money('1234.56');
    expect(addMoney(x, new Money(0))).toBe(x);
    expect(addMoney(new Money(0), x)).toBe(x);
    expect(addMoney(x, new Money('-0'))).not.toBe(x);
  });
});

describe('subtractMoney', () => {
  it('is a.minus(b) for every pair of operands, digit for digit and sign for sign', () => {
    fc.assert(
      fc.property(fc.oneof(wholeOperand, operand), fc.oneof(wholeOperand, operand), (a, b) => {
        const x = new Money(a);
        const y = new Money(b);
        expect(shown(subtractMoney(x, y)), `${a} - ${b}`).toBe(shown(x.minus(y)));
        expect(held(subtractMoney(x, y)), `${a} - ${b}`).toBe(held(x.minus(y)));
      }),
      { numRuns: runs(10000), seed: 19 },
    );
  });

  it('returns the amount itself when subtracting 0, but not from -0', () => {
    const x = new Money('1234.56');
    expect(subtractMoney(x, new Money(0))).toBe(x);
    expect(shown(subtractMoney(new Money('-0'), new Money(0)))).toBe(shown(new Money('-0')));
    expect(shown(subtractMoney(new Money('-0'), new Money('-0')))).toBe(shown(new Money(0)));
  });
});

describe('multiplyMoney', () => {
  const factor = fc.oneof(
    { weight: 2, arbitrary: wholeOperand },
    { weight: 1, arbitrary: fc.constantFrom('1', '1.000', '-1', '0.5', '94906265.6', '94906267', '2') },
    { weight: 2, arbitrary: operand },
  );
  it('is a.times(b) for every pair of operands, digit for digit and sign for sign', () => {
    fc.assert(
      fc.property(factor, factor, (a, b) => {
        const x = new Money(a);
        const y = new Money(b);
        expect(shown(multiplyMoney(x, y)), `${a} × ${b}`).toBe(shown(x.times(y)));
        expect(held(multiplyMoney(x, y)), `${a} × ${b}`).toBe(held(x.times(y)));
      }),
      { numRuns: runs(10000), seed: 21 },
    );
  });

  it('returns the other factor itself when one is 1, unless it has more digits than an operation keeps', () => {
    const x = new Money('0.3291918513543765390642489366465189');
    expect(multiplyMoney(x, new Money(1))).toBe(x);
    expect(multiplyMoney(new Money('1.0'), x)).toBe(x);
    const long = new Money('1.23456789012345678901234567890123456789');
    expect(multiplyMoney(long, new Money(1))).not.toBe(long);
    expect(shown(multiplyMoney(long, new Money(1)))).toBe(shown(long.times(1)));
  });
});

describe('wholeMoney', () => {
  it('is new Money(n), digit for digit and sign for sign, for whole numbers, -0 and others', () => {
    for (const n of [0, -0, 1, 7, 10, 16_383, 16_384, 9_999_999, 10_000_000, 2 ** 53 - 1, -1, -16_383, 0.5, 1e21]) {
      expect(shown(wholeMoney(n)), String(n)).toBe(shown(new Money(n)));
      expect(held(wholeMoney(n)), String(n)).toBe(held(new Money(n)));
    }
  });

  it('shares the Decimals of 0 to 16383 (a Decimal is never changed), and only those', () => {
    expect(wholeMoney(16_383)).toBe(wholeMoney(16_383));
    expect(wholeMoney(0)).toBe(wholeMoney(0));
    expect(wholeMoney(-0)).not.toBe(wholeMoney(0));
    expect(wholeMoney(16_384)).not.toBe(wholeMoney(16_384));
    expect(wholeMoney(-1)).not.toBe(wholeMoney(-1));
  });
});

describe('compareMoney', () => {
  it('is a.comparedTo(b) for every pair of operands, NaN, infinities, zeros and long numbers included', () => {
    fc.assert(
      fc.property(operand, operand, (a, b) => {
        const x = new Money(a);
        const y = new Money(b);
        expect(Object.is(compareMoney(x, y), x.comparedTo(y)), `${a} vs ${b}`).toBe(true);
        expect(Object.is(compareMoney(x, x), x.comparedTo(x))).toBe(true);
      }),
      { numRuns: runs(5000), seed: 16 },
    );
    // Same sign and exponent, one a digit-prefix of the other: decided by the number of words.
    const close = [
      '1.5',
      '1.50000001',
      '1.5000000000000001',
      '-1.5',
      '-1.50000001',
      '-1.5000000000000001',
      '12345678.9',
    ];
    for (const a of close) {
      for (const b of close) {
        const x = new Money(a);
        const y = new Money(b);
        expect(compareMoney(x, y), `${a} vs ${b}`).toBe(x.comparedTo(y));
      }
    }
  });
});

describe('roundWhole', () => {
  const modes = [
    Money.ROUND_UP,
    Money.ROUND_DOWN,
    Money.ROUND_CEIL,
    Money.ROUND_FLOOR,
    Money.ROUND_HALF_UP,
    Money.ROUND_HALF_DOWN,
    Money.ROUND_HALF_EVEN,
  ] as const;
  const amount = fc.oneof(
    operand,
    fc.stringMatching(/^-?[0-9]{1,8}\.[0-9]{1,20}$/),
    fc.stringMatching(/^-?0\.0{0,9}[0-9]{1,12}$/),
    fc.constantFrom(
      '0.5',
      '-0.5',
      '1.5',
      '2.5',
      '-2.5',
      '9999999.5',
      '-9999999.5',
      '0.05',
      '-0.4',
      '2.50000001',
      '3.5000000',
    ),
  );
  it('is d.toDecimalPlaces(0, mode) whenever it answers, digit for digit and sign for sign', () => {
    let answered = 0;
    fc.assert(
      fc.property(amount, fc.constantFrom(...modes), (a, mode) => {
        const d = new Money(a);
        const fast = roundWhole(d, mode);
        if (fast === undefined) return;
        answered += 1;
        expect(shown(fast), `${a} mode ${mode}`).toBe(shown(d.toDecimalPlaces(0, mode)));
        expect(held(fast), `${a} mode ${mode}`).toBe(held(d.toDecimalPlaces(0, mode)));
      }),
      { numRuns: runs(20000), seed: 17 },
    );
    expect(answered).toBeGreaterThan(runs(20000) / 2);
  });

  it('returns a whole amount itself', () => {
    for (const a of ['0', '-0', '7', '-7', '9999999', '1.000']) {
      const d = new Money(a);
      for (const mode of modes) expect(roundWhole(d, mode)).toBe(d);
    }
  });
});

describe('moneyToNumber', () => {
  it('is d.toNumber() for every value, -0 included', () => {
    fc.assert(
      fc.property(operand, (a) => {
        const d = new Money(a);
        expect(Object.is(moneyToNumber(d), d.toNumber())).toBe(true);
      }),
      { numRuns: runs(5000), seed: 15 },
    );
    for (let v = -20_000_000; v <= 20_000_000; v += 99_991) {
      for (const w of [v, v + 1, v * 10, Math.trunc(v / 7)]) {
        const d = new Money(w);
        expect(Object.is(moneyToNumber(d), d.toNumber())).toBe(true);
      }
    }
  });
});

describe('sumMoney', () => {
  const whole = fc.oneof(
    fc.integer({ min: -9_999_999, max: 9_999_999 }).map(String),
    fc.constantFrom('0', '-0', '9999999', '-9999999', '10000000', '1200', '12e5'),
  );
  it('is adding one by one from 0 with decimal.js, for whole amounts and any others', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof({ weight: 5, arbitrary: whole }, { weight: 1, arbitrary: operand }), { maxLength: 20 }),
        (xs) => {
          const amounts = xs.map((x) => new Money(x));
          const byHand = amounts.reduce((a, b) => a.plus(b), new Money(0));
          expect(shown(sumMoney(amounts))).toBe(shown(byHand));
          expect(held(sumMoney(amounts))).toBe(held(byHand));
        },
      ),
      { numRuns: runs(5000), seed: 16 },
    );
  });

  it('is adding one by one from 0 for whole amounts among fractional ones, which it adds first', () => {
    // Fractional amounts with up to 35 decimals: added apart from the whole ones while every sum
    // is exact, one by one when one may not be.
    const fractional = fc.oneof(
      fc.stringMatching(/^-?[1-9][0-9]{0,6}\.[0-9]{1,21}$/),
      fc.stringMatching(/^-?[1-9][0-9]{0,6}\.[0-9]{22,35}$/),
      fc.constantFrom('9999999.999999999999999999999', '0.5', '-0.25', '10000000.5', '1234.5678901234567890123'),
      // 34 significant digits, as a norm divided by 23 has: a sum that reaches the next power of ten must round.
      fc.constantFrom(
        '2499.316885384347826086956521739131',
        '9999.316885384347826086956521739131',
        '-0.3168853843478260869565217391304348',
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof({ weight: 3, arbitrary: wholeOperand }, { weight: 2, arbitrary: fractional }), {
          maxLength: 20,
        }),
        (xs) => {
          const amounts = xs.map((x) => new Money(x));
          const byHand = amounts.reduce((a, b) => a.plus(b), new Money(0));
          expect(held(sumMoney(amounts)), xs.join(' + ')).toBe(held(byHand));
          expect(shown(sumMoney(amounts)), xs.join(' + ')).toBe(shown(byHand));
        },
      ),
      { numRuns: runs(10000), seed: 20 },
    );
  });
});

describe('MoneySum', () => {
  const whole = fc.oneof(
    fc.integer({ min: -9_999_999, max: 9_999_999 }).map(String),
    fc.constantFrom('0', '-0', '9999999', '-9999999', '10000000', '1200', '12e5'),
  );
  it('is adding one by one from 0 with decimal.js, for whole amounts and any others, as a Decimal and a number', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof({ weight: 8, arbitrary: whole }, { weight: 1, arbitrary: operand }), { maxLength: 20 }),
        (xs) => {
          const amounts = xs.map((x) => new Money(x));
          const byHand = amounts.reduce((a, b) => a.plus(b), new Money(0));
          const sum = new MoneySum();
          for (const a of amounts) sum.add(a);
          expect(shown(sum.total())).toBe(shown(byHand));
          expect(held(sum.total())).toBe(held(byHand));
          expect(Object.is(sum.toNumber(), byHand.toNumber())).toBe(true);
        },
      ),
      { numRuns: runs(5000), seed: 17 },
    );
  });

  it('is 0 when nothing was added', () => {
    expect(shown(new MoneySum().total())).toBe(shown(new Money(0)));
    expect(Object.is(new MoneySum().toNumber(), 0)).toBe(true);
  });
});
