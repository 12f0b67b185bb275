/**
 * docs/rules-format.md is checked against the code, so the reference cannot drift from the
 * format it describes:
 *
 * - every JSON block marked `json <kind>` parses and matches the zod schema of its kind;
 * - the blocks marked `file=<name>` together are a complete rule set that loads cleanly, and
 *   whose worked examples come out as stated;
 * - every expression and condition example is loaded inside that rule set (`calc=` names the
 *   calculation, `unit=` the unit of an expression), and one marked `expect=<code>` must be
 *   refused with that code;
 * - every expression operator and condition operator has a checked example;
 * - the tables of rounding modes, unit arithmetic and facts agree with the code;
 * - every issue code the loader, the engine and the rule-set choice can emit is documented, and
 *   every code documented exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { RuleSetError, type RuleSetIssue } from '../../src/contract/errors.js';
import { Money } from '../../src/contract/money.js';
import { rounder } from '../../src/engine/expression.js';
import { loadRuleSet } from '../../src/engine/load-rule-set.js';
import { runWorkedExample } from '../../src/node/worked-examples.js';
import { FACT_CATALOGS, type FactDefinition } from '../../src/rules/facts.js';
import { CALCULATION_IDS, CalculationFile, type CalculationId } from '../../src/rules/format/calculation.js';
import { Condition, OPERATORS, TopCondition } from '../../src/rules/format/condition.js';
import { EXPRESSION_OPERATORS, Expression } from '../../src/rules/format/expression.js';
import { Manifest, RoundingMode, SourcesFile } from '../../src/rules/format/manifest.js';
import { Parameter, Table } from '../../src/rules/format/parameters.js';
import { WorkedExample } from '../../src/rules/format/worked-example.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { zodIssuesToRuleSetIssues } from '../../src/rules/zod-issues.js';
import { combineUnits, formatUnit, parseUnit, sameUnit } from '../../src/rules/units.js';
import { checkedTables, fencedBlocks, readPage, ROOT, unquote, type FencedBlock } from './markdown.js';

// biome-ignore lint/suspicious/noExplicitAny: parsed JSON under assembly, read and written by key
type Json = any;

const page = readPage('docs/rules-format.md');

const SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  expression: Expression,
  condition: Condition,
  parameter: Parameter,
  table: Table,
  manifest: Manifest,
  calculation: CalculationFile,
  'worked-example': WorkedExample,
  'sources-file': SourcesFile,
};

const blocks = fencedBlocks(page).filter((b) => b.language === 'json' && b.kind !== '');
const ofKind = (kind: string): FencedBlock[] => blocks.filter((b) => b.kind === kind);

function parseBlock(b: FencedBlock): Json {
  try {
    return JSON.parse(b.body) as Json;
  } catch (error) {
    throw new Error(`${b.where}: not valid JSON: ${(error as Error).message}`);
  }
}

function schemaProblems(b: FencedBlock, value: Json): string[] {
  const schema = SCHEMAS[b.kind];
  if (schema === undefined)
    return [`${b.where}: unknown block kind "json ${b.kind}" (known: ${Object.keys(SCHEMAS).join(', ')})`];
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return [];
  // The loader's own wording: the closest form of a union, a JSON path, a stable code.
  return zodIssuesToRuleSetIssues('', result.error.issues).map(
    (i) => `${b.where}: ${i.path}: [${i.code}] ${i.message}`,
  );
}

const issueList = (issues: readonly RuleSetIssue[]): string =>
  issues.map((i) => `  ${i.file} ${i.path}: [${i.code}] ${i.message}`).join('\n');

/** Loads files; returns the issues of a `RuleSetError` (empty when the set loads). */
function loadIssues(files: Record<string, Json>): RuleSetIssue[] {
  try {
    loadRuleSet(files, 'voorbeeld-2030 (docs/rules-format.md)');
    return [];
  } catch (error) {
    if (error instanceof RuleSetError) return [...error.issues];
    throw error;
  }
}

/** The example rule set: every block with `file=`, assembled into its files. */
function exampleFiles(): Record<string, Json> {
  const files: Record<string, Json> = {};
  for (const b of blocks) {
    const file = b.attributes['file'];
    if (file === undefined) continue;
    const value = parseBlock(b);
    if (b.kind === 'parameter' || b.kind === 'table') {
      const name = b.attributes['name'];
      if (name === undefined) throw new Error(`${b.where}: a ${b.kind} block with file= needs name=`);
      const listKey = b.kind === 'parameter' ? 'parameters' : 'tables';
      files[file] ??= { [listKey]: {} };
      if (files[file][listKey] === undefined)
        throw new Error(`${b.where}: ${file} already holds something other than ${listKey}`);
      if (name in files[file][listKey]) throw new Error(`${b.where}: ${b.kind} ${name} is defined twice in ${file}`);
      files[file][listKey][name] = value;
    } else {
      if (file in files) throw new Error(`${b.where}: ${file} is given twice`);
      files[file] = value;
    }
  }
  return files;
}

