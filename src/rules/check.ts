/**
 * Cross-checks of a parsed rule set, after each file has passed its schema: every
 * referenced source, parameter, table cell, fact, value, post, rounding policy and operator
 * exists; facts are used where their scope allows; enumerated values in conditions exist;
 * tables have a cell for every value a fact can take; units agree where amounts meet; no
 * post or value depends on itself. Coverage (a rule for every household) is checked
 * separately by the sweep in coverage.ts, on the compiled program.
 */
import type { RuleSetIssue } from '../contract/errors.js';
import { CALCULATION_SPECS } from './calculation-spec.js';
import { FACT_CATALOGS, ITEM_PREFIX, PARAM_FACT_PREFIX, type FactCatalog, type FactDefinition } from './facts.js';
import type { CalculationFile, CalculationId } from './format/calculation.js';
import type { Condition } from './format/condition.js';
import type { Collection, Expression } from './format/expression.js';
import type { Manifest } from './format/manifest.js';
import type { Parameter, Table } from './format/parameters.js';
import type { RuleOrigins } from './rule-set.js';
import { jsonPath } from './zod-issues.js';
import { combineUnits, formatUnit, parseUnit, sameUnit } from './units.js';

export interface ParsedRuleFiles {
  readonly manifest: Manifest;
  readonly parameters: Readonly<Record<string, Parameter>>;
  readonly tables: Readonly<Record<string, Table>>;
  readonly calculations: Readonly<Partial<Record<CalculationId, CalculationFile>>>;
  readonly origins: RuleOrigins;
}

type Path = readonly (string | number)[];

/** Runs every cross-check; returns all problems found (empty when the set is sound). */
export function checkRuleSet(set: ParsedRuleFiles): RuleSetIssue[] {
  const issues: RuleSetIssue[] = [];
  const report = (file: string, path: Path, code: string, message: string): void => {
    issues.push({ file, path: jsonPath(path), code, message });
  };

  // Manifest
  if (set.manifest.validFrom > set.manifest.validUntil) {
    report(
      'manifest.json',
      ['validUntil'],
      'invalid_validity',
      `validUntil ${set.manifest.validUntil} is before validFrom ${set.manifest.validFrom}`,
    );
  }
  const checkSource = (file: string, path: Path, source: string): void => {
    if (set.manifest.sources[source] === undefined) {
      report(
        file,
        [...path, 'source'],
        'missing_source',
        `source "${source}" is not in the manifest's sources register`,
      );
    }
  };

  // Parameters
  for (const [name, p] of Object.entries(set.parameters))
    checkSource(set.origins.parameters[name] ?? 'parameters.json', ['parameters', name], p.source);

  // Tables
  for (const [name, table] of Object.entries(set.tables)) {
    checkTable(name, table, set.origins.tables[name] ?? 'tables.json', report, checkSource);
  }

  // Calculations
  for (const [id, calc] of Object.entries(set.calculations) as [CalculationId, CalculationFile][]) {
    checkCalculation(set, id, calc, report);
  }
  return issues;
}

