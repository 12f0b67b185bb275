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
import { recordedRuleSet } from '../../src/rules/recorded-rule-set.js';
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

  it("a calculation with one bundled set reads that set's text alone, and parses only the files it uses (issue 14: cold start)", async () => {
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
      const set = generated.BUNDLED_RULE_SETS['nl-2026'] as (typeof generated.BUNDLED_RULE_SETS)[string];
      const text = set.text();
      const parsedFiles = set.layout
        .filter((file) => calls.includes(text.slice(file.start, file.end)))
        .map((file) => file.name);
      // The repayment calculation's own files and the common ones it reads; no retirement file.
      expect(parsedFiles).toEqual(
        expect.arrayContaining([
          'afloscapaciteit.json',
          'parameters-afloscapaciteit.json',
          'tables-afloscapaciteit.json',
        ]),
      );
      expect(parsedFiles.filter((name) => name.includes('pensioenuitgaven'))).toEqual([]);
      expect(calls.includes(text)).toBe(false);
      // No text of another set was parsed: not its files' text, not its layout, not a file of it
      // that differs from every file of nl-2026 (read after the counts above).
      const ours = new Set(set.layout.map((file) => text.slice(file.start, file.end)));
      for (const [id, other] of Object.entries(generated.BUNDLED_RULE_SETS)) {
        if (id === 'nl-2026') continue;
        const its = other.text();
        const layoutLine = JSON.stringify(
          other.layout.map(({ name, start, end, names }) =>
            names === undefined ? [name, start, end] : [name, start, end, names],
          ),
        );
        const pieces = new Set([
          its,
          layoutLine,
          ...other.layout.map((file) => its.slice(file.start, file.end)).filter((piece) => !ours.has(piece)),
        ]);
        expect(calls.filter((parsed) => pieces.has(parsed)).length).toBe(0);
      }
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

  it('assembled file by file, give each file, parameter, table and calculation as the same object at every read, and clone as the whole set', () => {
    for (const bundled of Object.values(BUNDLED_RULE_SETS)) {
      const lazy = recordedRuleSet(bundled);
      const whole = trustedRuleSet(bundled.files, bundled.verifiedHash);
      for (const part of ['files', 'parameters', 'tables', 'calculations'] as const) {
        expect(Object.keys(lazy[part])).toEqual(Object.keys(whole[part]));
        for (const key of Object.keys(lazy[part])) {
          const value = (lazy[part] as Record<string, unknown>)[key];
          expect(value).toBeTypeOf('object');
          expect((lazy[part] as Record<string, unknown>)[key]).toBe(value);
        }
      }
      expect(Object.keys(lazy.manifest.sources)).toEqual(Object.keys(whole.manifest.sources));
      expect(lazy.origins).toStrictEqual(whole.origins);
      expect(structuredClone(lazy)).toStrictEqual(structuredClone(whole));
      expect(JSON.stringify(lazy)).toBe(JSON.stringify(whole));
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
