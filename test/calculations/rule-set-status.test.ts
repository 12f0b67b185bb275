/**
 * A result says how final its rule set is (issue 16, item 2): `Rekenregels.Status`, the header
 * `X-Rekenregels-Status`, a `RekenregelsNietVastgesteld` warning whenever the set is not
 * `approved`, and the status in the CLI table. Each status is tried on a copy of a bundled set
 * whose manifest says it, so the figures come from the manifest and not from a constant.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bundledCatalog,
  loadRuleSet,
  type RuleSet,
  repaymentCapacity,
  retirementExpenditure,
} from '../../src/index.js';
import { RULE_SET_STATUS_IN_DUTCH, type RuleSetStatus } from '../../src/contract/rule-set-status.js';
import { createApp } from '../../src/http/index.js';
import { copyRuleSet, REQUESTS, runCli, tempDir } from '../cli/helpers.js';

const NOTICE = 'RekenregelsNietVastgesteld';
const STATUSES: readonly RuleSetStatus[] = ['draft', 'reviewed', 'approved', 'withdrawn'];
const repaymentBody = JSON.parse(readFileSync(join(REQUESTS, 'afloscapaciteit-alleenstaand-huur.json'), 'utf8'));
const retirementBody = JSON.parse(readFileSync(join(REQUESTS, 'pensioenuitgaven-paar-huur.json'), 'utf8'));

/** nl-2026 as it is, but for the status its manifest gives. */
function withStatus(status: RuleSetStatus): RuleSet {
  const files = structuredClone(bundledCatalog().byId('nl-2026').files) as Record<string, Record<string, unknown>>;
  (files['manifest.json'] as Record<string, unknown>)['status'] = status;
  return loadRuleSet(files, `status-${status}`);
}

const noticeCodes = (r: { Meldingen: readonly { Code: string }[] }) => r.Meldingen.map((m) => m.Code);

describe('the rule set status in a result (issue 16, item 2)', () => {
  it('the bundled sets are drafts, and every result of them says so', () => {
    for (const set of bundledCatalog().list()) {
      const ruleSet = bundledCatalog().byId(set.id);
      expect(ruleSet.status).toBe('draft');
      // A lending-norm set (family vfn) has no retirement rules.
      const results = [
        repaymentCapacity(repaymentBody, { ruleSet }),
        ...(ruleSet.calculations.pensioenuitgaven === undefined
          ? []
          : [retirementExpenditure(retirementBody, { ruleSet })]),
      ];
      expect(results).toHaveLength(ruleSet.family === 'vfn' ? 1 : 2);
      for (const r of results) {
        expect(r.Rekenregels.Status).toBe('draft');
        expect(noticeCodes(r).filter((c) => c === NOTICE)).toHaveLength(1);
      }
    }
  });

  it.each(STATUSES)('a set with status %s: Status echoes it, the warning only when not approved', (status) => {
    const ruleSet = withStatus(status);
    for (const r of [
      repaymentCapacity(repaymentBody, { ruleSet }),
      retirementExpenditure(retirementBody, { ruleSet }),
    ]) {
      expect(r.Rekenregels.Status).toBe(status);
      expect(noticeCodes(r).includes(NOTICE)).toBe(status !== 'approved');
      const text = r.Meldingen.find((m) => m.Code === NOTICE)?.Tekst ?? '';
      if (status !== 'approved') expect(text).toContain(`status ${status}`);
    }
  });

  it('the service sends the status in X-Rekenregels-Status and the warning in the body', async () => {
    for (const status of ['approved', 'reviewed'] as const) {
      const app = createApp({ keys: ['k'], ruleSet: withStatus(status), log: () => undefined });
      const response = await app.request('/Afloscapaciteit/Resultaat', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Ocp-Apim-Subscription-Key': 'k' },
        body: JSON.stringify(repaymentBody),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('X-Rekenregels-Status')).toBe(status);
      expect(response.headers.get('X-Rekenregels')).toBe('nl-2026');
      const result = (await response.json()) as { Meldingen: { Code: string }[] };
      expect(noticeCodes(result).includes(NOTICE)).toBe(status === 'reviewed');
    }
  });

  it('the CLI table names the status in Dutch, read from the manifest of the folder used', async () => {
    const { dir, remove } = tempDir();
    try {
      for (const status of ['approved', 'draft'] as const) {
        const folder = copyRuleSet('nl-2026', join(dir, status));
        const manifest = join(folder, 'manifest.json');
        writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"status": "draft"', `"status": "${status}"`));
        const run = await runCli([
          'afloscapaciteit',
          join(REQUESTS, 'afloscapaciteit-alleenstaand-huur.json'),
          '--ruleset',
          folder,
          '--format',
          'table',
        ]);
        expect(run.code).toBe(0);
        expect(run.stdout).toContain(`(${RULE_SET_STATUS_IN_DUTCH[status]})`);
        expect(run.stdout.includes(NOTICE) || run.stdout.includes('niet vastgesteld')).toBe(status === 'draft');
      }
    } finally {
      remove();
    }
  });
});
