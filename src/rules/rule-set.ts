/**
 * A rule set as the engine uses it: parsed, cross-checked and hashed. Only `loadRuleSet`
 * makes one, so holding a `RuleSet` means holding a set that passed every check.
 */
import type { CalculationFile, CalculationId } from './format/calculation.js';
import type { Manifest } from './format/manifest.js';
import type { Parameter, Table } from './format/parameters.js';

/** The files of a rule set, by path relative to its folder (`manifest.json`, …), as parsed JSON. */
export type RuleSetFiles = Readonly<Record<string, unknown>>;

/**
 * The files a rule set may have; anything else in the folder (but `tests/`) is an error.
 * Parameters, tables and sources may be split by topic (`parameters-energie.json`), so
 * each file stays small enough to review; names must be unique across the split files.
 */
export const RULE_FILE_PATTERN =
  /^(manifest|afloscapaciteit|pensioenuitgaven)\.json$|^(parameters|tables|sources)(-[a-z0-9]+)*\.json$/;
export const RULE_FILE_DESCRIPTION =
  'manifest.json, afloscapaciteit.json, pensioenuitgaven.json, parameters[-topic].json, tables[-topic].json, sources[-topic].json';

export interface RuleSet {
  readonly id: string;
  readonly title: string;
  readonly status: Manifest['status'];
  readonly validFrom: string;
  readonly validUntil: string;
  /** SHA-256 (hex) of the canonical JSON of the rule files; see `hashRuleSet`. */
  readonly hash: string;
  readonly manifest: Manifest;
  readonly parameters: Readonly<Record<string, Parameter>>;
  readonly tables: Readonly<Record<string, Table>>;
  /** The file each parameter, table and source is defined in (for messages and tools). */
  readonly origins: RuleOrigins;
  readonly calculations: Readonly<Partial<Record<CalculationId, CalculationFile>>>;
  /** The files the set was loaded from (rule files only), for diffing and re-hashing. */
  readonly files: RuleSetFiles;
}

export interface RuleOrigins {
  readonly parameters: Readonly<Record<string, string>>;
  readonly tables: Readonly<Record<string, string>>;
  readonly sources: Readonly<Record<string, string>>;
}

const checked = new WeakSet<RuleSet>();

/** Marks a set as having passed `loadRuleSet`'s checks. */
export function markChecked(ruleSet: RuleSet): RuleSet {
  checked.add(ruleSet);
  return ruleSet;
}

/** Whether this object came out of `loadRuleSet` (a look-alike object does not count). */
export function isCheckedRuleSet(value: unknown): value is RuleSet {
  return typeof value === 'object' && value !== null && checked.has(value as RuleSet);
}
