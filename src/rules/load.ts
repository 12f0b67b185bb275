/**
 * Parsing a rule set: each file against its strict schema, then the cross-checks. The
 * result is hashed but not yet trusted: `loadRuleSet` (src/engine/verify.ts) also compiles
 * it and sweeps it for coverage before handing it out.
 */
import type { z } from 'zod';
import { RuleSetError, type RuleSetIssue } from '../contract/errors.js';
import { checkRuleSet } from './check.js';
import { CALCULATION_IDS, CalculationFile, type CalculationId } from './format/calculation.js';
import { Manifest } from './format/manifest.js';
import { ParametersFile, TablesFile } from './format/parameters.js';
import { hashRuleFiles } from './hash.js';
import { RULE_FILE_NAMES, type RuleSet, type RuleSetFiles } from './rule-set.js';
import { zodIssuesToRuleSetIssues } from './zod-issues.js';

/** Parses and cross-checks; throws `RuleSetError` listing every problem found. */
export function parseRuleSet(files: RuleSetFiles, origin?: string): RuleSet {
  const issues: RuleSetIssue[] = [];
  const ruleFiles: Record<string, unknown> = {};
  for (const name of Object.keys(files)) {
    if (name.startsWith('tests/')) continue;
    if (!(RULE_FILE_NAMES as readonly string[]).includes(name)) {
      issues.push({ file: name, path: '$', code: 'unknown_file', message: `not a rule file; a rule set has ${RULE_FILE_NAMES.join(', ')} and a tests/ folder` });
      continue;
    }
    ruleFiles[name] = files[name];
  }
  const parse = <S extends z.ZodType>(name: string, schema: S, required: boolean): z.infer<S> | undefined => {
    if (!(name in ruleFiles)) {
      if (required) issues.push({ file: name, path: '$', code: 'missing_file', message: `a rule set needs ${name}` });
      return undefined;
    }
    const result = schema.safeParse(ruleFiles[name]);
    if (result.success) return result.data;
    issues.push(...zodIssuesToRuleSetIssues(name, result.error.issues));
    return undefined;
  };

  const manifest = parse('manifest.json', Manifest, true);
  const parameters = parse('parameters.json', ParametersFile, false);
  const tables = parse('tables.json', TablesFile, false);
  const calculations: Partial<Record<CalculationId, CalculationFile>> = {};
  for (const id of CALCULATION_IDS) {
    const calc = parse(`${id}.json`, CalculationFile, false);
    if (calc !== undefined) calculations[id] = calc;
  }
  if (Object.keys(calculations).length === 0 && issues.length === 0) {
    issues.push({ file: '', path: '$', code: 'no_calculation', message: `a rule set needs at least one of ${CALCULATION_IDS.map((c) => `${c}.json`).join(', ')}` });
  }
  const context = `Rule set ${origin ?? manifestId(files) ?? '(unnamed)'} cannot be used`;
  if (issues.length > 0 || manifest === undefined) throw new RuleSetError(issues, context);

  const parsed = { manifest, parameters: parameters?.parameters ?? {}, tables: tables?.tables ?? {}, calculations };
  issues.push(...checkRuleSet(parsed));
  if (issues.length > 0) throw new RuleSetError(issues, context);

  return {
    id: manifest.id,
    title: manifest.title,
    status: manifest.status,
    validFrom: manifest.validFrom,
    validUntil: manifest.validUntil,
    hash: hashRuleFiles(ruleFiles),
    ...parsed,
    files: ruleFiles,
  };
}

function manifestId(files: RuleSetFiles): string | undefined {
  const m = files['manifest.json'];
  return m !== null && typeof m === 'object' && typeof (m as { id?: unknown }).id === 'string' ? (m as { id: string }).id : undefined;
}
