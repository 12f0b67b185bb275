/**
 * The generated code (src/engine/codegen/) against the closure engine: on generated households
 * of every bundled rule set and calculation, with memos and without, every post's exact and
 * rounded amounts, every total and every notice must be the very same; the generated code must
 * have run (not left the household to the closures); and where the closures fail, the
 * generated code must leave the household to them, so the error is theirs. Every form of the
 * rule language, on the mini fixture, is in test/engine/fast-path-matrix.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuleEvaluationError } from '../../src/contract/errors.js';
import { type CodeLoader, codeLoader } from '../../src/engine/codegen/loader.js';
import { type FastPaths, fastPaths, LIBRARY_DEFAULT, setFastPaths } from '../../src/calculations/fast-paths.js';
import { compileProgram, PLAIN_PROGRAM } from '../../src/engine/compile.js';
import { NotGenerated } from '../../src/engine/codegen/generate.js';
import { parseRuleSet } from '../../src/rules/load.js';
import { readRepaymentRequest } from '../../src/household/parse-repayment.js';
import { bundledCatalog, type RuleSet } from '../../src/index.js';
import { disableGeneratedCode, enableGeneratedCode } from '../../src/node/generated-code.js';
import { FACT_CATALOGS } from '../../src/rules/facts.js';
import type { CalculationId } from '../../src/rules/format/calculation.js';
import { drawnHousehold } from '../support/drawn-households.js';
import { random, repaymentBody } from '../support/generated-bodies.js';
import { copy, countingLoader, miniFiles, post, written } from './support.js';
import { runs } from '../support/runs.js';

const HOUSEHOLDS = runs(10_000);

/** Calls of the loaded evaluators, and how many left the household to the closures. */
const calls = { made: 0, left: 0 };

beforeAll(() => {
  enableGeneratedCode();
  const node = codeLoader();
  if (node === undefined) throw new Error('enableGeneratedCode registered no loader');
  setFastPaths({ generatedCode: countingLoader(node, calls) });
});
afterAll(() => setFastPaths({ generatedCode: undefined }));

/**
 * Compares, on `n` drawn households, the closures of a program without memos with the generated
 * code of that program and of one with memos; returns how many households were compared.
 */
function compare(ruleSet: RuleSet, calculation: CalculationId, seed: number, n: number): number {
  const program = compileProgram(ruleSet, calculation, PLAIN_PROGRAM);
  const remembering = compileProgram(ruleSet, calculation, { memos: true });
  const r = random(seed);
  let compared = 0;
  for (let i = 0; i < n; i += 1) {
    const household = drawnHousehold(calculation, r);
    if (household === undefined) continue;
    const closures = written(program.evaluateFacts(FACT_CATALOGS[calculation].extract(household)));
    const generated = written(program.evaluate(household));
    const withMemos = written(remembering.evaluate(household));
    if (generated !== closures || withMemos !== closures)
      expect({ household, generated, withMemos }).toEqual({ household, generated: closures, withMemos: closures });
    compared += 1;
  }
  return compared;
}

