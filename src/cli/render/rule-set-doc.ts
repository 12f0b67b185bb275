/**
 * `budgetnorm rules show`: a whole rule set for review. Every parameter and table cell with
 * its value, unit, source (publisher and title) and provenance (the formula of a derived
 * value, the reasoning of an estimate), and every rule in plain words: its description, its
 * condition and its amount in readable notation. Deterministic (no dates, no paths), so the
 * Markdown of the bundled sets is committed as docs/rules/<id>.md and checked for staleness.
 */
import type { RuleSet } from '../../rules/rule-set.js';
import type { CalculationFile, Post, Value } from '../../rules/format/calculation.js';
import type { Sourced } from '../../rules/format/common.js';
import type { Expression } from '../../rules/format/expression.js';
import type { Band, Dimension, Table } from '../../rules/format/parameters.js';
import { renderCondition, renderExpression } from '../../rules/language/readable.js';
import { code, mdCell, mdTable } from './text.js';

export interface SourceRef {
  readonly key: string;
  readonly publisher: string;
  readonly title: string;
}

export interface ShownFigure {
  readonly value: string;
  readonly source: SourceRef;
  readonly locator?: string;
  readonly note?: string;
  readonly provenance: string;
  readonly formula?: string;
  readonly reasoning?: string;
}

export interface ShownRule {
  readonly id: string;
  readonly description: string;
  /** The condition in readable notation; absent: the rule always applies. */
  readonly when?: string;
  /** Per measure (`bedrag`, `basis`, …; `amount` for an intermediate value), the amount in readable notation. */
  readonly amounts: Readonly<Record<string, string>>;
  readonly notice?: { readonly code: string; readonly text: string };
}

export interface ShownAmount {
  readonly code: string;
  readonly description: string;
  readonly group?: string;
  readonly unit?: string;
  readonly combine: 'first' | 'sum';
  readonly rounding?: string;
  readonly rules: readonly ShownRule[];
}

export interface ShownRuleSet {
  readonly id: string;
  /** The method family (`nl`, `vfn`, …). */
  readonly family: string;
  readonly title: string;
  readonly description?: string;
  readonly status: string;
  readonly validFrom: string;
  readonly validUntil: string;
  readonly hash: string;
  readonly rounding: Readonly<Record<string, { decimals: number; mode: string; description: string }>>;
  readonly sources: readonly {
    key: string;
    file: string;
    publisher: string;
    title: string;
    url?: string;
    document?: string;
    period: string;
    read: string;
    note?: string;
  }[];
  readonly parameters: readonly ({ name: string; file: string; description: string; unit: string } & ShownFigure)[];
  readonly tables: readonly {
    name: string;
    file: string;
    description: string;
    unit: string;
    dimensions: Readonly<Record<string, readonly string[] | readonly Band[]>>;
    cells: readonly ({ key: Readonly<Record<string, string>> } & ShownFigure)[];
  }[];
  readonly calculations: readonly {
    calculation: string;
    description: string;
    /** The method the calculation file names, if any. */
    method?: { readonly id: string; readonly name: string };
    measures: readonly string[];
    unit: string;
    groups: readonly { code: string; description: string }[];
    values: readonly ShownAmount[];
    posts: readonly ShownAmount[];
    totals: readonly { name: string; description: string; unit: string; amount: string }[];
  }[];
}

function figure(ruleSet: RuleSet, s: Sourced): ShownFigure {
  const src = ruleSet.manifest.sources[s.source];
  return {
    value: String(s.value),
    source: { key: s.source, publisher: src?.publisher ?? '(unknown source)', title: src?.title ?? '' },
    ...(s.locator !== undefined ? { locator: s.locator } : {}),
    ...(s.note !== undefined ? { note: s.note } : {}),
    provenance: s.provenance,
    ...(s.formula !== undefined ? { formula: s.formula } : {}),
    ...(s.reasoning !== undefined ? { reasoning: s.reasoning } : {}),
  };
}

