/**
 * How well founded each amount of a result is (`Onderbouwing`), derived from the explanation
 * the engine recorded for this household: per post, value and total, the weakest provenance
 * among the rule-set figures the amount actually used, and the names of the estimates and
 * to-verify values among them. Only the rules that applied contribute their amounts' figures;
 * a rule that was tried contributes the parameters its condition compared with (they decided
 * which rule applied); rules not tried contribute nothing. A value or post that an amount reads
 * brings its own figures along, and a sum of posts brings those of every post it adds.
 *
 * Kept apart from the evaluation itself: it reads only the finished {@link Explanation} and the
 * rule set, so asking for it costs one explained evaluation and no result without it pays.
 */
import {
  type ConditionTrace,
  type Explanation,
  type FigureUse,
  type ProvenanceKind,
  type RuleTrace,
  referenceIn,
} from '../contract/explanation.js';
import type { Onderbouwing } from '../contract/results.js';
import type { CalculationFile } from '../rules/format/calculation.js';
import type { Condition } from '../rules/format/condition.js';
import type { RuleSet } from '../rules/rule-set.js';

/** From best to worst founded: the weakest of an amount's figures is the one furthest along. */
export const PROVENANCE_ORDER: readonly ProvenanceKind[] = ['read', 'derived', 'to-verify', 'estimate'];

/** The foundation of every amount of one evaluation. */
export interface Foundations {
  /** Per post, in the order of the explanation's (and the result's) posts. */
  readonly posts: readonly Onderbouwing[];
  /** Per total of the calculation file, by name (`TotaalLasten`, `Afloscapaciteit`, `Tekort`). */
  readonly totals: Readonly<Record<string, Onderbouwing>>;
  /** Per group code, over the posts of that group. */
  readonly groups: ReadonlyMap<string, Onderbouwing>;
  /** Over every post: the foundation of a sum of all posts. */
  readonly allPosts: Onderbouwing;
}

/** The figures with provenance gathered for one amount, in the order first met. */
class Gathered {
  rank = 0;
  readonly estimates = new Set<string>();
  readonly toVerify = new Set<string>();

  add(name: string, provenance: ProvenanceKind): void {
    this.rank = Math.max(this.rank, PROVENANCE_ORDER.indexOf(provenance));
    if (provenance === 'estimate') this.estimates.add(name);
    else if (provenance === 'to-verify') this.toVerify.add(name);
  }

  merge(other: Gathered): void {
    this.rank = Math.max(this.rank, other.rank);
    for (const n of other.estimates) this.estimates.add(n);
    for (const n of other.toVerify) this.toVerify.add(n);
  }

  result(): Onderbouwing {
    return {
      Zwakst: PROVENANCE_ORDER[this.rank] as ProvenanceKind,
      Schattingen: [...this.estimates],
      TeVerifieren: [...this.toVerify],
    };
  }
}

/** `name` for a parameter, `name [dim=key, …]` for a table cell: as docs/estimates.md names them. */
function figureName(use: FigureUse & { kind: 'parameter' | 'table' }): string {
  if (use.kind === 'parameter') return use.name;
  const key = Object.entries(use.key)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return `${use.name} [${key}]`;
}

/** Every `param:<name>` a condition compares with, in the order written. */
function conditionParameters(condition: Condition, out: string[] = []): string[] {
  if ('all' in condition) for (const c of condition.all) conditionParameters(c, out);
  else if ('any' in condition) for (const c of condition.any) conditionParameters(c, out);
  else if ('not' in condition) conditionParameters(condition.not, out);
  else {
    if (condition.fact.startsWith('param:')) out.push(condition.fact.slice('param:'.length));
    const v = condition.value as unknown;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && 'fact' in v) {
      const fact = (v as { fact: unknown }).fact;
      if (typeof fact === 'string' && fact.startsWith('param:')) out.push(fact.slice('param:'.length));
    }
  }
  return out;
}

/**
 * The parameters compared inside an amount expression as written: in an `if`, or the `when` of
 * a `sum` or `count`. The explanation records the figures an expression reads but not those its
 * inner conditions compare with, so they are found here; each counts when its rule applied.
 */
function expressionConditionParameters(expression: unknown, out: string[] = []): string[] {
  if (Array.isArray(expression)) {
    for (const e of expression) expressionConditionParameters(e, out);
    return out;
  }
  if (expression === null || typeof expression !== 'object') return out;
  const node = expression as Record<string, unknown>;
  if ('if' in node) conditionParameters(node['if'] as Condition, out);
  for (const key of ['sum', 'count'] as const) {
    const inner = node[key] as { when?: Condition } | undefined;
    if (inner?.when !== undefined) conditionParameters(inner.when, out);
  }
  for (const child of Object.values(node)) expressionConditionParameters(child, out);
  return out;
}

