/**
 * The one-walk acceptance (src/contract/one-pass-check.ts) against the full path it stands in
 * for: on generated bodies, whatever it accepts zod accepts too, with the same data and the same
 * unknown fields, and it accepts every body the full path accepts without a cross-field issue
 * (so the fast path is the common path, not a rare one). An owned body (what `JSON.parse` made,
 * as the batch and the service hand on) is read in place: accepted and refused exactly as the
 * copying walk does, and read into the same household.
 */
import { describe, expect, it } from 'vitest';
import { checkExclusiveKeys } from '../../src/contract/exclusive-keys.js';
import { acceptInOnePass } from '../../src/contract/one-pass-check.js';
import { repaymentRequestSchema } from '../../src/contract/repayment-request.js';
import { retirementRequestSchema } from '../../src/contract/retirement-request.js';
import { collectUnknownFields } from '../../src/contract/unknown-fields.js';
import { setFastPaths } from '../../src/calculations/fast-paths.js';
import { ValidationError } from '../../src/contract/errors.js';
import { readRepaymentRequest } from '../../src/household/parse-repayment.js';
import { readRetirementRequest } from '../../src/household/parse-retirement.js';
import { damage, random, repaymentBody, retirementBody, type Draw } from '../support/generated-bodies.js';
import { runs } from '../support/runs.js';

const BODIES = runs(5_000);

/** What reading a body yields: the household and unknown fields, or the refusal's issues. */
function readOutcome(read: () => unknown): unknown {
  try {
    return read();
  } catch (error) {
    if (error instanceof ValidationError) return { refused: error.issues };
    throw error;
  }
}

describe.each([
  ['repayment', repaymentRequestSchema, repaymentBody, readRepaymentRequest, 141],
  ['retirement', retirementRequestSchema, retirementBody, readRetirementRequest, 142],
] as const)('acceptInOnePass, %s request', (_, schema, draw, read, seed) => {
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

  it(`an owned body is accepted and refused as a copied one, read in place into the same household (${BODIES} bodies)`, () => {
    const r: Draw = random(seed + 3);
    let accepted = 0;
    for (let i = 0; i < BODIES; i += 1) {
      const healthy = draw(r);
      // What the batch and the service hand on: JSON.parse's own objects.
      const body: unknown = JSON.parse(JSON.stringify(r() < 0.3 ? damage(r, healthy) : healthy));
      const copied = acceptInOnePass(schema, body);
      const owned = acceptInOnePass(schema, body, true);
      expect({ i, accepted: owned !== undefined }).toEqual({ i, accepted: copied !== undefined });
      expect({ i, read: readOutcome(() => read(body, true)) }).toEqual({ i, read: readOutcome(() => read(body)) });
      if (owned === undefined || copied === undefined) continue;
      accepted += 1;
      expect(owned.data).toBe(body);
      expect(owned.data).toMatchObject(copied.data as Record<string, unknown>);
      expect(owned.ignoredFields).toEqual(copied.ignoredFields);
    }
    expect(accepted).toBeGreaterThan(BODIES / 2);
  });

  it(`reads every body as the plain path (switched off: zod alone) reads it, owned or copied (${BODIES} bodies)`, () => {
    const r: Draw = random(seed + 4);
    for (let i = 0; i < BODIES; i += 1) {
      const healthy = draw(r);
      const body: unknown = JSON.parse(JSON.stringify(r() < 0.3 ? damage(r, healthy) : healthy));
      const fast = { copied: readOutcome(() => read(body)), owned: readOutcome(() => read(body, true)) };
      const before = setFastPaths({ onePassCheck: false });
      try {
        const plain = { copied: readOutcome(() => read(body)), owned: readOutcome(() => read(body, true)) };
        if (JSON.stringify(fast) !== JSON.stringify(plain)) expect({ i, read: fast }).toEqual({ i, read: plain });
      } finally {
        setFastPaths(before);
      }
    }
  });
});
