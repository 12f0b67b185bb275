/**
 * The expression cases shared by test/engine/expressions.test.ts (what each operator means) and
 * test/engine/fast-path-matrix.test.ts (every evaluator gives the same): one per operator of
 * the language, in small rule sets built from the mini fixture.
 */
import { loadRuleSet } from '../../src/engine/load-rule-set.js';
import type { ExtractedFacts } from '../../src/rules/facts.js';
import type { ExpressionOperator } from '../../src/rules/format/expression.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { miniFiles, repaymentFacts, type Files, type Json } from './support.js';

export interface ProbeOptions {
  readonly unit?: string;
  readonly edit?: (files: Files) => void;
}

/** Mini's files, with `amount` as the last intermediate value, `probe`. */
export function repaymentProbeFiles(amount: Json, options: ProbeOptions = {}): Files {
  const files = miniFiles();
  options.edit?.(files);
  const calc = files['afloscapaciteit.json'];
  calc.values = [
    ...(calc.values ?? []),
    {
      id: 'probe',
      description: 'probe',
      unit: options.unit ?? 'EUR/month',
      combine: 'first',
      rules: [{ id: 'probe', description: 'probe', amount }],
    },
  ];
  return files;
}

/** Mini, with `amount` as the last intermediate value, `probe`, loaded (checked). */
export function repaymentProbe(amount: Json, options: ProbeOptions = {}): RuleSet {
  return loadRuleSet(repaymentProbeFiles(amount, options));
}

export const param = (name: string): Json => ({ param: name });

/** Mini's posts for a single 40-year-old tenant with one child and one car (rent 700 + 25 service):
 *  Levensonderhoud 1000.50 + 250.25 + 0 = 1250.75 (shown 1251), Wonen 725, Autos 1 × 2400 / 12 = 200. */
export const FAMILY: ExtractedFacts = repaymentFacts({}, { children: 1, cars: 1 });

export interface ExpressionCase {
  readonly amount: Json;
  readonly value: string;
  readonly reads: string;
  readonly unit?: string;
  readonly edit?: (files: Files) => void;
}

/**
 * One case per operator: the amount, what it evaluates to for {@link FAMILY}, and how it reads.
 * Keyed by operator, so an operator added to the language without a case here does not
 * compile (and, should the type be bypassed, fails the tests of expressions.test.ts and
 * fast-path-matrix.test.ts).
 */
export const withBase = (files: Files): void => {
  files['afloscapaciteit.json'].values = [
    { id: 'base', description: 'base', unit: 'EUR/month', combine: 'first', rules: [base] },
  ];
};
const base = { id: 'base', description: 'base', amount: param('normSingle') };
export const CASES: Readonly<Record<ExpressionOperator, ExpressionCase>> = {
  const: { amount: { const: '12.50', unit: 'EUR/month' }, value: '12.5', reads: '12.50' },
  param: { amount: param('perChild'), value: '250.25', reads: 'perChild' },
  table: {
    amount: { table: 'ownerSurcharge', key: { tenure: 'own' } },
    value: '110',
    reads: 'ownerSurcharge["own"]',
  },
  fact: { amount: { fact: 'rent' }, value: '700', reads: 'rent' },
  value: { amount: { value: 'base' }, value: '1000.5', reads: 'base', edit: withBase },
  post: {
    amount: { post: 'Levensonderhoud', measure: 'bedrag', rounded: true },
    value: '1251',
    reads: 'rounded(Levensonderhoud.bedrag)',
  },
  sumPosts: { amount: { sumPosts: { measure: 'bedrag' } }, value: '2175.75', reads: 'sum of all posts (bedrag)' },
  add: { amount: { add: [param('perChild'), { const: '1' }] }, value: '251.25', reads: 'perChild + 1' },
  subtract: {
    amount: { subtract: [param('normSingle'), { fact: 'rent' }] },
    value: '300.5',
    reads: 'normSingle − rent',
  },
  multiply: {
    amount: { multiply: [{ fact: 'children' }, param('perChild')] },
    value: '250.25',
    reads: 'children × perChild',
  },
  divide: {
    amount: { divide: [param('carYear'), param('monthsPerYear')] },
    value: '200',
    reads: 'carYear / monthsPerYear',
  },
  min: { amount: { min: [param('normSingle'), { fact: 'rent' }] }, value: '700', reads: 'min(normSingle, rent)' },
  max: { amount: { max: [param('normSingle'), { fact: 'rent' }] }, value: '1000.5', reads: 'max(normSingle, rent)' },
  sum: {
    amount: { sum: { over: 'cars', amount: param('perChild') } },
    value: '250.25',
    reads: '(sum over cars of perChild)',
  },
  count: { amount: { count: { over: 'children' } }, value: '1', reads: '(number of children)', unit: '1' },
  round: { amount: { round: param('normSingle'), policy: 'post' }, value: '1001', reads: 'round(normSingle, post)' },
  if: {
    amount: {
      if: { fact: 'tenure', operator: 'equal', value: 'own' },
      // biome-ignore lint/suspicious/noThenProperty: the rule format's conditional expression
      then: param('normCouple'),
      else: { fact: 'rent' },
    },
    value: '700',
    reads: '(if tenure = "own" then normCouple else rent)',
  },
};
