/**
 * A rule set as the engine uses it: parsed, cross-checked and hashed. Only `loadRuleSet`
 * makes one, so holding a `RuleSet` means holding a set that passed every check.
 */
import type { CalculationFile, CalculationId } from './format/calculation.js';
import { DEFAULT_FAMILY, type Manifest } from './format/manifest.js';
import type { Parameter, Table } from './format/parameters.js';

/**
 * The files of a rule set, by path relative to its folder (`manifest.json`,
 * `parameters-energie.json`, …), each as parsed JSON: what {@link loadRuleSet} takes. Where
 * they come from is the caller's business (a folder, a database, a bundle), so the core never
 * needs a file system.
 *
 * @example Files from anywhere: here, a copy of a loaded set's own
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { bundledCatalog, loadRuleSet, type RuleSetFiles } from 'budgetnorm';
 *
 * const files: RuleSetFiles = JSON.parse(JSON.stringify(bundledCatalog().byId('nl-2025').files));
 * assert.ok('manifest.json' in files);
 * assert.equal(loadRuleSet(files).hash, bundledCatalog().byId('nl-2025').hash);
 * ```
 */
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

/**
 * A rule set as the engine uses it: parsed, cross-checked, swept for coverage and hashed.
 * Only {@link loadRuleSet} makes one (the bundled sets come from {@link bundledCatalog}), and
 * a calculation refuses any other object, so holding a `RuleSet` means holding a set that
 * passed every check. Treat it as read-only. The rule-file format of its parts is described
 * in `docs/rules-format.md`.
 *
 * @example What a result's Rekenregels refers to
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { bundledCatalog, retirementExpenditure, type RuleSet } from 'budgetnorm';
 *
 * const ruleSet: RuleSet = bundledCatalog().byId('nl-2026');
 * const result = retirementExpenditure(
 *   {
 *     Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
 *     Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Huurwoning' },
 *     NettoBesteedbaarInkomenPerMaand: 2200,
 *   },
 *   { ruleSet },
 * );
 * assert.deepEqual(result.Rekenregels, {
 *   Id: ruleSet.id,
 *   GeldigVanaf: ruleSet.validFrom,
 *   GeldigTot: ruleSet.validUntil,
 *   Hash: ruleSet.hash,
 *   Status: ruleSet.status,
 *   Methode: { Id: 'referentiebudget', Naam: ruleSet.calculations.pensioenuitgaven?.method?.name },
 * });
 * assert.equal(ruleSet.family, 'nl');
 * assert.match(ruleSet.hash, /^[0-9a-f]{64}$/);
 * assert.equal(ruleSet.manifest.id, ruleSet.id);
 * ```
 * @inlineType CalculationId
 */
export interface RuleSet {
  /** The set's id from its manifest, e.g. `nl-2026`; a result's `Rekenregels.Id`. */
  readonly id: string;
  /** The set's title, for people. */
  readonly title: string;
  /**
   * The method family from its manifest (`nl`, `vfn`, …; `nl` when the manifest names none):
   * choosing by date happens within one family.
   */
  readonly family: string;
  /** `draft`, `reviewed`, `approved` or `withdrawn`; a withdrawn set is never chosen by date. */
  readonly status: Manifest['status'];
  /** The first day the set applies (`YYYY-MM-DD`, inclusive). */
  readonly validFrom: string;
  /** The last day the set applies (`YYYY-MM-DD`, inclusive). */
  readonly validUntil: string;
  /**
   * SHA-256 (hex) of the canonical JSON of the rule files (key order and formatting do not
   * count); a result's `Rekenregels.Hash`. Equal hashes mean equal figures and rules.
   */
  readonly hash: string;
  /** `manifest.json`: identity, validity, rounding policies and the sources register. */
  readonly manifest: Manifest;
  /** Every parameter by name, from `parameters.json` and `parameters-<topic>.json`. */
  readonly parameters: Readonly<Record<string, Parameter>>;
  /** Every table by name, from `tables.json` and `tables-<topic>.json`. */
  readonly tables: Readonly<Record<string, Table>>;
  /** The file each parameter, table and source is defined in (for messages and tools). */
  readonly origins: RuleOrigins;
  /** The calculation files the set has (`afloscapaciteit`, `pensioenuitgaven`, or both). */
  readonly calculations: Readonly<Partial<Record<CalculationId, CalculationFile>>>;
  /** The files the set was loaded from (rule files only), for diffing and re-hashing. */
  readonly files: RuleSetFiles;
}

/**
 * The file each parameter, table and source of a rule set is defined in, by name.
 *
 * @inline
 */
export interface RuleOrigins {
  /** Parameter name → file, e.g. `aowLeeftijd` → `parameters.json`. */
  readonly parameters: Readonly<Record<string, string>>;
  /** Table name → file. */
  readonly tables: Readonly<Record<string, string>>;
  /** Source key → file (`manifest.json` or a `sources-<topic>.json`). */
  readonly sources: Readonly<Record<string, string>>;
}

/** The kinds of file a rule set may split by topic (`parameters-energie.json`), each merged into one record. */
export const SPLIT_KINDS = ['parameters', 'tables', 'sources'] as const;
export type SplitKind = (typeof SPLIT_KINDS)[number];

/** The kind of a split rule file (`parameters.json`, `tables-wonen.json`), or undefined for any other file. */
export function splitKindOf(name: string): SplitKind | undefined {
  return SPLIT_KINDS.find((kind) => name === `${kind}.json` || name.startsWith(`${kind}-`));
}

/** What a rule set is made of beside its identity, which its manifest gives. */
export type RuleSetParts = Pick<RuleSet, 'manifest' | 'parameters' | 'tables' | 'calculations' | 'origins' | 'files'>;

/**
 * The rule set of its parts and content hash, its identity read from its manifest: one shape,
 * property for property and in one order (load.ts parses or trusts them).
 */
export function ruleSetOf(hash: string, parts: RuleSetParts): RuleSet {
  const { manifest } = parts;
  return {
    id: manifest.id,
    title: manifest.title,
    family: manifest.family ?? DEFAULT_FAMILY,
    status: manifest.status,
    validFrom: manifest.validFrom,
    validUntil: manifest.validUntil,
    hash,
    manifest,
    parameters: parts.parameters,
    tables: parts.tables,
    calculations: parts.calculations,
    origins: parts.origins,
    files: parts.files,
  };
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