function checkTable(
  name: string,
  table: Table,
  file: string,
  report: (file: string, path: Path, code: string, message: string) => void,
  checkSource: (file: string, path: Path, source: string) => void,
): void {
  const base: Path = ['tables', name];
  const dims = Object.entries(table.dimensions);
  for (const [dim, d] of dims) {
    if (Array.isArray(d)) {
      if (new Set(d).size !== d.length)
        report(file, [...base, 'dimensions', dim], 'duplicate_key', `dimension ${dim} lists a value twice`);
      continue;
    }
    d.bands.forEach((band, i) => {
      const next = d.bands[i + 1];
      if (band.below !== undefined && Number(band.below) <= Number(band.from)) {
        report(
          file,
          [...base, 'dimensions', dim, 'bands', i],
          'invalid_band',
          `band ${band.key} is empty: below (${band.below}) must exceed from (${band.from})`,
        );
      }
      if (next !== undefined) {
        if (band.below === undefined)
          report(
            file,
            [...base, 'dimensions', dim, 'bands', i],
            'invalid_band',
            `band ${band.key} has no upper end but is not the last band`,
          );
        else if (Number(next.from) !== Number(band.below)) {
          report(
            file,
            [...base, 'dimensions', dim, 'bands', i + 1],
            'band_gap',
            `band ${next.key} starts at ${next.from}, but the band before it ends below ${band.below}: bands must follow each other without gap or overlap`,
          );
        }
      }
    });
  }
  const seen = new Set<string>();
  table.cells.forEach((cell, i) => {
    const path: Path = [...base, 'cells', i];
    checkSource(file, path, cell.source);
    for (const key of Object.keys(cell.key)) {
      if (table.dimensions[key] === undefined)
        report(file, [...path, 'key', key], 'unknown_dimension', `table ${name} has no dimension ${key}`);
    }
    for (const [dim, d] of dims) {
      const v = cell.key[dim];
      if (v === undefined) {
        report(file, [...path, 'key'], 'missing_dimension', `cell key lacks dimension ${dim}`);
        continue;
      }
      const allowed = Array.isArray(d) ? d : d.bands.map((b) => b.key);
      if (!allowed.includes(v))
        report(file, [...path, 'key', dim], 'unknown_value', `${dim} "${v}" is not one of ${allowed.join(', ')}`);
    }
    const id = dims.map(([dim]) => cell.key[dim] ?? '').join('|');
    if (seen.has(id)) report(file, path, 'duplicate_cell', `a second cell for ${id}`);
    seen.add(id);
  });
}

interface CalcContext {
  readonly set: ParsedRuleFiles;
  readonly file: string;
  readonly calc: CalculationFile;
  readonly catalog: FactCatalog;
  readonly report: (path: Path, code: string, message: string) => void;
  /** Dependencies of the post/value being checked, for the cycle check. */
  deps: Set<string>;
}

