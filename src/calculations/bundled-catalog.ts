/**
 * The rule sets that ship with the package, loaded and fully checked on first use (not at
 * import, so importing the library costs nothing until a calculation runs).
 */
import { loadRuleSet } from '../engine/verify.js';
import { BUNDLED_RULE_SETS } from '../rules/bundled.generated.js';
import { RuleSetCatalog } from '../rules/choose.js';

let catalog: RuleSetCatalog | undefined;

/** The catalog of the bundled rule sets (`nl-2025`, `nl-2026`, …). */
export function bundledCatalog(): RuleSetCatalog {
  catalog ??= new RuleSetCatalog(Object.entries(BUNDLED_RULE_SETS).map(([id, files]) => loadRuleSet(files, `rules/${id}`)));
  return catalog;
}
