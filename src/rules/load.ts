/**
 * Parsing a rule set: each file against its strict schema, then the cross-checks. The
 * result is hashed but not yet trusted: `loadRuleSet` (src/engine/load-rule-set.ts) also compiles
 * it and sweeps it for coverage before handing it out.
 */
import type { z } from 'zod';
import { RuleSetError, type RuleSetIssue } from '../contract/errors.js';
import { checkRuleSet } from './check.js';
import { CALCULATION_IDS, CalculationFile, type CalculationId } from './format/calculation.js';
import { Manifest, SourcesFile } from './format/manifest.js';
import { ParametersFile, TablesFile } from './format/parameters.js';
import { protoKeyPaths, RESERVED_NAME_CODE, reservedNameMessage } from './format/common.js';
import { hashRuleFiles } from './hash.js';
import { withMeasureDefaults } from './measure-defaults.js';
import {
  RULE_FILE_DESCRIPTION,
  RULE_FILE_PATTERN,
  type RuleSet,
  type RuleSetFiles,
  ruleSetOf,
  type SplitKind,
  splitKindOf,
} from './rule-set.js';
import { jsonPath, zodIssuesToRuleSetIssues } from './zod-issues.js';

/** Parses and cross-checks; throws `RuleSetError` listing every problem found. */
export function parseRuleSet(files: RuleSetFiles, origin?: string): RuleSet {
  return assembleRuleSet(files, origin, undefined);
}

/**
 * The rule set of files that were recorded, with their content hash `verifiedHash`, when they
 * passed every check and their schemas returned them unchanged: the bundled sets (`npm run
 * generate` refuses to bundle a set for which either fails, and test/rules/bundled.test.ts
 * checks both for every bundled set). Assembled exactly as {@link parseRuleSet} assembles it, the
 * same value, without parsing each file against its schema again, cross-checking or hashing:
 * the work a cold start would otherwise repeat on every process.
 */
export function trustedRuleSet(files: RuleSetFiles, verifiedHash: string): RuleSet {
  return assembleRuleSet(files, undefined, verifiedHash);
}

/** The rule files of a set (`tests/` left out), and an `unknown_file` issue for anything else. */
function ruleFilesOf(files: RuleSetFiles, issues: RuleSetIssue[]): Record<string, unknown> {
  const ruleFiles: Record<string, unknown> = {};
  for (const name of Object.keys(files)) {
    if (name.startsWith('tests/')) continue;
    if (!RULE_FILE_PATTERN.test(name)) {
      issues.push({
        file: name,
        path: '$',
        code: 'unknown_file',
        message: `not a rule file; a rule set has ${RULE_FILE_DESCRIPTION} and a tests/ folder`,
      });
      continue;
    }
    ruleFiles[name] = files[name];
  }
  return ruleFiles;
}

/** Reads one rule file against its schema; `trusted` files were checked when recorded. */
type FileParser = <S extends z.ZodType>(name: string, schema: S, required: boolean) => z.infer<S> | undefined;

function fileParser(
  ruleFiles: Readonly<Record<string, unknown>>,
  trusted: boolean,
  issues: RuleSetIssue[],
): FileParser {
  return (name, schema, required) => {
    if (!(name in ruleFiles)) {
      if (required) issues.push({ file: name, path: '$', code: 'missing_file', message: `a rule set needs ${name}` });
      return undefined;
    }
    // Checked when recorded, and the schema returned it unchanged then.
    if (trusted) return ruleFiles[name] as z.infer<typeof schema>;
    const result = schema.safeParse(ruleFiles[name], { reportInput: true });
    const schemaIssues = result.success ? [] : zodIssuesToRuleSetIssues(name, result.error.issues);
    // A record drops a `__proto__` key silently; a strict object has reported it already.
    const reserved = protoKeyPaths(ruleFiles[name])
      .map((path) => jsonPath(path))
      .filter((path) => !schemaIssues.some((i) => i.path === path))
      .map((path) => ({ file: name, path, code: RESERVED_NAME_CODE, message: reservedNameMessage('__proto__') }));
    issues.push(...schemaIssues, ...reserved);
    return result.success && reserved.length === 0 ? result.data : undefined;
  };
}

