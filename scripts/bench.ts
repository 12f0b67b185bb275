/**
 * `npm run bench`: calculations per second on one core, each beside a baseline measured in
 * the same run (issue 14). `npm run bench -- repayment cold` runs only the parts named.
 *
 * 1. engine: a rule set of realistic size (age-banded norms per household type and tenure:
 *    40+ rules with conditions) through the compiled engine and through json-rules-engine's
 *    `Engine.run`, on the same rules and households.
 * 2. repayment: `repaymentCapacity(body)` on the bundled rule set: the library's default (no
 *    memos, no generated code), the plain path (every fast path off),
 *    every fast path on as the service and batch run, and that without each one in turn (what
 *    each gains beside the others), and explained, beside the same method written by hand with
 *    decimal.js from the raw body (every figure of the result, checked against the library on
 *    every household, both ways). Target: every fast path on ≥ 0.8x.
 * 3. retirement: `retirementExpenditure(body)` likewise, beside its hand-written equivalent.
 * 4. cold: fresh `node` processes on the built package (dist/): importing it and computing
 *    one result, and the CLI on a file, beside a bare `node -e 0` in the same run and an
 *    empty package imported by name (what Node's ES-module loader costs any package); and, when
 *    the machine sets NODE_EXTRA_CA_CERTS (which Node reads at every start), the same
 *    without it, so the figures show what Node's own start costs here.
 * 5. provenance: what `onderbouwing` costs.
 * 6. profile: 200,000 `repaymentCapacity(body)` calls under V8's CPU profiler: the top 10
 *    functions by self time and the time per part of the program, in µs per call.
 * 7. cache: `repaymentCapacity(body)` and its hand-written baseline with the CPU's caches cold:
 *    other memory written before each call (none, 256 KB, 1 MB, 4 MB), as a service's request
 *    I/O does between two calculations. Not a target: it shows why the calculation costs more
 *    per request in the loaded service than in the loop of part 2.
 *
 * Figures are printed, never asserted: speed depends on the machine. Contenders are measured
 * in interleaved rounds, so a change in machine load during the run hits them alike. Every part
 * runs under the library's default switches (src/calculations/fast-paths.ts) and restores them.
 */
import { spawnSync } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from 'json-rules-engine';

import { programFor } from '../src/engine/compile.js';
import { type FastPaths, LIBRARY_DEFAULT, setFastPaths } from '../src/calculations/fast-paths.js';
import { compileScopedCondition, type ExpressionEnv } from '../src/engine/expression.js';
import { loadRuleSet } from '../src/engine/load-rule-set.js';
import {
  bundledCatalog,
  parseRepaymentRequest,
  repaymentCapacity,
  retirementExpenditure,
  type RuleSet,
} from '../src/index.js';
import { REPAYMENT_FACTS, PARAM_FACT_PREFIX, type ExtractedFacts } from '../src/rules/facts.js';
import type { BooleanCondition } from '../src/rules/format/condition.js';
import type { EvalContext } from '../src/engine/context.js';
import { newState } from '../src/engine/context.js';
import { checkAgreement, checkRetirementAgreement, repaymentBodies, retirementBodies } from './lib/bench-agreement.js';
import { SINGLE_TENANT_REPAYMENT } from '../test/support/request-bodies.js';
import { byPart, type CpuProfile, selfTimeLines, topFunctions } from './lib/cpu-profile.js';
import { handWrittenRepayment } from './lib/bench-repayment-by-hand.js';
import { retirementByHand } from './lib/bench-retirement-by-hand.js';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? '2');

/**
 * Measures several functions in interleaved rounds (A, B, C, A, B, C, …), SECONDS each in all,
 * and gives each one's median rate over the rounds: a change in machine speed during the run
 * hits every contender alike, and a burst of load from other processes, which hits one round
 * of one contender, does not move a median. So the ratios stay meaningful on a shared machine.
 */
