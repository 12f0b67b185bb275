/**
 * `budgetnorm rules list|check|show|diff|test`. `check` runs on copies of rules/vfn-2026
 * broken in one way each: every class of error is found and named by file and JSON path.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { ruleSetDocs } from '../../src/cli/generated-docs.js';
import type { RuleSetDiff } from '../../src/cli/render/rule-set-diff.js';
import type { ShownRuleSet } from '../../src/cli/render/rule-set-doc.js';
import { copyRuleSet, readJson, ROOT, runCli, tempDir, writeJson } from './helpers.js';

let dir: string;
let remove: () => void;
beforeAll(() => ({ dir, remove } = tempDir()));
afterAll(() => remove());

// biome-ignore lint/suspicious/noExplicitAny: parsed CLI output is read at any depth
type Json = Record<string, any>;

/** A copy of vfn-2026 (the lending norm: the tools' fixture) in its own folder, changed by `edit(file → JSON)`. */
function brokenCopy(name: string, edit: (json: (file: string) => Json, folder: string) => void): string {
  const folder = copyRuleSet('vfn-2026', join(dir, name));
  const edited = new Map<string, Json>();
  const json = (file: string): Json => {
    let value = edited.get(file);
    if (value === undefined) {
      value = readJson(join(folder, file)) as Json;
      edited.set(file, value);
    }
    return value;
  };
  edit(json, folder);
  for (const [file, value] of edited) writeJson(join(folder, file), value);
  return folder;
}

const post = (calc: Json, code: string): Json => (calc['posts'] as Json[]).find((p) => p['code'] === code) as Json;

describe('rules list', () => {
  it('lists the bundled sets with family, validity, status and hash', async () => {
    const run = await runCli(['rules', 'list']);
    expect(run.code).toBe(EXIT.ok);
    const [header, ...rows] = run.stdout.trim().split('\n');
    expect(header).toMatch(/^id +family +valid from +valid until +status +calculations +hash$/);
    // The default family (reference budgets) first, then the lending norm (issue 40).
    expect(rows.map((r) => r.split(/\s+/)[0])).toEqual(['nl-2025', 'nl-2026', 'vfn-2025', 'vfn-2026']);
    expect(rows[1]).toMatch(
      /nl-2026 +nl +2026-01-01 +2026-12-31 +\w+ +afloscapaciteit, pensioenuitgaven +[0-9a-f]{64}$/,
    );
    expect(rows[3]).toMatch(/vfn-2026 +vfn +2026-01-01 +2026-12-31 +\w+ +afloscapaciteit +[0-9a-f]{64}$/);
    const json = JSON.parse((await runCli(['rules', 'list', '--format', 'json'])).stdout) as {
      id: string;
      family: string;
      hash: string;
    }[];
    expect(json.map((s) => `${s.id}:${s.family}`)).toEqual([
      'nl-2025:nl',
      'nl-2026:nl',
      'vfn-2025:vfn',
      'vfn-2026:vfn',
    ]);
  });

  it('--dir lists folders; one that does not load is INVALID and the exit is 1', async () => {
    const good = await runCli(['rules', 'list', '--dir', 'rules']);
    expect(good.code).toBe(EXIT.ok);
    expect(good.stdout).toContain('rules/nl-2026');
    const { dir: listDir, remove: removeList } = tempDir();
    try {
      copyRuleSet('nl-2025', listDir);
      const broken = copyRuleSet('nl-2026', listDir);
      writeFileSync(join(broken, 'manifest.json'), '{ "id": ');
      const run = await runCli(['rules', 'list', '--dir', listDir]);
      expect(run.code).toBe(EXIT.problems);
      expect(run.stdout).toMatch(/nl-2025 .* [0-9a-f]{64}/);
      expect(run.stdout).toMatch(/nl-2026 +INVALID +1 problem\(s\): run budgetnorm rules check/);
    } finally {
      removeList();
    }
    expect((await runCli(['rules', 'list', '--dir', 'no/such/dir'])).code).toBe(EXIT.io);
  });
});

