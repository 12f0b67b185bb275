/**
 * Households drawn from the seeded body generator and read as the calculations read them, for
 * the tests that compare two paths household by household (issue 14).
 */
import { ValidationError } from '../../src/contract/errors.js';
import type { AnyHousehold } from '../../src/household/household.js';
import { readRepaymentRequest } from '../../src/household/parse-repayment.js';
import { readRetirementRequest } from '../../src/household/parse-retirement.js';
import type { CalculationId } from '../../src/rules/format/calculation.js';
import { type Draw, repaymentBody, retirementBody } from './generated-bodies.js';

const READERS: Record<CalculationId, { read: (body: unknown) => AnyHousehold; draw: (r: Draw) => unknown }> = {
  afloscapaciteit: { read: (b) => readRepaymentRequest(b).household, draw: repaymentBody },
  pensioenuitgaven: { read: (b) => readRetirementRequest(b).household, draw: retirementBody },
};

/**
 * The household of the next drawn body of `calculation`; undefined when that body is not
 * valid (the generator draws some bodies at their bounds, which the contract refuses).
 */
export function drawnHousehold(calculation: CalculationId, r: Draw): AnyHousehold | undefined {
  const { read, draw } = READERS[calculation];
  try {
    return read(draw(r));
  } catch (error) {
    if (error instanceof ValidationError) return undefined;
    throw error;
  }
}