/**
 * Merges one kind of split file (`parameters.json`, `parameters-*.json`), refusing a name
 * defined twice; `seed` (from `seedFile`) comes first.
 */
function mergeSplitFiles<T>(
  kind: SplitKind,
  names: readonly string[],
  pick: (file: string) => Record<string, T> | undefined,
  issues: RuleSetIssue[],
  seed: Record<string, T> = {},
  seedFile = '',
): { merged: Record<string, T>; origins: Record<string, string> } {
  const merged: Record<string, T> = { ...seed };
  const origins: Record<string, string> = Object.fromEntries(Object.keys(seed).map((k) => [k, seedFile]));
  for (const file of names.filter((n) => splitKindOf(n) === kind)) {
    for (const [key, value] of Object.entries(pick(file) ?? {})) {
      if (Object.hasOwn(merged, key)) {
        issues.push({
          file,
          path: jsonPath([kind, key]),
          code: 'duplicate_key',
          message: `${key} is already defined in ${origins[key]}`,
        });
        continue;
      }
      merged[key] = value;
      origins[key] = file;
    }
  }
  return { merged, origins };
}

/** The calculation files the set has; `no_calculation` when it has none (and nothing else is wrong). */
function calculationFiles(parse: FileParser, issues: RuleSetIssue[]): Partial<Record<CalculationId, CalculationFile>> {
  const calculations: Partial<Record<CalculationId, CalculationFile>> = {};
  for (const id of CALCULATION_IDS) {
    const calc = parse(`${id}.json`, CalculationFile, false);
    if (calc !== undefined) calculations[id] = calc;
  }
  if (Object.keys(calculations).length === 0 && issues.length === 0) {
    issues.push({
      file: '',
      path: '$',
      code: 'no_calculation',
      message: `a rule set needs at least one of ${CALCULATION_IDS.map((c) => `${c}.json`).join(', ')}`,
    });
  }
  return calculations;
}

/** {@link parseRuleSet}, or with a `verifiedHash` {@link trustedRuleSet}. */
function assembleRuleSet(files: RuleSetFiles, origin: string | undefined, verifiedHash: string | undefined): RuleSet {
  const trusted = verifiedHash !== undefined;
  const issues: RuleSetIssue[] = [];
  const ruleFiles = ruleFilesOf(files, issues);
  const parse = fileParser(ruleFiles, trusted, issues);
  const manifest = parse('manifest.json', Manifest, true);
  const names = Object.keys(ruleFiles).sort();
  const parameters = mergeSplitFiles('parameters', names, (f) => parse(f, ParametersFile, false)?.parameters, issues);
  const tables = mergeSplitFiles('tables', names, (f) => parse(f, TablesFile, false)?.tables, issues);
  const sources = mergeSplitFiles(
    'sources',
    names,
    (f) => parse(f, SourcesFile, false)?.sources,
    issues,
    manifest?.sources,
    'manifest.json',
  );
  const calculations = calculationFiles(parse, issues);
  const context = `Rule set ${origin ?? manifestId(files) ?? '(unnamed)'} cannot be used`;
  if (issues.length > 0 || manifest === undefined) throw new RuleSetError(issues, context);

  const parsed = {
    manifest: { ...manifest, sources: sources.merged },
    parameters: parameters.merged,
    tables: tables.merged,
    calculations,
    origins: { parameters: parameters.origins, tables: tables.origins, sources: sources.origins },
  };
  if (!trusted) issues.push(...checkRuleSet(parsed));
  if (issues.length > 0) throw new RuleSetError(issues, context);

  return ruleSetOf(verifiedHash ?? hashRuleFiles(ruleFiles), {
    ...parsed,
    calculations: Object.fromEntries(
      Object.entries(calculations).map(([id, calc]) => [id, withMeasureDefaults(calc)]),
    ) as typeof calculations,
    files: ruleFiles,
  });
}

function manifestId(files: RuleSetFiles): string | undefined {
  const m = files['manifest.json'];
  return m !== null && typeof m === 'object' && typeof (m as { id?: unknown }).id === 'string'
    ? (m as { id: string }).id
    : undefined;
}
