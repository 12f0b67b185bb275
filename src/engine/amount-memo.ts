/**
 * Amounts remembered across evaluations, per post, value or rule amount, keyed by exactly the
 * discrete facts they read (see {@link amountMemo}).
 */
import { FACT_CATALOGS } from '../rules/facts.js';
import type { CalculationFile, CalculationId } from '../rules/format/calculation.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { EvalContext } from './context.js';
import { usageOf, type Usage } from './dependencies.js';

/** At most this many remembered amounts per post or value; the oldest is forgotten first. */
const MEMO_SIZE = 1024;

export interface AmountMemo<T> {
  /** The facts the amount reads, written as one string. */
  key(ctx: EvalContext): string;
  readonly cache: Map<string, T>;
  remember(key: string, amount: T): void;
}

/**
 * Remembers a post's or value's amount across evaluations, keyed by exactly the facts it
 * reads (found by following its rules and references; parameters are fixed per rule set).
 * Amounts are pure functions of those facts, so a remembered one is the one a new
 * evaluation would compute. Only for amounts that read discrete facts — a household's
 * make-up, dwelling, cars — not amounts such as income, whose every value would be a new
 * key; and not for amounts whose rules raise notices, which a remembered amount would not
 * raise again. Explanations never use it.
 */
export function amountMemo<T>(
  ruleSet: RuleSet,
  calc: CalculationFile,
  node: unknown,
  calculation: CalculationId,
  worthIt: (usage: Usage) => boolean = (usage) => usage.collections.size > 0 || JSON.stringify(node).length >= 1500,
): AmountMemo<T> | undefined {
  const usage = usageOf(ruleSet, calc, node);
  if (usage.hasNotice) return undefined;
  // Building a key costs about as much as a few decimal operations: remember only amounts
  // that sum over a household's persons, children or cars, or are long to compute.
  if (!worthIt(usage)) return undefined;
  const catalog = FACT_CATALOGS[calculation];
  const facts = [...usage.facts].sort();
  const wide = facts.some((f) => {
    const domain = catalog.facts.get(f)?.domain;
    return domain === undefined || (domain.kind === 'number' && domain.max - domain.min > 200);
  });
  if (wide) return undefined;
  const collections = [...usage.collections].sort();
  const itemFacts = [...usage.itemFacts].sort();
  const cache = new Map<string, T>();
  return {
    cache,
    key: (ctx) => {
      let k = '';
      for (const f of facts) k += `${String(ctx.facts[f])}|`;
      for (const c of collections) {
        const items = ctx.collections[c];
        k += `${c}${items.length}:`;
        for (const item of items) {
          for (const f of itemFacts) if (f in item) k += `${String(item[f])},`;
          k += ';';
        }
      }
      return k;
    },
    remember: (key, amount) => {
      if (cache.size >= MEMO_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(key, amount);
    },
  };
}
