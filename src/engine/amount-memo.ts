/**
 * Amounts remembered across evaluations, per post, value or rule amount, keyed by exactly the
 * discrete facts they read (see {@link amountMemo}).
 */
import { FACT_CATALOGS, ITEM_PREFIX, type FactCatalog, type FactDomain, type FactRecord } from '../rules/facts.js';
import type { Collection } from '../rules/format/expression.js';
import type { CalculationFile, CalculationId, Post, Value } from '../rules/format/calculation.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { EvalContext } from './context.js';
import { addUsage, emptyUsage, usageOf, type Usage } from './dependencies.js';
import { madeOnce } from './made-once.js';
import { slotOf } from './slots.js';

/** At most this many remembered amounts per post or value; the oldest is forgotten first. */
const MEMO_SIZE = 1024;

/** The facts an amount reads, as one number (each fact a digit of a mixed radix) or, when they do not fit one, one string. */
export type MemoKey = number | string;

export interface AmountMemo<T> {
  /** The facts the amount reads, as one key. */
  key(ctx: EvalContext): MemoKey;
  readonly cache: Map<MemoKey, T>;
  remember(key: MemoKey, amount: T): void;
  /** The slot of its key in `EvalState.memoKeys`, shared by every memo of the same facts. */
  readonly slot: number;
  /** How its numeric key is made; undefined when every key is a string. */
  readonly plan: KeyPlan | undefined;
}

/** A fact's domain when it has a small set of values: one digit of a numeric key. */
type SmallDomain =
  | { readonly kind: 'boolean' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'number'; readonly min: number; readonly max: number };

/**
 * How a numeric key is made, as data: each fact's digit, then per collection its length (below
 * `lengths`) and each item's digits, read by the closure below.
 */
interface KeyPlan {
  readonly facts: readonly { readonly name: string; readonly domain: SmallDomain }[];
  readonly collections: readonly {
    readonly name: Collection;
    readonly lengths: number;
    /** Each item fact's digit: 0 when the item lacks it, else 1 + its value's code. */
    readonly items: readonly { readonly name: string; readonly domain: SmallDomain }[];
  }[];
}

/** The domain as a digit; undefined for a domain that has no small set of values. */
function smallDomain(domain: FactDomain | undefined): SmallDomain | undefined {
  if (domain === undefined) return undefined;
  if (domain.kind === 'number') {
    if (!domain.integer || domain.max - domain.min > 200) return undefined;
    return { kind: 'number', min: domain.min, max: domain.max };
  }
  return domain;
}

/** How many values a digit of this domain takes. */
function radixOf(domain: SmallDomain): number {
  switch (domain.kind) {
    case 'boolean':
      return 2;
    case 'enum':
      return Math.max(1, domain.values.length);
    case 'number':
      return domain.max - domain.min + 1;
  }
}

/** One digit of a numeric key: a fact value's code in [0, radix), or -1 for a value outside its domain. */
interface KeyDigit {
  readonly radix: number;
  code(value: unknown): number;
}

function digitOf(domain: SmallDomain): KeyDigit {
  const radix = radixOf(domain);
  switch (domain.kind) {
    case 'boolean':
      return { radix, code: (v) => (v === false ? 0 : v === true ? 1 : -1) };
    case 'enum': {
      const codes = new Map<unknown, number>(domain.values.map((v, i) => [v, i]));
      return { radix, code: (v) => codes.get(v) ?? -1 };
    }
    case 'number': {
      const { min, max } = domain;
      return {
        radix,
        code: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v - min : -1),
      };
    }
  }
}

/** The digit of an item fact, which an item may lack: 0 when absent, else 1 + its value's code. */
function itemDigitOf(name: string, digit: KeyDigit): (item: FactRecord) => number {
  return (item) => {
    if (!(name in item)) return 0;
    const code = digit.code(item[name]);
    return code < 0 ? -1 : code + 1;
  };
}

/** The plan of a numeric key when every fact read has a small domain; undefined otherwise. */
function keyPlanOf(
  catalog: FactCatalog,
  facts: readonly string[],
  collections: readonly Collection[],
  itemFacts: readonly string[],
): KeyPlan | undefined {
  const factDigits: KeyPlan['facts'][number][] = [];
  for (const name of facts) {
    const domain = smallDomain(catalog.facts.get(name)?.domain);
    if (domain === undefined) return undefined;
    factDigits.push({ name, domain });
  }
  const collectionDigits: KeyPlan['collections'][number][] = [];
  for (const c of collections) {
    const items: KeyPlan['facts'][number][] = [];
    for (const name of itemFacts) {
      if (!name.startsWith(ITEM_PREFIX[c])) continue;
      const domain = smallDomain(catalog.items[c].get(name)?.domain);
      if (domain === undefined) return undefined;
      items.push({ name, domain });
    }
    collectionDigits.push({ name: c, lengths: catalog.sizes[c].max + 1, items });
  }
  return { facts: factDigits, collections: collectionDigits };
}