function shownRules(calc: CalculationFile, ruleSet: RuleSet, item: Post | Value): ShownRule[] {
  const tables = (name: string): Table | undefined => ruleSet.tables[name];
  // A measure the rule left to its default (`measureDefaults`) holds that measure's very
  // expression: shown as the default's name (`minimaal = bedrag`), not written out twice.
  const shown = (amounts: Readonly<Record<string, Expression>>, m: string, e: Expression): string => {
    const from = calc.measureDefaults?.[m];
    return from !== undefined && amounts[from] === e ? from : renderExpression(e, tables);
  };
  return item.rules.map((r) => ({
    id: r.id,
    description: r.description,
    ...(r.when !== undefined ? { when: renderCondition(r.when) } : {}),
    amounts:
      'amounts' in r
        ? Object.fromEntries(Object.entries(r.amounts).map(([m, e]) => [m, shown(r.amounts, m, e)]))
        : { amount: renderExpression((r as Value['rules'][number]).amount, tables) },
    ...(r.notice !== undefined ? { notice: r.notice } : {}),
  }));
}

/** The rule set as data, every condition and amount already in readable notation. */
export function showRuleSet(ruleSet: RuleSet): ShownRuleSet {
  const m = ruleSet.manifest;
  return {
    id: ruleSet.id,
    family: ruleSet.family,
    title: ruleSet.title,
    ...(m.description !== undefined ? { description: m.description } : {}),
    status: ruleSet.status,
    validFrom: ruleSet.validFrom,
    validUntil: ruleSet.validUntil,
    hash: ruleSet.hash,
    rounding: m.rounding,
    sources: Object.entries(m.sources).map(([key, s]) => ({
      key,
      file: ruleSet.origins.sources[key] ?? '',
      publisher: s.publisher,
      title: s.title,
      ...(s.url !== undefined ? { url: s.url } : {}),
      ...(s.document !== undefined ? { document: s.document } : {}),
      period: s.period,
      read: s.read,
      ...(s.note !== undefined ? { note: s.note } : {}),
    })),
    parameters: Object.entries(ruleSet.parameters).map(([name, p]) => ({
      name,
      file: ruleSet.origins.parameters[name] ?? '',
      description: p.description,
      unit: p.unit,
      ...figure(ruleSet, p),
    })),
    tables: Object.entries(ruleSet.tables).map(([name, t]) => ({
      name,
      file: ruleSet.origins.tables[name] ?? '',
      description: t.description,
      unit: t.unit,
      dimensions: Object.fromEntries(
        Object.entries(t.dimensions).map(([d, dim]) => [d, Array.isArray(dim) ? dim : dim.bands]),
      ),
      cells: t.cells.map((c) => ({ key: c.key, ...figure(ruleSet, c) })),
    })),
    calculations: Object.values(ruleSet.calculations)
      .filter((c): c is CalculationFile => c !== undefined)
      .map((calc) => ({
        calculation: calc.calculation,
        description: calc.description,
        ...(calc.method !== undefined ? { method: calc.method } : {}),
        measures: calc.measures,
        unit: calc.unit,
        groups: calc.groups ?? [],
        values: (calc.values ?? []).map((v) => ({
          code: v.id,
          description: v.description,
          unit: v.unit,
          combine: v.combine,
          rules: shownRules(calc, ruleSet, v),
        })),
        posts: calc.posts.map((p) => ({
          code: p.code,
          description: p.description,
          ...(p.group !== undefined ? { group: p.group } : {}),
          combine: p.combine,
          rounding: p.rounding,
          rules: shownRules(calc, ruleSet, p),
        })),
        totals: Object.entries(calc.totals).map(([name, t]) => ({
          name,
          description: t.description,
          unit: t.unit,
          amount: renderExpression(t.amount, (n) => ruleSet.tables[n]),
        })),
      })),
  };
}

/** `Publisher: Title, locator` */
export function sourceText(f: ShownFigure): string {
  return `${f.source.publisher}: ${f.source.title}${f.locator === undefined ? '' : `, ${f.locator}`}`;
}

