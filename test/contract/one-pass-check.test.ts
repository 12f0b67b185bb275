/**
 * The one-walk acceptance (src/contract/one-pass-check.ts) against the full path it stands in
 * for: on generated bodies, whatever it accepts zod accepts too, with the same data and the same
 * unknown fields, and it accepts every body the full path accepts without a cross-field issue
 * (so the fast path is the common path, not a rare one).
 */
import { describe, expect, it } from 'vitest';
import { checkExclusiveKeys } from '../../src/contract/exclusive-keys.js';
import { acceptInOnePass } from '../../src/contract/one-pass-check.js';
import { repaymentRequestSchema } from '../../src/contract/repayment-request.js';
import { retirementRequestSchema } from '../../src/contract/retirement-request.js';
import { collectUnknownFields } from '../../src/contract/unknown-fields.js';
import { damage, random, repaymentBody, retirementBody, type Draw } from '../support/generated-bodies.js';

const BODIES = 5_000;

describe.each([
  ['repayment', repaymentRequestSchema, repaymentBody, 141],
  ['retirement', retirementRequestSchema, retirementBody, 142],
] as const)('acceptInOnePass, %s request', (_, schema, draw, seed) => {
  it(`accepts exactly what the full path accepts, with zod's data and the same unknown fields (${BODIES} bodies)`, () => {
    const r: Draw = random(seed);
    let accepted = 0;
    for (let i = 0; i < BODIES; i += 1) {
      const healthy = draw(r);
      const body = r() < 0.3 ? damage(r, healthy) : healthy;
      const full = schema.safeParse(body);
      const fullAccepts = full.success && checkExclusiveKeys(schema, body).length === 0;
      const fast = acceptInOnePass(schema, body);
      expect({ i, accepted: fast !== undefined }).toEqual({ i, accepted: fullAccepts });
      if (fast === undefined || !full.success) continue;
      accepted += 1;
      expect(fast.data).toEqual(full.data);
      expect(fast.ignoredFields).toEqual(collectUnknownFields(schema, body));
    }
    expect(accepted).toBeGreaterThan(BODIES / 2);
  });

  it('reads the caller’s objects once, into fresh ones', () => {
    const body = draw(random(seed + 1));
    const fast = acceptInOnePass(schema, body);
    if (fast === undefined) throw new Error('a healthy body was not accepted in one walk');
    const data = fast.data as Record<string, unknown>;
    expect(data).not.toBe(body);
    expect(data['Woning']).not.toBe(body['Woning']);
    expect(data['Woning']).toEqual(expect.objectContaining({}));
  });

  it('leaves anything unusual to the full path: an object of another prototype, an array, null', () => {
    const body = draw(random(seed + 2));
    expect(acceptInOnePass(schema, Object.assign(Object.create({ inherited: 1 }), body))).toBeUndefined();
    expect(acceptInOnePass(schema, [body])).toBeUndefined();
    expect(acceptInOnePass(schema, null)).toBeUndefined();
  });
});