function interleaved<K extends string>(fns: Record<K, (i: number) => unknown>, rounds = 20): Record<K, number> {
  const entries = Object.entries(fns) as [K, (i: number) => unknown][];
  const calls = new Map<K, number>(entries.map(([k]) => [k, 0]));
  const rates = new Map<K, number[]>(entries.map(([k]) => [k, []]));
  // Warm-up: 2,000 calls or half a second each, whichever comes first.
  for (const [, f] of entries) {
    const start = performance.now();
    for (let i = 0; i < 2_000 && performance.now() - start < 500; i += 1) f(i);
  }
  for (let r = 0; r < rounds; r += 1) {
    for (const [k, f] of entries) {
      let n = calls.get(k) as number;
      const first = n;
      const start = performance.now();
      let now = start;
      while (now - start < (SECONDS * 1000) / rounds) {
        for (let i = 0; i < 100; i += 1) f(n + i);
        n += 100;
        now = performance.now();
      }
      calls.set(k, n);
      rates.get(k)?.push(((n - first) * 1000) / (now - start));
    }
  }
  return Object.fromEntries(entries.map(([k]) => [k, median(rates.get(k) ?? [])])) as Record<K, number>;
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

// ---------------------------------------------------------------------------------------
// 1. The engine against json-rules-engine, on a rule set of realistic size.

/** Age-banded living-cost norms per household type and tenure: 10 bands × 4 types, plus housing and extras. */
function benchRuleSet(): RuleSet {
  // The lending norm's set: its Levensonderhoud post is the one to replace (the nl sets itemise the living costs).
  const base = bundledCatalog().byId('vfn-2026');
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
  if (norm === undefined) throw new Error('vfn-2026 has no Levensonderhoud post');
  norm.combine = 'first';
  norm.rules = rules;
  delete files['pensioenuitgaven.json'];
  return loadRuleSet(files, 'bench (vfn-2026 with age-banded norms)');
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
  const tests = conditional.map((r) => compileScopedCondition(env, undefined, r.when as BooleanCondition));
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
// 2. Repayment capacity, and a baseline of the same method written by hand.

/** What parts 2 and 3 measure of one calculation, each beside the same figures by hand. */
interface CalculationUnderTest {
  readonly name: 'repaymentCapacity' | 'retirementExpenditure';
  readonly calculate: (body: unknown, options: { ruleSet: RuleSet; explain?: boolean }) => unknown;
  readonly hand: (body: Record<string, unknown>) => unknown;
  /** Throws when the hand-written figures differ from the library's on any body, with this rule set. */
  readonly checkAgreement: (bodies: readonly Record<string, unknown>[], ruleSet: RuleSet) => void;
}

/**
 * A contender under `switches`: set before its call when another contender's were set last
 * (one identity check per call; the switches change only between contenders).
 */
let current: FastPaths | undefined;
const under =
  (switches: FastPaths) =>
  <T>(f: (i: number) => T) =>
  (i: number): T => {
    if (current !== switches) {
      setFastPaths(switches);
      current = switches;
    }
    return f(i);
  };

/**
 * Measures a calculation, interleaved: the library's default (the plain path), with memos as the
 * service and the batch run it, explained, and the hand-written baseline; agreement with the
 * baseline checked both ways first. Programs with memos and without are different programs
 * (`programFor` caches per choice). Prints the figures.
 */
function measureCalculation(
  title: string,
  ruleSet: RuleSet,
  bodies: readonly Record<string, unknown>[],
  c: CalculationUnderTest,
): void {
  const all: FastPaths = { memos: true };
  c.checkAgreement(bodies, ruleSet);
  under(all)(() => c.checkAgreement(bodies, ruleSet))(0);
  const body = (i: number) => bodies[i % bodies.length] as Record<string, unknown>;
  const on = (rs: RuleSet) => (i: number) => c.calculate(body(i), { ruleSet: rs });
  const r = interleaved({
    library: under(LIBRARY_DEFAULT)(on(ruleSet)),
    all: under(all)(on(ruleSet)),
    explained: under(LIBRARY_DEFAULT)((i) => c.calculate(body(i), { ruleSet, explain: true })),
    baseline: (i) => c.hand(body(i)),
  });
  under(LIBRARY_DEFAULT)(() => undefined)(0);
  const against = (a: number, b: number, what: string) => `(${(a / b).toFixed(2)}x ${what})`;
  const hand = (n: number) => against(n, r.baseline, 'hand-written');
  console.log(title);
  line(`library default, the plain path: ${c.name}(body)`, r.library, hand(r.library));
  line('with memos, as the service and batch run', r.all, `${hand(r.all)} (${(r.all / r.library).toFixed(2)}x gain)`);
  line('explain: true (library default)', r.explained, against(r.explained, r.library, 'default'));
  line('hand-written: the same figures by hand with decimal.js, raw body', r.baseline);
  console.log(
    '  target: with memos ≥ 0.8x hand-written (agreement checked on all 1,000 households); gain: with memos / plain path',
  );
}

function repayment(): void {
  const ruleSet = bundledCatalog().byId('nl-2026');
  const hand = handWrittenRepayment(ruleSet);
  measureCalculation('\n2. Repayment capacity (nl-2026), 1,000 households', ruleSet, repaymentBodies(1_000), {
    name: 'repaymentCapacity',
    calculate: repaymentCapacity,
    hand,
    checkAgreement: (bodies, rs) => checkAgreement(bodies, rs, hand),
  });
}

function retirement(): void {
  const ruleSet = bundledCatalog().byId('nl-2026');
  const calc = ruleSet.calculations.pensioenuitgaven;
  if (calc === undefined) {
    console.log('\n3. Retirement expenditure: the bundled rule set has no pensioenuitgaven rules yet');
    return;
  }
  const hand = retirementByHand(ruleSet);
  const rules = calc.posts.reduce((n, p) => n + p.rules.length, 0);
  measureCalculation(
    `\n3. Retirement expenditure (nl-2026: ${calc.posts.length} posts, ${rules} post rules), 1,000 households`,
    ruleSet,
    retirementBodies(1_000),
    {
      name: 'retirementExpenditure',
      calculate: retirementExpenditure,
      hand,
      checkAgreement: (bodies, rs) => checkRetirementAgreement(bodies, rs, hand),
    },
  );
}

// ---------------------------------------------------------------------------------------
// 4. Cold start: fresh Node processes on the built package (dist/), beside a bare `node -e 0`.

const COLD_RUNS = Number(process.env['BENCH_COLD_RUNS'] ?? '21');

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * The variables that make Node do work of its own at every start, before any of the package's
 * code runs. NODE_EXTRA_CA_CERTS is the one seen on these machines: Node 20 builds its whole
 * root certificate store at start-up to add the file's certificates (some 140 bundled roots and
 * the file's, parsed by OpenSSL), which took 82-93 ms of a 131-142 ms `node -e 0` on the
 * 2-core machine of 2026-11-27. Neither the library nor the CLI makes a TLS connection.
 */
const START_UP_VARIABLES = ['NODE_EXTRA_CA_CERTS'] as const;

function coldStart(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const entry = join(root, 'dist', 'index.js');
  const cli = join(root, 'dist', 'cli', 'main.cjs');
  if (!existsSync(entry) || !existsSync(cli)) {
    console.log('\n4. Cold start: dist/ is missing; run `npm run build` first');
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), 'budgetnorm-bench-'));
  try {
    const file = join(folder, 'body.json');
    writeFileSync(file, JSON.stringify(SINGLE_TENANT_REPAYMENT));
    // A package with nothing in it, imported by its name the way the package is (a self-reference
    // through `exports`): what Node's ES-module loader costs any package, before its code runs.
    const empty = join(folder, 'empty-package');
    mkdirSync(empty);
    writeFileSync(
      join(empty, 'package.json'),
      JSON.stringify({ name: 'empty-package', type: 'module', exports: { '.': { default: './index.js' } } }),
    );
    writeFileSync(join(empty, 'index.js'), 'export const nothing = 0;\n');
    // By the package's name, as its users import it (package.json `exports`).
    const url = 'budgetnorm';
    const set: readonly string[] = START_UP_VARIABLES.filter((name) => process.env[name] !== undefined);
    const without = Object.fromEntries(Object.entries(process.env).filter(([name]) => !set.includes(name)));
    const node =
      (args: readonly string[], env: NodeJS.ProcessEnv = process.env, cwd = root) =>
      () => {
        const run = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env });
        if (run.status !== 0) throw new Error(`${args.join(' ')} failed: ${run.stderr.toString()}`);
      };
    const oneResult = [
      '--input-type=module',
      '-e',
      `const { repaymentCapacity } = await import(${JSON.stringify(url)});
       if (repaymentCapacity(${JSON.stringify(SINGLE_TENANT_REPAYMENT)}).Afloscapaciteit === undefined) process.exit(1);`,
    ];
    const cases: Record<string, () => void> = {
      bare: node(['-e', '0']),
      importEmpty: node(['--input-type=module', '-e', `await import('empty-package');`], process.env, empty),
      importOnly: node(['--input-type=module', '-e', `await import(${JSON.stringify(url)});`]),
      oneResult: node(oneResult),
      cli: node([cli, 'afloscapaciteit', file]),
      // The same starts without the variables above, when the machine sets any: what they cost.
      ...(set.length === 0
        ? {}
        : {
            bareWithout: node(['-e', '0'], without),
            oneResultWithout: node(oneResult, without),
            cliWithout: node([cli, 'afloscapaciteit', file], without),
          }),
    };
    // Interleaved, as the throughput figures: a change in machine load hits every case alike.
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    for (let r = 0; r < COLD_RUNS; r += 1) {
      for (const [name, run] of Object.entries(cases)) {
        const start = performance.now();
        run();
        times[name]?.push(performance.now() - start);
      }
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) as Record<string, number>;
    const ms = (x: number) => `${x.toFixed(0).padStart(9)} ms`;
    const bare = m['bare'] as number;
    console.log(`\n4. Cold start on dist/ (median of ${COLD_RUNS} fresh processes each, interleaved)`);
    console.log(`  ${'bare node -e 0'.padEnd(58)}${ms(bare)}`);
    for (const [name, label] of [
      ['importEmpty', "node -e \"import('empty-package')\" (Node's loader alone)"],
      ['importOnly', 'node -e "import(\'budgetnorm\')"'],
      ['oneResult', 'node -e: import budgetnorm, one repaymentCapacity'],
    ] as const) {
      const t = m[name] as number;
      console.log(`  ${label.padEnd(58)}${ms(t)}   (${(t - bare).toFixed(0)} ms beyond bare node)`);
    }
    const ownShare = (m['oneResult'] as number) - (m['importEmpty'] as number);
    console.log(`  ${"  of which budgetnorm's own (beyond the empty package)".padEnd(58)}${ms(ownShare)}`);
    const cliWall = m['cli'] as number;
    console.log(
      `  ${'budgetnorm afloscapaciteit body.json (wall)'.padEnd(58)}${ms(cliWall)}   (${(cliWall - bare).toFixed(0)} ms beyond bare node)`,
    );
    if (set.length > 0) {
      const bareWithout = m['bareWithout'] as number;
      console.log(`  the same without ${set.join(', ')} (set here; Node reads it at every start):`);
      console.log(
        `  ${'  bare node -e 0'.padEnd(58)}${ms(bareWithout)}   (the variable costs ${(bare - bareWithout).toFixed(0)} ms of every start)`,
      );
      const oneWithout = m['oneResultWithout'] as number;
      console.log(
        `  ${'  node -e: import budgetnorm, one repaymentCapacity'.padEnd(58)}${ms(oneWithout)}   (${(oneWithout - bareWithout).toFixed(0)} ms beyond bare node)`,
      );
      console.log(`  ${'  budgetnorm afloscapaciteit body.json (wall)'.padEnd(58)}${ms(m['cliWithout'] as number)}`);
    }
    console.log('  targets (issue 41): one result ≤ 100 ms beyond bare node; the CLI ≤ 150 ms beyond it');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * What `Onderbouwing` costs (`provenance: true`): it is read off the explanation, so a call
 * with it costs about what one with `explain: true` costs, and a call without either takes the
 * ordinary path. Measured interleaved, as ratios to the ordinary call in the same run.
 */
