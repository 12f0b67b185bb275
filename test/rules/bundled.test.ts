/**
 * The bundled rule sets carry the content hash they had when `npm run generate` checked them
 * completely; loading skips the coverage sweep only while the files still hash to it.
 */
import { describe, expect, it, vi } from 'vitest';
import { RuleSetError } from '../../src/contract/errors.js';
import { loadRuleSet, loadRuleSetWithReport } from '../../src/engine/load-rule-set.js';
import { SINGLE_TENANT_REPAYMENT } from '../support/request-bodies.js';
import { BUNDLED_RULE_SETS } from '../../src/calculations/bundled.generated.js';
import { hashRuleFiles } from '../../src/rules/hash.js';
import { parseRuleSet, trustedRuleSet } from '../../src/rules/load.js';
import { bundledCatalog } from '../../src/calculations/bundled-catalog.js';
import { miniFiles, post } from '../engine/support.js';

/** The mini set with a gap: its first-match housing post has no rule for owners. */
function uncoveredMini() {
  const files = miniFiles();
  const wonen = post(files, 'Wonen') as { rules: unknown[] };
  wonen.rules = wonen.rules.slice(0, 1);
  return files;
}

describe('bundled rule sets', () => {
  it('record the hash their files have', () => {
    expect(Object.keys(BUNDLED_RULE_SETS).length).toBeGreaterThanOrEqual(2);
    for (const bundled of Object.values(BUNDLED_RULE_SETS))
      expect(bundled.verifiedHash).toBe(hashRuleFiles(bundled.files));
  });

  it('carry their manifest beside the files, as in the files: choosing a set reads only the manifests', () => {
    for (const bundled of Object.values(BUNDLED_RULE_SETS))
      expect(bundled.manifest).toStrictEqual(bundled.files['manifest.json']);
  });

  it("a calculation with one bundled set reads and parses that set's text alone (issue 14: cold start)", async () => {
    vi.resetModules();
    const generated = await import('../../src/calculations/bundled.generated.js');
    const read = Object.fromEntries(
      Object.entries(generated.BUNDLED_RULE_SETS).map(([id, bundled]) => [id, vi.spyOn(bundled, 'text')]),
    );
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const fresh = await import('../../src/index.js');
      const result = fresh.repaymentCapacity(structuredClone(SINGLE_TENANT_REPAYMENT), { ruleSet: 'nl-2026' });
      expect(result.Rekenregels.Id).toBe('nl-2026');
      // What the calculation parsed, before this test reads the sets itself.
      const calls = parse.mock.calls.map(([parsed]) => String(parsed));
      expect(Object.entries(read).map(([id, spy]) => [id, spy.mock.calls.length > 0])).toEqual(
        Object.keys(read).map((id) => [id, id === 'nl-2026']),
      );
      for (const [id, bundled] of Object.entries(generated.BUNDLED_RULE_SETS))
        expect([id, calls.includes(bundled.text())]).toEqual([id, id === 'nl-2026']);
    } finally {
      parse.mockRestore();
    }
  });

  it('are trusted as recorded: the same rule set as the full parse and cross-checks give, for every bundled set', () => {
    for (const [id, bundled] of Object.entries(BUNDLED_RULE_SETS)) {
      const parsed = parseRuleSet(bundled.files);
      expect(trustedRuleSet(bundled.files, bundled.verifiedHash)).toStrictEqual(parsed);
      expect(bundledCatalog().byId(id)).toStrictEqual(parsed);
    }
  });

  it('trusting the record takes its hash as recorded: a record that is not the files’ own shows in the result', () => {
    const files = miniFiles();
    expect(trustedRuleSet(files, 'f'.repeat(64)).hash).toBe('f'.repeat(64));
    expect(trustedRuleSet(files, parseRuleSet(files).hash)).toStrictEqual(parseRuleSet(files));
  });

  it('skip the sweep when the hash matches, and only then', () => {
    const files = miniFiles();
    const hash = parseRuleSet(files).hash;
    expect(loadRuleSetWithReport(files, 'mini', { verifiedHash: hash }).sweeps).toEqual({});
    expect(
      loadRuleSetWithReport(files, 'mini', { verifiedHash: '0'.repeat(64) }).sweeps.afloscapaciteit?.households,
    ).toBeGreaterThan(0);
  });

  it('a changed file no longer matches its recorded hash, so its defect is found', () => {
    const verified = parseRuleSet(miniFiles()).hash; // recorded before the change
    const broken = uncoveredMini();
    expect(() => loadRuleSet(broken, 'mini', { verifiedHash: verified })).toThrow(RuleSetError);
    try {
      loadRuleSet(broken, 'mini', { verifiedHash: verified });
    } catch (e) {
      expect((e as RuleSetError).issues.map((i) => i.code)).toContain('uncovered_post');
    }
  });
});
