/**
 * The coverage sweep: proves, before a rule set is used, that every post and value has a
 * rule for every household, that no amount fails (division by zero, a missing table cell)
 * and that no post comes out negative.
 *
 * Conditions only distinguish households at the constants they compare with, so it is
 * enough to try each fact at its domain's ends and just below, at and just above every
 * such constant (band boundaries of tables included). For each post the sweep enumerates
 * the combinations of the facts that post depends on (following references to other posts
 * and values), with collections of the sizes and item kinds that matter. Where the
 * combinations exceed a budget it tries a deterministic sample and says so.
 */
import type { RuleSetIssue } from '../contract/errors.js';
import { RuleEvaluationError } from '../contract/errors.js';
import {
  FACT_CATALOGS,
  type ExtractedFacts,
  type FactDefinition,
  type FactRecord,
  type FactValue,
} from '../rules/facts.js';
import type { CalculationId } from '../rules/format/calculation.js';
import { COLLECTIONS, type Collection } from '../rules/format/expression.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { Program } from './compile.js';
import { COLLECTION_FACTS, usageOf, type Usage } from './dependencies.js';

/** At most this many households are tried per post; beyond it, a fixed sample. */
export const SWEEP_BUDGET = 20_000;

/**
 * What the coverage sweep of one calculation tried and found. The sweep proves, before a rule
 * set is used, that every post and value has a rule for every household, that no amount fails
 * (division by zero, a missing table cell) and that no post comes out negative. It tries each
 * fact at its domain's ends and around every constant the rules compare it with, in every
 * combination that matters for a post, up to a budget per post beyond which it samples.
 *
 * @example The report of the bundled 2026 repayment rules
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { bundledCatalog, loadRuleSetWithReport, type SweepReport } from 'budgetnorm';
 *
 * const report: SweepReport | undefined = loadRuleSetWithReport(bundledCatalog().byId('nl-2026').files).sweeps
 *   .afloscapaciteit;
 * assert.ok(report !== undefined);
 * assert.deepEqual(report.issues, []); // otherwise loading would have thrown
 * assert.ok(report.households > 0);
 * assert.ok(Array.isArray(report.sampled));
 * ```
 */
export interface SweepReport {
  /** What the sweep found wrong (e.g. `uncovered_post`); a set with any does not load. */
  readonly issues: readonly RuleSetIssue[];
  /** Households tried, over all posts and values. */
  readonly households: number;
  /** Posts or values whose combinations exceeded the budget and were sampled. */
  readonly sampled: readonly string[];
}

/** The values worth trying for one fact. */
function criticalValues(def: FactDefinition, constants: ReadonlySet<number> | undefined): FactValue[] {
  const d = def.domain;
  if (d.kind === 'boolean') return [false, true];
  if (d.kind === 'enum') return [...d.values];
  const step = d.integer ? 1 : 0.01;
  const out = new Set<number>([d.min, d.max, d.integer ? Math.round((d.min + d.max) / 2) : (d.min + d.max) / 2]);
  for (const c of constants ?? []) {
    for (const v of [c - step, c, c + step]) {
      const x = d.integer ? Math.ceil(v) : v;
      if (x >= d.min && x <= d.max) out.add(x);
    }
    if (d.integer && !Number.isInteger(c)) out.add(Math.floor(c));
  }
  return [...out].sort((a, b) => a - b);
}

function defaultValue(def: FactDefinition): FactValue {
  const d = def.domain;
  return d.kind === 'boolean' ? false : d.kind === 'enum' ? (d.values[0] as string) : d.min;
}

/** Deterministic pseudo-random indexes (a linear congruential generator), for sampling. */
function* sample(total: number, count: number): Generator<number> {
  let x = 2463534242;
  for (let i = 0; i < count; i += 1) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    yield Math.floor((x / 2 ** 32) * total);
  }
}

interface Axis {
  readonly name: string;
  readonly values: readonly unknown[];
}

type FactCatalog = (typeof FACT_CATALOGS)[CalculationId];
type CalculationFile = NonNullable<RuleSet['calculations'][CalculationId]>;

/** A post or a value to sweep: where it is in the calculation file and how issues name it. */
interface SweepTarget {
  readonly kind: 'post' | 'value';
  readonly index: number;
  readonly label: string;
  readonly path: string;
  readonly node: unknown;
}

/** What one sweep shares: the calculation, its facts, and the tally of households tried. */
interface SweepScope {
  readonly ruleSet: RuleSet;
  readonly calc: CalculationFile;
  readonly catalog: FactCatalog;
  readonly program: Program;
  readonly file: string;
  /** Every fact at its default, the collections' facts left out. */
  readonly baseFacts: FactRecord;
  households: number;
}

