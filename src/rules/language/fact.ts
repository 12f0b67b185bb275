/** `{ "fact": "income" }`: a numeric fact of the household, or of the current item inside a `sum`. */
import * as z from 'zod';
import { Identifier } from '../format/common.js';
import type { ExpressionForms } from '../format/expression.js';
import { atom, type ExpressionUnit } from './unit.js';

export const factUnit: ExpressionUnit<ExpressionForms['fact']> = {
  schema: () => z.strictObject({ fact: Identifier }),
  check: (e, c, path, scope) => {
    const def = c.fact(e.fact, scope);
    if (def === undefined) {
      c.report([...path, 'fact'], 'unknown_fact', c.missingFact(e.fact, scope));
      return undefined;
    }
    if (def.domain.kind !== 'number') {
      c.report(
        [...path, 'fact'],
        'fact_not_numeric',
        `fact ${e.fact} is not a number and cannot be used in arithmetic`,
      );
      return undefined;
    }
    return def.unit ?? '1';
  },
  render: (e) => atom(e.fact),
  dependencies: (e, w) => w.fact(e.fact),
};
