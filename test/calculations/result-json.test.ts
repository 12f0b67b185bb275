/**
 * Issue 14: a batch and the service write a result's JSON through its operation's
 * `writeJson` (src/calculations/result-json.ts), which writes the rule set's constant parts
 * once per set instead of stringifying every result whole: into one string for the service, into
 * a batch's bytes (src/cli/batch/byte-sink.ts) for a batch. Its text must be byte for byte what
 * `JSON.stringify` makes of the result: on generated households of both operations (valid and
 * refused, with unknown fields and the rules' own warnings), with both bundled rule sets and an
 * approved copy (no status warning), with and without `explain` and `provenance`.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/contract/errors.js';
import { jsonCalculation, jsonWriter, OPERATIONS, useResultJsonWriters } from '../../src/calculations/operations.js';
import { ByteSink } from '../../src/cli/batch/byte-sink.js';
import type { CalculationOptions } from '../../src/calculations/options.js';
import type { CalculationId } from '../../src/rules/format/calculation.js';
import { meldingen } from '../../src/calculations/options.js';
import { type JsonPiece, type JsonSink, jsonTextOf } from '../../src/calculations/json-sink.js';
import {
  type ResultJsonLayout,
  writeEvaluationJson,
  writeRetirementResult,
} from '../../src/calculations/result-json.js';
import type { RetirementExpenditureResult } from '../../src/contract/results.js';
import { money } from '../../src/contract/money.js';
import { type Evaluation, programFor } from '../../src/engine/compile.js';
import { readRepaymentRequest } from '../../src/household/parse-repayment.js';
import {
  bundledCatalog,
  loadRuleSet,
  repaymentCapacity,
  retirementExpenditure,
  type RuleSet,
} from '../../src/index.js';
import { damage, random, repaymentBody, retirementBody, type Draw } from '../support/generated-bodies.js';
import { runs } from '../support/runs.js';

const HOUSEHOLDS = runs(10_000);

const REPAYMENT_JSON = OPERATIONS.afloscapaciteit.resultJson as ResultJsonLayout;
const RETIREMENT_JSON = OPERATIONS.pensioenuitgaven.resultJson as ResultJsonLayout;

/** {@link writeEvaluationJson} of the repayment layout as one string; `undefined` where it writes nothing. */
function repaymentEvaluationJson(
  ...args: Parameters<typeof writeEvaluationJson> extends [unknown, unknown, ...infer Rest] ? Rest : never
): string | undefined {
  let written = false;
  const text = jsonTextOf((sink) => {
    written = writeEvaluationJson(sink, REPAYMENT_JSON, ...args);
  });
  return written ? text : undefined;
}

/** {@link writeRetirementResult} as one string. */
function retirementResultJson(result: RetirementExpenditureResult, ruleSet: RuleSet): string {
  return jsonTextOf((sink) => writeRetirementResult(sink, RETIREMENT_JSON, result, ruleSet));
}

/** A sink that counts the constant pieces written: the operations' own writers write some, `JSON.stringify` none. */
class CountingSink implements JsonSink {
  pieces = 0;
  readonly out = { value: '' };
  piece(piece: JsonPiece): void {
    this.pieces += 1;
    this.out.value += piece.text;
  }
  number(n: number): void {
    this.out.value += `${n}`;
  }
  text(text: string): void {
    this.out.value += text;
  }
}

/** What a call yields as text: the JSON, or the refusal's issues. */
function outcome(call: () => string): string {
  try {
    return call();
  } catch (error) {
    if (error instanceof ValidationError) return `refused ${JSON.stringify(error.issues)}`;
    throw error;
  }
}

/** nl-2026 as it is, but approved: its results carry no status warning. */
function approved(): RuleSet {
  const files = structuredClone(bundledCatalog().byId('nl-2026').files) as Record<string, Record<string, unknown>>;
  (files['manifest.json'] as Record<string, unknown>)['status'] = 'approved';
  return loadRuleSet(files, 'approved-copy');
}

/** The options of household `i`: every rule set in turn, and every 16th also explained or founded (those cost more). */
function optionsOf(i: number, sets: readonly RuleSet[]): CalculationOptions {
  const ruleSet = sets[i % sets.length] as RuleSet;
  const extra =
    i % 16 === 0
      ? { explain: true }
      : i % 16 === 8
        ? { provenance: true }
        : i % 32 === 4
          ? { explain: true, provenance: true }
          : {};
  return { ruleSet, ...extra };
}

