/**
 * `npm run bench`: calculations per second on one core, each beside a baseline measured in
 * the same run.
 *
 * 1. The engine: a rule set of realistic size (age-banded norms per household type and
 *    tenure: 40+ rules with conditions) through the compiled engine and through
 *    json-rules-engine's `Engine.run`, on the same rules and households.
 * 2. Repayment capacity on the bundled rule set: the library call (parse + evaluate), the
 *    engine alone (from a parsed household), and a bare baseline: the same method written
 *    by hand in TypeScript with decimal.js, no engine.
 * 3. Retirement expenditure: the library call and the engine alone.
 *
 * Figures are printed, never asserted: speed depends on the machine.
 */
import { cpus } from 'node:os';
import { Engine } from 'json-rules-engine';
import { Money, type Decimal } from '../src/contract/money.js';

const { max: decimalMax, min: decimalMin } = { max: Money.max.bind(Money), min: Money.min.bind(Money) };
import { compileProgram, programFor } from '../src/engine/compile.js';
import { compileScopedCondition, type ExpressionEnv } from '../src/engine/expression.js';
import { loadRuleSet } from '../src/engine/verify.js';
import {
  bundledCatalog,
  parseRepaymentRequest,
  parseRetirementRequest,
  repaymentCapacity,
  retirementExpenditure,
  type Household,
  type RuleSet,
} from '../src/index.js';
import { REPAYMENT_FACTS, RETIREMENT_FACTS, PARAM_FACT_PREFIX, type ExtractedFacts } from '../src/rules/facts.js';
import type { BooleanCondition } from '../src/rules/format/condition.js';
import type { EvalContext } from '../src/engine/context.js';
import { newState } from '../src/engine/context.js';
import { random, randomRepaymentBody } from './lib/bench-households.js';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? '2');

/**
 * Measures several functions in interleaved rounds (A, B, C, A, B, C, …) for SECONDS each in
 * all, so that a change in machine speed during the run affects every one alike and their
 * ratios stay meaningful on a noisy machine.
 */
function interleaved<K extends string>(fns: Record<K, (i: number) => unknown>, rounds = 6): Record<K, number> {
  const entries = Object.entries(fns) as [K, (i: number) => unknown][];
  const calls = new Map<K, number>(entries.map(([k]) => [k, 0]));
  const time = new Map<K, number>(entries.map(([k]) => [k, 0]));
  for (const [, f] of entries) for (let i = 0; i < 5_000; i += 1) f(i);
  for (let r = 0; r < rounds; r += 1) {
    for (const [k, f] of entries) {
      let n = calls.get(k) as number;
      const start = performance.now();
      let now = start;
      while (now - start < (SECONDS * 1000) / rounds) {
        for (let i = 0; i < 500; i += 1) f(n + i);
        n += 500;
        now = performance.now();
      }
      calls.set(k, n);
      time.set(k, (time.get(k) as number) + now - start);
    }
  }
  return Object.fromEntries(
    entries.map(([k]) => [k, ((calls.get(k) as number) * 1000) / (time.get(k) as number)]),
  ) as Record<K, number>;
}

async function perSecondAsync(f: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 500; i += 1) await f(i);
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < SECONDS * 1000) {
    for (let i = 0; i < 100; i += 1) await f(calls + i);
    calls += 100;
    now = performance.now();
  }
  return (calls * 1000) / (now - start);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(12);
const line = (label: string, n: number, extra = '') => console.log(`  ${label.padEnd(58)}${fmt(n)} /s ${extra}`);

function repaymentBodies(n: number): Record<string, unknown>[] {
  const r = random(42);
  return Array.from({ length: n }, () => randomRepaymentBody(r));
}