/** Sweeps every post and value of one calculation. */
export function sweepCalculation(ruleSet: RuleSet, calculation: CalculationId, program: Program): SweepReport {
  const calc = ruleSet.calculations[calculation];
  if (calc === undefined) return { issues: [], households: 0, sampled: [] };
  const catalog = FACT_CATALOGS[calculation];
  const baseFacts: FactRecord = {};
  for (const [name, def] of catalog.facts)
    if (COLLECTION_FACTS[name] === undefined) baseFacts[name] = defaultValue(def);
  const scope: SweepScope = { ruleSet, calc, catalog, program, file: `${calculation}.json`, baseFacts, households: 0 };

  const issues: RuleSetIssue[] = [];
  const sampled: string[] = [];
  for (const target of sweepTargets(calc)) {
    const swept = sweepTarget(scope, target);
    if (swept.sampled) sampled.push(target.label);
    if (swept.issue !== undefined) issues.push(swept.issue);
  }
  // Totals read every post; try the whole calculation on a small spread of households.
  if (issues.length === 0) {
    const issue = sweepTotals(scope);
    if (issue !== undefined) issues.push(issue);
  }
  return { issues, households: scope.households, sampled };
}

/** Every post, then every value, of the calculation file. */
function sweepTargets(calc: CalculationFile): SweepTarget[] {
  return [
    ...calc.posts.map((p, i) => ({
      kind: 'post' as const,
      index: i,
      label: `post ${p.code}`,
      path: `$.posts[${i}]`,
      node: p,
    })),
    ...(calc.values ?? []).map((v, i) => ({
      kind: 'value' as const,
      index: i,
      label: `value ${v.id}`,
      path: `$.values[${i}]`,
      node: v,
    })),
  ];
}

/** The axes of a target's sweep: each fact it reads at its critical values, each collection it reads in its variants. */
function sweepAxes(scope: SweepScope, usage: Usage): Axis[] {
  const { catalog } = scope;
  const axes: Axis[] = [];
  for (const name of usage.facts) {
    const def = catalog.facts.get(name);
    if (def !== undefined && COLLECTION_FACTS[name] === undefined)
      axes.push({ name, values: criticalValues(def, usage.constants.get(name)) });
  }
  for (const collection of COLLECTIONS) {
    if (!usage.collections.has(collection)) continue;
    axes.push({
      name: `#${collection}`,
      values: collectionVariants(collection, usage, catalog.items[collection], catalog.sizes[collection]),
    });
  }
  return axes;
}

/** The household at `index` of the axes' combinations (mixed radix, first axis fastest). */
function householdAt(scope: SweepScope, axes: readonly Axis[], index: number): ExtractedFacts {
  const facts: FactRecord = { ...scope.baseFacts };
  const collections: Record<Collection, FactRecord[]> = { persons: [{}], children: [], cars: [] };
  let rest = index;
  for (const axis of axes) {
    const value = axis.values[rest % axis.values.length];
    rest = Math.floor(rest / axis.values.length);
    if (axis.name.startsWith('#')) collections[axis.name.slice(1) as Collection] = value as FactRecord[];
    else facts[axis.name] = value as FactValue;
  }
  fillItemDefaults(collections, scope.catalog.items);
  return { facts: applyDerivers(facts, collections, scope.catalog.derive), collections };
}

/**
 * Tries one post or value on every combination of its axes (a sample beyond the budget); the
 * first failure, counted, is its issue.
 */
function sweepTarget(scope: SweepScope, target: SweepTarget): { sampled: boolean; issue?: RuleSetIssue } {
  const usage = usageOf(scope.ruleSet, scope.calc, target.node);
  const axes = sweepAxes(scope, usage);
  const total = axes.reduce((n, a) => n * a.values.length, 1);
  const indexes = total <= SWEEP_BUDGET ? range(total) : sample(total, SWEEP_BUDGET);
  let failures = 0;
  let firstFailure: RuleSetIssue | undefined;
  for (const index of indexes) {
    scope.households += 1;
    const extracted = householdAt(scope, axes, index);
    const problem = tryAmount(scope.program, target.kind, target.index, extracted);
    if (problem === undefined) continue;
    failures += 1;
    firstFailure ??= {
      file: scope.file,
      path: target.path,
      code: problem.code,
      message: `${target.label}: ${problem.message}, for example for the household ${describe(extracted, usage)}`,
    };
  }
  const sampled = total > SWEEP_BUDGET;
  if (firstFailure === undefined) return { sampled };
  return {
    sampled,
    issue: { ...firstFailure, message: `${firstFailure.message} (${failures} of the households tried)` },
  };
}