function provenanceCost(): void {
  const ruleSet = bundledCatalog().byId('nl-2026');
  const repay = repaymentBodies(1_000);
  const retire = retirementBodies(1_000);
  console.log(
    '\n5. Onderbouwing (provenance: true) and Uitleg (explain: true): cost per call, nl-2026, 1,000 households',
  );
  for (const [name, calculate, bodies] of [
    ['repaymentCapacity', repaymentCapacity, repay],
    ['retirementExpenditure', retirementExpenditure, retire],
  ] as const) {
    const at = (i: number): unknown => bodies[i % bodies.length];
    const r = interleaved({
      plain: (i) => calculate(at(i), { ruleSet }),
      optionOff: (i) => calculate(at(i), { ruleSet, provenance: false, explain: false }),
      explain: (i) => calculate(at(i), { ruleSet, explain: true }),
      provenance: (i) => calculate(at(i), { ruleSet, provenance: true }),
    });
    line(`${name}(body): no option`, r.plain);
    line(`  provenance: false, explain: false`, r.optionOff, `(${(r.optionOff / r.plain).toFixed(2)}x no option)`);
    line(`  explain: true`, r.explain, `(${(r.explain / r.plain).toFixed(3)}x no option)`);
    line(
      `  provenance: true`,
      r.provenance,
      `(${(r.provenance / r.plain).toFixed(3)}x no option, ${(r.provenance / r.explain).toFixed(2)}x explain)`,
    );
  }
}