function compare(
  seed: number,
  draw: (r: Draw) => Record<string, unknown>,
  calculate: (body: unknown, options?: CalculationOptions) => unknown,
  calculation: CalculationId,
): { written: number; refused: number; warned: number } {
  // Every bundled set with the calculation's rules (a lending-norm set has no retirement rules).
  const sets = [
    ...bundledCatalog()
      .list()
      .filter((s) => s.calculations[calculation] !== undefined)
      .map((s) => bundledCatalog().byId(s.id)),
    approved(),
  ];
  const json = jsonCalculation(calculate);
  const write = jsonWriter(calculate);
  const r = random(seed);
  const counts = { written: 0, refused: 0, warned: 0 };
  for (let i = 0; i < HOUSEHOLDS; i += 1) {
    const healthy = draw(r);
    const body = r() < 0.1 ? damage(r, healthy) : healthy;
    const options = optionsOf(i, sets);
    const expected = outcome(() => JSON.stringify(calculate(body, options)));
    const actual = outcome(() => json(body, options));
    // The batch's bytes: the same text, and nothing at all written for a body that is refused.
    const sink = new ByteSink(64);
    sink.text('[');
    const refusal = outcome(() => {
      write(sink, body, options);
      return '';
    });
    const bytes = Buffer.from(sink.bytes()).toString('utf8');
    const inBytes = refusal === '' ? bytes.slice(1) : bytes === '[' ? refusal : `written before refusing: ${bytes}`;
    // One readable failure, not the whole run's.
    if (actual !== expected || inBytes !== expected)
      expect({ household: i, options, actual, inBytes }).toEqual({
        household: i,
        options,
        actual: expected,
        inBytes: expected,
      });
    if (expected.startsWith('refused')) counts.refused += 1;
    else counts.written += 1;
    if (expected.includes('"Meldingen":[{"Code":"OnbekendVeld"')) counts.warned += 1;
  }
  return counts;
}

describe("an operation's JSON writer gives JSON.stringify's text of its result, byte for byte", () => {
  it(`afloscapaciteit: ${HOUSEHOLDS} generated households, the bundled rule sets of both families and an approved one`, () => {
    const counts = compare(14_101, repaymentBody, OPERATIONS.afloscapaciteit.calculate, 'afloscapaciteit');
    expect(counts.written).toBeGreaterThan(HOUSEHOLDS * 0.85);
    expect(counts.refused).toBeGreaterThan(HOUSEHOLDS * 0.05);
    expect(counts.warned).toBeGreaterThan(HOUSEHOLDS * 0.05);
  });

  it(`pensioenuitgaven: ${HOUSEHOLDS} generated households, both bundled rule sets with its rules and an approved one`, () => {
    const counts = compare(14_102, retirementBody, OPERATIONS.pensioenuitgaven.calculate, 'pensioenuitgaven');
    expect(counts.written).toBeGreaterThan(HOUSEHOLDS * 0.85);
    expect(counts.refused).toBeGreaterThan(HOUSEHOLDS * 0.05);
    expect(counts.warned).toBeGreaterThan(HOUSEHOLDS * 0.05);
  });

  it("the library's own operations get their writer, unless switched off; any other calculation is stringified", () => {
    const ruleSet = bundledCatalog().byId('nl-2026');
    for (const [calculate, body] of [
      [repaymentCapacity, repaymentBody(random(21))],
      [retirementExpenditure, retirementBody(random(22))],
    ] as const) {
      const write = jsonWriter(calculate as (body: unknown, options?: CalculationOptions) => unknown);
      const own = new CountingSink();
      write(own, body, { ruleSet });
      expect(own.pieces).toBeGreaterThan(0);
      useResultJsonWriters(false);
      const plain = new CountingSink();
      try {
        write(plain, body, { ruleSet });
      } finally {
        useResultJsonWriters(true);
      }
      expect(plain.pieces).toBe(0);
      expect(own.out.value).toBe(plain.out.value);
      expect(plain.out.value).toBe(JSON.stringify(calculate(body as never, { ruleSet })));
    }
    const other = (body: unknown) => ({ ...(body as object), Afloscapaciteit: -0, Tekst: 'a "quoted" \u2028 line' });
    expect(jsonCalculation(other)({ x: 1 }, undefined)).toBe(
      '{"x":1,"Afloscapaciteit":0,"Tekst":"a \\"quoted\\" \u2028 line"}',
    );
    // A caller's function around the library's own (the service's `calculations` override) may change the result.
    const wrapped = (body: unknown, options?: CalculationOptions) => ({
      ...repaymentCapacity(body, options),
      Extra: 1,
    });
    const body = repaymentBody(random(3));
    expect(jsonCalculation(wrapped)(body, undefined)).toBe(JSON.stringify(wrapped(body)));
    expect(jsonCalculation(wrapped)(body, undefined)).toMatch(/,"Extra":1\}$/);
  });
});