/** The whole calculation, totals included, on 200 households spread over the critical values. */
function sweepTotals(scope: SweepScope): RuleSetIssue | undefined {
  const { calc, catalog } = scope;
  const usage = usageOf(scope.ruleSet, calc, calc);
  for (let i = 0; i < 200; i += 1) {
    const facts: FactRecord = { ...scope.baseFacts };
    for (const name of usage.facts) {
      const def = catalog.facts.get(name);
      if (def === undefined || COLLECTION_FACTS[name] !== undefined) continue;
      const values = criticalValues(def, usage.constants.get(name));
      facts[name] = values[(i * 7 + name.length) % values.length] as FactValue;
    }
    const collections: Record<Collection, FactRecord[]> = { persons: [{}], children: [], cars: [] };
    for (const c of COLLECTIONS) {
      const variants = collectionVariants(c, usage, catalog.items[c], catalog.sizes[c]);
      collections[c] = variants[i % variants.length] as FactRecord[];
    }
    fillItemDefaults(collections, catalog.items);
    scope.households += 1;
    try {
      scope.program.evaluateFacts({ facts: applyDerivers(facts, collections, catalog.derive), collections });
    } catch (error) {
      if (!(error instanceof RuleEvaluationError)) throw error;
      return { file: scope.file, path: '$.totals', code: error.code, message: `${error.location}: ${error.message}` };
    }
  }
  return undefined;
}

function* range(n: number): Generator<number> {
  for (let i = 0; i < n; i += 1) yield i;
}

function tryAmount(
  program: Program,
  kind: 'post' | 'value',
  index: number,
  facts: ExtractedFacts,
): { code: string; message: string } | undefined {
  try {
    const amounts = program.evaluateAmount(kind, index, facts);
    if (kind === 'post') {
      for (const [measure, amount] of Object.entries(amounts)) {
        if (amount.isNegative() && !amount.isZero())
          return { code: 'negative_amount', message: `${measure} comes out negative (${amount.toString()})` };
      }
    }
    return undefined;
  } catch (error) {
    if (!(error instanceof RuleEvaluationError)) throw error;
    const code = error.code === 'no_rule_applies' ? 'uncovered_post' : error.code;
    return { code, message: error.code === 'no_rule_applies' ? 'no rule applies' : error.message };
  }
}

/** Collections to try: each kind of item alone, and lists of the sizes conditions distinguish. */
function collectionVariants(
  collection: Collection,
  usage: Usage,
  items: ReadonlyMap<string, FactDefinition>,
  size: { min: number; max: number },
): FactRecord[][] {
  const itemAxes = [...usage.itemFacts].flatMap((f) => {
    const definition = items.get(f);
    return definition === undefined ? [] : [{ name: f, values: criticalValues(definition, usage.constants.get(f)) }];
  });
  let kinds: FactRecord[] = [{}];
  for (const axis of itemAxes)
    kinds = kinds.flatMap((k) => axis.values.map((v) => ({ ...k, [axis.name]: v as FactValue })));
  kinds = kinds.slice(0, 64);
  const countFacts = Object.entries(COLLECTION_FACTS)
    .filter(([, cs]) => cs.includes(collection))
    .map(([f]) => f);
  const sizes = new Set<number>([
    size.min,
    size.max,
    Math.min(size.max, size.min + 1),
    Math.min(size.max, size.min + 2),
  ]);
  for (const f of countFacts) {
    for (const c of usage.constants.get(f) ?? []) {
      // householdSize counts persons too; allow for up to two of them.
      for (const d of f === 'householdSize' ? [-3, -2, -1, 0, 1] : [-1, 0, 1]) {
        const n = Math.ceil(c + d);
        if (n >= size.min && n <= size.max) sizes.add(n);
      }
    }
  }
  const out: FactRecord[][] = [];
  for (const n of [...sizes].sort((a, b) => a - b)) {
    out.push(Array.from({ length: n }, (_, i) => kinds[i % kinds.length] as FactRecord));
  }
  if (size.min <= 1 && size.max >= 1 && kinds.length > 1) for (const k of kinds) out.push([k]);
  if (collection === 'persons' && size.max >= 2 && kinds.length > 1) {
    for (const k of kinds) out.push([kinds[0] as FactRecord, k]);
  }
  return out;
}

function fillItemDefaults(
  collections: Record<Collection, FactRecord[]>,
  items: Readonly<Record<Collection, ReadonlyMap<string, FactDefinition>>>,
): void {
  for (const c of COLLECTIONS) {
    collections[c] = collections[c].map((item) => {
      const full: FactRecord = {};
      for (const [name, def] of items[c]) full[name] = item[name] ?? defaultValue(def);
      return full;
    });
  }
}

function applyDerivers(
  facts: FactRecord,
  collections: ExtractedFacts['collections'],
  derivers: readonly ((f: FactRecord, c: ExtractedFacts['collections']) => FactRecord)[],
): FactRecord {
  let out = facts;
  for (const derive of derivers) out = { ...out, ...derive(out, collections) };
  return out;
}

function describe(extracted: ExtractedFacts, usage: Usage): string {
  const parts: string[] = [];
  for (const name of [...usage.facts].sort()) parts.push(`${name}=${JSON.stringify(extracted.facts[name])}`);
  for (const c of usage.collections) {
    const items = extracted.collections[c];
    const shown = items
      .slice(0, 3)
      .map((i) => JSON.stringify(Object.fromEntries([...usage.itemFacts].filter((f) => f in i).map((f) => [f, i[f]]))));
    parts.push(`${c}=[${shown.join(', ')}${items.length > 3 ? `, … ${items.length} in all` : ''}]`);
  }
  return parts.join(', ');
}