function checkCalculation(
  set: ParsedRuleFiles,
  id: CalculationId,
  calc: CalculationFile,
  report: (file: string, path: Path, code: string, message: string) => void,
): void {
  const file = `${id}.json`;
  const r = (path: Path, code: string, message: string): void => report(file, path, code, message);
  const spec = CALCULATION_SPECS[id];
  if (calc.calculation !== id)
    r(['calculation'], 'wrong_calculation', `file ${file} declares calculation "${calc.calculation}"`);
  if (calc.measures.join(',') !== spec.measures.join(',')) {
    const hints = spec.measures.filter((m) => !calc.measures.includes(m)).map((m) => spec.measureHints?.[m]);
    r(
      ['measures'],
      'wrong_measures',
      [`${id} posts carry the measures ${spec.measures.join(', ')}; found ${calc.measures.join(', ')}`, ...hints]
        .filter((line) => line !== undefined)
        .join('. '),
    );
  }
  if (!sameUnit(calc.unit, spec.unit)) r(['unit'], 'unit_mismatch', `${id} amounts are in ${spec.unit}`);
  checkMeasureDefaults(calc, r);
  for (const total of spec.totals) {
    if (calc.totals[total] === undefined) r(['totals'], 'missing_total', `${id} needs a total named ${total}`);
  }
  for (const name of Object.keys(calc.totals)) {
    if (!spec.totals.includes(name))
      r(
        ['totals', name],
        'unknown_total',
        `${id} reports no total named ${name}; it reports ${spec.totals.join(', ') || 'none'}`,
      );
  }
  const groups = new Set((calc.groups ?? []).map((g) => g.code));
  if (spec.groupsRequired && groups.size === 0)
    r(['groups'], 'missing_groups', `${id} posts are grouped: declare the groups`);

  const unique = (
    items: readonly { readonly code?: string; readonly id?: string }[],
    listPath: string,
    what: string,
  ): void => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const key = item.code ?? item.id ?? '';
      if (seen.has(key)) r([listPath, i], 'duplicate_id', `a second ${what} ${key}`);
      seen.add(key);
    });
  };
  unique(calc.posts, 'posts', 'post');
  unique(calc.values ?? [], 'values', 'value');
  const ruleIds = new Set<string>();
  const checkRuleId = (path: Path, ruleId: string): void => {
    if (ruleIds.has(ruleId))
      r(
        [...path, 'id'],
        'duplicate_id',
        `a second rule ${ruleId} in ${file}: rule ids identify rules in explanations and must be unique`,
      );
    ruleIds.add(ruleId);
  };

  const ctx: CalcContext = { set, file, calc, catalog: FACT_CATALOGS[id], report: r, deps: new Set() };
  const graph = new Map<string, Set<string>>();

  calc.posts.forEach((post, i) => {
    const base: Path = ['posts', i];
    if (set.manifest.rounding[post.rounding] === undefined)
      r([...base, 'rounding'], 'dangling_reference', `no rounding policy "${post.rounding}" in the manifest`);
    if (post.group !== undefined && !groups.has(post.group))
      r([...base, 'group'], 'dangling_reference', `no group "${post.group}" in groups`);
    if (spec.groupsRequired && post.group === undefined)
      r([...base], 'missing_group', `post ${post.code} needs a group`);
    ctx.deps = new Set();
    post.rules.forEach((rule, j) => {
      const rp: Path = [...base, 'rules', j];
      checkRuleId(rp, rule.id);
      if (rule.when !== undefined) checkCondition(ctx, rule.when, [...rp, 'when'], undefined);
      for (const m of calc.measures) {
        const e = rule.amounts[m];
        if (e === undefined) {
          // A measure with a default takes the default measure's amount (checked as that one).
          if (!hasDefault(calc, m))
            r([...rp, 'amounts'], 'missing_measure', `rule ${rule.id} gives no amount for ${m}`);
          continue;
        }
        const unit = checkExpression(ctx, e, [...rp, 'amounts', m], undefined);
        expectUnit(ctx, unit, calc.unit, [...rp, 'amounts', m]);
      }
      for (const m of Object.keys(rule.amounts)) {
        if (!calc.measures.includes(m))
          r([...rp, 'amounts', m], 'unknown_measure', `${m} is not a measure of ${id} (${calc.measures.join(', ')})`);
      }
    });
    graph.set(`post ${post.code}`, ctx.deps);
  });
  (calc.values ?? []).forEach((value, i) => {
    const base: Path = ['values', i];
    ctx.deps = new Set();
    value.rules.forEach((rule, j) => {
      const rp: Path = [...base, 'rules', j];
      checkRuleId(rp, rule.id);
      if (rule.when !== undefined) checkCondition(ctx, rule.when, [...rp, 'when'], undefined);
      expectUnit(ctx, checkExpression(ctx, rule.amount, [...rp, 'amount'], undefined), value.unit, [...rp, 'amount']);
    });
    graph.set(`value ${value.id}`, ctx.deps);
  });
  for (const [name, total] of Object.entries(calc.totals)) {
    ctx.deps = new Set();
    if (!sameUnit(total.unit, calc.unit))
      r(
        ['totals', name, 'unit'],
        'unit_mismatch',
        `total ${name} is in ${total.unit}, but ${id} reports amounts in ${calc.unit}`,
      );
    expectUnit(ctx, checkExpression(ctx, total.amount, ['totals', name, 'amount'], undefined), total.unit, [
      'totals',
      name,
      'amount',
    ]);
  }

  for (const cycle of findCycles(graph)) {
    const [first] = cycle;
    const index = first?.startsWith('post ')
      ? calc.posts.findIndex((p) => `post ${p.code}` === first)
      : (calc.values ?? []).findIndex((v) => `value ${v.id}` === first);
    r(
      [first?.startsWith('post ') ? 'posts' : 'values', index],
      'cycle',
      `circular dependency: ${[...cycle, first].join(' → ')}`,
    );
  }
}

function expectUnit(ctx: CalcContext, unit: string | null | undefined, expected: string, path: Path): void {
  if (unit === undefined || unit === null) return;
  if (!sameUnit(unit, expected)) ctx.report(path, 'unit_mismatch', `amount is in ${unit}, expected ${expected}`);
}

