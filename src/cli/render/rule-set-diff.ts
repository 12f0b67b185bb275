/**
 * `budgetnorm rules diff A B`: what changed from rule set A to rule set B. Parameters value by
 * value (old, new, change in %), tables cell by cell, sources, rounding, rules added, removed
 * and changed (in readable notation), and the effect on each worked example of A: its key
 * figures computed under A and under B. Deterministic, like `rules show`.
 */
import { Decimal } from 'decimal.js';
import { OPERATIONS } from '../../calculations/operations.js';
import { CALCULATION_IDS, type CalculationId } from '../../rules/format/calculation.js';
import { ValidationError } from '../../contract/errors.js';
import type { RuleSet } from '../../rules/rule-set.js';
import {
  showRuleSet,
  provenanceText,
  sourceText,
  type ShownAmount,
  type ShownFigure,
  type ShownRule,
  type ShownRuleSet,
} from './rule-set-doc.js';
import { code, mdTable } from './text.js';

export interface FieldChange {
  readonly field: string;
  readonly old: string;
  readonly new: string;
}

export interface ValueChange {
  readonly name: string;
  readonly unit: string;
  readonly old: string;
  readonly new: string;
  /** (new − old) / |old| × 100, one decimal; absent when old is 0. */
  readonly changePercent?: number;
}

export interface AmountDiff {
  readonly code: string;
  readonly fields: readonly FieldChange[];
  readonly rules: {
    readonly added: readonly ShownRule[];
    readonly removed: readonly ShownRule[];
    readonly changed: readonly { readonly id: string; readonly fields: readonly FieldChange[] }[];
  };
}

export interface CalculationDiff {
  readonly calculation: string;
  readonly status: 'added' | 'removed' | 'changed' | 'unchanged';
  readonly fields: readonly FieldChange[];
  readonly posts: {
    readonly added: readonly string[];
    readonly removed: readonly string[];
    readonly changed: readonly AmountDiff[];
  };
  readonly values: {
    readonly added: readonly string[];
    readonly removed: readonly string[];
    readonly changed: readonly AmountDiff[];
  };
  readonly totals: {
    readonly added: readonly string[];
    readonly removed: readonly string[];
    readonly changed: readonly FieldChange[];
  };
}

export interface ExampleEffect {
  readonly calculation: string;
  readonly file: string;
  readonly description: string;
  /** Key figures under A and under B. */
  readonly figures: readonly { readonly name: string; readonly old: number | null; readonly new: number | null }[];
  /** Why a side could not be computed. */
  readonly problems: readonly string[];
}

export interface RuleSetDiff {
  readonly from: { readonly label: string; readonly id: string; readonly hash: string };
  readonly to: { readonly label: string; readonly id: string; readonly hash: string };
  readonly manifest: readonly FieldChange[];
  readonly rounding: readonly FieldChange[];
  readonly sources: {
    readonly added: readonly string[];
    readonly removed: readonly string[];
    readonly changed: readonly { readonly key: string; readonly fields: readonly FieldChange[] }[];
  };
  readonly parameters: {
    readonly added: readonly { name: string; value: string; unit: string; description: string }[];
    readonly removed: readonly { name: string; value: string; unit: string; description: string }[];
    readonly changed: readonly ValueChange[];
    /** Changes other than the value (unit, source, provenance, description…). */
    readonly annotations: readonly { readonly name: string; readonly fields: readonly FieldChange[] }[];
  };
  readonly tables: {
    readonly added: readonly string[];
    readonly removed: readonly string[];
    readonly changed: readonly {
      readonly name: string;
      readonly fields: readonly FieldChange[];
      readonly cells: {
        readonly added: readonly ValueChange[];
        readonly removed: readonly ValueChange[];
        readonly changed: readonly ValueChange[];
      };
      readonly annotations: readonly { readonly name: string; readonly fields: readonly FieldChange[] }[];
    }[];
  };
  readonly calculations: readonly CalculationDiff[];
  readonly examples: readonly ExampleEffect[];
}