describe('the writers check what they cannot take for granted, and then stringify', () => {
  const ruleSet = bundledCatalog().byId('nl-2026');
  const sample = repaymentBody(random(7));
  const repayment = repaymentCapacity(sample, { ruleSet });
  const retirement = retirementExpenditure(retirementBody(random(8)), { ruleSet });

  // The repayment writer reads the evaluation: what it cannot write, it leaves to JSON.stringify.
  const read = readRepaymentRequest(sample);
  const evaluation = programFor(ruleSet, 'afloscapaciteit').evaluate(read.household);
  const warnings = meldingen(read.ignoredFields, evaluation.notices, ruleSet);
  const income = read.household.netMonthlyIncome;
  const postsWith = (i: number, change: Partial<Evaluation['posts'][number]>) =>
    evaluation.posts.map((p, k) => (k === i ? { ...p, ...change } : p));

  it('repayment: the text of an ordinary evaluation is JSON.stringify of its result', () => {
    expect(repaymentEvaluationJson(income, evaluation, warnings, ruleSet)).toBe(JSON.stringify(repayment));
    const own = [{ Code: 'X', Tekst: 'een "eigen" \\ melding\n, één € 😀' }, ...repayment.Meldingen];
    expect(repaymentEvaluationJson(income, evaluation, own, ruleSet)).toBe(
      JSON.stringify({ ...repayment, Meldingen: own }),
    );
    const reworded = repayment.Meldingen.map((m) => ({ ...m, Tekst: `${m.Tekst}!` }));
    expect(repaymentEvaluationJson(income, evaluation, reworded, ruleSet)).toBe(
      JSON.stringify({ ...repayment, Meldingen: reworded }),
    );
    const negativeZero = { ...evaluation, totals: { ...evaluation.totals, Tekort: money(-0) } };
    expect(repaymentEvaluationJson(-0, negativeZero, warnings, ruleSet)).toBe(
      JSON.stringify({ ...repayment, NettoBesteedbaarInkomenPerMaand: -0, Tekort: -0 }),
    );
  });

  it.each([
    ['a total that is not finite', { ...evaluation, totals: { ...evaluation.totals, TotaalLasten: money(Infinity) } }],
    ['a total of NaN', { ...evaluation, totals: { ...evaluation.totals, Afloscapaciteit: money(Number.NaN) } }],
    [
      'a post amount that is not finite',
      { ...evaluation, posts: postsWith(2, { rounded: [money(Infinity), money(0)] }) },
    ],
    ['a post that is not the rule set’s', { ...evaluation, posts: postsWith(1, { description: 'anders "dus"' }) }],
    ['a post too few', { ...evaluation, posts: evaluation.posts.slice(1) }],
  ])('repayment: %s is left to JSON.stringify', (_, changed) => {
    expect(repaymentEvaluationJson(income, changed, warnings, ruleSet)).toBeUndefined();
  });

  it('repayment: an income that is not finite is left to JSON.stringify', () => {
    expect(repaymentEvaluationJson(Number.NaN, evaluation, warnings, ruleSet)).toBeUndefined();
  });

  it.each([
    ['a total of -0', { ...retirement, Totaal: { Basis: -0, Voorbeeld: 1 } }],
    [
      'a group that is not the rule set’s',
      { ...retirement, Groepen: [{ Code: 'Eigen', Omschrijving: 'x', Basis: 1, Voorbeeld: 2 }, ...retirement.Groepen] },
    ],
    [
      'a post renamed',
      { ...retirement, Posten: retirement.Posten.map((p, i) => (i === 1 ? { ...p, Code: 'Anders' } : p)) },
    ],
    [
      'a post in another group',
      { ...retirement, Posten: retirement.Posten.map((p, i) => (i === 0 ? { ...p, Groep: 'Elders' } : p)) },
    ],
    [
      'a post amount of NaN',
      { ...retirement, Posten: retirement.Posten.map((p, i) => (i === 3 ? { ...p, Voorbeeld: Number.NaN } : p)) },
    ],
  ])('retirement: %s', (_, result) => {
    expect(retirementResultJson(result, ruleSet)).toBe(JSON.stringify(result));
  });
});
