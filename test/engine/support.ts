/**
 * Shared helpers for the rule-engine tests: the mini rule set's files as fresh mutable JSON,
 * fact records for both calculations, and issue extraction from a `RuleSetError`.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { RuleSetError, type RuleSetIssue } from '../../src/contract/errors.js';
import type { Evaluation } from '../../src/engine/compile.js';
import type { ConditionTrace } from '../../src/contract/explanation.js';
import { compileCondition, compilePath, type FactResolver } from '../../src/engine/condition.js';
import { newState, type EvalContext, type TraceRecorder } from '../../src/engine/context.js';
import { deriveCounts, deriveGenderCounts, type ExtractedFacts, type FactRecord } from '../../src/rules/facts.js';
import type { Condition } from '../../src/rules/format/condition.js';
import type { Collection } from '../../src/rules/format/expression.js';

/** Parsed rule-file JSON, freely mutated by the tests (each call returns a fresh copy). */
// biome-ignore lint/suspicious/noExplicitAny: JSON under mutation
export type Json = any;
export type Files = Record<string, Json>;

export const MINI_DIR = new URL('../fixtures/rule-sets/mini/', import.meta.url).pathname;
const MINI_NAMES = ['manifest.json', 'parameters.json', 'tables.json', 'afloscapaciteit.json'] as const;

/** The mini rule set's files (afloscapaciteit only), read from the fixture folder, as a fresh copy. */
export function miniFiles(): Files {
  const files: Files = {};
  for (const name of MINI_NAMES) files[name] = JSON.parse(readFileSync(`${MINI_DIR}${name}`, 'utf8')) as Json;
  return files;
}

/** A deep copy of JSON. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}

/** Every post of the mini set, by code. */
export function post(files: Files, code: string): Json {
  const found = (files['afloscapaciteit.json'].posts as Json[]).find((p) => p.code === code);
  if (found === undefined) throw new Error(`mini has no post ${code}`);
  return found;
}

type Sizes = Partial<Record<Collection, number>>;

/** Repayment facts as `REPAYMENT_FACTS.extract` gives them: a single 40-year-old tenant by default. */
export function repaymentFacts(overrides: FactRecord = {}, sizes: Sizes = {}): ExtractedFacts {
  const collections = {
    persons: Array.from({ length: sizes.persons ?? 1 }, () => ({})),
    children: Array.from({ length: sizes.children ?? 0 }, () => ({})),
    cars: Array.from({ length: sizes.cars ?? 0 }, () => ({})),
  };
  const base: FactRecord = {
    age: 40,
    income: 3000,
    tenure: 'rent',
    rent: 700,
    rentGiven: true,
    serviceCosts: 25,
    serviceCostsGiven: true,
    mortgageCosts: 0,
    mortgageCostsGiven: false,
    ownersAssociation: 0,
    ownersAssociationGiven: false,
    healthcareCosts: 0,
    partnerAlimony: 0,
    childAlimony: 0,
    childcareCosts: 0,
    otherRepayments: 0,
  };
  const facts = { ...base, ...overrides };
  return { facts: { ...facts, ...deriveCounts(facts, collections) }, collections };
}

/** Retirement facts for the given items (each item lists its own item facts). */
export function retirementFacts(
  overrides: FactRecord = {},
  items: { persons?: FactRecord[]; children?: FactRecord[]; cars?: FactRecord[] } = {},
): ExtractedFacts {
  const collections = {
    persons: items.persons ?? [{ 'person.gender': 'female' }],
    children: items.children ?? [],
    cars: items.cars ?? [],
  };
  const base: FactRecord = {
    income: 2500,
    tenure: 'rent',
    dwellingType: 'apartment',
    wozValue: 0,
    wozValueGiven: false,
    wozCategory: 'unknown',
  };
  const facts = { ...base, ...overrides };
  return {
    facts: { ...facts, ...deriveCounts(facts, collections), ...deriveGenderCounts(facts, collections) },
    collections,
  };
}