/** The definition of a fact as seen from a scope; undefined when not visible there. */
function factIn(ctx: CalcContext, name: string, scope: Collection | undefined): FactDefinition | undefined {
  const household = ctx.catalog.facts.get(name);
  if (household !== undefined) return household;
  if (scope !== undefined && name.startsWith(ITEM_PREFIX[scope])) return ctx.catalog.items[scope].get(name);
  return undefined;
}

function describeMissingFact(ctx: CalcContext, name: string, scope: Collection | undefined): string {
  for (const [collection, prefix] of Object.entries(ITEM_PREFIX) as [Collection, string][]) {
    if (name.startsWith(prefix) && ctx.catalog.items[collection].has(name) && scope !== collection) {
      return `fact ${name} is a fact of one item of ${collection}: use it inside a sum or count over ${collection}`;
    }
  }
  const known = [...ctx.catalog.facts.keys()].join(', ');
  return `unknown fact ${name} for ${ctx.catalog.calculation}; known facts: ${known}`;
}

function checkCondition(ctx: CalcContext, c: Condition, path: Path, scope: Collection | undefined): void {
  if ('all' in c || 'any' in c) {
    const [key, parts] = 'all' in c ? (['all', c.all] as const) : (['any', c.any] as const);
    parts.forEach((x, i) => {
      checkCondition(ctx, x, [...path, key, i], scope);
    });
    return;
  }
  if ('not' in c) {
    checkCondition(ctx, c.not, [...path, 'not'], scope);
    return;
  }

  const side = (fact: string, p: Path): { def?: FactDefinition; unit?: string; numeric?: boolean } | undefined => {
    if (fact.startsWith(PARAM_FACT_PREFIX)) {
      const name = fact.slice(PARAM_FACT_PREFIX.length);
      const param = ctx.set.parameters[name];
      if (param === undefined) {
        ctx.report(
          p,
          'dangling_reference',
          `unknown parameter ${name} (conditions read parameters as facts named param:<name>)`,
        );
        return undefined;
      }
      return { unit: param.unit, numeric: true };
    }
    const def = factIn(ctx, fact, scope);
    if (def === undefined) {
      ctx.report(p, 'unknown_fact', describeMissingFact(ctx, fact, scope));
      return undefined;
    }
    return { def, ...(def.unit !== undefined ? { unit: def.unit } : {}), numeric: def.domain.kind === 'number' };
  };
  const left = side(c.fact, [...path, 'fact']);
  if (left === undefined) return;
  if (c.path !== undefined)
    ctx.report([...path, 'path'], 'invalid_path', `fact ${c.fact} is a plain value: a path would be ignored`);
  const numericOp = ['lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive'].includes(c.operator);
  if (numericOp && left.numeric === false)
    ctx.report(
      [...path, 'operator'],
      'operator_mismatch',
      `${c.operator} compares numbers, but ${c.fact} is not a number`,
    );
  if (c.operator === 'contains' || c.operator === 'doesNotContain') {
    ctx.report(
      [...path, 'operator'],
      'operator_mismatch',
      `${c.operator} needs a list-valued fact; ${c.fact} is a single value, so the condition could never hold`,
    );
  }
  const value = c.value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    if (value.path !== undefined)
      ctx.report(
        [...path, 'value', 'path'],
        'invalid_path',
        `fact ${value.fact} is a plain value: a path would be ignored`,
      );
    const right = side(value.fact, [...path, 'value', 'fact']);
    if (right?.unit !== undefined && left.unit !== undefined && !sameUnit(right.unit, left.unit)) {
      ctx.report(
        [...path, 'value'],
        'unit_mismatch',
        `compares ${c.fact} (${left.unit}) with ${value.fact} (${right.unit})`,
      );
    }
    if (c.operator === 'in' || c.operator === 'notIn')
      ctx.report([...path, 'value'], 'operator_mismatch', `${c.operator} needs a list of values`);
    return;
  }
  if ((c.operator === 'in' || c.operator === 'notIn') && !Array.isArray(value)) {
    ctx.report([...path, 'value'], 'operator_mismatch', `${c.operator} needs a list of values`);
    return;
  }
  if (Array.isArray(value) && value.length === 0) {
    ctx.report(
      [...path, 'value'],
      'operator_mismatch',
      `an empty list: ${c.operator} would ${c.operator === 'notIn' ? 'always' : 'never'} hold`,
    );
    return;
  }
  if (c.fact.startsWith(PARAM_FACT_PREFIX) && typeof value !== 'number') {
    ctx.report([...path, 'value'], 'unknown_value', `${c.fact} is a number, not ${JSON.stringify(value)}`);
    return;
  }
  if (numericOp && typeof value !== 'number')
    ctx.report([...path, 'value'], 'operator_mismatch', `${c.operator} needs a number to compare with`);
  const domain = left.def?.domain;
  const values = Array.isArray(value) ? value : [value];
  for (const v of values) {
    if (domain?.kind === 'enum' && (typeof v !== 'string' || !domain.values.includes(v))) {
      ctx.report(
        [...path, 'value'],
        'unknown_value',
        `${JSON.stringify(v)} is not a value of ${c.fact} (${domain.values.join(', ')})`,
      );
    } else if (domain?.kind === 'boolean' && typeof v !== 'boolean') {
      ctx.report([...path, 'value'], 'unknown_value', `${c.fact} is true or false, not ${JSON.stringify(v)}`);
    } else if (
      domain?.kind === 'number' &&
      (c.operator === 'equal' || c.operator === 'notEqual' || c.operator === 'in' || c.operator === 'notIn') &&
      typeof v !== 'number'
    ) {
      ctx.report([...path, 'value'], 'unknown_value', `${c.fact} is a number, not ${JSON.stringify(v)}`);
    }
  }
}

