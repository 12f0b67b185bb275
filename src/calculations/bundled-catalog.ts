/**
 * The rule sets that ship with the package, loaded on first use (not at import, so
 * importing the library costs nothing until a calculation runs). Each was fully checked,
 * coverage sweep included, when `npm run generate` bundled it, and carries the content hash
 * it had then; loading re-parses and cross-checks the files and skips only the sweep, and
 * only while the files still hash to that value.
 */
import { loadRuleSet } from '../engine/verify.js';
import { BUNDLED_RULE_SETS } from '../rules/bundled.generated.js';
import { RuleSetCatalog } from '../rules/choose.js';

let catalog: RuleSetCatalog | undefined;

/** The catalog of the bundled rule sets (`nl-2025`, `nl-2026`, …). */
export function bundledCatalog(): RuleSetCatalog {
  catalog ??= new RuleSetCatalog(
    Object.entries(BUNDLED_RULE_SETS).map(([id, bundled]) =>
      loadRuleSet(bundled.files, `rules/${id}`, { verifiedHash: bundled.verifiedHash }),
    ),
  );
  return catalog;
}
