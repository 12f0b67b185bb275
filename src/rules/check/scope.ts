/**
 * The scope a calculation file is checked in: its rule set, its fact catalog, where to
 * report, and the dependencies of the post or value being checked (for the cycle check).
 */
import { ITEM_PREFIX, type FactCatalog, type FactDefinition } from '../facts.js';
import type { CalculationFile } from '../format/calculation.js';
import type { Collection } from '../format/expression.js';
import type { Manifest } from '../format/manifest.js';
import type { Parameter, Table } from '../format/parameters.js';
import type { CheckScope, Path } from '../language/unit.js';
import { checkCondition } from './conditions.js';
import { checkExpression } from './expressions.js';

export interface CalcScope extends CheckScope {
  /** Starts collecting the dependencies of the next post or value; returns the set they go into. */
  collectDependencies(): Set<string>;
}

export function calcScope(
  set: {
    readonly manifest: Manifest;
    readonly parameters: Readonly<Record<string, Parameter>>;
    readonly tables: Readonly<Record<string, Table>>;
  },
  calc: CalculationFile,
  catalog: FactCatalog,
  report: (path: Path, code: string, message: string) => void,
): CalcScope {
  let deps = new Set<string>();
  const scope: CalcScope = {
    parameters: set.parameters,
    tables: set.tables,
    manifest: set.manifest,
    calc,
    report,
    depend: (node) => {
      deps.add(node);
    },
    collectDependencies: () => {
      deps = new Set();
      return deps;
    },
    fact: (name, within) => factIn(catalog, name, within),
    missingFact: (name, within) => describeMissingFact(catalog, name, within),
    measure: (measure, path) => {
      const { measures } = calc;
      if (measure === undefined) {
        if (measures.length > 1) report(path, 'measure_required', `name the measure (${measures.join(', ')})`);
      } else if (!measures.includes(measure)) {
        report([...path, 'measure'], 'unknown_measure', `${measure} is not a measure (${measures.join(', ')})`);
      }
    },
    expression: (e, path, within) => checkExpression(scope, e, path, within),
    condition: (c, path, within) => checkCondition(scope, c, path, within),
  };
  return scope;
}

function factIn(catalog: FactCatalog, name: string, scope: Collection | undefined): FactDefinition | undefined {
  const household = catalog.facts.get(name);
  if (household !== undefined) return household;
  if (scope !== undefined && name.startsWith(ITEM_PREFIX[scope])) return catalog.items[scope].get(name);
  return undefined;
}

function describeMissingFact(catalog: FactCatalog, name: string, scope: Collection | undefined): string {
  for (const [collection, prefix] of Object.entries(ITEM_PREFIX) as [Collection, string][]) {
    if (name.startsWith(prefix) && catalog.items[collection].has(name) && scope !== collection) {
      return `fact ${name} is a fact of one item of ${collection}: use it inside a sum or count over ${collection}`;
    }
  }
  const known = [...catalog.facts.keys()].join(', ');
  return `unknown fact ${name} for ${catalog.calculation}; known facts: ${known}`;
}
