/**
 * What an amount depends on: the household facts, item facts and collections it reads, and
 * the numbers conditions compare each fact with. References to posts and values are
 * followed. The coverage sweep uses this to know which households to try; the compiler uses
 * it to memoise intermediate values by exactly the facts they read.
 */
import { ITEM_PREFIX, PARAM_FACT_PREFIX } from '../rules/facts.js';
import type { CalculationFile } from '../../../../src/rules/format/calculation.js';
import type { Collection } from '../../../../src/rules/format/expression.js';
import type { RuleSet } from '../../../../src/rules/rule-set.js';

export interface Usage {
  readonly facts: Set<string>;
  readonly itemFacts: Set<string>;
  readonly collections: Set<Collection>;
  /** Numbers each fact is compared with. */
  readonly constants: Map<string, Set<number>>;
  /** Whether any rule reached raises a notice. */
  hasNotice: boolean;
}

const NUMERIC_OPERATORS = new Set([
  'lessThan',
  'lessThanInclusive',
  'greaterThan',
  'greaterThanInclusive',
  'equal',
  'notEqual',
  'in',
  'notIn',
]);

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

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Collects what an amount depends on, following references to posts and values. */
export function usageOf(ruleSet: RuleSet, calc: CalculationFile, root: unknown): Usage {
  const usage: Usage = {
    facts: new Set(),
    itemFacts: new Set(),
    collections: new Set(),
    constants: new Map(),
    hasNotice: false,
  };
  const seen = new Set<unknown>();
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
    const item = (Object.entries(ITEM_PREFIX) as [Collection, string][]).find(([, prefix]) => name.startsWith(prefix));
    if (item !== undefined) {
      usage.itemFacts.add(name);
      usage.collections.add(item[0]);
    } else {
      usage.facts.add(name);
      for (const c of COLLECTION_FACTS[name] ?? []) usage.collections.add(c);
    }
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    if (!isRecord(node) || seen.has(node)) return;
    seen.add(node);
    if (isRecord(node['notice'])) usage.hasNotice = true;
    if (typeof node['fact'] === 'string') {
      const fact = node['fact'];
      addFact(fact);
      if (typeof node['operator'] === 'string' && NUMERIC_OPERATORS.has(node['operator'])) {
        const v = node['value'];
        const values = Array.isArray(v) ? v : [v];
        for (const x of values) if (typeof x === 'number') addConstant(fact, x);
        if (isRecord(v) && typeof v['fact'] === 'string') {
          const other = v['fact'];
          addFact(other);
          if (other.startsWith(PARAM_FACT_PREFIX)) {
            const p = ruleSet.parameters[other.slice(PARAM_FACT_PREFIX.length)];
            if (p !== undefined) addConstant(fact, Number(p.value));
          }
        }
      }
    }
    if (typeof node['table'] === 'string' && isRecord(node['key'])) {
      const table = ruleSet.tables[node['table']];
      for (const [dim, k] of Object.entries(node['key'])) {
        const d = table?.dimensions[dim];
        if (isRecord(k) && typeof k['fact'] === 'string' && d !== undefined && !Array.isArray(d)) {
          for (const b of d.bands) {
            addConstant(k['fact'], Number(b.from));
            if (b.below !== undefined) addConstant(k['fact'], Number(b.below));
          }
        }
      }
    }
    if (isRecord(node['sum']) || isRecord(node['count'])) {
      const over = (node['sum'] ?? node['count']) as Record<string, unknown>;
      if (typeof over['over'] === 'string') usage.collections.add(over['over'] as Collection);
    }
    if (typeof node['post'] === 'string') walk(calc.posts.find((p) => p.code === node['post']));
    if (Object.keys(node).length === 1 && typeof node['value'] === 'string')
      walk((calc.values ?? []).find((v) => v.id === node['value']));
    if (isRecord(node['sumPosts'])) {
      const group = node['sumPosts']['group'];
      for (const p of calc.posts) if (group === undefined || p.group === group) walk(p);
    }
    for (const v of Object.values(node)) walk(v);
  };
  walk(root);
  return usage;
}