describe('docs/rules-format.md', () => {
  it('has checked blocks, and every json block with a kind is of a known kind', () => {
    expect(blocks.length).toBeGreaterThan(40);
    const unknown = blocks.filter((b) => SCHEMAS[b.kind] === undefined).map((b) => `${b.where}: json ${b.kind}`);
    expect(unknown, 'blocks marked with an unknown kind are not checked; fix the info string').toEqual([]);
  });

  it('every checked block parses and matches its schema', () => {
    const problems: string[] = [];
    for (const b of blocks) {
      let value: Json;
      try {
        value = parseBlock(b);
      } catch (error) {
        problems.push((error as Error).message);
        continue;
      }
      problems.push(...schemaProblems(b, value));
      if (
        b.kind === 'condition' &&
        ('all' in value || 'any' in value || 'not' in value) &&
        !TopCondition.safeParse(value).success
      ) {
        problems.push(`${b.where}: not a valid top-level condition`);
      }
    }
    expect(problems).toEqual([]);
  });

  describe('the example rule set (blocks with file=)', () => {
    const files = exampleFiles();

    it('has a manifest, both calculations and worked examples of each', () => {
      expect(Object.keys(files)).toEqual(
        expect.arrayContaining(['manifest.json', 'afloscapaciteit.json', 'pensioenuitgaven.json']),
      );
      for (const calculation of CALCULATION_IDS) {
        expect(
          Object.keys(files).some((f) => f.startsWith(`tests/${calculation}/`)),
          `a worked example of ${calculation}`,
        ).toBe(true);
      }
    });

    it('loads without a single issue', () => {
      const issues = loadIssues(files);
      expect(issues, `the example rule set is refused:\n${issueList(issues)}`).toEqual([]);
    });

    it('reproduces its worked examples exactly', () => {
      const ruleSet = loadRuleSet(files);
      for (const [file, content] of Object.entries(files)) {
        const m = /^tests\/([a-z]+)\//.exec(file);
        if (m === null) continue;
        const outcome = runWorkedExample(ruleSet, m[1] as CalculationId, file, content);
        expect({ file, problems: outcome.problems, differences: outcome.differences }).toEqual({
          file,
          problems: [],
          differences: [],
        });
      }
    });
  });

  describe('expression and condition examples, loaded in the example rule set', () => {
    const base = exampleFiles();
    const inContext = blocks.filter(
      (b) => (b.kind === 'expression' || b.kind === 'condition') && b.attributes['file'] === undefined,
    );

    /** The example rule set with the block's example added as an extra value of its calculation. */
    function withExample(b: FencedBlock): Record<string, Json> {
      const calculation = b.attributes['calc'] ?? 'afloscapaciteit';
      const files = structuredClone(base);
      const calc = files[`${calculation}.json`];
      if (calc === undefined) throw new Error(`${b.where}: the example rule set has no ${calculation}.json`);
      const value = parseBlock(b);
      calc.values ??= [];
      if (b.kind === 'expression') {
        const unit = b.attributes['unit'];
        if (unit === undefined) throw new Error(`${b.where}: an expression example needs unit=<its unit>`);
        calc.values.push({
          id: 'docExample',
          description: 'example',
          unit,
          combine: 'first',
          rules: [{ id: 'doc-example', description: 'example', amount: value }],
        });
      } else {
        const when = 'all' in value || 'any' in value || 'not' in value ? value : { all: [value] };
        calc.values.push({
          id: 'docExample',
          description: 'example',
          unit: '1',
          combine: 'first',
          rules: [
            { id: 'doc-example-holds', description: 'the condition holds', when, amount: { const: '1' } },
            { id: 'doc-example-otherwise', description: 'otherwise', amount: { const: '0' } },
          ],
        });
      }
      return files;
    }

    it.each(inContext.map((b) => [b.where, b] as const))('%s', (_where, b) => {
      const issues = loadIssues(withExample(b));
      const expected = b.attributes['expect'];
      if (expected === undefined) {
        expect(issues, `${b.where}: the example is refused:\n${issueList(issues)}`).toEqual([]);
      } else {
        expect(
          issues.map((i) => i.code),
          `${b.where}: expected the loader to refuse this with ${expected}`,
        ).toContain(expected);
      }
    });
  });

  it('documents every expression operator with an example that loads', () => {
    const covered = new Set<string>();
    for (const b of ofKind('expression')) {
      if (b.attributes['expect'] !== undefined) continue;
      const value = parseBlock(b) as Record<string, unknown>;
      for (const op of EXPRESSION_OPERATORS) if (op in value) covered.add(op);
    }
    const missing = EXPRESSION_OPERATORS.filter((op) => !covered.has(op));
    expect(missing, 'operators without a `json expression` example at the top of a block').toEqual([]);
    for (const op of EXPRESSION_OPERATORS) expect(page.text, `a section for ${op}`).toContain(`### ${op}\n`);
  });

  it('documents every condition operator with a checked example', () => {
    const covered = new Set<string>();
    const walk = (c: Json): void => {
      if (c === null || typeof c !== 'object') return;
      if (!Array.isArray(c) && typeof c.operator === 'string') covered.add(c.operator);
      for (const v of Object.values(c)) walk(v);
    };
    for (const b of ofKind('condition')) walk(parseBlock(b));
    for (const b of ofKind('expression')) walk(parseBlock(b));
    expect(
      OPERATORS.filter((op) => !covered.has(op)),
      'operators without a checked example',
    ).toEqual([]);
    for (const op of OPERATORS) expect(page.text, `a row for ${op}`).toMatch(new RegExp(`^\\| \`${op}\` \\|`, 'm'));
  });

  it('states what each rounding mode does, as the engine rounds', () => {
    const [table] = checkedTables(page, 'rounding');
    expect(table, 'a table after <!-- check:rounding -->').toBeDefined();
    const modes = table!.rows.map((r) => unquote(r[0] as string));
    expect([...modes].sort()).toEqual([...RoundingMode.options].sort());
    for (const row of table!.rows) {
      const mode = unquote(row[0] as string) as z.infer<typeof RoundingMode>;
      const round = (decimals: number, value: string): string => {
        const ruleSet = { manifest: { rounding: { p: { decimals, mode, description: 'doc' } } } } as unknown as RuleSet;
        return rounder(ruleSet, 'p')(new Money(value)).toString();
      };
      const actual = [round(0, '2.5'), round(0, '-2.5'), round(0, '2.45'), round(1, '2.45')];
      expect(row.slice(2, 6), `docs/rules-format.md:${table!.line}: row ${mode}`).toEqual(actual);
    }
  });

  it('states the unit arithmetic as the loader computes it', () => {
    const [table] = checkedTables(page, 'units');
    expect(table, 'a table after <!-- check:units -->').toBeDefined();
    expect(table!.rows.length).toBeGreaterThan(5);
    for (const row of table!.rows) {
      const [a, op, b, result] = [unquote(row[0] as string), row[1], unquote(row[2] as string), row[3] as string];
      const label = `${a} ${op} ${b}`;
      if (op === '+') {
        if (sameUnit(a, b)) expect(unquote(result), label).toBe(a);
        else expect(result, label).toBe('refused (`unit_mismatch`)');
        continue;
      }
      expect(['×', '÷'], label).toContain(op);
      const computed = combineUnits(parseUnit(a), parseUnit(b), op === '÷' ? -1 : 1);
      expect(formatUnit(computed), label).toBe(formatUnit(parseUnit(unquote(result))));
    }
  });

  describe.each(CALCULATION_IDS)('the fact table of %s', (calculation) => {
    const catalog = FACT_CATALOGS[calculation];
    const definitions = [...catalog.facts.values(), ...Object.values(catalog.items).flatMap((m) => [...m.values()])];
    const domain = (d: FactDefinition['domain']): string =>
      d.kind === 'boolean'
        ? 'true, false'
        : d.kind === 'enum'
          ? d.values.map((v) => `\`${v}\``).join(', ')
          : `${d.integer ? 'integer' : 'number'} ${d.min}–${d.max}`;

    it('lists exactly the facts of the catalog, with their unit and domain', () => {
      const [table] = checkedTables(page, `facts ${calculation}`);
      expect(table, `a table after <!-- check:facts ${calculation} -->`).toBeDefined();
      const rows = new Map(table!.rows.map((r) => [unquote(r[0] as string), r]));
      expect([...rows.keys()].sort()).toEqual(definitions.map((d) => d.name).sort());
      for (const def of definitions) {
        const row = rows.get(def.name) as string[];
        expect({ fact: def.name, unit: row[2], domain: row[3] }).toEqual({
          fact: def.name,
          unit: def.unit === undefined ? '—' : `\`${def.unit}\``,
          domain: domain(def.domain),
        });
        expect(row[1], `meaning of ${def.name}`).not.toBe('');
        expect(row[4], `request field of ${def.name}`).not.toBe('');
      }
    });
  });

  describe('issue codes', () => {
    /**
     * Where issue codes are made: the loader (files, schemas, cross-checks), compiling, the
     * coverage sweep, the engine at run time, and the rule-set choice. A folder stands for
     * every module in it (the checks by concern, each operator's unit and compiler).
     */
    const SOURCE_FOLDERS = ['src/rules/check/', 'src/rules/language/', 'src/engine/operators/'];
    const SOURCES = [
      ...SOURCE_FOLDERS.flatMap((dir) =>
        readdirSync(`${ROOT}${dir}`)
          .filter((f) => f.endsWith('.ts'))
          .map((f) => `${dir}${f}`),
      ),
      'src/node/load-folder.ts',
      'src/rules/format/common.ts',
      'src/rules/load.ts',
      'src/rules/zod-issues.ts',
      'src/rules/check.ts',
      'src/engine/load-rule-set.ts',
      'src/engine/compile.ts',
      'src/engine/compile-amounts.ts',
      'src/engine/amount-evaluator.ts',
      'src/engine/rule-runner.ts',
      'src/engine/expression.ts',
      'src/engine/expression-env.ts',
      'src/engine/coverage.ts',
      'src/rules/choose.ts',
      'src/calculations/options.ts',
    ];

    /** Codes found in the source: `code: '…'`, `…Error('…'`, `return '…';`, a report call's code, and any snake_case literal. */
    function emittedCodes(): Map<string, string> {
      const found = new Map<string, string>();
      for (const file of SOURCES) {
        // Type-level mentions such as `Extract<ZodIssue, { code: 'invalid_union' }>` are not emitted codes.
        const src = readFileSync(`${ROOT}${file}`, 'utf8').replace(/Extract<[^>]*>/g, '');
        const add = (code: string): void => {
          if (!found.has(code)) found.set(code, file);
        };
        const patterns = [
          /\bcode: '([a-z][a-z_]*)'/g, // { code: 'missing_file', … }
          /Error\('([a-z][a-z_]*)'/g, // new RuleEvaluationError('cycle', …)
          /\breturn '([a-z][a-z_]*)';/g, // zod-issues: return 'invalid';
          /,\s*'([a-z][a-z_]*)',\s*(?:`|'[^'\n]* )/g, // report(path, 'cycle', `message …`)
        ];
        for (const p of patterns) for (const m of src.matchAll(p)) add(m[1] as string);
        // Any snake_case literal, except zod's own codes that zod-issues.ts only reads (`case '…':`, `=== '…'`).
        for (const m of src.matchAll(/'([a-z]+(?:_[a-z]+)+)'/g)) {
          const before = src.slice(Math.max(0, (m.index ?? 0) - 5), m.index);
          if (/(case |=== )$/.test(before)) continue;
          add(m[1] as string);
        }
      }
      return found;
    }

    const codes = emittedCodes();
    const documented = checkedTables(page, 'issues').flatMap((t) =>
      t.rows.map((r) => ({ code: unquote(r[0] as string), line: t.line, text: r[1] ?? '' })),
    );

    it('are found in the source (the scan works)', () => {
      for (const known of [
        'unknown_key',
        'missing_key',
        'invalid',
        'cycle',
        'missing_source',
        'uncovered_post',
        'negative_amount',
        'duplicate_rule_set',
        'invalid_json',
        'unchecked_rule_set',
      ]) {
        expect(codes.has(known), `the scan should find ${known}`).toBe(true);
      }
      expect(codes.has('unrecognized_keys'), "zod's own code is mapped, not emitted").toBe(false);
    });

    it('are each documented in an issue table, with a line of text', () => {
      const rows = new Set(documented.map((d) => d.code));
      const missing = [...codes].filter(([code]) => !rows.has(code)).map(([code, file]) => `${code} (${file})`);
      expect(
        missing,
        'issue codes the code can emit but docs/rules-format.md does not list under <!-- check:issues -->',
      ).toEqual([]);
      for (const d of documented)
        expect(d.text.length, `docs/rules-format.md:${d.line}: text for ${d.code}`).toBeGreaterThan(10);
    });

    it('documented are all real, and each listed once', () => {
      const unknown = documented
        .filter((d) => !codes.has(d.code))
        .map((d) => `${d.code} (table at docs/rules-format.md:${d.line})`);
      expect(unknown, 'codes documented that no source emits').toEqual([]);
      const seen = new Set<string>();
      const twice = documented
        .filter((d) => {
          if (seen.has(d.code)) return true;
          seen.add(d.code);
          return false;
        })
        .map((d) => d.code);
      expect(twice).toEqual([]);
    });
  });
});
