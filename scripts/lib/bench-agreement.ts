/**
 * The households the library benches measure, and the check that the hand-written baselines
 * (bench-repayment-by-hand.ts, bench-retirement-by-hand.ts) compute what the library computes on
 * each of them: a ratio against a baseline that computes something else would mean nothing.
 * Shared by scripts/bench.ts and test/bench/by-hand-agreement.test.ts.
 */
import { repaymentCapacity, retirementExpenditure, type RuleSet } from '../../src/index.js';
import { random, randomRepaymentBody } from './bench-households.js';
import type { handWrittenRepayment, RepaymentFigures } from './bench-repayment-by-hand.js';
import type { retirementByHand, RetirementFigures } from './bench-retirement-by-hand.js';

export function repaymentBodies(n: number): Record<string, unknown>[] {
  const r = random(42);
  return Array.from({ length: n }, () => randomRepaymentBody(r));
}

export function retirementBodies(n: number): Record<string, unknown>[] {
  const r = random(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  return Array.from({ length: n }, () => ({
    Hoofdpersonen: r() < 0.5 ? [{ Geslacht: pick([0, 1]) }] : [{ Geslacht: 0 }, { Geslacht: 1 }],
    Kinderen: r() < 0.8 ? [] : [{ Leeftijd: Math.floor(r() * 25) }],
    Autos: Array.from({ length: Math.floor(r() * 3) }, () => ({
      KilometersPerJaar: pick([0, 1, 2]),
      TypeAuto: pick([0, 1, 2, 3]),
      StatusAuto: pick([0, 1]),
    })),
    Woning:
      r() < 0.5
        ? { TypeWoning: pick([0, 1, 2, 3]), SoortWoning: 0 }
        : { TypeWoning: pick([0, 1, 2, 3]), SoortWoning: 1, WozWaarde: 150_000 + Math.floor(r() * 600_000) },
    NettoBesteedbaarInkomenPerMaand: 1_200 + Math.floor(r() * 4_000),
  }));
}

/** Throws at the first household on which the hand-written figures are not the library's. */
function agree<F>(
  bodies: readonly Record<string, unknown>[],
  library: (body: Record<string, unknown>) => F,
  hand: (body: Record<string, unknown>) => F,
): void {
  for (const [i, body] of bodies.entries()) {
    const [actual, expected] = [hand(body), library(body)];
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      throw new Error(
        `the hand-written baseline and the library disagree on household ${i}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`,
      );
  }
}

/** The repayment baseline must compute what the library computes, on every household measured. */
export function checkAgreement(
  bodies: readonly Record<string, unknown>[],
  ruleSet: RuleSet,
  hand: ReturnType<typeof handWrittenRepayment>,
): void {
  agree(
    bodies,
    (body): RepaymentFigures => {
      const result = repaymentCapacity(body, { ruleSet });
      return {
        posts: result.Posten.map((p) => p.Bedrag),
        minimal: result.Posten.map((p) => p.Minimaal),
        totaalLasten: result.TotaalLasten,
        totaalMinimaleLasten: result.TotaalMinimaleLasten,
        afloscapaciteit: result.Afloscapaciteit,
        maximaleAfloscapaciteit: result.MaximaleAfloscapaciteit,
        tekort: result.Tekort,
        minimaalTekort: result.MinimaalTekort,
      };
    },
    hand,
  );
}

/** The retirement baseline must compute what the library computes, on every household measured. */
export function checkRetirementAgreement(
  bodies: readonly Record<string, unknown>[],
  ruleSet: RuleSet,
  hand: ReturnType<typeof retirementByHand>,
): void {
  agree(
    bodies,
    (body): RetirementFigures => {
      const result = retirementExpenditure(body, { ruleSet });
      return {
        posts: result.Posten.map((p) => [p.Basis, p.Voorbeeld] as const),
        groups: result.Groepen.map((g) => [g.Basis, g.Voorbeeld] as const),
        total: [result.Totaal.Basis, result.Totaal.Voorbeeld],
      };
    },
    hand,
  );
}
