/**
 * Unit inference shared by the arithmetic operators: operands that must agree (`add`,
 * `subtract`, `min`, `max`, the branches of `if`) and operands whose units combine
 * (`multiply`, `divide`).
 */
import type { Collection, Expression } from '../format/expression.js';
import { combineUnits, formatUnit, parseUnit, sameUnit } from '../units.js';
import type { CheckScope, InferredUnit, Path } from './unit.js';

/** The operands of a list-valued operator, each at `path.key[i]`. */
export function operandsAt(list: readonly Expression[], path: Path, key: string): [Expression, Path][] {
  return list.map((x, i) => [x, [...path, key, i]]);
}

/**
 * The unit operands share; a unit-less constant takes its neighbours'. `what` names the
 * operator in the message.
 */
export function agreeingUnit(
  c: CheckScope,
  operands: readonly (readonly [Expression, Path])[],
  what: string,
  scope: Collection | undefined,
): InferredUnit {
  let unit: string | null = null;
  let failed = false;
  for (const [x, at] of operands) {
    const u = c.expression(x, at, scope);
    if (u === undefined) failed = true;
    else if (u !== null) {
      if (unit !== null && !sameUnit(unit, u)) {
        c.report(at, 'unit_mismatch', `${what} of ${unit} and ${u}: amounts must be in the same unit`);
        failed = true;
      } else unit = u;
    }
  }
  return failed ? undefined : unit;
}

/** The unit of a product (`exponent` 1 for every operand) or a quotient (-1 after the first). */
export function productUnit(units: readonly InferredUnit[], divide: boolean): InferredUnit {
  if (units.some((u) => u === undefined)) return undefined;
  let acc = parseUnit('1');
  units.forEach((u, i) => {
    acc = combineUnits(acc, parseUnit(u ?? '1'), divide && i > 0 ? -1 : 1);
  });
  return formatUnit(acc);
}