/**
 * Checks an expression and infers its unit: a string, `null` for a unit-less constant
 * (which takes whatever unit its neighbours have), or undefined after an error.
 */
function checkExpression(
  ctx: CalcContext,
  e: Expression,
  path: Path,
  scope: Collection | undefined,
): string | null | undefined {
  const { set, calc, report } = ctx;
  if ('const' in e) return e.unit ?? null;
  if ('param' in e) {
    const p = set.parameters[e.param];
    if (p === undefined) report([...path, 'param'], 'dangling_reference', `unknown parameter ${e.param}`);
    return p?.unit;
  }
  if ('table' in e) return checkTableLookup(ctx, e.table, e.key, path, scope);
  if ('fact' in e) {
    const def = factIn(ctx, e.fact, scope);
    if (def === undefined) {
      report([...path, 'fact'], 'unknown_fact', describeMissingFact(ctx, e.fact, scope));
      return undefined;
    }
    if (def.domain.kind !== 'number') {
      report([...path, 'fact'], 'fact_not_numeric', `fact ${e.fact} is not a number and cannot be used in arithmetic`);
      return undefined;
    }
    return def.unit ?? '1';
  }
  if ('value' in e) {
    const v = (calc.values ?? []).find((x) => x.id === e.value);
    if (v === undefined) {
      report([...path, 'value'], 'dangling_reference', `unknown value ${e.value}`);
      return undefined;
    }
    ctx.deps.add(`value ${v.id}`);
    return v.unit;
  }
  if ('post' in e) {
    if (!calc.posts.some((p) => p.code === e.post))
      report([...path, 'post'], 'dangling_reference', `unknown post ${e.post}`);
    else ctx.deps.add(`post ${e.post}`);
    checkMeasure(ctx, e.measure, path);
    return calc.unit;
  }
  if ('sumPosts' in e) {
    const { group, measure } = e.sumPosts;
    if (group !== undefined && !(calc.groups ?? []).some((g) => g.code === group)) {
      report([...path, 'sumPosts', 'group'], 'dangling_reference', `unknown group ${group}`);
    }
    for (const p of calc.posts) if (group === undefined || p.group === group) ctx.deps.add(`post ${p.code}`);
    checkMeasure(ctx, measure, [...path, 'sumPosts']);
    return calc.unit;
  }
  const same = (list: readonly Expression[], key: string): string | null | undefined => {
    let unit: string | null = null;
    let failed = false;
    list.forEach((x, i) => {
      const u = checkExpression(ctx, x, [...path, key, i], scope);
      if (u === undefined) failed = true;
      else if (u !== null) {
        if (unit !== null && !sameUnit(unit, u)) {
          report([...path, key, i], 'unit_mismatch', `${key} of ${unit} and ${u}: amounts must be in the same unit`);
          failed = true;
        } else unit = u;
      }
    });
    return failed ? undefined : unit;
  };
  if ('add' in e) return same(e.add, 'add');
  if ('subtract' in e) return same(e.subtract, 'subtract');
  if ('min' in e) return same(e.min, 'min');
  if ('max' in e) return same(e.max, 'max');
  if ('multiply' in e || 'divide' in e) {
    const key = 'multiply' in e ? 'multiply' : 'divide';
    const list = 'multiply' in e ? e.multiply : e.divide;
    const units = list.map((x, i) => checkExpression(ctx, x, [...path, key, i], scope));
    if (units.some((u) => u === undefined)) return undefined;
    if ('divide' in e && 'const' in e.divide[1] && Number(e.divide[1].const) === 0) {
      report([...path, 'divide', 1], 'division_by_zero', 'division by the constant 0');
    }
    let acc = parseUnit('1');
    units.forEach((u, i) => {
      acc = combineUnits(acc, parseUnit(u ?? '1'), key === 'divide' && i > 0 ? -1 : 1);
    });
    return formatUnit(acc);
  }
  if ('sum' in e) {
    if (scope !== undefined)
      report([...path, 'sum'], 'nested_collection', `a sum inside a sum over ${scope} is not supported`);
    if (e.sum.when !== undefined) checkCondition(ctx, e.sum.when, [...path, 'sum', 'when'], e.sum.over);
    return checkExpression(ctx, e.sum.amount, [...path, 'sum', 'amount'], e.sum.over);
  }
  if ('count' in e) {
    if (scope !== undefined)
      report([...path, 'count'], 'nested_collection', `a count inside a sum over ${scope} is not supported`);
    if (e.count.when !== undefined) checkCondition(ctx, e.count.when, [...path, 'count', 'when'], e.count.over);
    return '1';
  }
  if ('round' in e) {
    if (set.manifest.rounding[e.policy] === undefined)
      report([...path, 'policy'], 'dangling_reference', `no rounding policy "${e.policy}" in the manifest`);
    return checkExpression(ctx, e.round, [...path, 'round'], scope);
  }
  if ('if' in e) {
    checkCondition(ctx, e.if, [...path, 'if'], scope);
    return same([e.then, e.else], 'if');
  }
  report(path, 'unknown_operator', 'unknown expression operator');
  return undefined;
}