function retirementBodies(n: number): Record<string, unknown>[] {
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

// ---------------------------------------------------------------------------------------
// 1. The engine against json-rules-engine, on a rule set of realistic size.

/** Age-banded living-cost norms per household type and tenure: 10 bands × 4 types, plus housing and extras. */
function benchRuleSet(): RuleSet {
  const base = bundledCatalog().byId('nl-2026');
  const bands = [0, 18, 21, 25, 30, 40, 50, 60, 67, 75, 126];
  const types = ['single', 'singleWithChildren', 'couple', 'coupleWithChildren'];
  const rules = [];
  for (let b = 0; b + 1 < bands.length; b += 1) {
    for (const [t, type] of types.entries()) {
      rules.push({
        id: `norm-${type}-${bands[b]}`,
        description: `norm for ${type}, age ${bands[b]} to ${bands[b + 1]}`,
        when: {
          all: [
            { fact: 'householdType', operator: 'equal', value: type },
            { fact: 'age', operator: 'greaterThanInclusive', value: bands[b] },
            { fact: 'age', operator: 'lessThan', value: bands[b + 1] },
          ],
        },
        amounts: {
          bedrag: {
            add: [
              {
                multiply: [{ const: String(900 + 150 * t + 10 * b), unit: 'EUR/month' }, { param: 'vfnIndexatie2023' }],
              },
              {
                multiply: [
                  { table: 'opslagPercentage', key: { huishouden: { fact: 'householdType' } } },
                  {
                    max: [{ const: '0' }, { subtract: [{ fact: 'income' }, { param: 'minimumInkomenAlleenstaand' }] }],
                  },
                ],
              },
            ],
          },
        },
      });
    }
  }
  const files = structuredClone(base.files) as Record<string, Record<string, unknown>>;
  const calc = files['afloscapaciteit.json'] as { posts: { code: string; combine: string; rules: unknown[] }[] };
  const norm = calc.posts.find((p) => p.code === 'Levensonderhoud');
  if (norm === undefined) throw new Error('nl-2026 has no Levensonderhoud post');
  norm.combine = 'first';
  norm.rules = rules;
  delete files['pensioenuitgaven.json'];
  return loadRuleSet(files, 'bench (nl-2026 with age-banded norms)');
}

async function engineVersusJsonRulesEngine(): Promise<void> {
  const ruleSet = benchRuleSet();
  const calc = ruleSet.calculations.afloscapaciteit!;
  const conditional = [...calc.posts.flatMap((p) => p.rules), ...(calc.values ?? []).flatMap((v) => v.rules)].filter(
    (r) => r.when !== undefined,
  );
  const households = repaymentBodies(1_000).map((b) => REPAYMENT_FACTS.extract(parseRepaymentRequest(b).household));
  const paramFacts: Record<string, number> = {};
  for (const [name, p] of Object.entries(ruleSet.parameters))
    paramFacts[`${PARAM_FACT_PREFIX}${name}`] = Number(p.value);

  // json-rules-engine: every rule with a condition, one event each; facts as plain numbers and strings.
  const engine = new Engine([], { allowUndefinedFacts: false });
  for (const r of conditional) engine.addRule({ conditions: r.when as never, event: { type: r.id } });
  const jreFacts = households.map((h) => ({ ...h.facts, ...paramFacts }));

  // The compiled conditions of the same rules.
  const env = { ruleSet } as unknown as ExpressionEnv;
  const tests = conditional.map((r) => compileScopedCondition(env, undefined, r.when as BooleanCondition).test);
  const contexts: EvalContext[] = households.map((h) => ({
    facts: h.facts,
    collections: h.collections,
    item: undefined,
    state: newState(0, 0, false),
  }));

  // Both sides must agree on which rules apply before their speed means anything.
  for (let i = 0; i < 200; i += 1) {
    const fired = new Set((await engine.run(jreFacts[i] as Record<string, unknown>)).events.map((e) => e.type));
    const ours = new Set(
      conditional
        .filter((_, k) => (tests[k] as (c: EvalContext) => boolean)(contexts[i] as EvalContext))
        .map((r) => r.id),
    );
    if ([...fired].sort().join() !== [...ours].sort().join()) throw new Error(`engines disagree on household ${i}`);
  }

  const jre = await perSecondAsync((i) => engine.run(jreFacts[i % jreFacts.length] as Record<string, unknown>));
  const program = programFor(ruleSet, 'afloscapaciteit');
  const { compiled, full } = interleaved({
    compiled: (i) => {
      const ctx = contexts[i % contexts.length] as EvalContext;
      let n = 0;
      for (const t of tests) if (t(ctx)) n += 1;
      return n;
    },
    full: (i) => program.evaluateFacts(households[i % households.length] as ExtractedFacts),
  });

  console.log(
    `\n1. Engine: ${conditional.length} rules with conditions (${calc.posts.reduce((n, p) => n + p.rules.length, 0) + (calc.values ?? []).reduce((n, v) => n + v.rules.length, 0)} rules in all), 1,000 households`,
  );
  line('json-rules-engine Engine.run (conditions of all rules)', jre);
  line('compiled engine, the same conditions', compiled, `(${(compiled / jre).toFixed(0)}x json-rules-engine)`);
  line(
    'compiled engine, whole rule set (conditions + amounts)',
    full,
    `(${(full / jre).toFixed(0)}x json-rules-engine)`,
  );
  console.log('  targets: compiled ≥ 100x json-rules-engine, ≥ 200,000 evaluations/s');
}

// ---------------------------------------------------------------------------------------
// 2. Repayment capacity, and a bare baseline of the same method by hand.

/** The nl-2026 repayment method written directly with decimal.js: what the arithmetic alone costs. */
function bareRepaymentBaseline(ruleSet: RuleSet): (h: Household) => Decimal {
  const p = (name: string) => new Money(ruleSet.parameters[name]!.value);
  const cell = (table: string, key: Record<string, string>) =>
    new Money(ruleSet.tables[table]!.cells.find((c) => Object.entries(key).every(([k, v]) => c.key[k] === v))!.value);
  const index = p('vfnIndexatie2023').times(p('vfnIndexatie2024')).times(p('vfnIndexatie2025'));
  const cap = p('plafondFactorModaal').times(p('modaalInkomenNettoPerMaand'));
  const car = p('autoVasteLastenPerMaand2023').times(p('prijsstijgingPerJaar').pow(3));
  const types = ['single', 'singleWithChildren', 'couple', 'coupleWithChildren'];
  const basis = new Map(
    types.flatMap((t) =>
      ['rent', 'own'].map(
        (w) => [`${t}/${w}`, cell('vfnBasisnorm2021', { huishouden: t, woning: w }).times(index)] as const,
      ),
    ),
  );
  const opslag = new Map(types.map((t) => [t, cell('opslagPercentage', { huishouden: t })] as const));
  const share = (o: string, n: number) =>
    cell('kindkostenAandeel', { ouders: o, kinderen: String(Math.min(4, Math.max(1, n))) });
  const minimum = {
    s: p('minimumInkomenAlleenstaand'),
    c: p('minimumInkomenPaar'),
    as: p('minimumInkomenAowAlleenstaand'),
    ac: p('minimumInkomenAowPaar'),
  };
  const zero = new Money(0);
  return (h) => {
    const partner = h.persons.length === 2;
    const n = h.children.length;
    const parents = partner ? 'couple' : 'single';
    const type = `${parents}${n > 0 ? 'WithChildren' : ''}`;
    const tenure = h.dwelling.tenure;
    let norm = basis.get(`${type}/${tenure}`)!;
    if (n >= 2) {
      const diff = basis.get(`${parents}WithChildren/${tenure}`)!.minus(basis.get(`${parents}/${tenure}`)!);
      norm = norm.plus(diff.times(share(parents, n).dividedBy(share(parents, 1)).minus(1)));
    }
    const age = h.persons[0]?.age ?? 0;
    const min = age < 67 ? (partner ? minimum.c : minimum.s) : partner ? minimum.ac : minimum.as;
    const income = h.netMonthlyIncome;
    norm = norm.plus(opslag.get(type)!.times(decimalMax(zero, decimalMin(income, cap).minus(min))));
    const d = h.dwelling;
    const housing =
      tenure === 'rent'
        ? (d.rent ?? zero).plus(d.serviceCosts ?? zero)
        : (d.grossMortgageCosts ?? zero).plus(d.ownersAssociationContribution ?? zero);
    const s = h.specialExpenditures;
    const total = norm
      .plus(housing)
      .plus(car.times(h.cars.length))
      .plus(s.healthcare ?? zero)
      .plus(s.childcare ?? zero)
      .plus(s.partnerAlimony ?? zero)
      .plus(s.childAlimony ?? zero)
      .plus(s.otherRepayments ?? zero);
    return decimalMax(zero, income.minus(total)).toDecimalPlaces(0, Money.ROUND_FLOOR);
  };
}

function repayment(): void {
  const ruleSet = bundledCatalog().byId('nl-2026');
  const bodies = repaymentBodies(1_000);
  const households = bodies.map((b) => parseRepaymentRequest(b).household);
  const program = programFor(ruleSet, 'afloscapaciteit');
  const bare = bareRepaymentBaseline(ruleSet);
  for (const [i, b] of bodies.slice(0, 200).entries()) {
    const expected = bare(households[i] as Household).toNumber();
    const actual = repaymentCapacity(b, { ruleSet }).Afloscapaciteit;
    if (expected !== actual)
      throw new Error(`baseline and engine disagree on household ${i}: ${expected} vs ${actual}`);
  }
  const { library, engineOnly, parseOnly, baseline } = interleaved({
    library: (i) => repaymentCapacity(bodies[i % bodies.length] as unknown, { ruleSet }),
    engineOnly: (i) => program.evaluate(households[i % households.length] as Household),
    parseOnly: (i) => parseRepaymentRequest(bodies[i % bodies.length]),
    baseline: (i) => bare(households[i % households.length] as Household),
  });
  console.log('\n2. Repayment capacity (nl-2026), 1,000 households');
  line(
    'library call repaymentCapacity(body): parse + evaluate',
    library,
    `(${(library / baseline).toFixed(2)}x bare baseline)`,
  );
  line('  of which: request parsing and validation alone', parseOnly);
  line(
    'engine alone: program.evaluate(household)',
    engineOnly,
    `(${(engineOnly / baseline).toFixed(2)}x bare baseline)`,
  );
  line('bare baseline: the same method by hand with decimal.js', baseline);
  console.log('  target: ≥ 200,000 repayment calculations/s');
}

/**
 * The decimal.js operations one evaluation performs, counted per household over a sample:
 * a baseline any implementation of the same method with decimal.js pays, engine or not.
 */
function decimalOperationMix(evaluate: () => void, households: number): Map<string, number> {
  const proto = Object.getPrototypeOf(new Money(0)) as Record<string, (...args: unknown[]) => unknown>;
  const names = [
    'plus',
    'minus',
    'times',
    'dividedBy',
    'toDecimalPlaces',
    'toNumber',
    'greaterThan',
    'lessThan',
    'isZero',
    'isNegative',
  ];
  const counts = new Map<string, number>(names.map((n) => [n, 0]));
  const originals = names.map((n) => [n, proto[n]] as const);
  for (const [n, original] of originals) {
    proto[n] = function counted(this: unknown, ...args: unknown[]) {
      counts.set(n, (counts.get(n) ?? 0) + 1);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  try {
    evaluate();
  } finally {
    for (const [n, original] of originals) proto[n] = original as (...args: unknown[]) => unknown;
  }
  for (const [n, c] of counts) counts.set(n, c / households);
  return counts;
}

/** Runs the counted operation mix on representative amounts: a calculation with no engine around it. */
function bareOperations(mix: Map<string, number>): () => unknown {
  const a = new Money('1234.56');
  const b = new Money('0.0325');
  const ops: (() => unknown)[] = [];
  const add = (count: number, op: () => unknown) => {
    for (let i = 0; i < Math.round(count); i += 1) ops.push(op);
  };
  add(mix.get('plus') ?? 0, () => a.plus(b));
  add(mix.get('minus') ?? 0, () => a.minus(b));
  add(mix.get('times') ?? 0, () => a.times(b));
  add(mix.get('dividedBy') ?? 0, () => a.dividedBy(b));
  add(mix.get('toDecimalPlaces') ?? 0, () => a.toDecimalPlaces(0, Money.ROUND_HALF_UP));
  add(mix.get('toNumber') ?? 0, () => a.toNumber());
  add(
    (mix.get('greaterThan') ?? 0) +
      (mix.get('lessThan') ?? 0) +
      (mix.get('isZero') ?? 0) +
      (mix.get('isNegative') ?? 0),
    () => a.greaterThan(b),
  );
  return () => {
    let last: unknown;
    for (const op of ops) last = op();
    return last;
  };
}

function retirement(): void {
  const ruleSet = bundledCatalog().byId('nl-2026');
  if (ruleSet.calculations.pensioenuitgaven === undefined) {
    console.log('\n3. Retirement expenditure: the bundled rule set has no pensioenuitgaven rules yet');
    return;
  }
  const bodies = retirementBodies(1_000);
  const households = bodies.map((b) => parseRetirementRequest(b).household);
  const program = programFor(ruleSet, 'pensioenuitgaven');
  const facts = RETIREMENT_FACTS.extract(households[0] as Household);
  const rules = ruleSet.calculations.pensioenuitgaven.posts.reduce((n, p) => n + p.rules.length, 0);
  // The operations a library call performs once warm (remembered amounts included), and, for
  // reference, what a fresh program computes when nothing is remembered yet.
  for (const b of bodies) retirementExpenditure(b, { ruleSet });
  const libraryMix = decimalOperationMix(() => {
    for (const b of bodies) retirementExpenditure(b, { ruleSet });
  }, bodies.length);
  const fresh = compileProgram(ruleSet, 'pensioenuitgaven');
  const freshMix = decimalOperationMix(() => {
    for (const h of households) fresh.evaluate(h);
  }, households.length);
  const count = (mix: Map<string, number>) => Math.round([...mix.values()].reduce((a, b) => a + b, 0));
  const bareMix = bareOperations(libraryMix);
  const { library, engineOnly, parseOnly, baseline } = interleaved({
    library: (i) => retirementExpenditure(bodies[i % bodies.length] as unknown, { ruleSet }),
    engineOnly: (i) => program.evaluate(households[i % households.length] as Household),
    parseOnly: (i) => parseRetirementRequest(bodies[i % bodies.length]),
    baseline: () => bareMix(),
  });
  console.log(
    `\n3. Retirement expenditure (nl-2026: ${ruleSet.calculations.pensioenuitgaven.posts.length} posts, ${rules} post rules, ${Object.keys(facts.facts).length} facts), 1,000 households`,
  );
  line(
    'library call retirementExpenditure(body): parse + evaluate',
    library,
    `(${(library / baseline).toFixed(2)}x bare baseline)`,
  );
  line('  of which: request parsing and validation alone', parseOnly);
  line('engine alone: program.evaluate(household)', engineOnly);
  line(`bare baseline: the library call's ${count(libraryMix)} decimal.js operations, no engine`, baseline);
  console.log(`  (a household computed afresh, nothing remembered, takes ${count(freshMix)} decimal.js operations)`);
  console.log('  target: ≥ 50,000 retirement calculations/s');
}

console.log(
  `budgetnorm bench: Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, one core, ${SECONDS} s per figure`,
);
await engineVersusJsonRulesEngine();
repayment();
retirement();