describe('rules check', () => {
  it('a valid folder: exit 0, and what the coverage sweep tried', async () => {
    const run = await runCli(['rules', 'check', 'rules/nl-2026']);
    expect(run.code).toBe(EXIT.ok);
    expect(run.stdout).toMatch(/^rules\/nl-2026: rule set nl-2026 is valid \(hash [0-9a-f]{64}\)/);
    expect(run.stdout).toMatch(
      /afloscapaciteit: [\d,]+ households tried; (every combination tried, none sampled|sampled)/,
    );
    expect(run.stdout).toMatch(/worked examples:\n {4}afloscapaciteit: (\d+) of \1 match/);
    const json = JSON.parse((await runCli(['rules', 'check', 'nl-2026', '--format', 'json'])).stdout) as Json;
    expect(json['ok']).toBe(true);
    expect(json['sweeps']['afloscapaciteit']['households']).toBeGreaterThan(0);
    expect(Array.isArray(json['sweeps']['afloscapaciteit']['sampled'])).toBe(true);
  });

  const classes: [
    string,
    (json: (file: string) => Json, folder: string) => void,
    { file: string; path: string | RegExp; code: string },
  ][] = [
    [
      'invalid JSON',
      (_json, folder) =>
        writeFileSync(join(folder, 'parameters-afloscapaciteit.json'), '{ "parameters": { "x": 1, }\n'),
      { file: 'parameters-afloscapaciteit.json', path: '$', code: 'invalid_json' },
    ],
    [
      'an unknown key',
      (json) => {
        json('parameters-afloscapaciteit.json')['parameters']['vfnIndexatie2023']['bron'] = 'x';
      },
      { file: 'parameters-afloscapaciteit.json', path: /^\$\.parameters\.vfnIndexatie2023/, code: 'unknown_key' },
    ],
    [
      'a missing source',
      (json) => {
        json('parameters-afloscapaciteit.json')['parameters']['normHuurPerMaand']['source'] = 'nergens';
      },
      { file: 'parameters-afloscapaciteit.json', path: '$.parameters.normHuurPerMaand.source', code: 'missing_source' },
    ],
    [
      'a dangling reference',
      (json) => {
        const rule = post(json('afloscapaciteit.json'), 'Levensonderhoud')['rules'][0];
        rule['amounts']['bedrag']['multiply'][1] = { param: 'vfnIndexatie2099' };
      },
      {
        file: 'afloscapaciteit.json',
        path: /^\$\.posts\[0\]\.rules\[0\]\.amounts\.bedrag/,
        code: 'dangling_reference',
      },
    ],
    [
      'an uncovered post',
      (json) => {
        post(json('afloscapaciteit.json'), 'Autokosten')['rules'][0]['when'] = {
          all: [{ fact: 'cars', operator: 'lessThan', value: 5 }],
        };
      },
      { file: 'afloscapaciteit.json', path: '$.posts[2]', code: 'uncovered_post' },
    ],
    [
      'a failing worked example',
      (json) => {
        json('tests/afloscapaciteit/alle-bijzondere-uitgaven.json')['expected']['Afloscapaciteit'] = 999;
      },
      {
        file: 'tests/afloscapaciteit/alle-bijzondere-uitgaven.json',
        path: '$.expected.Afloscapaciteit',
        code: 'example_difference',
      },
    ],
  ];

  it.each(classes)(
    'finds %s: exit 1, the problem named by file and JSON path',
    async (name, edit, expected) => {
      const folder = brokenCopy(name.replace(/\W+/g, '-'), edit);
      const text = await runCli(['rules', 'check', folder]);
      expect(text.code).toBe(EXIT.problems);
      expect(text.stdout).toContain(`[${expected.code}]`);
      expect(text.stdout).toContain(expected.file);
      const json = JSON.parse((await runCli(['rules', 'check', folder, '--format', 'json'])).stdout) as {
        ok: boolean;
        issues: { file: string; path: string; code: string }[];
      };
      expect(json.ok).toBe(false);
      expect(json.issues).toContainEqual(
        expect.objectContaining({
          file: expected.file,
          code: expected.code,
          path: typeof expected.path === 'string' ? expected.path : expect.stringMatching(expected.path),
        }),
      );
    },
    60_000,
  );

  it('a folder that does not exist: exit 3', async () => {
    const run = await runCli(['rules', 'check', 'no/such/folder']);
    expect(run.code).toBe(EXIT.io);
    expect(run.stderr).toContain('no such folder');
  });
});

describe('rules test', () => {
  it('runs the worked examples: all match, exit 0', async () => {
    const run = await runCli(['rules', 'test', 'nl-2026']);
    expect(run.code).toBe(EXIT.ok);
    expect(run.stdout).toMatch(/^afloscapaciteit: \d+ worked examples/);
    expect(run.stdout).toMatch(/nl-2026: (\d+) of \1 worked examples match\n$/);
  });

  it('shows each difference, exit 1', async () => {
    const folder = brokenCopy('test-diff', (json) => {
      const example = json('tests/afloscapaciteit/alle-bijzondere-uitgaven.json');
      example['expected']['Afloscapaciteit'] = 999;
      example['expected']['Posten']['Woonlasten'] = 1;
    });
    const run = await runCli(['rules', 'test', folder]);
    expect(run.code).toBe(EXIT.problems);
    expect(run.stdout).toMatch(/FAIL {2}tests\/afloscapaciteit\/alle-bijzondere-uitgaven\.json/);
    expect(run.stdout).toMatch(/Posten\.Woonlasten +1 +1100/);
    expect(run.stdout).toMatch(/Afloscapaciteit +999 +\d+/);
    expect(run.stdout).toMatch(/1 differ\n$/);
    const json = JSON.parse((await runCli(['rules', 'test', folder, '--format', 'json'])).stdout) as {
      failing: number;
    };
    expect(json.failing).toBe(1);
  });
});