/** `read`, `derived: formula`, `estimate: reasoning`. */
export function provenanceText(f: ShownFigure): string {
  const why = f.formula ?? f.reasoning;
  return `${f.provenance}${why === undefined ? '' : `: ${why}`}${f.note === undefined ? '' : ` (note: ${f.note})`}`;
}

function dimensionText(name: string, dim: readonly string[] | readonly Band[] | Dimension): string {
  const list = Array.isArray(dim) ? dim : (dim as { bands: readonly Band[] }).bands;
  const items = (list as readonly (string | Band)[]).map((d) =>
    typeof d === 'string'
      ? d
      : `${d.key} (${d.below === undefined ? `${String(d.from)} and up` : `${String(d.from)} to below ${String(d.below)}`})`,
  );
  return `${code(name)}: ${items.join(', ')}`;
}

const COMBINE_TEXT = { first: 'the first rule that applies', sum: 'the sum of every rule that applies' } as const;

function amountSection(a: ShownAmount, kind: 'value' | 'post', rounding: ShownRuleSet['rounding']): string[] {
  const lines = [`#### ${code(a.code)}: ${a.description}`, ''];
  const facts: string[] = [];
  if (a.group !== undefined) facts.push(`group ${code(a.group)}`);
  if (a.unit !== undefined) facts.push(`unit ${a.unit}`);
  if (a.rounding !== undefined) {
    const r = rounding[a.rounding];
    facts.push(`rounded by ${code(a.rounding)}${r === undefined ? '' : ` (${r.decimals} decimals, ${r.mode})`}`);
  }
  facts.push(`amount: ${COMBINE_TEXT[a.combine]}`);
  lines.push(`${kind === 'post' ? 'Post' : 'Intermediate value'}; ${facts.join('; ')}.`, '');
  a.rules.forEach((r, i) => {
    lines.push(`${i + 1}. ${code(r.id)}: ${r.description}`);
    lines.push(`   - when: ${r.when === undefined ? 'always' : code(r.when)}`);
    for (const [m, e] of Object.entries(r.amounts)) lines.push(`   - ${m} = ${code(e)}`);
    if (r.notice !== undefined) lines.push(`   - adds the warning ${code(r.notice.code)}: ${r.notice.text}`);
  });
  lines.push('');
  return lines;
}

/**
 * The Markdown of `rules show --format md`. `label`: how the set was named on the command line;
 * `committed`: the page committed under docs/rules/ for a bundled set, which says not to edit it.
 */
