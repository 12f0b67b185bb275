/**
 * A rule set recorded by `npm run generate` (the bundled sets), assembled from its JSON text with
 * each rule file parsed when something first reads it: a repayment calculation parses the
 * manifest's companions it reads (`afloscapaciteit.json`, its parameters and tables), never the
 * retirement files, which are three quarters of a bundled set's text.
 *
 * Why: parsing a whole set and merging its split files was some 1.5 ms of a calculation's start
 * on the 2-core machine of 2026-11-28 (issue 14: the CLI's 150 ms), and what it made (some 200 kB)
 * was most of what the start's one scavenge copied.
 *
 * The set is the value `trustedRuleSet` (load.ts) gives for the same files (test/rules/bundled.test.ts
 * compares them for every bundled set): the same properties in the same order, each parameter,
 * table, source, calculation and file a getter that parses its file the first time and returns
 * the same object every time. What a reader sees differs only in the property descriptors (a
 * getter where the other has a value); `structuredClone`, spreading, `JSON.stringify` and deep
 * equality read through them.
 */
import { CALCULATION_IDS, type CalculationFile } from './format/calculation.js';
import type { Manifest } from './format/manifest.js';
import { withMeasureDefaults } from './measure-defaults.js';
import { type RuleSet, type RuleSetFiles, ruleSetOf, type SplitKind, splitKindOf } from './rule-set.js';

/**
 * Where one rule file of a recorded set is in the set's JSON text (`text.slice(start, end)` is
 * the file's JSON) and, for a file of parameters, tables or sources, the names it defines, in
 * order.
 */
export interface RecordedFile {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly names?: readonly string[];
}

/** A rule set as `npm run generate` records it (src/calculations/bundled.generated.ts). */
export interface RecordedRuleSet {
  /** The content hash the set had when it passed every check. */
  readonly verifiedHash: string;
  /** Its manifest.json, parsed. */
  readonly manifest: unknown;
  /** Its rule files in the text, in the order of the text. */
  readonly layout: readonly RecordedFile[];
  /** The JSON text of its files, an object by file name (read once). */
  readonly text: () => string;
}

/**
 * An object with one enumerable property per entry, in order, each read through its getter; as
 * a plain object's, each property can be redefined (configurable), not assigned.
 */
function lazyRecord<T>(entries: readonly (readonly [string, () => T])[]): Record<string, T> {
  const record: Record<string, T> = {};
  for (const [key, get] of entries) Object.defineProperty(record, key, { get, enumerable: true, configurable: true });
  return record;
}

/**
 * The rule set a recorded set's files make, each file parsed when first read. Trusts the record
 * as `trustedRuleSet` (load.ts) does: the files passed every check and hash to `verifiedHash`.
 *
 * @example The same set as the one made from its files at once
 * ```ts
 * const lazy = recordedRuleSet(BUNDLED_RULE_SETS['nl-2026']);
 * assert.deepEqual(lazy, trustedRuleSet(BUNDLED_RULE_SETS['nl-2026'].files, lazy.hash));
 * ```
 */
export function recordedRuleSet(recorded: RecordedRuleSet): RuleSet {
  const parsed = new Map<string, unknown>();
  const fileOf = (file: RecordedFile): unknown => {
    let value = parsed.get(file.name);
    if (value === undefined) {
      value = JSON.parse(recorded.text().slice(file.start, file.end));
      parsed.set(file.name, value);
    }
    return value;
  };
  const names = recorded.layout.map((file) => file.name).sort();
  const byName = new Map(recorded.layout.map((file) => [file.name, file]));
  // The file itself (small), as trustedRuleSet takes it: its sources are the ones the merged
  // sources begin with, the same objects as in `files`.
  const manifest = fileOf(byName.get('manifest.json') as RecordedFile) as Manifest;
  // As trustedRuleSet merges them: the seed first, then the files of the kind in name order.
  const merged = <T>(kind: SplitKind, seed: Readonly<Record<string, T>> = {}, seedFile = '') => {
    const origins: Record<string, string> = {};
    const entries: (readonly [string, () => T])[] = [];
    for (const key of Object.keys(seed)) {
      origins[key] = seedFile;
      entries.push([key, () => seed[key] as T]);
    }
    for (const name of names.filter((n) => splitKindOf(n) === kind)) {
      const file = byName.get(name) as RecordedFile;
      for (const key of file.names ?? []) {
        origins[key] = name;
        entries.push([key, () => (fileOf(file) as Record<SplitKind, Record<string, T>>)[kind][key] as T]);
      }
    }
    return { merged: lazyRecord(entries), origins };
  };
  const parameters = merged<RuleSet['parameters'][string]>('parameters');
  const tables = merged<RuleSet['tables'][string]>('tables');
  const sources = merged('sources', manifest.sources, 'manifest.json');
  const calculationEntries = CALCULATION_IDS.flatMap((id) => {
    const file = byName.get(`${id}.json`);
    if (file === undefined) return [];
    let calculation: CalculationFile | undefined;
    return [[id, () => (calculation ??= withMeasureDefaults(fileOf(file) as CalculationFile))] as const];
  });
  return ruleSetOf(recorded.verifiedHash, {
    manifest: { ...manifest, sources: sources.merged as Manifest['sources'] },
    parameters: parameters.merged,
    tables: tables.merged,
    calculations: lazyRecord(calculationEntries),
    origins: { parameters: parameters.origins, tables: tables.origins, sources: sources.origins },
    files: lazyRecord(recorded.layout.map((file) => [file.name, () => fileOf(file)] as const)) as RuleSetFiles,
  });
}
