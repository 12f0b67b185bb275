/**
 * Everything generated from the rule sets and the zod schemas, as path → content. The
 * `generate` script writes these files; a test fails when a committed one differs, so a
 * stale schema or bundle never lands.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { CalculationFile } from '../../src/rules/format/calculation.js';
import { LIBRARY_NOTICE_CODES } from '../../src/calculations/notice-codes.js';
import { Manifest, SourcesFile } from '../../src/rules/format/manifest.js';
import { ParametersFile, TablesFile } from '../../src/rules/format/parameters.js';
import { WorkedExample } from '../../src/rules/format/worked-example.js';
import { PlausibilityFile } from '../../src/rules/format/plausibility.js';
import { readRuleSetFolder } from '../../src/node/load-folder.js';
import { ruleSetDocs } from '../../src/cli/generated-docs.js';
import type { SensitivityReport } from '../../src/cli/sensitivity.js';
import { loadRuleSetWithReport } from '../../src/engine/load-rule-set.js';
import { trustedRuleSet } from '../../src/rules/load.js';
import { splitKindOf } from '../../src/rules/rule-set.js';
import { fieldCheckData } from '../../src/contract/one-pass-check.js';
import { repaymentRequestSchema } from '../../src/contract/repayment-request.js';
import { retirementRequestSchema } from '../../src/contract/retirement-request.js';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const RULES_DIR = join(ROOT, 'rules');

const SCHEMAS: Record<string, z.ZodType> = {
  manifest: Manifest,
  parameters: ParametersFile,
  tables: TablesFile,
  sources: SourcesFile,
  calculation: CalculationFile,
  'worked-example': WorkedExample,
  plausibility: PlausibilityFile,
};

/** Rule-set folders under rules/ (every folder but schema/). */
export function ruleSetFolders(): string[] {
  return readdirSync(RULES_DIR)
    .filter((d) => d !== 'schema' && statSync(join(RULES_DIR, d)).isDirectory())
    .sort();
}

function jsonSchemas(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
    const doc = {
      ...json,
      $id: `https://budgetnorm.dev/schema/${name}.schema.json`,
      title: `budgetnorm rule file: ${name}`,
    };
    out.set(`rules/schema/${name}.schema.json`, `${JSON.stringify(doc, null, 2)}\n`);
  }
  return out;
}

/**
 * A set's files as one JSON text (`JSON.stringify(files)`, checked) and where each file's JSON is
 * in it, with the names each file of parameters, tables or sources defines, in order: what
 * src/rules/recorded-rule-set.ts needs to parse a file only when it is read.
 */
function recordedText(files: Record<string, unknown>): {
  text: string;
  layout: [string, number, number, string[]?][];
} {
  let text = '{';
  const layout: [string, number, number, string[]?][] = [];
  for (const [i, [name, value]] of Object.entries(files).entries()) {
    text += `${i > 0 ? ',' : ''}${JSON.stringify(name)}:`;
    const start = text.length;
    text += JSON.stringify(value);
    const kind = splitKindOf(name);
    const defined =
      kind === undefined ? undefined : (value as Record<string, Record<string, unknown> | undefined>)[kind];
    layout.push(defined === undefined ? [name, start, text.length] : [name, start, text.length, Object.keys(defined)]);
  }
  text += '}';
  if (text !== JSON.stringify(files)) throw new Error('generate: a recorded text is not the files as JSON');
  return { text, layout };
}

/**
 * The bundled rule sets. Each set is loaded with every check, coverage sweep included, before
 * it is written; its content hash is recorded beside it, so the library can skip only the
 * sweep at run time while the files still hash to it. A set that fails is not bundled: the
 * generator stops with the loader's message.
 */