describe('generated code against the closure engine', () => {
  for (const ruleSet of bundledCatalog().list()) {
    for (const calculation of Object.keys(ruleSet.calculations) as CalculationId[]) {
      it(`${ruleSet.id} ${calculation}: ${HOUSEHOLDS.toLocaleString('en-US')} households, the same to the digit`, () => {
        const before = { ...calls };
        const compared = compare(ruleSet, calculation, 2026 + ruleSet.id.length + calculation.length, HOUSEHOLDS);
        expect(compared).toBeGreaterThan(HOUSEHOLDS * 0.9);
        // Every household ran on the generated code of both programs: none was left to the closures.
        expect(calls.made - before.made).toBe(2 * compared);
        expect(calls.left - before.left).toBe(0);
      });
    }
  }

  it('leaves a household no rule covers to the closures, whose error it is', () => {
    const files = miniFiles();
    // The car costs apply only to households with fewer than three cars: no rule for the rest.
    // The loader's sweep would refuse such a set; parsed without its checks, the engine meets it.
    for (const rule of post(files, 'Autos').rules)
      rule.when = { all: [{ fact: 'cars', operator: 'lessThan', value: 3 }] };
    const ruleSet = parseRuleSet(copy(files), 'uncovered');
    const program = compileProgram(ruleSet, 'afloscapaciteit');
    const body = (n: number) => ({ ...(repaymentBody(random(3)) as Record<string, unknown>), AantalAutos: n });
    const household = readRepaymentRequest(body(5)).household;
    const before = { ...calls };
    const closures = (() => {
      try {
        program.evaluateFacts(FACT_CATALOGS.afloscapaciteit.extract(household));
      } catch (error) {
        return error;
      }
    })();
    expect(closures).toBeInstanceOf(RuleEvaluationError);
    expect(() => program.evaluate(household)).toThrow(closures as Error);
    expect(calls.left - before.left).toBe(1);
    // A household the rules cover still runs on the generated code.
    expect(written(program.evaluate(readRepaymentRequest(body(1)).household))).toBe(
      written(program.evaluateFacts(FACT_CATALOGS.afloscapaciteit.extract(readRepaymentRequest(body(1)).household))),
    );
    expect(calls.left - before.left).toBe(1);
  });

  it('runs on closures where a form is not generated (NotGenerated), and asks once', () => {
    const ruleSet = bundledCatalog().byId('nl-2026');
    const household = readRepaymentRequest(repaymentBody(random(5))).household;
    const working = codeLoader();
    let asked = 0;
    setFastPaths({
      generatedCode: () => {
        asked += 1;
        throw new NotGenerated('a form this loader does not take');
      },
    });
    try {
      const program = compileProgram(ruleSet, 'afloscapaciteit');
      const extracted = FACT_CATALOGS.afloscapaciteit.extract(household);
      expect(written(program.evaluate(household))).toBe(written(program.evaluateFacts(extracted)));
      expect(written(program.evaluate(household))).toBe(written(program.evaluateFacts(extracted)));
      expect(asked).toBe(1);
    } finally {
      setFastPaths({ generatedCode: working });
    }
  });

  it('throws any other error of the generator or the loader, at every evaluation, not hidden behind the closures', () => {
    const ruleSet = bundledCatalog().byId('nl-2026');
    const household = readRepaymentRequest(repaymentBody(random(5))).household;
    const working = codeLoader();
    const refusal = new SyntaxError('a loader that refuses every text');
    setFastPaths({
      generatedCode: () => {
        throw refusal;
      },
    });
    try {
      const program = compileProgram(ruleSet, 'afloscapaciteit');
      expect(() => program.evaluate(household)).toThrow(refusal);
      expect(() => program.evaluate(household)).toThrow(refusal);
      // An explanation runs on the closures, without the loader.
      expect(program.evaluate(household, { explain: true }).explanation).toBeDefined();
    } finally {
      setFastPaths({ generatedCode: working });
    }
  });

  it('follows the loader of the moment: generated code once one is registered, closures once it is removed', () => {
    const working = codeLoader();
    const program = compileProgram(bundledCatalog().byId('nl-2026'), 'afloscapaciteit');
    const household = readRepaymentRequest(repaymentBody(random(13))).household;
    try {
      setFastPaths({ generatedCode: undefined });
      const before = calls.made;
      const onClosures = written(program.evaluate(household));
      expect(calls.made).toBe(before);
      // Evaluated before, the program still takes up a loader registered after, and asks it once.
      let asked = 0;
      setFastPaths({
        generatedCode: (generated) => {
          asked += 1;
          return (working as CodeLoader)(generated);
        },
      });
      for (let i = 0; i < 3; i += 1) expect(written(program.evaluate(household))).toBe(onClosures);
      expect(calls.made).toBe(before + 3);
      expect(asked).toBe(1);
      setFastPaths({ generatedCode: undefined });
      expect(written(program.evaluate(household))).toBe(onClosures);
      expect(calls.made).toBe(before + 3);
    } finally {
      setFastPaths({ generatedCode: working });
    }
  });

  it('enableGeneratedCode registers the one loader of the process, however often it is called', () => {
    const working = codeLoader();
    try {
      enableGeneratedCode();
      const first = codeLoader();
      enableGeneratedCode();
      // The same loader: no program generates its code again.
      expect(first).toBeDefined();
      expect(codeLoader()).toBe(first);
      disableGeneratedCode();
      expect(codeLoader()).toBeUndefined();
    } finally {
      setFastPaths({ generatedCode: working });
    }
  });

  it('enableGeneratedCode turns on each fast path unless its environment switch is 0, and disable restores the default', () => {
    const before = fastPaths();
    const on = (): Record<keyof FastPaths, boolean> => {
      const now = fastPaths();
      return { generatedCode: now.generatedCode !== undefined, memos: now.memos };
    };
    try {
      enableGeneratedCode({});
      expect(on()).toEqual({ generatedCode: true, memos: true });
      enableGeneratedCode({ BUDGETNORM_GENERATED_CODE: '0', BUDGETNORM_MEMOS: '0' });
      expect(on()).toEqual({ generatedCode: false, memos: false });
      enableGeneratedCode({ BUDGETNORM_MEMOS: '1' });
      disableGeneratedCode();
      expect(fastPaths()).toEqual(LIBRARY_DEFAULT);
    } finally {
      setFastPaths(before);
    }
  });

  it('explains on the closures: the explanation is there, the generated code is not asked', () => {
    const ruleSet = bundledCatalog().byId('nl-2026');
    const program = compileProgram(ruleSet, 'afloscapaciteit');
    const household = readRepaymentRequest(repaymentBody(random(11))).household;
    const before = calls.made;
    expect(program.evaluate(household, { explain: true }).explanation).toBeDefined();
    expect(calls.made).toBe(before);
  });
});