// ---------------------------------------------------------------------------------------
// 6. Where the library call's time goes: a CPU profile of the warmed-up call.

const PROFILED_CALLS = 200_000;

async function libraryProfile(): Promise<void> {
  const ruleSet = bundledCatalog().byId('nl-2026');
  const bodies = repaymentBodies(1_000);
  for (let i = 0; i < 50_000; i += 1) repaymentCapacity(bodies[i % bodies.length] as unknown, { ruleSet });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  for (let i = 0; i < PROFILED_CALLS; i += 1) repaymentCapacity(bodies[i % bodies.length] as unknown, { ruleSet });
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
  session.disconnect();
  console.log(
    `\n6. Profile of ${PROFILED_CALLS.toLocaleString('en-US')} repaymentCapacity(body) calls (nl-2026), self time per call`,
  );
  console.log(' top 10 functions:');
  for (const text of selfTimeLines(topFunctions(profile, 10), PROFILED_CALLS)) console.log(text);
  console.log(' by part of the program:');
  for (const text of selfTimeLines(byPart(profile, 10), PROFILED_CALLS)) console.log(text);
}

// ---------------------------------------------------------------------------------------
// 7. The call with its caches cold: in the service a request's own I/O runs between two
// calculations and evicts what the last one left in the CPU's caches.