function bundle(): string {
  const sets: Record<string, { verifiedHash: string; files: Record<string, unknown> }> = {};
  for (const id of ruleSetFolders()) {
    const files = readRuleSetFolder(join(RULES_DIR, id));
    const ruleFiles = Object.fromEntries(Object.entries(files).filter(([name]) => !name.startsWith('tests/')));
    const { ruleSet } = loadRuleSetWithReport(ruleFiles, `rules/${id}`);
    // At run time the bundled set is trusted as recorded (src/calculations/bundled-catalog.ts):
    // only sound while its schemas return its files unchanged (no defaults, no transforms).
    if (!isDeepStrictEqual(trustedRuleSet(ruleFiles, ruleSet.hash), ruleSet)) {
      throw new Error(
        `rules/${id}: its schemas change its files (a default or a transform), so the bundled set cannot be trusted as recorded`,
      );
    }
    sets[id] = { verifiedHash: ruleSet.hash, files: ruleFiles };
  }
  // Each set's files as JSON text, parsed when first read (issue 14's cold start): a start
  // compiles a string literal in a fraction of the time the same data takes as an object
  // literal, and a set that is never chosen is never parsed (choosing one reads only the
  // manifests, which stay objects). The text is returned by a function, so that it is a
  // constant of that function's code, not of the module's: V8 compiles a function when it is
  // first called, so a set never chosen costs no more than scanning its text, and Node's code
  // cache of the core (src/node/code-cached-core.ts) holds the text of the set a calculation
  // chose, not of every set.
  const entries = Object.entries(sets).map(([id, { verifiedHash, files }]) => {
    const { text, layout } = recordedText(files);
    // The layout on the first line, then the files: in Node apart from the core's code (and its
    // cache), read with the set (scripts/bundle.mjs).
    return `  ${JSON.stringify(id)}: recorded(${JSON.stringify(verifiedHash)}, ${JSON.stringify(files['manifest.json'])}, () => ${JSON.stringify(`${JSON.stringify(layout)}\n${text}`)}),`;
  });
  return [
    '// Generated by `npm run generate` from the folders in rules/ (rule files only, not tests/).',
    '// Do not edit: change the JSON under rules/ and run `npm run generate`. A test fails when this is stale.',
    '// `verifiedHash`: the content hash each set had when it passed every check, coverage sweep included.',
    "import type { RecordedFile, RecordedRuleSet } from '../rules/recorded-rule-set.js';",
    "import type { RuleSetFiles } from '../rules/rule-set.js';",
    '',
    '/** A set as recorded: its files parsed one by one when first read (src/rules/recorded-rule-set.ts), or all at once. */',
    'export interface BundledRuleSet extends RecordedRuleSet {',
    '  /** Its manifest.json, as in `files` (what choosing a set reads). */',
    '  readonly manifest: unknown;',
    '  /** Its rule files: parsed from their JSON text when first read, then the same object. */',
    '  readonly files: RuleSetFiles;',
    '}',
    '',
    '/**',
    " * `text`: the set's layout as JSON on the first line (per file, its name, where its JSON is in",
    " * the files' text, and the names a split file defines), then the files' text.",
    ' */',
    'function recorded(verifiedHash: string, manifest: unknown, text: () => string): BundledRuleSet {',
    '  let parts: { readonly layout: readonly RecordedFile[]; readonly files: string } | undefined;',
    '  let files: RuleSetFiles | undefined;',
    '  const read = (): { readonly layout: readonly RecordedFile[]; readonly files: string } => {',
    '    if (parts === undefined) {',
    '      const whole = text();',
    "      const lineEnd = whole.indexOf('\\n');",
    '      const layout = (JSON.parse(whole.slice(0, lineEnd)) as [string, number, number, string[]?][]).map(',
    '        ([name, start, end, names]) => (names === undefined ? { name, start, end } : { name, start, end, names }),',
    '      );',
    '      parts = { layout, files: whole.slice(lineEnd + 1) };',
    '    }',
    '    return parts;',
    '  };',
    '  return {',
    '    verifiedHash,',
    '    manifest,',
    '    text: () => read().files,',
    '    get layout(): readonly RecordedFile[] {',
    '      return read().layout;',
    '    },',
    '    get files(): RuleSetFiles {',
    '      files ??= JSON.parse(read().files) as RuleSetFiles;',
    '      return files;',
    '    },',
    '  };',
    '}',
    '',
    'export const BUNDLED_RULE_SETS: Readonly<Record<string, BundledRuleSet>> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}

interface SourcedEntry {
  value: string | number;
  unit?: string;
  source: string;
  provenance: string;
  reasoning?: string;
  description?: string;
}

const cellText = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * docs/estimates.md: every value whose provenance is `estimate` or `to-verify`, per rule set, in
 * the order of its rank in the set's sensitivity report (the order to verify them in).
 */
function estimates(sensitivity: ReadonlyMap<string, SensitivityReport>): string {
  const lines = [
    '# Estimates and values to verify',
    '',
    'Generated by `npm run generate` from the rule files (a test fails when it is stale). Every value below is not read',
    "directly from a cited source: an **estimate** is budgetnorm's own, with its reasoning; **to-verify** was inferred from",
    'a secondary source and must still be checked. Everything else in the rule sets is `read` from its source, or `derived`',
    'from read values by the formula stated in the rule file.',
    '',
    "Each set lists its values in the order to work through them: **rank** is the value's place in the set's sensitivity",
    'report (`docs/rules/sensitivity-<id>.md`, `budgetnorm rules sensitivity <id>`), where rank 1 moves the results most',
    "when the value is 10% off. The mean change it causes (€ a month, over that report's sample) stands beside it.",
    '',
  ];
  for (const id of ruleSetFolders()) {
    const files = readRuleSetFolder(join(RULES_DIR, id));
    const report = sensitivity.get(id);
    const rankOf = new Map(report?.rows.map((r) => [r.value.label, r] as const));
    const rows: { label: string; text: string }[] = [];
    for (const [file, content] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
      if (file.startsWith('tests/')) continue;
      const c = content as {
        parameters?: Record<string, SourcedEntry>;
        tables?: Record<string, { unit: string; cells: (SourcedEntry & { key: Record<string, string> })[] }>;
      };
      for (const [name, p] of Object.entries(c.parameters ?? {})) {
        if (p.provenance === 'estimate' || p.provenance === 'to-verify') {
          rows.push({
            label: name,
            text: `${file} | \`${name}\` | ${p.value} ${p.unit ?? ''} | ${p.provenance} | ${cellText(p.reasoning ?? '')} |`,
          });
        }
      }
      for (const [name, t] of Object.entries(c.tables ?? {})) {
        for (const cell of t.cells) {
          if (cell.provenance === 'estimate' || cell.provenance === 'to-verify') {
            const key = Object.entries(cell.key)
              .map(([k, v]) => `${k}=${v}`)
              .join(', ');
            rows.push({
              label: `${name} [${key}]`,
              text: `${file} | \`${name}\` [${key}] | ${cell.value} ${t.unit} | ${cell.provenance} | ${cellText(cell.reasoning ?? '')} |`,
            });
          }
        }
      }
    }
    const ranked = rows
      .map((r) => ({ ...r, row: rankOf.get(r.label) }))
      .sort((a, b) => (a.row?.rank ?? Number.MAX_SAFE_INTEGER) - (b.row?.rank ?? Number.MAX_SAFE_INTEGER));
    lines.push(
      `## ${id}`,
      '',
      `${rows.length} value(s); ranks from [sensitivity-${id}.md](rules/sensitivity-${id}.md).`,
      '',
      '| rank | mean change (€/month) | file | value | amount | provenance | reasoning |',
      '|---|---|---|---|---|---|---|',
      ...ranked.map(
        (r) => `| ${r.row?.rank ?? '—'} | ${r.row === undefined ? '—' : r.row.score.toFixed(2)} | ${r.text}`,
      ),
      '',
    );
  }
  return lines.join('\n');
}

/**
 * What the one-walk validation checks in each request body, read off the request schemas: with
 * it recorded, a cold start validates a body without building the schemas' zod fields (issue
 * 14); any change to a schema changes it, and the staleness test fails until it is regenerated.
 */
function requestFieldChecks(): string {
  return [
    '// Generated by `npm run generate` from the request schemas (src/contract/*-request.ts).',
    '// Do not edit: change the schemas and run `npm run generate`. A test fails when this is stale.',
    "import type { FieldCheckData } from './one-pass-check.js';",
    '',
    '/** What the one-walk validation checks in a repayment capacity request body. */',
    `export const REPAYMENT_FIELD_CHECKS: FieldCheckData = ${JSON.stringify(fieldCheckData(repaymentRequestSchema))};`,
    '',
    '/** What the one-walk validation checks in a retirement expenditure request body. */',
    `export const RETIREMENT_FIELD_CHECKS: FieldCheckData = ${JSON.stringify(fieldCheckData(retirementRequestSchema))};`,
    '',
  ].join('\n');
}

/**
 * The codes the bundled rule sets put in a result, as TypeScript types: what
 * src/contract/results.ts types `Posten[].Code`, `Groep`, `Groepen[].Code` and `Meldingen[].Code`
 * with (beside any other string, for an institution's own set), as the OpenAPI document does.
 */
export function resultCodeTypes(): string {
  const codes = { afloscapaciteit: new Set<string>(), pensioenuitgaven: new Set<string>(), groups: new Set<string>() };
  const notices = new Set<string>(LIBRARY_NOTICE_CODES);
  for (const id of ruleSetFolders()) {
    const files = readRuleSetFolder(join(RULES_DIR, id));
    for (const calculation of ['afloscapaciteit', 'pensioenuitgaven'] as const) {
      const file = files[`${calculation}.json`] as CalculationFile | undefined;
      if (file === undefined) continue;
      for (const post of file.posts) codes[calculation].add(post.code);
      for (const group of file.groups ?? []) codes.groups.add(group.code);
      for (const item of [...file.posts, ...(file.values ?? [])])
        for (const rule of item.rules) if (rule.notice !== undefined) notices.add(rule.notice.code);
    }
  }
  const union = (set: Set<string>) =>
    [...set]
      .sort()
      .map((c) => `'${c}'`)
      .join(' | ') || 'never';
  const type = (name: string, what: string, set: Set<string>) => [
    `/**\n * ${what}\n *\n * @inline\n */`,
    `export type ${name} = ${union(set)};`,
    '',
  ];
  return [
    '// Generated by `npm run generate` from the bundled rule sets (rules/<id>/). Do not edit: a test fails when this is stale.',
    '',
    ...type('RepaymentPostCode', "A post code of the bundled rule sets' repayment capacity.", codes.afloscapaciteit),
    ...type(
      'RetirementPostCode',
      "A post code of the bundled rule sets' retirement expenditure.",
      codes.pensioenuitgaven,
    ),
    ...type('RetirementGroupCode', "A group code of the bundled rule sets' retirement expenditure.", codes.groups),
    ...type('NoticeCode', 'A warning code of the library or of the bundled rule sets.', notices),
  ].join('\n');
}

export function generatedFiles(): Map<string, string> {
  const out = jsonSchemas();
  out.set('src/calculations/bundled.generated.ts', bundle());
  out.set('src/contract/request-checks.generated.ts', requestFieldChecks());
  out.set('src/contract/result-codes.generated.ts', resultCodeTypes());
  // docs/rules/<id>.md (`budgetnorm rules show`), docs/rules/sensitivity-<id>.md (`budgetnorm rules
  // sensitivity`) and docs/rules/diff-<a>-<b>.md (`budgetnorm rules diff`).
  const { pages, sensitivity } = ruleSetDocs(RULES_DIR, ruleSetFolders());
  out.set('docs/estimates.md', estimates(sensitivity));
  for (const [path, content] of pages) out.set(path, content);
  return out;
}