describe('rules show', () => {
  it('md: every parameter and table with value, unit, source and provenance; every rule in plain words', async () => {
    const run = await runCli(['rules', 'show', 'vfn-2026']);
    expect(run.code).toBe(EXIT.ok);
    const md = run.stdout;
    expect(md).toMatch(/^# Rule set vfn-2026: /);
    expect(md).toMatch(
      /\| `vfnIndexatie2023` \| 1\.11 \| 1 \| .+ \| SEH kennisbank: .+ \| to-verify: .+ \| parameters-afloscapaciteit\.json \|/,
    );
    expect(md).toContain('### `vfnBasisnorm2021`');
    expect(md).toMatch(/\| single \| rent \| 1071 \| .+ \| read \|/);
    expect(md).toContain('   - when: `age < 21 and hasPartner = false`');
    expect(md).toContain(
      '   - bedrag = `vfnBasisnorm2021[householdType, tenure] × vfnIndexatie2023 × vfnIndexatie2024 × vfnIndexatie2025`',
    );
    // A minimum left to its default (measureDefaults) reads as such; the surcharge states its own.
    const lines = md.split('\n');
    const rule = (id: string): string => {
      const at = lines.findIndex((l) => l.includes(`\`${id}\`:`));
      return lines.slice(at, at + 4).join('\n'); // the rule, its condition and its two amounts
    };
    expect(rule('levensonderhoud-basisnorm')).toContain('   - minimaal = `bedrag`');
    expect(rule('levensonderhoud-opslag-inkomen')).toContain('   - minimaal = `0`');
    expect(md).toContain('= `round(max(0, income − sum of all posts (minimaal)), afloscapaciteit)`');
    expect(md).not.toContain('## Rules: pensioenuitgaven');
    const nl = (await runCli(['rules', 'show', 'nl-2026'])).stdout;
    expect(nl).toContain('## Rules: pensioenuitgaven');
    expect(nl).toMatch(
      /\| `standaardNiveau` \| 0\.5 \| 1 \| .+ \| Nibud: .+ \| estimate: .+ \| parameters-afloscapaciteit\.json \|/,
    );
  });

  it('the committed docs/rules pages are what the command prints', async () => {
    const docs = ruleSetDocs(join(ROOT, 'rules'), ['nl-2025', 'nl-2026'], { sensitivity: false }).pages;
    expect((await runCli(['rules', 'show', 'nl-2026', '--format', 'md'])).stdout).toBe(
      docs.get('docs/rules/nl-2026.md'),
    );
    expect((await runCli(['rules', 'diff', 'nl-2025', 'nl-2026'])).stdout).toBe(
      docs.get('docs/rules/diff-nl-2025-nl-2026.md'),
    );
    expect(readFileSync(join(ROOT, 'docs/rules/nl-2026.md'), 'utf8')).toBe(docs.get('docs/rules/nl-2026.md'));
  });

  it('json: the same, as data; a folder works as well as an id', async () => {
    const run = await runCli(['rules', 'show', 'rules/vfn-2025', '--format', 'json']);
    expect(run.code).toBe(EXIT.ok);
    const shown = JSON.parse(run.stdout) as ShownRuleSet;
    expect(shown.id).toBe('vfn-2025');
    const p = shown.parameters.find((x) => x.name === 'vfnIndexatie2024');
    expect(p).toMatchObject({
      unit: '1',
      provenance: 'estimate',
      source: { key: 'budgetnorm-schatting', publisher: 'budgetnorm' },
    });
    expect(p?.reasoning).toBeTruthy();
    const rule = shown.calculations.find((c) => c.calculation === 'afloscapaciteit')?.values[0]?.rules[0];
    expect(rule?.when).toBe('age < 21 and hasPartner = false');
  });

  it('an unknown id: exit 2; a path that does not exist: exit 3', async () => {
    expect((await runCli(['rules', 'show', 'nl-1999'])).code).toBe(EXIT.usage);
    expect((await runCli(['rules', 'show', './nope'])).code).toBe(EXIT.io);
    expect((await runCli(['rules', 'show'])).code).toBe(EXIT.usage);
  });
});

describe('rules diff', () => {
  it('value by value, cell by cell, sources, rules, and the worked examples of A under B', async () => {
    const a = copyRuleSet('vfn-2026', join(dir, 'diff-a'));
    const b = brokenCopy('diff-b', (json) => {
      json('parameters-afloscapaciteit.json')['parameters']['normHuurPerMaand']['value'] = '1000';
      const table = json('tables-afloscapaciteit.json')['tables']['vfnBasisnorm2021'];
      (table['cells'] as Json[]).find((c) => c['key']['huishouden'] === 'single' && c['key']['woning'] === 'own')![
        'value'
      ] = '1200';
      json('manifest.json')['sources']['nieuw-bron'] = {
        publisher: 'Nibud',
        title: 'Nieuw',
        period: '2026',
        read: '2026-01-01',
        url: 'https://example.org/',
      };
      const calc = json('afloscapaciteit.json');
      const levensonderhoud = post(calc, 'Levensonderhoud');
      levensonderhoud['rules'] = (levensonderhoud['rules'] as Json[]).filter(
        (r) => r['id'] !== 'levensonderhoud-kinderen-vanaf-5-couple',
      );
      (levensonderhoud['rules'] as Json[])[1]!['when']['all'][1]['value'] = 3;
    });
    const run = await runCli(['rules', 'diff', a, b, '--format', 'json']);
    expect(run.code).toBe(EXIT.ok);
    const d = JSON.parse(run.stdout) as RuleSetDiff;
    expect(d.parameters.changed).toEqual([
      {
        name: 'normHuurPerMaand',
        unit: 'EUR/month',
        old: expect.any(String) as unknown,
        new: '1000',
        changePercent: expect.any(Number) as unknown,
      },
    ]);
    expect(d.tables.changed).toEqual([
      expect.objectContaining({
        name: 'vfnBasisnorm2021',
        cells: {
          added: [],
          removed: [],
          changed: [
            { name: 'huishouden=single, woning=own', unit: 'EUR/month', old: '1181', new: '1200', changePercent: 1.6 },
          ],
        },
      }),
    ]);
    expect(d.sources.added).toEqual(['nieuw-bron']);
    const calc = d.calculations.find((c) => c.calculation === 'afloscapaciteit');
    expect(calc?.posts.changed).toEqual([
      expect.objectContaining({
        code: 'Levensonderhoud',
        rules: {
          added: [],
          removed: [expect.objectContaining({ id: 'levensonderhoud-kinderen-vanaf-5-couple' })],
          changed: [
            {
              id: 'levensonderhoud-extra-kinderen-single',
              fields: [
                {
                  field: 'when',
                  old: 'hasPartner = false and children ≥ 2',
                  new: 'hasPartner = false and children ≥ 3',
                },
              ],
            },
          ],
        },
      }),
    ]);
    // vfn sets have no retirement calculation: the diff has nothing to say of one.
    expect(d.calculations.find((c) => c.calculation === 'pensioenuitgaven')).toBeUndefined();
    const example = d.examples.find((e) => e.file === 'tests/afloscapaciteit/alle-bijzondere-uitgaven.json');
    const capacity = example?.figures.find((f) => f.name === 'Afloscapaciteit');
    expect(capacity?.old).toBe(262);
    expect(capacity?.new).toBeLessThan(262); // the owner's base norm went up from 1181 to 1200
    const md = (await runCli(['rules', 'diff', a, b])).stdout;
    expect(md).toMatch(/\| `normHuurPerMaand` \| EUR\/month \| [\d.]+ \| 1000 \| [+−][\d.]+% \|/);
    expect(md).toContain('| huishouden=single, woning=own | 1181 | 1200 | +1.6% |');
    expect(md).toContain('  - rule removed: `levensonderhoud-kinderen-vanaf-5-couple`');
    expect(md).toMatch(/\| `alle-bijzondere-uitgaven`: .+ \| 262 → \d+ \(−\d+\) \|/);
  });

  it('needs two rule sets', async () => {
    expect((await runCli(['rules', 'diff', 'nl-2025'])).code).toBe(EXIT.usage);
  });
});

describe('rules: usage', () => {
  it('an unknown rules command: exit 2; no command: the help, exit 2', async () => {
    const unknown = await runCli(['rules', 'lint']);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.stderr).toContain('unknown rules command "lint"');
    const none = await runCli(['rules']);
    expect(none.code).toBe(EXIT.usage);
    expect(none.stdout).toContain('Usage: budgetnorm rules');
  });
});