/** Other memory traffic before each call, in KB: none, about an L2 cache, a few times that. */
const TRAFFIC_KB = [0, 256, 1024, 4096] as const;
const COLD_CALLS = 3_000;

/**
 * The median µs of `call` when `kb` KB of other memory are written just before each call (one
 * write per 64-byte cache line, at a place that moves from call to call), so the call finds
 * less of its code and data in the caches the more there was.
 */
function medianAfterTraffic(call: (i: number) => unknown, kb: number, memory: Float64Array): number {
  const lines = (kb * 1024) / 64;
  const times: number[] = [];
  for (let i = 0; i < COLD_CALLS; i += 1) {
    let at = ((i * 7_919) % (memory.length / 8 - lines)) * 8;
    for (let line = 0; line < lines; line += 1, at += 8) memory[at] = (memory[at] as number) + 1;
    const start = performance.now();
    call(i);
    times.push(performance.now() - start);
  }
  return median(times) * 1000;
}

function cacheCold(): void {
  const ruleSet = bundledCatalog().byId('nl-2026');
  const bodies = repaymentBodies(1_000);
  const hand = handWrittenRepayment(ruleSet);
  checkAgreement(bodies, ruleSet, hand);
  const contenders = {
    library: (i: number) => repaymentCapacity(bodies[i % bodies.length] as unknown, { ruleSet }),
    hand: (i: number) => hand(bodies[i % bodies.length] as Record<string, unknown>),
  };
  const memory = new Float64Array(((Math.max(...TRAFFIC_KB) + 64) * 1024) / 8);
  for (const call of Object.values(contenders)) for (let i = 0; i < 5_000; i += 1) call(i);
  const figures = new Map<string, number[]>();
  // Interleaved rounds, every size and contender in each, the median of the rounds reported.
  for (let round = 0; round < 3; round += 1)
    for (const kb of TRAFFIC_KB)
      for (const [name, call] of Object.entries(contenders)) {
        const key = `${name} ${kb}`;
        figures.set(key, [...(figures.get(key) ?? []), medianAfterTraffic(call, kb, memory)]);
      }
  const at = (name: string, kb: number) => median(figures.get(`${name} ${kb}`) ?? []);
  console.log(
    `\n7. Caches cold: repaymentCapacity(body) and the hand-written baseline, median µs per call with other memory written just before each call (${COLD_CALLS.toLocaleString('en-US')} calls per figure, median of 3 interleaved rounds)`,
  );
  console.log(
    `  ${'other memory written before each call'.padEnd(40)}${'library'.padStart(10)}${'hand-written'.padStart(14)}  library x hand-written`,
  );
  for (const kb of TRAFFIC_KB) {
    const library = at('library', kb);
    const byHand = at('hand', kb);
    const label = kb === 0 ? 'none (caches warm)' : `${kb.toLocaleString('en-US')} KB`;
    console.log(
      `  ${label.padEnd(40)}${`${library.toFixed(1)} µs`.padStart(10)}${`${byHand.toFixed(1)} µs`.padStart(14)}  ${(byHand / library).toFixed(2)}x   (library ${(library / at('library', 0)).toFixed(2)}x, hand-written ${(byHand / at('hand', 0)).toFixed(2)}x its warm figure)`,
    );
  }
  console.log(
    "  (not a target: what a request's own I/O between two calculations costs the calculation in the service)",
  );
}

console.log(
  `budgetnorm bench: Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, one core, ${SECONDS} s per figure`,
);
/** `npm run bench -- repayment cold`: only the named parts; all of them without names. */
const only = new Set(process.argv.slice(2));
const parts: Record<string, () => unknown> = {
  engine: engineVersusJsonRulesEngine,
  repayment,
  retirement,
  cold: coldStart,
  provenance: provenanceCost,
  profile: libraryProfile,
  cache: cacheCold,
};
for (const [name, run] of Object.entries(parts)) {
  if (only.size > 0 && !only.has(name)) continue;
  // Each part starts from the library's default and leaves it as it found it.
  const before = setFastPaths(LIBRARY_DEFAULT);
  current = undefined;
  try {
    await run();
  } finally {
    setFastPaths(before);
  }
}