const json = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function fieldChanges(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  fields: readonly string[],
): FieldChange[] {
  return fields.filter((f) => json(a[f]) !== json(b[f])).map((f) => ({ field: f, old: json(a[f]), new: json(b[f]) }));
}

function sameNumber(a: string, b: string): boolean {
  try {
    return new Decimal(a).equals(new Decimal(b));
  } catch {
    return a === b;
  }
}

function valueChange(name: string, unit: string, oldValue: string, newValue: string): ValueChange {
  let changePercent: number | undefined;
  try {
    const o = new Decimal(oldValue);
    if (!o.isZero())
      changePercent = new Decimal(newValue)
        .minus(o)
        .dividedBy(o.abs())
        .times(100)
        .toDecimalPlaces(1, Decimal.ROUND_HALF_UP)
        .toNumber();
  } catch {
    changePercent = undefined;
  }
  return { name, unit, old: oldValue, new: newValue, ...(changePercent !== undefined ? { changePercent } : {}) };
}

const FIGURE_FIELDS = ['source', 'provenance', 'formula', 'reasoning', 'locator', 'note'] as const;
const figureFields = (f: ShownFigure): Record<string, unknown> => ({
  source: f.source.key,
  provenance: f.provenance,
  formula: f.formula,
  reasoning: f.reasoning,
  locator: f.locator,
  note: f.note,
});

function byKey<T>(items: readonly T[], key: (t: T) => string): Map<string, T> {
  return new Map(items.map((i) => [key(i), i]));
}

function keyText(key: Readonly<Record<string, string>>): string {
  return Object.keys(key)
    .sort()
    .map((k) => `${k}=${key[k] ?? ''}`)
    .join(', ');
}

function ruleFields(r: ShownRule): Record<string, unknown> {
  return {
    description: r.description,
    when: r.when ?? 'always',
    ...Object.fromEntries(Object.entries(r.amounts).map(([m, e]) => [m, e])),
    notice: r.notice === undefined ? undefined : `${r.notice.code}: ${r.notice.text}`,
  };
}

function amountDiffs(a: readonly ShownAmount[], b: readonly ShownAmount[]) {
  const ma = byKey(a, (x) => x.code);
  const mb = byKey(b, (x) => x.code);
  const changed: AmountDiff[] = [];
  for (const [codeA, x] of ma) {
    const y = mb.get(codeA);
    if (y === undefined) continue;
    const fields = fieldChanges(x as unknown as Record<string, unknown>, y as unknown as Record<string, unknown>, [
      'description',
      'group',
      'unit',
      'combine',
      'rounding',
    ]);
    const ra = byKey(x.rules, (r) => r.id);
    const rb = byKey(y.rules, (r) => r.id);
    const rulesChanged: { id: string; fields: FieldChange[] }[] = [];
    for (const [id, r] of ra) {
      const s = rb.get(id);
      if (s === undefined) continue;
      const fa = ruleFields(r);
      const fb = ruleFields(s);
      const names = [...new Set([...Object.keys(fa), ...Object.keys(fb)])];
      const f = fieldChanges(fa, fb, names);
      if (f.length > 0) rulesChanged.push({ id, fields: f });
    }
    const order = (rules: readonly ShownRule[]) =>
      rules
        .map((r) => r.id)
        .filter((id) => ra.has(id) && rb.has(id))
        .join();
    if (order(x.rules) !== order(y.rules))
      fields.push({
        field: 'order of rules',
        old: x.rules.map((r) => r.id).join(', '),
        new: y.rules.map((r) => r.id).join(', '),
      });
    const added = y.rules.filter((r) => !ra.has(r.id));
    const removed = x.rules.filter((r) => !rb.has(r.id));
    if (fields.length + added.length + removed.length + rulesChanged.length > 0) {
      changed.push({ code: codeA, fields, rules: { added, removed, changed: rulesChanged } });
    }
  }
  return {
    added: b.filter((x) => !ma.has(x.code)).map((x) => x.code),
    removed: a.filter((x) => !mb.has(x.code)).map((x) => x.code),
    changed,
  };
}

