/**
 * Checks of an amount expression: each operator's unit checks its own node (see
 * `src/rules/language/`); this dispatches to it and hands it the scope it checks in.
 */
import type { Collection, Expression } from '../format/expression.js';
import type { CheckScope, InferredUnit, Path } from '../language/unit.js';
import { unitOf } from '../language/units.js';
import { sameUnit } from '../units.js';

/** Checks an expression and infers its unit (see `InferredUnit`). */
export function checkExpression(c: CheckScope, e: Expression, path: Path, scope: Collection | undefined): InferredUnit {
  return unitOf(e).check(e, c, path, scope);
}

/** Reports an amount whose inferred unit is not the one its place requires. */
export function expectUnit(c: CheckScope, unit: InferredUnit, expected: string, path: Path): void {
  if (unit === undefined || unit === null) return;
  if (!sameUnit(unit, expected)) c.report(path, 'unit_mismatch', `amount is in ${unit}, expected ${expected}`);
}
