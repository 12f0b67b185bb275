/** Compiles `param`: the parameter's value, a constant; the explanation lists it with its source. */
import { Money } from '../../contract/money.js';
import type { ExpressionForms } from '../../rules/format/expression.js';
import { constantFigure, provenanceFields, sourceRef, type OperatorCompiler } from '../expression-env.js';

export const compileParam: OperatorCompiler<ExpressionForms['param']> = (e, c) => {
  const { ruleSet } = c.env;
  const name = e.param;
  const p = ruleSet.parameters[name];
  if (p === undefined) return c.fail('dangling_reference', `unknown parameter ${name}`);
  const d = new Money(p.value);
  return constantFigure(c.env, d, `param:${name}`, () => ({
    kind: 'parameter',
    name,
    description: p.description,
    value: d.toString(),
    unit: p.unit,
    source: sourceRef(ruleSet, p),
    ...provenanceFields(p),
  }));
};