/** Whether a comparison that decided (one in the rule's `because`) compared `param:<name>`, on either side. */
function decidedBy(because: ConditionTrace | undefined, name: string): boolean {
  if (because === undefined) return false;
  if ('all' in because) return because.all.some((c) => decidedBy(c, name));
  if ('any' in because) return because.any.some((c) => decidedBy(c, name));
  if ('not' in because) return decidedBy(because.not, name);
  const fact = `param:${name}`;
  return because.fact === fact || referenceIn(because.value)?.fact === fact;
}

/** Per rule, the parameters its condition and its amounts' inner conditions compare with. */
interface RuleParameters {
  readonly when: readonly string[];
  readonly amounts: readonly string[];
}

/** Found once per rule set and calculation: they are fixed by the rule files. */
const parametersByCalculation = new WeakMap<CalculationFile, ReadonlyMap<string, RuleParameters>>();

function conditionParametersOf(ruleSet: RuleSet, calc: CalculationFile): ReadonlyMap<string, RuleParameters> {
  const known = parametersByCalculation.get(calc);
  if (known !== undefined) return known;
  const found = new Map<string, RuleParameters>();
  const add = (key: string, when: unknown, amounts: unknown): void => {
    const unique = (names: string[]) => [...new Set(names)].filter((n) => ruleSet.parameters[n] !== undefined);
    found.set(key, {
      when: when === undefined ? [] : unique(conditionParameters(when as Condition)),
      amounts: unique(expressionConditionParameters(amounts)),
    });
  };
  for (const p of calc.posts) for (const r of p.rules) add(`post ${p.code} ${r.id}`, r.when, r.amounts);
  for (const v of calc.values ?? []) for (const r of v.rules) add(`value ${v.id} ${r.id}`, r.when, r.amount);
  parametersByCalculation.set(calc, found);
  return found;
}

/**
 * The foundation of every post, total, group and of all posts together, from an explanation
 * recorded for one household with the rule set that produced it.
 */
export function foundationsOf(explanation: Explanation, ruleSet: RuleSet): Foundations {
  const calc = ruleSet.calculations[explanation.calculation as keyof RuleSet['calculations']] as CalculationFile;
  const rulesById = conditionParametersOf(ruleSet, calc);
  const postTraces = new Map(explanation.posts.map((p) => [p.code, p]));
  const valueTraces = new Map(explanation.values.map((v) => [v.code, v]));
  const groupOf = new Map(calc.posts.map((p) => [p.code, p.group]));
  const known = new Map<string, Gathered>();

  const parameter = (g: Gathered, name: string): void => {
    const p = ruleSet.parameters[name];
    if (p !== undefined) g.add(name, p.provenance);
  };

  const figure = (g: Gathered, use: FigureUse): void => {
    if (use.kind === 'parameter' || use.kind === 'table') g.add(figureName(use), use.provenance);
    else if (use.kind === 'value') g.merge(amount('value', use.name));
    else if (use.kind === 'post') g.merge(postsNamed(use.name));
  };

  const rule = (g: Gathered, kind: 'post' | 'value', code: string, trace: RuleTrace): void => {
    const written = rulesById.get(`${kind} ${code} ${trace.id}`);
    for (const name of written?.when ?? []) {
      if (decidedBy(trace.because, name)) parameter(g, name);
    }
    if (!trace.applied) return;
    for (const name of written?.amounts ?? []) parameter(g, name);
    for (const use of trace.figures ?? []) figure(g, use);
  };

  function amount(kind: 'post' | 'value', code: string): Gathered {
    const cacheKey = `${kind} ${code}`;
    const cached = known.get(cacheKey);
    if (cached !== undefined) return cached;
    const g = new Gathered();
    known.set(cacheKey, g);
    const trace = (kind === 'post' ? postTraces : valueTraces).get(code);
    for (const r of trace?.rules ?? []) rule(g, kind, code, r);
    return g;
  }

  /** A post by code, or a `sumPosts` figure: `(all posts)` or `(group <code>)` (each gathered once). */
  function postsNamed(name: string): Gathered {
    if (!name.startsWith('(')) return amount('post', name);
    const cached = known.get(name);
    if (cached !== undefined) return cached;
    const group = /^\(group (.+)\)$/.exec(name)?.[1];
    const codes = calc.posts.filter((p) => name === '(all posts)' || p.group === group).map((p) => p.code);
    const g = union(codes);
    known.set(name, g);
    return g;
  }

  function union(codes: readonly string[]): Gathered {
    const g = new Gathered();
    for (const code of codes) g.merge(amount('post', code));
    return g;
  }

  const groups = new Map<string, Onderbouwing>();
  for (const code of new Set(groupOf.values())) {
    if (code !== undefined) groups.set(code, postsNamed(`(group ${code})`).result());
  }
  const totals: Record<string, Onderbouwing> = {};
  for (const t of explanation.totals) {
    const g = new Gathered();
    for (const use of t.figures) figure(g, use);
    totals[t.name] = g.result();
  }
  return {
    posts: explanation.posts.map((p) => amount('post', p.code).result()),
    totals,
    groups,
    allPosts: postsNamed('(all posts)').result(),
  };
}