/** Whether a rule may leave measure `m` out: it has a default, itself a measure without one. */
function hasDefault(calc: CalculationFile, m: string): boolean {
  const from = calc.measureDefaults?.[m];
  return from !== undefined && calc.measures.includes(from) && calc.measureDefaults?.[from] === undefined;
}

/** `measureDefaults` names measures of the calculation, each defaulting to another that has no default itself. */
function checkMeasureDefaults(calc: CalculationFile, r: (path: Path, code: string, message: string) => void): void {
  for (const [m, from] of Object.entries(calc.measureDefaults ?? {})) {
    const path: Path = ['measureDefaults', m];
    if (!calc.measures.includes(m)) r(path, 'unknown_measure', `${m} is not a measure (${calc.measures.join(', ')})`);
    else if (!calc.measures.includes(from))
      r(path, 'unknown_measure', `${from} is not a measure (${calc.measures.join(', ')})`);
    else if (from === m || calc.measureDefaults?.[from] !== undefined)
      r(path, 'invalid_default', `${m} defaults to ${from}, which must be another measure with an amount of its own`);
  }
}

function checkMeasure(ctx: CalcContext, measure: string | undefined, path: Path): void {
  const { measures } = ctx.calc;
  if (measure === undefined) {
    if (measures.length > 1) ctx.report(path, 'measure_required', `name the measure (${measures.join(', ')})`);
  } else if (!measures.includes(measure)) {
    ctx.report([...path, 'measure'], 'unknown_measure', `${measure} is not a measure (${measures.join(', ')})`);
  }
}