export function ruleSetMarkdown(ruleSet: RuleSet, label: string = ruleSet.id, committed = false): string {
  const s = showRuleSet(ruleSet);
  const lines: string[] = [
    `# Rule set ${s.id}: ${s.title}`,
    '',
    `Generated with \`budgetnorm rules show ${label} --format md\`${committed ? '; do not edit (a test fails when the committed copy of a bundled set is stale)' : ''}.`,
    '',
    ...(s.description !== undefined ? [s.description, ''] : []),
    ...summarySection(s),
    ...sourcesSection(s),
    ...roundingSection(s),
    ...parametersSection(s),
    ...tablesSection(s),
    ...rulesSections(s),
  ];
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

/** Id, family, validity, status, hash and how many calculations (and their methods) and figures the set has. */
function summarySection(s: ShownRuleSet): string[] {
  const calcs = s.calculations
    .map(
      (c) =>
        `${c.calculation} (${c.posts.length} posts${c.method === undefined ? '' : `; method ${code(c.method.id)}`})`,
    )
    .join(', ');
  return [
    ...mdTable(
      ['', ''],
      [
        ['id', code(s.id)],
        ['family', code(s.family)],
        ['valid', `${s.validFrom} to ${s.validUntil} (inclusive)`],
        ['status', s.status],
        ['hash', code(s.hash)],
        ['calculations', calcs || 'none'],
        [
          'figures',
          `${s.parameters.length} parameters, ${s.tables.length} tables (${s.tables.reduce((n, t) => n + t.cells.length, 0)} cells), ${s.sources.length} sources`,
        ],
      ],
    ),
    '',
  ];
}

/** A `##` section that is one table. */
function tableSection(heading: string, ...table: Parameters<typeof mdTable>): string[] {
  return [`## ${heading}`, '', ...mdTable(...table), ''];
}

function sourcesSection(s: ShownRuleSet): string[] {
  return tableSection(
    'Sources',
    ['key', 'publisher', 'title', 'period', 'where', 'read on'],
    s.sources.map((src) => [
      code(src.key),
      src.publisher,
      src.title + (src.note === undefined ? '' : ` (${src.note})`),
      src.period,
      src.url ?? src.document ?? '',
      src.read,
    ]),
  );
}

function roundingSection(s: ShownRuleSet): string[] {
  return tableSection(
    'Rounding',
    ['policy', 'decimals', 'mode', 'description'],
    Object.entries(s.rounding).map(([name, r]) => [code(name), String(r.decimals), r.mode, r.description]),
    ['left', 'right'],
  );
}

/** Every parameter with its value, source and provenance. */
function parametersSection(s: ShownRuleSet): string[] {
  return [
    '## Parameters',
    '',
    `${s.parameters.length} parameters. Provenance: **read** in the source, **derived** by the formula shown, **estimate** (budgetnorm's own, with its reasoning), **to-verify** (from a secondary source, still to check).`,
    '',
    ...mdTable(
      ['parameter', 'value', 'unit', 'description', 'source', 'provenance', 'file'],
      s.parameters.map((p) => [code(p.name), p.value, p.unit, p.description, sourceText(p), provenanceText(p), p.file]),
      ['left', 'right'],
    ),
    '',
  ];
}

/** Per table its dimensions, then every cell with its source and provenance. */
function tablesSection(s: ShownRuleSet): string[] {
  const lines: string[] = [];
  lines.push('## Tables', '');
  for (const t of s.tables) {
    lines.push(`### ${code(t.name)}`, '', `${t.description}. Unit ${t.unit}; in ${t.file}.`, '');
    lines.push(
      `Dimensions: ${Object.entries(t.dimensions)
        .map(([d, dim]) => dimensionText(d, dim))
        .join('; ')}.`,
      '',
    );
    const dims = Object.keys(t.dimensions);
    lines.push(
      ...mdTable(
        [...dims, 'value', 'source', 'provenance'],
        t.cells.map((c) => [...dims.map((d) => c.key[d] ?? ''), c.value, sourceText(c), provenanceText(c)]),
        [...dims.map(() => 'left' as const), 'right'],
      ),
      '',
    );
  }
  return lines;
}

/** Per calculation its groups, intermediate values, posts (each rule in readable notation) and totals. */
function rulesSections(s: ShownRuleSet): string[] {
  const lines: string[] = [];
  for (const c of s.calculations) {
    lines.push(`## Rules: ${c.calculation}`, '', c.description, '');
    if (c.method !== undefined) lines.push(`Method: ${c.method.name} (\`${c.method.id}\`).`, '');
    lines.push(
      `Amounts per post: ${c.measures.map(code).join(', ')} (${c.unit}). Conditions and amounts are written with the facts of the household (e.g. ${code('age')}, ${code('householdType')}), parameters and tables by name, ${code('×')} for times and ${code('−')} for minus.`,
      '',
    );
    if (c.groups.length > 0) {
      lines.push(
        ...mdTable(
          ['group', 'description'],
          c.groups.map((g) => [code(g.code), g.description]),
        ),
        '',
      );
    }
    if (c.values.length > 0) {
      lines.push('### Intermediate values', '');
      for (const v of c.values) lines.push(...amountSection(v, 'value', s.rounding));
    }
    lines.push('### Posts', '');
    for (const p of c.posts) lines.push(...amountSection(p, 'post', s.rounding));
    lines.push('### Totals', '');
    for (const t of c.totals) lines.push(`- ${code(t.name)} (${t.unit}): ${t.description}`, `  = ${code(t.amount)}`);
    lines.push('');
  }
  return lines;
}

export { mdCell };
