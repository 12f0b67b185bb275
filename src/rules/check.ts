/**
 * Cross-checks of a parsed rule set, after each file has passed its schema: every
 * referenced source, parameter, table cell, fact, value, post, rounding policy and operator
 * exists; facts are used where their scope allows; enumerated values in conditions exist;
 * tables have a cell for every value a fact can take; units agree where amounts meet; no
 * post or value depends on itself. Coverage (a rule for every household) is checked
 * separately by the sweep in coverage.ts, on the compiled program.
 *
 * By concern: tables in check/tables.ts, calculation files in check/calculation.ts, their
 * conditions in check/conditions.ts, their amounts in each operator's unit
 * (src/rules/language/), cycles in check/cycles.ts.
 */
import type { RuleSetIssue } from '../contract/errors.js';
import { checkCalculation } from './check/calculation.js';
import { checkTable, type FileReport, type SourceCheck } from './check/tables.js';
import type { CalculationFile, CalculationId } from './format/calculation.js';
import type { Manifest } from './format/manifest.js';
import type { Parameter, Table } from './format/parameters.js';
import type { RuleOrigins } from './rule-set.js';
import { jsonPath } from './zod-issues.js';

export interface ParsedRuleFiles {
  readonly manifest: Manifest;
  readonly parameters: Readonly<Record<string, Parameter>>;
  readonly tables: Readonly<Record<string, Table>>;
  readonly calculations: Readonly<Partial<Record<CalculationId, CalculationFile>>>;
  readonly origins: RuleOrigins;
}

/** Runs every cross-check; returns all problems found (empty when the set is sound). */
export function checkRuleSet(set: ParsedRuleFiles): RuleSetIssue[] {
  const issues: RuleSetIssue[] = [];
  const report: FileReport = (file, path, code, message) => {
    issues.push({ file, path: jsonPath(path), code, message });
  };

  // Manifest
  if (set.manifest.validFrom > set.manifest.validUntil) {
    report(
      'manifest.json',
      ['validUntil'],
      'invalid_validity',
      `validUntil ${set.manifest.validUntil} is before validFrom ${set.manifest.validFrom}`,
    );
  }
  const checkSource: SourceCheck = (file, path, source) => {
    if (set.manifest.sources[source] === undefined) {
      report(
        file,
        [...path, 'source'],
        'missing_source',
        `source "${source}" is not in the manifest's sources register`,
      );
    }
  };

  for (const [name, p] of Object.entries(set.parameters))
    checkSource(set.origins.parameters[name] ?? 'parameters.json', ['parameters', name], p.source);
  for (const [name, table] of Object.entries(set.tables))
    checkTable(name, table, set.origins.tables[name] ?? 'tables.json', report, checkSource);
  for (const [id, calc] of Object.entries(set.calculations) as [CalculationId, CalculationFile][])
    checkCalculation(set, id, calc, report);
  return issues;
}
