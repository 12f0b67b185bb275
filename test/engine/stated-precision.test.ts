/**
 * Issue 16: an explanation states its numbers without the tail of decimal.js's 34 digits, and
 * keeps the full value where a recomputation from the stated one would miss the result.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AmountTrace, Explanation } from '../../src/contract/explanation.js';
import { Money } from '../../src/contract/money.js';
import { STATED_SIGNIFICANT_DIGITS, stated, withStatedPrecision } from '../../src/engine/stated-precision.js';
import { retirementExpenditure } from '../../src/index.js';
import { runs } from '../support/runs.js';

const post = (exact: string, rounded: string, mode = 'half-up'): AmountTrace => ({
  code: 'P',
  description: 'a post',
  combine: 'first',
  exact: { bedrag: exact },
  rounded: { bedrag: rounded },
  rounding: { policy: 'post', decimals: 0, mode },
  rules: [{ id: 'r', description: 'r', applied: true, amounts: { bedrag: exact } }],
});

const explanation = (posts: AmountTrace[]): Explanation =>
  ({
    posts,
    values: [],
    totals: [{ name: 'T', description: 't', value: '1.00000000000000000000000000000001', figures: [] }],
  }) as unknown as Explanation;

describe('stated', () => {
  it('drops the artefact of 34-digit arithmetic', () => {
    expect(stated('373.7572108800000000000000000000002')).toBe('373.75721088');
    expect(stated('1.663483047619047619047619047619048')).toBe('1.663483047619047619');
    expect(stated('1294.27181216')).toBe('1294.27181216');
    expect(stated('0')).toBe('0');
  });

  it('keeps at most 20 significant digits, within half a unit of the last one', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 34n), max: 10n ** 34n }),
        fc.integer({ min: 0, max: 30 }),
        (digits, scale) => {
          const exact = new Money(digits.toString()).dividedBy(new Money(10).pow(scale));
          const shown = new Money(stated(exact.toString()));
          expect(shown.precision()).toBeLessThanOrEqual(STATED_SIGNIFICANT_DIGITS);
          if (!exact.isZero()) {
            const unit = new Money(10).pow(exact.abs().e - STATED_SIGNIFICANT_DIGITS + 1);
            expect(shown.minus(exact).abs().lte(unit.dividedBy(2))).toBe(true);
          }
        },
      ),
      { numRuns: runs(2000) },
    );
  });
});

describe('withStatedPrecision', () => {
  it('states posts, rules and totals, and adds full only where the stated amount would round elsewhere', () => {
    const out = withStatedPrecision(
      explanation([
        post('12.4999999999999999999999999999999', '12'), // stated 12.5 would round to 13
        post('373.7572108800000000000000000000002', '374'),
      ]),
    );
    const [edge, plain] = out.posts;
    expect(edge?.exact).toEqual({ bedrag: '12.5' });
    expect(edge?.full).toEqual({ bedrag: '12.4999999999999999999999999999999' });
    expect(new Money(edge?.full?.['bedrag'] ?? '').toDecimalPlaces(0, Money.ROUND_HALF_UP).toString()).toBe('12');
    expect(plain?.exact).toEqual({ bedrag: '373.75721088' });
    expect(plain?.full).toBeUndefined();
    expect(plain?.rules[0]?.amounts).toEqual({ bedrag: '373.75721088' });
    expect(out.totals[0]?.value).toBe('1');
  });

  it('is what the library writes: no decimal longer than the stated precision in a real explanation', () => {
    const result = retirementExpenditure(
      {
        Hoofdpersonen: [{ Geslacht: 'Vrouw' }, { Geslacht: 'Man' }],
        Autos: [{ TypeAuto: 'Compact', StatusAuto: 'Tweedehands', KilometersPerJaar: 'Tussen10Ken20K' }],
        Woning: { TypeWoning: 'Hoekwoning', SoortWoning: 'Koopwoning', WozWaarde: 365000 },
        NettoBesteedbaarInkomenPerMaand: 2300,
      },
      { ruleSet: 'nl-2025', explain: true },
    );
    const decimals = JSON.stringify(result.Uitleg).match(/"-?\d+\.\d+"/g) ?? [];
    expect(decimals.length).toBeGreaterThan(0);
    for (const d of decimals)
      expect(new Money(d.slice(1, -1)).precision()).toBeLessThanOrEqual(STATED_SIGNIFICANT_DIGITS);
    expect(withStatedPrecision(result.Uitleg as Explanation)).toEqual(result.Uitleg); // stating twice changes nothing
  });
});
