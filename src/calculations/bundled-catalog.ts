/**
 * The rule sets that ship with the package, each loaded when first chosen (not at import,
 * and not the others: a calculation with nl-2026 never loads nl-2025, nor parses its files'
 * JSON text). The catalog itself is made from the manifests alone. Each set was fully checked,
 * coverage sweep included, when `npm run generate` bundled it, which also recorded its content
 * hash and made sure its schemas return its files unchanged; so loading one trusts the files as
 * recorded (`trustedRuleSet`: no schema parse, cross-check or hashing at run time), and each
 * calculation's program is compiled when first used. test/rules/bundled.test.ts checks that the
 * trusted set equals the fully parsed one for every bundled set.
 */
import { BUNDLED_RULE_SETS } from './bundled.generated.js';
import { lazyCatalog, lazyEntry, type CatalogEntry, type RuleSetCatalog } from '../rules/choose.js';
import { DEFAULT_FAMILY } from '../rules/format/manifest.js';
import { trustedRuleSet } from '../rules/load.js';
import { markChecked } from '../rules/rule-set.js';

let catalog: RuleSetCatalog | undefined;

/**
 * The catalog of the rule sets bundled with the package (`nl-2025`, `nl-2026` of the default
 * family `nl`; `vfn-2025`, `vfn-2026` of the lending-norm family `vfn`): what the
 * calculations use when no `catalog` option is given. Built on the first call and the same
 * object afterwards. Does not throw: the bundled sets were checked when the package was built.
 *
 * @returns The catalog, its sets in order of validity.
 * @example Which bundled rule set applies on a day
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { bundledCatalog } from 'budgetnorm';
 *
 * const catalog = bundledCatalog();
 * assert.ok(catalog.list().some((set) => set.id === 'nl-2026'));
 * assert.equal(catalog.forDate('2025-12-31').id, 'nl-2025');
 * assert.equal(catalog.forDate('2026-01-01').id, 'nl-2026');
 * assert.equal(catalog.forDate('2026-01-01', 'vfn').id, 'vfn-2026'); // the lending norm
 * assert.equal(bundledCatalog(), catalog);
 * ```
 */
export function bundledCatalog(): RuleSetCatalog {
  catalog ??= lazyCatalog(
    Object.values(BUNDLED_RULE_SETS).map((bundled) =>
      lazyEntry(manifestOf(bundled.manifest), () => markChecked(trustedRuleSet(bundled.files, bundled.verifiedHash))),
    ),
  );
  return catalog;
}

/** What choosing a bundled set needs from its manifest (generated from a manifest that passed every check). */
function manifestOf(manifest: unknown): Omit<CatalogEntry, 'ruleSet'> {
  const { id, family, status, validFrom, validUntil } = manifest as Partial<Omit<CatalogEntry, 'ruleSet'>> &
    Omit<CatalogEntry, 'ruleSet' | 'family'>;
  return { id, family: family ?? DEFAULT_FAMILY, status, validFrom, validUntil };
}
