/**
 * What an amount depends on: the household facts, item facts and collections it reads, and
 * the numbers conditions compare each fact with. References to posts and values are
 * followed. The coverage sweep uses this to know which households to try; the compiler uses
 * it to memoise intermediate values by exactly the facts they read.
 */
import { ITEM_PREFIX, PARAM_FACT_PREFIX } from '../rules/facts.js';
import type { CalculationFile, Post, Value } from '../rules/format/calculation.js';
import { type Condition, NUMERIC_OPERATORS, type NumericOperator, type Operator } from '../rules/format/condition.js';
import type { Collection, Expression } from '../rules/format/expression.js';
import type { DependencyWalk } from '../rules/language/unit.js';
import { unitOf } from '../rules/language/units.js';
import type { RuleSet } from '../rules/rule-set.js';

export interface Usage {
  readonly facts: Set<string>;
  readonly itemFacts: Set<string>;
  readonly collections: Set<Collection>;
  /** Numbers each fact is compared with. */
  readonly constants: Map<string, Set<number>>;
  /** Whether any rule reached raises a notice. */
  hasNotice: boolean;
}

/**
 * Whether an operator compares the fact with its value: the coverage sweep then tries each
 * side of every such number. `contains` and `doesNotContain` test list membership instead.
 * A record, so a new condition operator must say which it is.
 */
const COMPARES_WITH_VALUE: Readonly<Record<Operator, boolean>> = {
  ...(Object.fromEntries(NUMERIC_OPERATORS.map((op) => [op, true])) as Record<NumericOperator, true>),
  equal: true,
  notEqual: true,
  in: true,
  notIn: true,
  contains: false,
  doesNotContain: false,
};

/** Each collection's prefix of item facts (`child.`, …), listed once rather than at every fact read. */
const ITEM_PREFIXES = Object.entries(ITEM_PREFIX) as readonly [Collection, string][];

/** Facts that follow from the collections; enumerating the collections enumerates these. */
export const COLLECTION_FACTS: Readonly<Record<string, readonly Collection[]>> = {
  adults: ['persons'],
  hasPartner: ['persons'],
  men: ['persons'],
  women: ['persons'],
  children: ['children'],
  cars: ['cars'],
  householdSize: ['persons', 'children'],
  householdType: ['persons', 'children'],
};

/**
 * Collects what an amount depends on, following references to posts and values. `root` is
 * a calculation file, a post, an intermediate value or an expression; each operator notes
 * what its node reads (its unit's `dependencies`, src/rules/language/).
 */
export function usageOf(ruleSet: RuleSet, calc: CalculationFile, root: unknown): Usage {
  const usage = emptyUsage();
  const seen = new Set<Post | Value>();
  const addConstant = (fact: string, n: number): void => {
    let set = usage.constants.get(fact);
    if (set === undefined) {
      set = new Set();
      usage.constants.set(fact, set);
    }
    set.add(n);
  };
  const addFact = (name: string): void => {
    if (name.startsWith(PARAM_FACT_PREFIX)) return;
    const item = ITEM_PREFIXES.find(([, prefix]) => name.startsWith(prefix));
    if (item !== undefined) {
      usage.itemFacts.add(name);
      usage.collections.add(item[0]);
    } else {
      usage.facts.add(name);
      for (const c of COLLECTION_FACTS[name] ?? []) usage.collections.add(c);
    }
  };
  const walkDefinition = (definition: Post | Value | undefined): void => {
    if (definition === undefined || seen.has(definition)) return;
    seen.add(definition);
    for (const rule of definition.rules) {
      if (rule.when !== undefined) walk.condition(rule.when);
      if (rule.notice !== undefined) usage.hasNotice = true;
      if ('amounts' in rule) for (const e of Object.values(rule.amounts)) walk.expression(e);
      else walk.expression(rule.amount);
    }
  };
  const walk: DependencyWalk = {
    tables: ruleSet.tables,
    fact: addFact,
    constant: addConstant,
    collection: (c) => usage.collections.add(c),
    post: (code) => walkDefinition(calc.posts.find((p) => p.code === code)),
    posts: (group) => {
      for (const p of calc.posts) if (group === undefined || p.group === group) walkDefinition(p);
    },
    value: (id) => walkDefinition((calc.values ?? []).find((v) => v.id === id)),
    expression: (e) => unitOf(e).dependencies(e, walk),
    condition: (c) => walkCondition(c),
  };
  const walkCondition = (c: Condition): void => {
    if ('all' in c || 'any' in c) {
      for (const part of 'all' in c ? c.all : c.any) walkCondition(part);
      return;
    }
    if ('not' in c) {
      walkCondition(c.not);
      return;
    }
    addFact(c.fact);
    const v = c.value;
    const reference = v !== null && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
    if (COMPARES_WITH_VALUE[c.operator]) {
      for (const x of Array.isArray(v) ? v : [v]) if (typeof x === 'number') addConstant(c.fact, x);
      if (reference?.fact.startsWith(PARAM_FACT_PREFIX)) {
        const p = ruleSet.parameters[reference.fact.slice(PARAM_FACT_PREFIX.length)];
        if (p !== undefined) addConstant(c.fact, Number(p.value));
      }
    }
    if (reference !== undefined) addFact(reference.fact);
  };
  walkRoot(root as UsageRoot, calc, walk, walkDefinition);
  return usage;
}

/** A usage that reads nothing. */
export function emptyUsage(): Usage {
  return { facts: new Set(), itemFacts: new Set(), collections: new Set(), constants: new Map(), hasNotice: false };
}

/**
 * Adds what `other` reads to `usage`: what one walk over both would have found (a walk keeps
 * each fact, collection and number at its first sighting, as a set keeps its first insertion).
 */
export function addUsage(usage: Usage, other: Usage): void {
  for (const f of other.facts) usage.facts.add(f);
  for (const f of other.itemFacts) usage.itemFacts.add(f);
  for (const c of other.collections) usage.collections.add(c);
  for (const [fact, numbers] of other.constants) {
    const known = usage.constants.get(fact);
    if (known === undefined) usage.constants.set(fact, new Set(numbers));
    else for (const n of numbers) known.add(n);
  }
  if (other.hasNotice) usage.hasNotice = true;
}

type UsageRoot = CalculationFile | Post | Value | Expression;

function walkRoot(
  root: UsageRoot,
  calc: CalculationFile,
  walk: DependencyWalk,
  walkDefinition: (d: Post | Value) => void,
): void {
  if (root === calc) {
    // In the file's order: values, posts, totals.
    for (const v of calc.values ?? []) walkDefinition(v);
    for (const p of calc.posts) walkDefinition(p);
    for (const t of Object.values(calc.totals)) walk.expression(t.amount);
  } else if ('rules' in root) walkDefinition(root);
  else walk.expression(root as Expression);
}