/** The issues of the `RuleSetError` that `fn` must throw. */
export function issuesOf(fn: () => unknown): readonly RuleSetIssue[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof RuleSetError) return error.issues;
    throw error;
  }
  throw new Error('expected a RuleSetError, but nothing was thrown');
}

/** Asserts that `fn` throws a `RuleSetError` with an issue of this code at this file and path; returns that issue. */
export function expectIssue(fn: () => unknown, want: { code: string; file: string; path: string }): RuleSetIssue {
  const issues = issuesOf(fn);
  const found = issues.find((i) => i.code === want.code && i.file === want.file && i.path === want.path);
  expect(found, `no ${want.code} at ${want.file} ${want.path}; got ${JSON.stringify(issues, null, 2)}`).toBeDefined();
  return found as RuleSetIssue;
}

/**
 * Resolves facts from a plain fact map, as the differential test does on both sides:
 * `(name, path) => ctx => follow(path)(ctx.facts[name])`.
 */
export const factMapResolver: FactResolver = (name, path) => {
  const follow = compilePath(path);
  return follow === undefined ? (ctx) => ctx.facts[name] : (ctx) => follow(ctx.facts[name]);
};

/** An evaluation context over arbitrary JSON facts (conditions may see arrays and objects). */
export function factContext(facts: Readonly<Record<string, unknown>>, explain = false): EvalContext {
  return {
    facts: facts as EvalContext['facts'],
    collections: { persons: [], children: [], cars: [] },
    item: undefined,
    state: newState(0, 0, explain),
  };
}

/**
 * A condition on a fact map, plain and compiled to record: their outcome (which must agree) and
 * the trace the recording one recorded.
 */
export function testedAndRecorded(
  condition: Condition,
  facts: Readonly<Record<string, unknown>>,
): { test: boolean; recorded: boolean; trace: ConditionTrace } {
  const test = compileCondition(condition, factMapResolver)(factContext(facts));
  const ctx = factContext(facts, true);
  const recorded = compileCondition(condition, factMapResolver, true)(ctx);
  return { test, recorded, trace: (ctx.state.trace as TraceRecorder).takeCondition() };
}

const cell = (key: Record<string, string>, value: string): Json => ({ key, value, source: 'test', provenance: 'read' });

/**
 * A retirement rule set built on mini's manifest, parameters and tables (plus a `carCost`
 * table by car class): one grouped post `Probe` whose one rule has the given amounts.
 */
export function retirementFiles(amounts: { basis: Json; voorbeeld: Json }, when?: Json): Files {
  const files = miniFiles();
  delete files['afloscapaciteit.json'];
  files['tables.json'].tables.carCost = {
    description: 'car cost by class',
    unit: 'EUR/month',
    dimensions: { class: ['small', 'compact', 'compactMidsize', 'midsize', 'unknown'] },
    cells: [
      cell({ class: 'small' }, '150.10'),
      cell({ class: 'compact' }, '180'),
      cell({ class: 'compactMidsize' }, '210.5'),
      cell({ class: 'midsize' }, '260'),
      cell({ class: 'unknown' }, '200'),
    ],
  };
  const rule: Json = { id: 'probe', description: 'probe', amounts };
  if (when !== undefined) rule.when = when;
  files['pensioenuitgaven.json'] = {
    calculation: 'pensioenuitgaven',
    description: 'probe',
    measures: ['basis', 'voorbeeld'],
    unit: 'EUR/month',
    groups: [{ code: 'probe', description: 'probe' }],
    posts: [{ code: 'Probe', description: 'probe', group: 'probe', combine: 'first', rounding: 'post', rules: [rule] }],
    totals: {},
  };
  return files;
}

/** Everything an evaluation holds, as text: every Decimal written out in full. */
export function written(e: Evaluation): string {
  return JSON.stringify({
    measures: e.measures,
    posts: e.posts.map((p) => ({ ...p, exact: p.exact.map(String), rounded: p.rounded.map(String) })),
    totals: Object.entries(e.totals).map(([k, v]) => [k, v.toString()]),
    notices: e.notices,
  });
}
