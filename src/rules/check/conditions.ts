/**
 * Checks of a condition against the rule set: its facts exist and are visible in the scope,
 * its operator suits the fact (numbers for the numeric operators, no list operators on
 * single values), and the values it compares with exist in the fact's domain.
 */
import type { FactDefinition } from '../facts.js';
import { PARAM_FACT_PREFIX } from '../facts.js';
import { type Condition, type ConditionValue, type FactCondition, isNumericOperator } from '../format/condition.js';
import type { Collection } from '../format/expression.js';
import type { CheckScope, Path } from '../language/unit.js';
import { sameUnit } from '../units.js';

/** One side of a comparison: the fact's definition (absent for a parameter), unit and whether it is a number. */
interface Side {
  readonly def?: FactDefinition;
  readonly unit?: string;
  readonly numeric: boolean;
}

export function checkCondition(c: CheckScope, cond: Condition, path: Path, scope: Collection | undefined): void {
  if ('all' in cond || 'any' in cond) {
    const [key, parts] = 'all' in cond ? (['all', cond.all] as const) : (['any', cond.any] as const);
    parts.forEach((x, i) => {
      checkCondition(c, x, [...path, key, i], scope);
    });
    return;
  }
  if ('not' in cond) {
    checkCondition(c, cond.not, [...path, 'not'], scope);
    return;
  }
  checkFactCondition(c, cond, path, scope);
}

function checkFactCondition(c: CheckScope, cond: FactCondition, path: Path, scope: Collection | undefined): void {
  const left = side(c, cond.fact, [...path, 'fact'], scope);
  if (left === undefined) return;
  if (cond.path !== undefined)
    c.report([...path, 'path'], 'invalid_path', `fact ${cond.fact} is a plain value: a path would be ignored`);
  if (isNumericOperator(cond.operator) && !left.numeric)
    c.report(
      [...path, 'operator'],
      'operator_mismatch',
      `${cond.operator} compares numbers, but ${cond.fact} is not a number`,
    );
  if (cond.operator === 'contains' || cond.operator === 'doesNotContain') {
    c.report(
      [...path, 'operator'],
      'operator_mismatch',
      `${cond.operator} needs a list-valued fact; ${cond.fact} is a single value, so the condition could never hold`,
    );
  }
  const value = cond.value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    checkReferenceValue(c, cond, value, left, path, scope);
    return;
  }
  checkLiteralValue(c, cond, value, left, path);
}

/** A fact, or `param:<name>`, on either side of a comparison; undefined after reporting it unknown. */
function side(c: CheckScope, fact: string, p: Path, scope: Collection | undefined): Side | undefined {
  if (fact.startsWith(PARAM_FACT_PREFIX)) {
    const name = fact.slice(PARAM_FACT_PREFIX.length);
    const param = c.parameters[name];
    if (param === undefined) {
      c.report(
        p,
        'dangling_reference',
        `unknown parameter ${name} (conditions read parameters as facts named param:<name>)`,
      );
      return undefined;
    }
    return { unit: param.unit, numeric: true };
  }
  const def = c.fact(fact, scope);
  if (def === undefined) {
    c.report(p, 'unknown_fact', c.missingFact(fact, scope));
    return undefined;
  }
  return { def, ...(def.unit !== undefined ? { unit: def.unit } : {}), numeric: def.domain.kind === 'number' };
}

/** A comparison with another fact (`value: { fact }`): units must agree; `in` needs a list. */
function checkReferenceValue(
  c: CheckScope,
  cond: FactCondition,
  value: { fact: string; path?: string | undefined },
  left: Side,
  path: Path,
  scope: Collection | undefined,
): void {
  if (value.path !== undefined)
    c.report(
      [...path, 'value', 'path'],
      'invalid_path',
      `fact ${value.fact} is a plain value: a path would be ignored`,
    );
  const right = side(c, value.fact, [...path, 'value', 'fact'], scope);
  if (right?.unit !== undefined && left.unit !== undefined && !sameUnit(right.unit, left.unit)) {
    c.report(
      [...path, 'value'],
      'unit_mismatch',
      `compares ${cond.fact} (${left.unit}) with ${value.fact} (${right.unit})`,
    );
  }
  if (cond.operator === 'in' || cond.operator === 'notIn')
    c.report([...path, 'value'], 'operator_mismatch', `${cond.operator} needs a list of values`);
}

/** A comparison with a literal or a list of literals: each must be a value the fact can take. */
function checkLiteralValue(
  c: CheckScope,
  cond: FactCondition,
  value: Exclude<ConditionValue, { fact: string }>,
  left: Side,
  path: Path,
): void {
  const { operator } = cond;
  if ((operator === 'in' || operator === 'notIn') && !Array.isArray(value)) {
    c.report([...path, 'value'], 'operator_mismatch', `${operator} needs a list of values`);
    return;
  }
  if (Array.isArray(value) && value.length === 0) {
    c.report(
      [...path, 'value'],
      'operator_mismatch',
      `an empty list: ${operator} would ${operator === 'notIn' ? 'always' : 'never'} hold`,
    );
    return;
  }
  if (cond.fact.startsWith(PARAM_FACT_PREFIX) && typeof value !== 'number') {
    c.report([...path, 'value'], 'unknown_value', `${cond.fact} is a number, not ${JSON.stringify(value)}`);
    return;
  }
  if (isNumericOperator(operator) && typeof value !== 'number')
    c.report([...path, 'value'], 'operator_mismatch', `${operator} needs a number to compare with`);
  const domain = left.def?.domain;
  const comparesEquality = operator === 'equal' || operator === 'notEqual' || operator === 'in' || operator === 'notIn';
  for (const v of Array.isArray(value) ? value : [value]) {
    if (domain?.kind === 'enum' && (typeof v !== 'string' || !domain.values.includes(v))) {
      c.report(
        [...path, 'value'],
        'unknown_value',
        `${JSON.stringify(v)} is not a value of ${cond.fact} (${domain.values.join(', ')})`,
      );
    } else if (domain?.kind === 'boolean' && typeof v !== 'boolean') {
      c.report([...path, 'value'], 'unknown_value', `${cond.fact} is true or false, not ${JSON.stringify(v)}`);
    } else if (domain?.kind === 'number' && comparesEquality && typeof v !== 'number') {
      c.report([...path, 'value'], 'unknown_value', `${cond.fact} is a number, not ${JSON.stringify(v)}`);
    }
  }
}