/** Per calculation, the result's figures an example's change is shown by. */
const KEY_FIGURES: Readonly<Record<CalculationId, readonly string[]>> = {
  afloscapaciteit: ['Afloscapaciteit', 'MaximaleAfloscapaciteit', 'TotaalLasten', 'Tekort'],
  pensioenuitgaven: ['Totaal.Basis', 'Totaal.Voorbeeld'],
};

function keyFigures(
  calculation: CalculationId,
  ruleSet: RuleSet,
  request: unknown,
): { figures: Record<string, number>; problem?: string } {
  if (ruleSet.calculations[calculation] === undefined)
    return { figures: {}, problem: `${ruleSet.id} has no ${calculation} rules` };
  try {
    const result = OPERATIONS[calculation].calculate(request, { ruleSet }) as unknown as Record<string, unknown>;
    const figures: Record<string, number> = {};
    for (const name of KEY_FIGURES[calculation]) {
      let v: unknown = result;
      for (const part of name.split('.')) v = (v as Record<string, unknown> | undefined)?.[part];
      if (typeof v === 'number') figures[name] = v;
    }
    return { figures };
  } catch (error) {
    const message =
      error instanceof ValidationError
        ? `the request is rejected: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    return { figures: {}, problem: `${ruleSet.id}: ${message}` };
  }
}

type ShownTable = ShownRuleSet['tables'][number];
type ShownCalculation = ShownRuleSet['calculations'][number];

/** Compares A with B. `filesA`: A's folder files, whose `tests/<calculation>/*.json` worked examples are recomputed under both. */
export function diffRuleSets(
  a: RuleSet,
  b: RuleSet,
  labels: { from: string; to: string },
  filesA: Readonly<Record<string, unknown>>,
): RuleSetDiff {
  const sa: ShownRuleSet = showRuleSet(a);
  const sb: ShownRuleSet = showRuleSet(b);
  return {
    from: { label: labels.from, id: a.id, hash: a.hash },
    to: { label: labels.to, id: b.id, hash: b.hash },
    manifest: fieldChanges(sa as unknown as Record<string, unknown>, sb as unknown as Record<string, unknown>, [
      'id',
      'title',
      'description',
      'status',
      'validFrom',
      'validUntil',
    ]),
    rounding: roundingChanges(sa, sb),
    sources: sourceChanges(sa, sb),
    parameters: parameterChanges(sa, sb),
    tables: tableChanges(sa, sb),
    calculations: calculationChanges(sa, sb),
    examples: exampleEffects(a, b, filesA),
  };
}

/** Rounding per amount name, compared as the text a reader sees. */
function roundingChanges(sa: ShownRuleSet, sb: ShownRuleSet): FieldChange[] {
  const rounding: FieldChange[] = [];
  for (const name of [...new Set([...Object.keys(sa.rounding), ...Object.keys(sb.rounding)])].sort()) {
    const o = sa.rounding[name];
    const n = sb.rounding[name];
    const text = (r: typeof o) => (r === undefined ? '(none)' : `${r.decimals} decimals, ${r.mode}`);
    if (text(o) !== text(n)) rounding.push({ field: name, old: text(o), new: text(n) });
  }
  return rounding;
}

function sourceChanges(sa: ShownRuleSet, sb: ShownRuleSet): RuleSetDiff['sources'] {
  const srcA = byKey(sa.sources, (s) => s.key);
  const srcB = byKey(sb.sources, (s) => s.key);
  const sourceFields = ['publisher', 'title', 'url', 'document', 'period', 'read', 'note'];
  return {
    added: sb.sources.filter((s) => !srcA.has(s.key)).map((s) => s.key),
    removed: sa.sources.filter((s) => !srcB.has(s.key)).map((s) => s.key),
    changed: sa.sources.flatMap((s) => {
      const t = srcB.get(s.key);
      const fields =
        t === undefined
          ? []
          : fieldChanges(
              s as unknown as Record<string, unknown>,
              t as unknown as Record<string, unknown>,
              sourceFields,
            );
      return fields.length > 0 ? [{ key: s.key, fields }] : [];
    }),
  };
}

/** Values compared as numbers (so `1.50` equals `1.5`); everything else about a parameter as an annotation. */
function parameterChanges(sa: ShownRuleSet, sb: ShownRuleSet): RuleSetDiff['parameters'] {
  const pa = byKey(sa.parameters, (p) => p.name);
  const pb = byKey(sb.parameters, (p) => p.name);
  const brief = (p: ShownRuleSet['parameters'][number]) => ({
    name: p.name,
    value: p.value,
    unit: p.unit,
    description: p.description,
  });
  return {
    added: sb.parameters.filter((p) => !pa.has(p.name)).map(brief),
    removed: sa.parameters.filter((p) => !pb.has(p.name)).map(brief),
    changed: sa.parameters.flatMap((p) => {
      const q = pb.get(p.name);
      return q !== undefined && !sameNumber(p.value, q.value) ? [valueChange(p.name, q.unit, p.value, q.value)] : [];
    }),
    annotations: sa.parameters.flatMap((p) => {
      const q = pb.get(p.name);
      if (q === undefined) return [];
      const fields = [
        ...fieldChanges(p as unknown as Record<string, unknown>, q as unknown as Record<string, unknown>, [
          'unit',
          'description',
        ]),
        ...fieldChanges(figureFields(p), figureFields(q), FIGURE_FIELDS),
      ];
      return fields.length > 0 ? [{ name: p.name, fields }] : [];
    }),
  };
}

function tableChanges(sa: ShownRuleSet, sb: ShownRuleSet): RuleSetDiff['tables'] {
  const ta = byKey(sa.tables, (t) => t.name);
  const tb = byKey(sb.tables, (t) => t.name);
  return {
    added: sb.tables.filter((t) => !ta.has(t.name)).map((t) => t.name),
    removed: sa.tables.filter((t) => !tb.has(t.name)).map((t) => t.name),
    changed: sa.tables.flatMap((t) => {
      const u = tb.get(t.name);
      if (u === undefined) return [];
      const change = tableChange(t, u);
      const any =
        change.fields.length +
        change.cells.added.length +
        change.cells.removed.length +
        change.cells.changed.length +
        change.annotations.length;
      return any > 0 ? [change] : [];
    }),
  };
}

/** One table in both sets: its own fields, then cell by cell (cells keyed by their dimension values). */
function tableChange(t: ShownTable, u: ShownTable): RuleSetDiff['tables']['changed'][number] {
  const fields = fieldChanges(t as unknown as Record<string, unknown>, u as unknown as Record<string, unknown>, [
    'unit',
    'description',
    'dimensions',
  ]);
  const ca = byKey(t.cells, (c) => keyText(c.key));
  const cb = byKey(u.cells, (c) => keyText(c.key));
  const cells = {
    added: u.cells.filter((c) => !ca.has(keyText(c.key))).map((c) => valueChange(keyText(c.key), u.unit, '', c.value)),
    removed: t.cells
      .filter((c) => !cb.has(keyText(c.key)))
      .map((c) => valueChange(keyText(c.key), t.unit, c.value, '')),
    changed: t.cells.flatMap((c) => {
      const d = cb.get(keyText(c.key));
      return d !== undefined && !sameNumber(c.value, d.value)
        ? [valueChange(keyText(c.key), u.unit, c.value, d.value)]
        : [];
    }),
  };
  const annotations = t.cells.flatMap((c) => {
    const d = cb.get(keyText(c.key));
    const f = d === undefined ? [] : fieldChanges(figureFields(c), figureFields(d), FIGURE_FIELDS);
    return f.length > 0 ? [{ name: keyText(c.key), fields: f }] : [];
  });
  return { name: t.name, fields, cells, annotations };
}

function calculationChanges(sa: ShownRuleSet, sb: ShownRuleSet): CalculationDiff[] {
  const calcIds = [
    ...new Set([...sa.calculations.map((c) => c.calculation), ...sb.calculations.map((c) => c.calculation)]),
  ].sort();
  return calcIds.map((id) =>
    calculationChange(
      id,
      sa.calculations.find((c) => c.calculation === id),
      sb.calculations.find((c) => c.calculation === id),
    ),
  );
}

/** One calculation: added or removed whole, or its fields, intermediate values, posts and totals. */
function calculationChange(
  id: string,
  x: ShownCalculation | undefined,
  y: ShownCalculation | undefined,
): CalculationDiff {
  const empty = { added: [], removed: [], changed: [] };
  if (x === undefined || y === undefined) {
    return {
      calculation: id,
      status: x === undefined ? 'added' : 'removed',
      fields: [],
      posts: empty,
      values: empty,
      totals: empty,
    };
  }
  const fields = fieldChanges(x as unknown as Record<string, unknown>, y as unknown as Record<string, unknown>, [
    'description',
    'measures',
    'unit',
    'groups',
  ]);
  const posts = amountDiffs(x.posts, y.posts);
  const values = amountDiffs(x.values, y.values);
  const tx = byKey(x.totals, (t) => t.name);
  const ty = byKey(y.totals, (t) => t.name);
  const totals = {
    added: y.totals.filter((t) => !tx.has(t.name)).map((t) => t.name),
    removed: x.totals.filter((t) => !ty.has(t.name)).map((t) => t.name),
    changed: x.totals.flatMap((t) => {
      const u = ty.get(t.name);
      return u !== undefined && (u.amount !== t.amount || u.description !== t.description)
        ? [{ field: t.name, old: t.amount, new: u.amount }]
        : [];
    }),
  };
  const count =
    fields.length +
    posts.added.length +
    posts.removed.length +
    posts.changed.length +
    values.added.length +
    values.removed.length +
    values.changed.length +
    totals.added.length +
    totals.removed.length +
    totals.changed.length;
  return { calculation: id, status: count > 0 ? 'changed' : 'unchanged', fields, posts, values, totals };
}

/** Every worked example of A (`tests/<calculation>/*.json`, in path order) recomputed under A and under B. */
function exampleEffects(a: RuleSet, b: RuleSet, filesA: Readonly<Record<string, unknown>>): ExampleEffect[] {
  const examples: ExampleEffect[] = [];
  for (const [file, content] of Object.entries(filesA).sort(([p], [q]) => p.localeCompare(q))) {
    const match = /^tests\/(afloscapaciteit|pensioenuitgaven)\//.exec(file);
    if (match === null) continue;
    const calculation = match[1] as CalculationId;
    const example = content as { description?: unknown; request?: unknown };
    const description = typeof example.description === 'string' ? example.description : '';
    const old = keyFigures(calculation, a, example.request);
    const now = keyFigures(calculation, b, example.request);
    examples.push({
      calculation,
      file,
      description,
      figures: KEY_FIGURES[calculation].map((name) => ({
        name,
        old: old.figures[name] ?? null,
        new: now.figures[name] ?? null,
      })),
      problems: [old.problem, now.problem].filter((p): p is string => p !== undefined),
    });
  }

  return examples;
}

function percent(c: ValueChange): string {
  if (c.changePercent === undefined) return '';
  return `${c.changePercent > 0 ? '+' : c.changePercent < 0 ? '−' : ''}${Math.abs(c.changePercent).toFixed(1)}%`;
}

function figureCell(old: number | null, now: number | null): string {
  if (old === null && now === null) return '–';
  if (old === null || now === null) return `${old ?? '–'} → ${now ?? '–'}`;
  if (old === now) return `${now} (same)`;
  const d = now - old;
  return `${old} → ${now} (${d > 0 ? '+' : '−'}${Math.abs(d)})`;
}

function changeList(fields: readonly FieldChange[], indent = ''): string[] {
  return fields.map(
    (f) => `${indent}- ${f.field}: ${f.old === '' ? '(none)' : code(f.old)} → ${f.new === '' ? '(none)' : code(f.new)}`,
  );
}

function ruleText(r: ShownRule): string {
  const amounts = Object.entries(r.amounts)
    .map(([m, e]) => `${m} = ${code(e)}`)
    .join('; ');
  return `${code(r.id)}: ${r.description}; when ${r.when === undefined ? 'always' : code(r.when)}; ${amounts}`;
}

function amountDiffLines(
  kind: string,
  d: { added: readonly string[]; removed: readonly string[]; changed: readonly AmountDiff[] },
): string[] {
  const lines: string[] = [];
  for (const c of d.added) lines.push(`- ${kind} ${code(c)} added`);
  for (const c of d.removed) lines.push(`- ${kind} ${code(c)} removed`);
  for (const c of d.changed) {
    lines.push(`- ${kind} ${code(c.code)} changed:`);
    lines.push(...changeList(c.fields, '  '));
    for (const r of c.rules.added) lines.push(`  - rule added: ${ruleText(r)}`);
    for (const r of c.rules.removed) lines.push(`  - rule removed: ${ruleText(r)}`);
    for (const r of c.rules.changed) {
      lines.push(`  - rule ${code(r.id)} changed:`);
      lines.push(...changeList(r.fields, '    '));
    }
  }
  return lines;
}

/**
 * The Markdown of `rules diff --format md`: a heading and the two sets' ids and hashes, then one
 * section per part of a rule set. `committed`: the page committed under docs/rules/, which says
 * not to edit it.
 */
export function diffMarkdown(d: RuleSetDiff, committed = false): string {
  const lines: string[] = [
    `# Changes from ${d.from.label} to ${d.to.label}`,
    '',
    `Generated with \`budgetnorm rules diff ${d.from.label} ${d.to.label} --format md\`${committed ? '; do not edit (a test fails when the committed copy is stale)' : ''}.`,
    '',
    ...mdTable(
      ['', d.from.label, d.to.label],
      [
        ['id', code(d.from.id), code(d.to.id)],
        ['hash', code(d.from.hash), code(d.to.hash)],
      ],
    ),
    '',
    ...changeSection('Rule set', d.manifest, 'No change in title, description, status or validity.'),
    ...parametersSection(d),
    ...tablesSection(d),
    ...sourcesSection(d),
    ...changeSection('Rounding', d.rounding, 'No change.'),
    ...rulesSection(d),
    ...examplesSection(d),
  ];
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

/** A count, then a table each of changed values (with the change in %), added and removed parameters, then the other changes. */
function parametersSection(d: RuleSetDiff): string[] {
  const lines: string[] = [];
  lines.push('## Parameters', '');
  const p = d.parameters;
  lines.push(
    `${p.changed.length} changed value(s), ${p.added.length} added, ${p.removed.length} removed, ${p.annotations.length} with other changes (unit, source, provenance, description).`,
    '',
  );
  if (p.changed.length > 0) {
    lines.push('### Changed values', '');
    lines.push(
      ...mdTable(
        ['parameter', 'unit', d.from.label, d.to.label, 'change'],
        p.changed.map((c) => [code(c.name), c.unit, c.old, c.new, percent(c)]),
        ['left', 'left', 'right', 'right', 'right'],
      ),
      '',
    );
  }
  lines.push(...parameterList('Added', p.added));
  lines.push(...parameterList('Removed', p.removed));
  if (p.annotations.length > 0) {
    lines.push('### Other changes', '');
    for (const a of p.annotations) lines.push(`- ${code(a.name)}:`, ...changeList(a.fields, '  '));
    lines.push('');
  }

  return lines;
}

/** A section that lists field changes, or says `none` when there are none. */
function changeSection(heading: string, changes: readonly FieldChange[], none: string): string[] {
  return [`## ${heading}`, '', ...(changes.length > 0 ? changeList(changes) : [none]), ''];
}

/** Added or removed parameters as a table under `heading`; nothing when there are none. */
function parameterList(heading: string, list: RuleSetDiff['parameters']['added']): string[] {
  if (list.length === 0) return [];
  return [
    `### ${heading}`,
    '',
    ...mdTable(
      ['parameter', 'value', 'unit', 'description'],
      list.map((x) => [code(x.name), x.value, x.unit, x.description]),
      ['left', 'right'],
    ),
    '',
  ];
}

/** Added and removed tables, then per changed table its own fields and its cells. */
function tablesSection(d: RuleSetDiff): string[] {
  const lines: string[] = [];
  lines.push('## Tables', '');
  const t = d.tables;
  lines.push(`${t.changed.length} changed, ${t.added.length} added, ${t.removed.length} removed.`, '');
  for (const name of t.added) lines.push(`- ${code(name)} added`);
  for (const name of t.removed) lines.push(`- ${code(name)} removed`);
  if (t.added.length + t.removed.length > 0) lines.push('');
  for (const c of t.changed) {
    lines.push(`### ${code(c.name)}`, '');
    if (c.fields.length > 0) lines.push(...changeList(c.fields), '');
    const rows = [
      ...c.cells.changed.map((x) => [x.name, x.old, x.new, percent(x)]),
      ...c.cells.added.map((x) => [x.name, '(none)', x.new, 'added']),
      ...c.cells.removed.map((x) => [x.name, x.old, '(none)', 'removed']),
    ];
    if (rows.length > 0)
      lines.push(
        ...mdTable(['cell', d.from.label, d.to.label, 'change'], rows, ['left', 'right', 'right', 'right']),
        '',
      );
    if (c.annotations.length > 0) {
      for (const a of c.annotations) lines.push(`- cell ${a.name}:`, ...changeList(a.fields, '  '));
      lines.push('');
    }
  }

  return lines;
}

function sourcesSection(d: RuleSetDiff): string[] {
  const lines: string[] = [];
  lines.push('## Sources', '');
  const s = d.sources;
  if (s.added.length + s.removed.length + s.changed.length === 0) lines.push('No change.');
  for (const k of s.added) lines.push(`- ${code(k)} added`);
  for (const k of s.removed) lines.push(`- ${code(k)} removed`);
  for (const c of s.changed) lines.push(`- ${code(c.key)} changed:`, ...changeList(c.fields, '  '));
  lines.push('');

  return lines;
}

/** Per calculation: added, removed, unchanged, or what changed in its intermediate values, posts and totals. */
function rulesSection(d: RuleSetDiff): string[] {
  const lines: string[] = [];
  lines.push('## Rules', '');
  for (const c of d.calculations) {
    lines.push(`### ${c.calculation}`, '');
    if (c.status === 'added' || c.status === 'removed') lines.push(`The calculation is ${c.status}.`);
    else if (c.status === 'unchanged') lines.push('No change.');
    else {
      lines.push(...changeList(c.fields));
      lines.push(...amountDiffLines('intermediate value', c.values));
      lines.push(...amountDiffLines('post', c.posts));
      for (const x of c.totals.added) lines.push(`- total ${code(x)} added`);
      for (const x of c.totals.removed) lines.push(`- total ${code(x)} removed`);
      for (const x of c.totals.changed) lines.push(`- total ${code(x.field)}: ${code(x.old)} → ${code(x.new)}`);
    }
    lines.push('');
  }

  return lines;
}

/** Per calculation, A's worked examples with their key figures under A and under B. */
function examplesSection(d: RuleSetDiff): string[] {
  const lines: string[] = [];
  lines.push(`## Worked examples of ${d.from.label} under ${d.to.label}`, '');
  if (d.examples.length === 0)
    lines.push(`${d.from.label} has no worked examples here (they are in the tests/ folder of a rule-set folder).`, '');
  for (const calculation of CALCULATION_IDS) {
    const list = d.examples.filter((e) => e.calculation === calculation);
    if (list.length === 0) continue;
    const names = KEY_FIGURES[calculation];
    lines.push(
      `### ${calculation}`,
      '',
      `Each example's key figures computed under ${d.from.label} → under ${d.to.label} (euros per month).`,
      '',
    );
    lines.push(
      ...mdTable(
        ['example', ...names],
        list.map((e) => [
          `${code(e.file.replace(/^tests\/[^/]+\//, '').replace(/\.json$/, ''))}: ${e.description}${e.problems.length > 0 ? ` (${e.problems.join('; ')})` : ''}`,
          ...names.map((n) => {
            const f = e.figures.find((x) => x.name === n);
            return figureCell(f?.old ?? null, f?.new ?? null);
          }),
        ]),
        ['left', ...names.map(() => 'right' as const)],
      ),
      '',
    );
  }
  return lines;
}

export { sourceText, provenanceText };