/**
 * The numeric key of a plan (a mixed-radix number: each fact's code, then per collection its
 * length and each item's facts). It gives undefined for a value outside its domain or a key
 * beyond 2^53, and the string key is used instead: number and string keys never meet in a Map.
 */
function numericKey(plan: KeyPlan): (ctx: EvalContext) => number | undefined {
  const factDigits = plan.facts.map(({ name, domain }) => [name, digitOf(domain)] as const);
  const collectionDigits = plan.collections.map(({ name, lengths, items }) => ({
    name,
    lengths,
    items: items.map((item) => {
      const digit = digitOf(item.domain);
      return { radix: digit.radix + 1, code: itemDigitOf(item.name, digit) };
    }),
  }));
  const LIMIT = Number.MAX_SAFE_INTEGER;
  return (ctx) => {
    let k = 0;
    for (let i = 0; i < factDigits.length; i += 1) {
      const [f, digit] = factDigits[i] as (typeof factDigits)[number];
      const code = digit.code(ctx.facts[f]);
      if (code < 0 || k > (LIMIT - code) / digit.radix) return undefined;
      k = k * digit.radix + code;
    }
    for (let c = 0; c < collectionDigits.length; c += 1) {
      const { name, lengths, items: itemDigits } = collectionDigits[c] as (typeof collectionDigits)[number];
      const items = ctx.collections[name];
      if (items.length >= lengths || k > (LIMIT - items.length) / lengths) return undefined;
      k = k * lengths + items.length;
      for (let i = 0; i < items.length; i += 1) {
        const item = items[i] as FactRecord;
        for (let d = 0; d < itemDigits.length; d += 1) {
          const { radix, code: codeOf } = itemDigits[d] as (typeof itemDigits)[number];
          const code = codeOf(item);
          if (code < 0 || k > (LIMIT - code) / radix) return undefined;
          k = k * radix + code;
        }
      }
    }
    return k;
  };
}

/** Per calculation file, the slot in `EvalState.memoKeys` of each list of facts keys are made of. */
const keySlots = new WeakMap<CalculationFile, Map<string, number>>();

/**
 * The slot of the key made of these facts (`JSON.stringify([facts, collections, itemFacts])`):
 * in a retirement evaluation 21 amounts are remembered, by 9 different lists of facts.
 */
function keySlot(calc: CalculationFile, facts: string): number {
  return slotOf(
    madeOnce(keySlots, calc, () => new Map()),
    facts,
  );
}

/** Per calculation file, what each of its posts, values and rules reads (references followed), each walked once. */
const usages = new WeakMap<CalculationFile, WeakMap<object, Usage>>();

/** What `root` reads, walked the first time `key` is asked for in `calc` and remembered (read-only) after. */
function walkedOnce(ruleSet: RuleSet, calc: CalculationFile, key: object, root: object): Usage {
  const known = madeOnce(usages, calc, () => new WeakMap<object, Usage>());
  return madeOnce(known, key, () => usageOf(ruleSet, calc, root));
}

/**
 * What `node` reads, as {@link usageOf} finds it: a post or value is walked once, and a run of a
 * post's first rules reads what its rules read, each rule walked once (compiling asks for every
 * run tried).
 */
export function usageFor(ruleSet: RuleSet, calc: CalculationFile, node: unknown): Usage {
  if (node === null || typeof node !== 'object' || !('rules' in node)) return usageOf(ruleSet, calc, node);
  const definition = node as Post & Value;
  if (calc.posts.includes(definition) || (calc.values ?? []).includes(definition))
    return walkedOnce(ruleSet, calc, node, node);
  // A run of rules (rulePrefix in compile-amounts.ts). In a rule set with a cycle of references,
  // which the loader refuses, it may read more than one walk over the run would: a key of more
  // facts, or nothing remembered, never a wrong amount.
  const usage = emptyUsage();
  for (const rule of (node as { readonly rules: readonly object[] }).rules)
    addUsage(usage, walkedOnce(ruleSet, calc, rule, { rules: [rule] }));
  return usage;
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
  const usage = usageFor(ruleSet, calc, node);
  if (usage.hasNotice) return undefined;
  // A key costs about what a few decimal operations do: remember only sums over members or long amounts.
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
  const cache = new Map<MemoKey, T>();
  const slot = keySlot(calc, JSON.stringify([facts, collections, itemFacts]));
  const plan = keyPlanOf(catalog, facts, collections, itemFacts);
  const numeric = plan === undefined ? undefined : numericKey(plan);
  const stringKey = (ctx: EvalContext): string => {
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
  };
  return {
    cache,
    slot,
    plan,
    key: (ctx) => {
      // The facts are the evaluation's throughout (an item's context shares its state), so a key
      // made once serves every amount that reads the same facts.
      const keys = ctx.state.memoKeys;
      let key = keys[slot];
      if (key === undefined) {
        key = numeric === undefined ? stringKey(ctx) : (numeric(ctx) ?? stringKey(ctx));
        keys[slot] = key;
      }
      return key;
    },
    remember: (key, amount) => {
      if (cache.size >= MEMO_SIZE) cache.delete(cache.keys().next().value as MemoKey);
      cache.set(key, amount);
    },
  };
}