function checkTableLookup(
  ctx: CalcContext,
  name: string,
  key: Readonly<Record<string, string | { fact: string }>>,
  path: Path,
  scope: Collection | undefined,
): string | undefined {
  const table = ctx.set.tables[name];
  if (table === undefined) {
    ctx.report([...path, 'table'], 'dangling_reference', `unknown table ${name}`);
    return undefined;
  }
  const dims = Object.entries(table.dimensions);
  for (const k of Object.keys(key)) {
    if (table.dimensions[k] === undefined)
      ctx.report([...path, 'key', k], 'unknown_dimension', `table ${name} has no dimension ${k}`);
  }
  // The values each dimension can take at this lookup; every combination needs a cell.
  const options: string[][] = [];
  for (const [dim, d] of dims) {
    const k = key[dim];
    const p: Path = [...path, 'key', dim];
    const allowed = Array.isArray(d) ? d : d.bands.map((b) => b.key);
    if (k === undefined) {
      ctx.report([...path, 'key'], 'missing_dimension', `lookup in ${name} needs a key for dimension ${dim}`);
      return table.unit;
    }
    if (typeof k === 'string') {
      if (!allowed.includes(k)) ctx.report(p, 'unknown_value', `${dim} "${k}" is not one of ${allowed.join(', ')}`);
      options.push([k]);
      continue;
    }
    const def = factIn(ctx, k.fact, scope);
    if (def === undefined) {
      ctx.report([...p, 'fact'], 'unknown_fact', describeMissingFact(ctx, k.fact, scope));
      return table.unit;
    }
    if (Array.isArray(d)) {
      if (def.domain.kind !== 'enum') {
        ctx.report(
          [...p, 'fact'],
          'fact_mismatch',
          `dimension ${dim} is a list of categories; fact ${k.fact} is not a category`,
        );
        return table.unit;
      }
      const missing = def.domain.values.filter((v) => !d.includes(v));
      if (missing.length > 0)
        ctx.report(
          [...p, 'fact'],
          'uncovered_value',
          `table ${name} dimension ${dim} has no entry for ${k.fact} = ${missing.join(', ')}`,
        );
      options.push(def.domain.values.filter((v) => d.includes(v)));
    } else {
      if (def.domain.kind !== 'number') {
        ctx.report(
          [...p, 'fact'],
          'fact_mismatch',
          `dimension ${dim} has numeric bands; fact ${k.fact} is not a number`,
        );
        return table.unit;
      }
      const first = d.bands[0];
      const last = d.bands[d.bands.length - 1];
      if (first !== undefined && Number(first.from) > def.domain.min) {
        ctx.report(
          [...p, 'fact'],
          'uncovered_value',
          `bands of ${name}.${dim} start at ${first.from}, but ${k.fact} can be ${def.domain.min}`,
        );
      }
      if (last?.below !== undefined && Number(last.below) <= def.domain.max) {
        ctx.report(
          [...p, 'fact'],
          'uncovered_value',
          `bands of ${name}.${dim} end below ${last.below}, but ${k.fact} can be ${def.domain.max}`,
        );
      }
      options.push(d.bands.map((b) => b.key));
    }
  }
  const present = new Set(table.cells.map((c) => dims.map(([dim]) => c.key[dim]).join('|')));
  const combos = options.reduce<string[][]>((acc, opts) => acc.flatMap((a) => opts.map((o) => [...a, o])), [[]]);
  const missing = combos.filter((c) => !present.has(c.join('|')));
  if (missing.length > 0) {
    const shown = missing
      .slice(0, 5)
      .map((c) => dims.map(([dim], i) => `${dim}=${c[i]}`).join(', '))
      .join('; ');
    ctx.report(
      [...path, 'table'],
      'missing_table_cell',
      `table ${name} has no cell for ${shown}${missing.length > 5 ? ` (and ${missing.length - 5} more)` : ''}`,
    );
  }
  return table.unit;
}

/** Cycles in a dependency graph, each as the list of nodes on it. */
function findCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    const s = state.get(node);
    if (s === 'done') return;
    if (s === 'visiting') {
      cycles.push(stack.slice(stack.indexOf(node)));
      return;
    }
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) visit(node);
  return cycles;
}
