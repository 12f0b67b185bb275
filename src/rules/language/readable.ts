/**
 * Conditions and amount expressions of a rule file in plain notation, for people:
 * `age < 21 and hasPartner = false`, `vfnBasisnorm2021[householdType, tenure] × vfnIndexatie2023`.
 *
 * Names stand as they are (facts, parameters, intermediate values, posts); text values are
 * quoted (`tenure = "rent"`); a comparison with a parameter names it (`age < aowLeeftijd`).
 */
import type { Condition, ConditionValue, Operator } from '../format/condition.js';
import type { Expression } from '../format/expression.js';
import type { Table } from '../format/parameters.js';
import type { RenderScope, Rendered } from './unit.js';
import { unitOf } from './units.js';
import { PARAM_FACT_PREFIX } from '../facts.js';

const OPERATOR_SYMBOLS: Readonly<Record<Operator, string>> = {
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

function factName(fact: string, path?: string): string {
  const name = fact.startsWith(PARAM_FACT_PREFIX) ? fact.slice(PARAM_FACT_PREFIX.length) : fact;
  return path === undefined || path === '$' ? name : `${name}${path.slice(1)}`;
}

function scalar(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
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
  const symbol = OPERATOR_SYMBOLS[condition.operator];
  return `${factName(condition.fact, condition.path)} ${symbol} ${conditionValue(condition.value)}`;
}

export type TableLookup = (name: string) => Table | undefined;

/** An amount expression in plain notation: `a × (b − c) / 12`, `min(x, y)`, `sum over cars of …`. */
export function renderExpression(expression: Expression, tables: TableLookup = () => undefined): string {
  return render(expression, tables).text;
}

/** Each operator renders itself (its unit's `render`); this lends it the rendering of its operands. */
function render(e: Expression, tables: TableLookup): Rendered {
  const scope: RenderScope = {
    table: tables,
    at: (x, min) => {
      const r = render(x, tables);
      return r.strength < min ? `(${r.text})` : r.text;
    },
    text: (x) => render(x, tables).text,
    condition: (c) => renderCondition(c),
  };
  return unitOf(e).render(e, scope);
}
