import { describe, expect, it } from 'vitest';
import { parseRetirementRequest } from '../../src/household/parse-retirement.js';
import { wozCategoryForValue } from '../../src/household/woz-category.js';
import { fullRetirementBody, withValue } from './support.js';

describe('wozCategoryForValue', () => {
  it.each([
    [0, 'below150k'],
    [149_999, 'below150k'],
    [150_000, 'from150kTo300k'],
    [299_999, 'from150kTo300k'],
    [300_000, 'from300kTo450k'],
    [449_999, 'from300kTo450k'],
    [450_000, 'from450k'],
    [100_000_000, 'from450k'],
  ])('%i euros is %s', (value, category) => {
    expect(wozCategoryForValue(value)).toBe(category);
  });

  it('is what a retirement request with only WozWaarde gets', () => {
    const body = withValue(fullRetirementBody(), 'Woning.WozWaarde', 150_000);
    expect(parseRetirementRequest(body).household.dwelling.wozCategory).toBe('from150kTo300k');
  });
});
