/**
 * The rule-set pages committed under docs/rules/: for every rule-set folder the output of
 * `budgetnorm rules show <id> --format md` and of `budgetnorm rules sensitivity <id> --format md`,
 * and for every two consecutive sets of one method family the output of `budgetnorm rules diff <a> <b> --format md`. `npm run generate` writes them (through
 * scripts/lib/generated-files.ts) and test/generated.test.ts fails when they are stale.
 *
 * A folder that does not load gives a page listing its problems instead of an exception, so
 * one broken rule set never stops the other generated files.
 */
import { join } from 'node:path';
import { loadRuleSet, RuleSetError, type RuleSet } from '../index.js';
import { readRuleSetFolder } from '../node/index.js';
import { diffMarkdown, diffRuleSets } from './render/rule-set-diff.js';
import { ruleSetMarkdown } from './render/rule-set-doc.js';
import { sensitivityMarkdown } from './render/sensitivity-doc.js';
import { sensitivityReport, type SensitivityReport } from './sensitivity.js';

type Loaded = { ok: true; ruleSet: RuleSet; files: Record<string, unknown> } | { ok: false; error: RuleSetError };

function load(rulesDir: string, id: string): Loaded {
  try {
    const files = readRuleSetFolder(join(rulesDir, id));
    return { ok: true, ruleSet: loadRuleSet(files, `rules/${id}`), files };
  } catch (error) {
    if (error instanceof RuleSetError) return { ok: false, error };
    throw error;
  }
}

function problemsPage(title: string, id: string, error: RuleSetError): string {
  const lines = [
    `# ${title}`,
    '',
    `The rule set in \`rules/${id}\` does not load, so this page cannot be generated. Its problems (\`budgetnorm rules check rules/${id}\`):`,
    '',
    ...error.issues.map((i) => `- ${i.file || '(rule set)'} ${i.path}: [${i.code}] ${i.message.replace(/\n/g, ' ')}`),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Path → content of every generated rule-set page, for the rule-set folders `ids` (in order of
 * validity) under `rulesDir`; and the sensitivity report of every set that loads (docs/estimates.md
 * ranks its values by it). `sensitivity: false` leaves the sensitivity pages and reports out.
 */
export function ruleSetDocs(
  rulesDir: string,
  ids: readonly string[],
  options: { readonly sensitivity?: boolean } = {},
): { pages: Map<string, string>; sensitivity: Map<string, SensitivityReport> } {
  const withSensitivity = options.sensitivity ?? true;
  const out = new Map<string, string>();
  const sensitivity = new Map<string, SensitivityReport>();
  const loaded = ids.map((id) => [id, load(rulesDir, id)] as const);
  for (const [id, l] of loaded) {
    if (!l.ok) {
      out.set(`docs/rules/${id}.md`, problemsPage(`Rule set ${id}`, id, l.error));
      if (withSensitivity)
        out.set(`docs/rules/sensitivity-${id}.md`, problemsPage(`Sensitivity of rule set ${id}`, id, l.error));
      continue;
    }
    out.set(`docs/rules/${id}.md`, ruleSetMarkdown(l.ruleSet, id, true));
    if (!withSensitivity) continue;
    // Some seconds per set: every estimate moved twice over the fixed sample.
    const report = sensitivityReport(l.ruleSet);
    sensitivity.set(id, report);
    out.set(`docs/rules/sensitivity-${id}.md`, sensitivityMarkdown(report, true));
  }
  for (let i = 1; i < loaded.length; i += 1) {
    const [a, la] = loaded[i - 1] as (typeof loaded)[number];
    const [b, lb] = loaded[i] as (typeof loaded)[number];
    // Consecutive sets of one method family (a set that does not load pairs with its neighbours).
    if (la.ok && lb.ok && la.ruleSet.family !== lb.ruleSet.family) continue;
    const title = `Changes from ${a} to ${b}`;
    out.set(
      `docs/rules/diff-${a}-${b}.md`,
      !la.ok
        ? problemsPage(title, a, la.error)
        : !lb.ok
          ? problemsPage(title, b, lb.error)
          : diffMarkdown(diffRuleSets(la.ruleSet, lb.ruleSet, { from: a, to: b }, la.files), true),
    );
  }
  return { pages: out, sensitivity };
}
