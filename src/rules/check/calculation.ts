/**
 * Checks of one calculation file: it has what its calculation needs (measures, unit,
 * totals, groups), its ids are unique, and each post's, value's and total's conditions and
 * amounts check out in units; no post or value depends on itself.
 */
import { CALCULATION_SPECS, type CalculationSpec } from '../calculation-spec.js';
import { FACT_CATALOGS } from '../facts.js';
import type { CalculationFile, CalculationId, PostRule, ValueRule } from '../format/calculation.js';
import type { Manifest } from '../format/manifest.js';
import type { Parameter, Table } from '../format/parameters.js';
import type { Path } from '../language/unit.js';
import { sameUnit } from '../units.js';
import { findCycles } from './cycles.js';
import { expectUnit } from './expressions.js';
import { calcScope, type CalcScope } from './scope.js';
import type { FileReport } from './tables.js';

interface RuleSetParts {
  readonly manifest: Manifest;
  readonly parameters: Readonly<Record<string, Parameter>>;
  readonly tables: Readonly<Record<string, Table>>;
}

type Report = (path: Path, code: string, message: string) => void;

export function checkCalculation(
  set: RuleSetParts,
  id: CalculationId,
  calc: CalculationFile,
  report: FileReport,
): void {
  const file = `${id}.json`;
  const r: Report = (path, code, message) => report(file, path, code, message);
  const spec = CALCULATION_SPECS[id];
  checkAgainstSpec(id, file, calc, spec, r);
  unique(calc.posts, 'posts', 'post', r);
  unique(calc.values ?? [], 'values', 'value', r);
  const c = calcScope(set, calc, FACT_CATALOGS[id], r);
  const checkRule = ruleChecker(c, file);
  const graph = new Map<string, Set<string>>();
  const groups = new Set((calc.groups ?? []).map((g) => g.code));

  calc.posts.forEach((post, i) => {
    const base: Path = ['posts', i];
    if (set.manifest.rounding[post.rounding] === undefined)
      r([...base, 'rounding'], 'dangling_reference', `no rounding policy "${post.rounding}" in the manifest`);
    if (post.group !== undefined && !groups.has(post.group))
      r([...base, 'group'], 'dangling_reference', `no group "${post.group}" in groups`);
    if (spec.groupsRequired && post.group === undefined)
      r([...base], 'missing_group', `post ${post.code} needs a group`);
    graph.set(`post ${post.code}`, c.collectDependencies());
    post.rules.forEach((rule, j) => {
      const rp: Path = [...base, 'rules', j];
      checkRule(rule, rp);
      checkPostAmounts(c, id, rule, rp);
    });
  });
  (calc.values ?? []).forEach((value, i) => {
    graph.set(`value ${value.id}`, c.collectDependencies());
    value.rules.forEach((rule, j) => {
      const rp: Path = ['values', i, 'rules', j];
      checkRule(rule, rp);
      expectUnit(c, c.expression(rule.amount, [...rp, 'amount'], undefined), value.unit, [...rp, 'amount']);
    });
  });
  for (const [name, total] of Object.entries(calc.totals)) {
    c.collectDependencies();
    if (!sameUnit(total.unit, calc.unit))
      r(
        ['totals', name, 'unit'],
        'unit_mismatch',
        `total ${name} is in ${total.unit}, but ${id} reports amounts in ${calc.unit}`,
      );
    const at: Path = ['totals', name, 'amount'];
    expectUnit(c, c.expression(total.amount, at, undefined), total.unit, at);
  }
  reportCycles(calc, graph, r);
}

/** The calculation file has the measures, unit, totals and groups its calculation needs. */
function checkAgainstSpec(
  id: CalculationId,
  file: string,
  calc: CalculationFile,
  spec: CalculationSpec,
  r: Report,
): void {
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
  if (spec.groupsRequired && (calc.groups ?? []).length === 0)
    r(['groups'], 'missing_groups', `${id} posts are grouped: declare the groups`);
}

/** Posts (by code) and values (by id) are named once each. */
function unique(
  items: readonly { readonly code?: string; readonly id?: string }[],
  listPath: string,
  what: string,
  r: Report,
): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = item.code ?? item.id ?? '';
    if (seen.has(key)) r([listPath, i], 'duplicate_id', `a second ${what} ${key}`);
    seen.add(key);
  });
}

/** Checks what every rule has, posts' and values' alike: a unique id and a sound condition. */
function ruleChecker(c: CalcScope, file: string): (rule: PostRule | ValueRule, path: Path) => void {
  const ruleIds = new Set<string>();
  return (rule, path) => {
    if (ruleIds.has(rule.id))
      c.report(
        [...path, 'id'],
        'duplicate_id',
        `a second rule ${rule.id} in ${file}: rule ids identify rules in explanations and must be unique`,
      );
    ruleIds.add(rule.id);
    if (rule.when !== undefined) c.condition(rule.when, [...path, 'when'], undefined);
  };
}

/** A post rule has an amount for each measure of the calculation, in its unit, and for no other. */
function checkPostAmounts(c: CalcScope, id: CalculationId, rule: PostRule, rp: Path): void {
  const { measures, unit } = c.calc;
  for (const m of measures) {
    const e = rule.amounts[m];
    if (e === undefined) {
      // A measure with a default takes the default measure's amount (checked as that one).
      if (!hasDefault(c.calc, m))
        c.report([...rp, 'amounts'], 'missing_measure', `rule ${rule.id} gives no amount for ${m}`);
      continue;
    }
    expectUnit(c, c.expression(e, [...rp, 'amounts', m], undefined), unit, [...rp, 'amounts', m]);
  }
  for (const m of Object.keys(rule.amounts)) {
    if (!measures.includes(m))
      c.report([...rp, 'amounts', m], 'unknown_measure', `${m} is not a measure of ${id} (${measures.join(', ')})`);
  }
}

/** Whether a rule may leave measure `m` out: it has a default, itself a measure without one. */
function hasDefault(calc: CalculationFile, m: string): boolean {
  const from = calc.measureDefaults?.[m];
  return from !== undefined && calc.measures.includes(from) && calc.measureDefaults?.[from] === undefined;
}

/** `measureDefaults` names measures of the calculation, each defaulting to another that has no default itself. */
function checkMeasureDefaults(calc: CalculationFile, r: Report): void {
  for (const [m, from] of Object.entries(calc.measureDefaults ?? {})) {
    const path: Path = ['measureDefaults', m];
    if (!calc.measures.includes(m)) r(path, 'unknown_measure', `${m} is not a measure (${calc.measures.join(', ')})`);
    else if (!calc.measures.includes(from))
      r(path, 'unknown_measure', `${from} is not a measure (${calc.measures.join(', ')})`);
    else if (from === m || calc.measureDefaults?.[from] !== undefined)
      r(path, 'invalid_default', `${m} defaults to ${from}, which must be another measure with an amount of its own`);
  }
}

function reportCycles(calc: CalculationFile, graph: ReadonlyMap<string, ReadonlySet<string>>, r: Report): void {
  for (const cycle of findCycles(graph)) {
    const [first] = cycle;
    const isPost = first?.startsWith('post ') === true;
    const index = isPost
      ? calc.posts.findIndex((p) => `post ${p.code}` === first)
      : (calc.values ?? []).findIndex((v) => `value ${v.id}` === first);
    r([isPost ? 'posts' : 'values', index], 'cycle', `circular dependency: ${[...cycle, first].join(' → ')}`);
  }
}
