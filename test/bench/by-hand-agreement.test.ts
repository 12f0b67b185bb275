/**
 * The library benches compare the library with the same method written by hand
 * (scripts/lib/bench-*-by-hand.ts). A ratio against a baseline that computes something else means
 * nothing, and `npm run bench` is not part of `npm test`: so the baselines are held to the
 * library's figures here, on the benches' own households, for every nl set.
 */
import { describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../src/index.js';
import {
  checkAgreement,
  checkRetirementAgreement,
  repaymentBodies,
  retirementBodies,
} from '../../scripts/lib/bench-agreement.js';
import { handWrittenRepayment } from '../../scripts/lib/bench-repayment-by-hand.js';
import { retirementByHand } from '../../scripts/lib/bench-retirement-by-hand.js';

describe.each(['nl-2025', 'nl-2026'])('the hand-written baselines of %s', (id) => {
  const ruleSet = bundledCatalog().byId(id);

  it('repayment: the same figures as the library on 1,000 bench households', () => {
    const bodies = repaymentBodies(1_000);
    expect(bodies.some((b) => (b['AantalThuiswonendeKinderen'] as number) > 0)).toBe(true);
    expect(() => checkAgreement(bodies, ruleSet, handWrittenRepayment(ruleSet))).not.toThrow();
  });

  it('retirement: the same figures as the library on 1,000 bench households', () => {
    const bodies = retirementBodies(1_000);
    const toddlers = bodies.filter((b) => (b['Kinderen'] as { Leeftijd: number }[]).some((k) => k.Leeftijd < 4));
    expect(toddlers.length).toBeGreaterThan(0);
    expect(() => checkRetirementAgreement(bodies, ruleSet, retirementByHand(ruleSet))).not.toThrow();
  });

  it('a baseline that leaves out a post is caught', () => {
    const hand = handWrittenRepayment(ruleSet);
    const short = (body: Record<string, unknown>) => {
      const figures = hand(body);
      return { ...figures, afloscapaciteit: figures.afloscapaciteit + 1 };
    };
    expect(() => checkAgreement(repaymentBodies(10), ruleSet, short)).toThrow(/disagree on household 0/);
  });
});
