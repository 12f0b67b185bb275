/**
 * Conditions and amount expressions of a rule file in plain notation, for people:
 * `age < 21 and hasPartner = false`, `vfnBasisnorm2021[householdType, tenure] × vfnIndexatie2023`.
 *
 * Names stand as they are (facts, parameters, intermediate values, posts); text values are
 * quoted (`tenure = "rent"`); a comparison with a parameter names it (`age < aowLeeftijd`).
 */
import type { Condition, ConditionValue } from '../../rules/format/condition.js';
import type { Expression } from '../../rules/format/expression.js';
import type { Table } from '../../rules/format/parameters.js';

const OPERATOR_SYMBOLS: Readonly<Record<string, string>> = {
  equal: '=',
  notEqual: '≠',
  lessThan: '<',
  lessThanInclusive: '≤',
  greaterThan: '>',
  greaterThanInclusive: '≥',
  in: 'in',
  notIn: 'not in',
  contains: 'contains',
  doesNotContain: 'does not contain',
};

const PARAM_PREFIX = 'param:';

function factName(fact: string, path?: string): string {
  const name = fact.startsWith(PARAM_PREFIX) ? fact.slice(PARAM_PREFIX.length) : fact;
  return path === undefined || path === '$' ? name : `${name}${path.slice(1)}`;
}

function scalar(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null) return 'null';
  return String(value);
}

function conditionValue(value: ConditionValue): string {
  if (Array.isArray(value)) return `[${value.map(scalar).join(', ')}]`;
  if (value !== null && typeof value === 'object') return factName(value.fact, value.path);
  return scalar(value);
}

/** A condition in words: `age < 21 and hasPartner = false`. */
export function renderCondition(condition: Condition, nested = false): string {
  if ('all' in condition || 'any' in condition) {
    const parts = 'all' in condition ? condition.all : condition.any;
    const joiner = 'all' in condition ? ' and ' : ' or ';
    if (parts.length === 1) return renderCondition(parts[0] as Condition, nested);
    const text = parts.map((c) => renderCondition(c, true)).join(joiner);
    return nested ? `(${text})` : text;
  }
  if ('not' in condition) return `not (${renderCondition(condition.not)})`;
  const symbol = OPERATOR_SYMBOLS[condition.operator] ?? condition.operator;
  return `${factName(condition.fact, condition.path)} ${symbol} ${conditionValue(condition.value)}`;
}

/** Binding strength: sums bind loosest, then products, then everything written as a name or a call. */
const ADDITIVE = 1;
const MULTIPLICATIVE = 2;
const ATOM = 3;

export type TableLookup = (name: string) => Table | undefined;

/** An amount expression in plain notation: `a × (b − c) / 12`, `min(x, y)`, `sum over cars of …`. */
export function renderExpression(expression: Expression, tables: TableLookup = () => undefined): string {
  return render(expression, tables).text;
}

function render(e: Expression, tables: TableLookup): { text: string; strength: number } {
  const atom = (text: string) => ({ text, strength: ATOM });
  const at = (x: Expression, min: number): string => {
    const r = render(x, tables);
    return r.strength < min ? `(${r.text})` : r.text;
  };
  const list = (xs: readonly Expression[]) => xs.map((x) => render(x, tables).text).join(', ');
  if ('const' in e) return atom(String(e.const));
  if ('param' in e) return atom(e.param);
  if ('table' in e) {
    const dims = Object.keys(tables(e.table)?.dimensions ?? e.key);
    const keys = Object.keys(e.key);
    const order = [...dims.filter((d) => keys.includes(d)), ...keys.filter((k) => !dims.includes(k))];
    const parts = order.map((d) => {
      const k = e.key[d];
      return k === undefined ? '?' : typeof k === 'string' ? JSON.stringify(k) : k.fact;
    });
    return atom(`${e.table}[${parts.join(', ')}]`);
  }
  if ('fact' in e) return atom(e.fact);
  if ('value' in e) return atom(e.value);
  if ('post' in e) {
    const name = `${e.post}${e.measure === undefined ? '' : `.${e.measure}`}`;
    return atom(e.rounded === true ? `rounded(${name})` : `post ${name}`);
  }
  if ('sumPosts' in e) {
    const s = e.sumPosts;
    const what = `${s.rounded === true ? 'rounded ' : ''}posts${s.group === undefined ? '' : ` of group ${s.group}`}${s.measure === undefined ? '' : ` (${s.measure})`}`;
    return atom(`sum of all ${what}`);
  }
  if ('add' in e) return { text: e.add.map((x) => at(x, ADDITIVE)).join(' + '), strength: ADDITIVE };
  if ('subtract' in e)
    return { text: `${at(e.subtract[0], ADDITIVE)} − ${at(e.subtract[1], MULTIPLICATIVE)}`, strength: ADDITIVE };
  if ('multiply' in e)
    return { text: e.multiply.map((x) => at(x, MULTIPLICATIVE)).join(' × '), strength: MULTIPLICATIVE };
  if ('divide' in e)
    return { text: `${at(e.divide[0], MULTIPLICATIVE)} / ${at(e.divide[1], ATOM)}`, strength: MULTIPLICATIVE };
  if ('min' in e) return atom(`min(${list(e.min)})`);
  if ('max' in e) return atom(`max(${list(e.max)})`);
  if ('sum' in e) {
    const where = e.sum.when === undefined ? '' : ` where ${renderCondition(e.sum.when)}`;
    return atom(`(sum over ${e.sum.over}${where} of ${render(e.sum.amount, tables).text})`);
  }
  if ('count' in e) {
    const where = e.count.when === undefined ? '' : ` where ${renderCondition(e.count.when)}`;
    return atom(`(number of ${e.count.over}${where})`);
  }
  if ('round' in e) return atom(`round(${render(e.round, tables).text}, ${e.policy})`);
  if ('if' in e) {
    return atom(
      `(if ${renderCondition(e.if)} then ${render(e.then, tables).text} else ${render(e.else, tables).text})`,
    );
  }
  return atom(JSON.stringify(e));
}
