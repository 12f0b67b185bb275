/**
 * The request checks `npm run generate` records (src/contract/request-checks.generated.ts):
 * they are what the request schemas' field rules say, and with them a valid body is validated
 * and computed without building the schemas' zod fields, which a cold start would otherwise
 * pay for (issue 14). A body with a problem still takes the full path, built on demand.
 */
import { describe, expect, it, vi } from 'vitest';
import type * as z from 'zod';
import { SINGLE_TENANT_REPAYMENT } from '../support/request-bodies.js';

/** Whether zod has read the object's shape yet (it replaces the shape's accessor when it does). */
function shapeBuilt(schema: z.ZodObject): boolean {
  return Object.getOwnPropertyDescriptor(schema._zod.def, 'shape')?.get === undefined;
}

async function freshModules() {
  vi.resetModules();
  const [repayment, retirement, checks, onePass, library] = await Promise.all([
    import('../../src/contract/repayment-request.js'),
    import('../../src/contract/retirement-request.js'),
    import('../../src/contract/request-checks.generated.js'),
    import('../../src/contract/one-pass-check.js'),
    import('../../src/index.js'),
  ]);
  return { ...repayment, ...retirement, ...checks, ...onePass, ...library };
}

describe('recorded request checks', () => {
  it('a valid body is computed without building the request schema’s fields; a bad one builds them', async () => {
    const m = await freshModules();
    expect(shapeBuilt(m.repaymentRequestSchema)).toBe(false);
    expect(m.repaymentCapacity(SINGLE_TENANT_REPAYMENT, { date: '2026-03-01' }).Afloscapaciteit).toBeGreaterThan(0);
    expect(shapeBuilt(m.repaymentRequestSchema)).toBe(false);
    expect(shapeBuilt(m.repaymentDwellingSchema)).toBe(false);
    expect(shapeBuilt(m.retirementRequestSchema)).toBe(false);
    expect(() => m.repaymentCapacity({ ...SINGLE_TENANT_REPAYMENT, AantalAutos: -1 })).toThrow(m.ValidationError);
    expect(shapeBuilt(m.repaymentRequestSchema)).toBe(true);
  });

  it('are what the request schemas’ field rules say now', async () => {
    const m = await freshModules();
    expect(m.fieldCheckData(m.repaymentRequestSchema)).toEqual(m.REPAYMENT_FIELD_CHECKS);
    expect(m.fieldCheckData(m.retirementRequestSchema)).toEqual(m.RETIREMENT_FIELD_CHECKS);
  });
});
