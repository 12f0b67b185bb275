/**
 * Memos (src/engine/amount-memo.ts) against the plain program on the bundled sets: on drawn
 * households of every bundled rule set and calculation, a program with memos, evaluated from
 * the household, must give every post's exact and rounded amounts, every total and every notice
 * of the plain closures, to the digit, first and again. Every form of the rule language, on the
 * mini fixture, is in test/engine/fast-path-matrix.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { type FastPaths, fastPaths, LIBRARY_DEFAULT, setFastPaths } from '../../src/calculations/fast-paths.js';
import { compileProgram, PLAIN_PROGRAM } from '../../src/engine/compile.js';
import { bundledCatalog, type RuleSet } from '../../src/index.js';
import { disableFastPaths, enableFastPaths, enableGeneratedCode } from '../../src/node/fast-paths.js';
import { FACT_CATALOGS } from '../../src/rules/facts.js';
import type { CalculationId } from '../../src/rules/format/calculation.js';
import { drawnHousehold } from '../support/drawn-households.js';
import { random } from '../support/generated-bodies.js';
import { runs } from '../support/runs.js';
import { written } from './support.js';

const HOUSEHOLDS = runs(10_000);

/** Compares, on `n` drawn households, the plain closures with a program with memos; returns how many were compared. */
function compare(ruleSet: RuleSet, calculation: CalculationId, seed: number, n: number): number {
  const program = compileProgram(ruleSet, calculation, PLAIN_PROGRAM);
  const remembering = compileProgram(ruleSet, calculation, { memos: true });
  const r = random(seed);
  let compared = 0;
  for (let i = 0; i < n; i += 1) {
    const household = drawnHousehold(calculation, r);
    if (household === undefined) continue;
    const closures = written(program.evaluateFacts(FACT_CATALOGS[calculation].extract(household)));
    const withMemos = written(remembering.evaluate(household));
    const again = written(remembering.evaluate(household));
    if (withMemos !== closures || again !== closures)
      expect({ household, withMemos, again }).toEqual({ household, withMemos: closures, again: closures });
    compared += 1;
  }
  return compared;
}

describe('memos against the plain program', () => {
  for (const ruleSet of bundledCatalog().list()) {
    for (const calculation of Object.keys(ruleSet.calculations) as CalculationId[]) {
      it(`${ruleSet.id} ${calculation}: ${HOUSEHOLDS.toLocaleString('en-US')} households, the same to the digit`, () => {
        const compared = compare(ruleSet, calculation, 2026 + ruleSet.id.length + calculation.length, HOUSEHOLDS);
        expect(compared).toBeGreaterThan(HOUSEHOLDS * 0.9);
      });
    }
  }

  it('enableFastPaths turns memos on unless BUDGETNORM_MEMOS is 0; the removed switches change nothing', () => {
    const before: FastPaths = fastPaths();
    try {
      enableFastPaths({});
      expect(fastPaths()).toEqual({ memos: true });
      enableFastPaths({ BUDGETNORM_MEMOS: '0' });
      expect(fastPaths()).toEqual({ memos: false });
      // Read as the service's configuration and the batch's check read it (memosSwitch): spaces around it count for nothing.
      enableFastPaths({});
      enableFastPaths({ BUDGETNORM_MEMOS: ' 0 ' });
      expect(fastPaths()).toEqual({ memos: false });
      enableFastPaths({ BUDGETNORM_GENERATED_CODE: '0', BUDGETNORM_ONE_PASS_CHECK: '0', BUDGETNORM_RESULT_JSON: '0' });
      expect(fastPaths()).toEqual({ memos: true });
      disableFastPaths();
      expect(fastPaths()).toEqual(LIBRARY_DEFAULT);
      // The former name does the same.
      enableGeneratedCode({});
      expect(fastPaths()).toEqual({ memos: true });
    } finally {
      setFastPaths(before);
    }
  });
});
