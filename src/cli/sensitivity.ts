/**
 * Which estimates matter: `budgetnorm rules sensitivity`. Every parameter and table cell of a
 * rule set whose provenance is `estimate` or `to-verify` is moved by −10% and +10%, one at a
 * time, and the fixed sample of households (./sensitivity-sample.ts) is computed again; per value
 * the report gives the mean and the largest change in each output the value feeds, and ranks
 * the values by it. An actuary reads it as "verify these first".
 *
 * A variant differs from the checked set in one figure only, so it is not loaded again (a full
 * load sweeps for coverage, some tenths of a second, hundreds of times): it is the checked set
 * with that one figure replaced, marked as checked, under its own hash. test/cli/sensitivity.test.ts
 * shows that a variant computes exactly what the fully loaded changed files compute.
 */
import { Decimal } from 'decimal.js';
import { OPERATIONS } from '../calculations/operations.js';
import { RuleEvaluationError, type RuleSet } from '../index.js';
import { CALCULATION_IDS, type CalculationId } from '../rules/format/calculation.js';
import { markChecked } from '../rules/rule-set.js';
import { bundledCatalog } from '../calculations/bundled-catalog.js';
import { repaymentSample, retirementSample, type SampleHousehold } from './sensitivity-sample.js';
import {
  type FigureSetting,
  isStatutory,
  type KnownRange,
  knownRange,
  makesChoice,
  METHOD_ALTERNATIVES,
  STRUCTURAL_ALTERNATIVES,
} from './sensitivity-structure.js';

/** The relative change applied to each value, down and up. */
export const VARIATION = '0.1';

/**
 * The outputs a value can feed: the signed repayment capacity and the signed maximum repayment
 * capacity (issue 16), and the retirement totals.
 */
export type SensitivityOutput = 'Afloscapaciteit' | 'MaximaleAfloscapaciteit' | 'Basis' | 'Voorbeeld';

/** One value the report varies: a parameter, or one cell of a table. */
export interface VariedValue {
  /** `name` for a parameter, `name [dim=key, …]` for a table cell (as docs/estimates.md writes it). */
  readonly label: string;
  readonly name: string;
  readonly key?: Readonly<Record<string, string>>;
  readonly file: string;
  readonly value: string;
  readonly unit: string;
  readonly provenance: 'estimate' | 'to-verify';
  /** Its known range (./sensitivity-structure.ts): set to both ends instead of moved by ±10%. */
  readonly range?: KnownRange;
}

/** How much one output moved, in € a month, over the sample and both directions. */
export interface OutputChange {
  readonly output: SensitivityOutput;
  /** Mean of |change| over every household of the calculation's sample and both directions. */
  readonly mean: number;
  /** The largest |change| of any household in either direction. */
  readonly max: number;
  /** How many households of the sample changed in at least one direction. */
  readonly households: number;
}

export interface SensitivityRow {
  /** 1 = the value whose variation moves an output most on average. */
  readonly rank: number;
  readonly value: VariedValue;
  /** The outputs the value feeds (its calculations reference it); empty when none does. */
  readonly outputs: readonly OutputChange[];
  /** The ranking key: the largest mean change over its outputs. */
  readonly score: number;
  /** Households on which a variant failed to compute (a rule-set defect), with the error. */
  readonly failures: readonly string[];
}

/** How one output moved under a structural alternative (one direction, so signed too). */
export interface AlternativeChange extends OutputChange {
  /** Mean of the signed change over the sample: negative when the alternative lowers the output. */
  readonly signedMean: number;
}

/** A structural choice of the method set another way (./sensitivity-structure.ts), and what it moves. */
export interface AlternativeRow {
  readonly label: string;
  readonly description: string;
  readonly outputs: readonly AlternativeChange[];
  readonly failures: readonly string[];
}

export interface SensitivityReport {
  readonly ruleSet: string;
  readonly hash: string;
  readonly variation: string;
  readonly sampleSizes: Readonly<Partial<Record<CalculationId, number>>>;
  readonly rows: readonly SensitivityRow[];
  /** The structural alternatives the set makes, largest mean change first. */
  readonly alternatives: readonly AlternativeRow[];
}

/**
 * Every estimate and to-verify value of a rule set, parameters first, in file order; statutory
 * values (./sensitivity-structure.ts) and copying cells (varied with their original) left out,
 * a value with a known range carrying it.
 */
export function variedValues(ruleSet: RuleSet): VariedValue[] {
  const out: VariedValue[] = [];
  const withRange = (v: VariedValue): VariedValue => {
    const range = knownRange(v.label);
    return range === undefined ? v : { ...v, range };
  };
  for (const [name, p] of Object.entries(ruleSet.parameters)) {
    if ((p.provenance === 'estimate' || p.provenance === 'to-verify') && !isStatutory(name))
      out.push(
        withRange({
          label: name,
          name,
          file: ruleSet.origins.parameters[name] ?? '',
          value: String(p.value),
          unit: p.unit,
          provenance: p.provenance,
        }),
      );
  }
  for (const [name, t] of Object.entries(ruleSet.tables)) {
    if (isStatutory(name)) continue;
    for (const cell of t.cells) {
      if (cell.provenance !== 'estimate' && cell.provenance !== 'to-verify') continue;
      if (copiesVariedCell(t.cells, cell)) continue; // varied with the cell it copies
      const key = Object.entries(cell.key)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ');
      out.push(
        withRange({
          label: `${name} [${key}]`,
          name,
          key: cell.key,
          file: ruleSet.origins.tables[name] ?? '',
          value: String(cell.value),
          unit: t.unit,
          provenance: cell.provenance,
        }),
      );
    }
  }
  return out;
}

const sameKey = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

type Key = Readonly<Record<string, string>>;
/** What the copy handling needs of a table cell, parsed or as in its file. */
type KeyedCell = { key: Key; copyOf?: Key | undefined };

/** A copying cell whose original is itself varied: the two are one figure, varied once. */
function copiesVariedCell(cells: readonly (KeyedCell & { provenance: string })[], cell: KeyedCell): boolean {
  const { copyOf } = cell;
  if (copyOf === undefined) return false;
  const original = cells.find((c) => sameKey(c.key, copyOf));
  return original?.provenance === 'estimate' || original?.provenance === 'to-verify';
}

type JsonObject = Record<string, unknown>;

/** The rule file `file` of the set with `change` applied to a shallow copy of its `section` (`parameters` or `tables`). */
function changedFiles(ruleSet: RuleSet, file: string, section: string, change: (entries: JsonObject) => JsonObject) {
  const original = (ruleSet.files[file] ?? {}) as JsonObject;
  const entries = (original[section] ?? {}) as JsonObject;
  return { ...ruleSet.files, [file]: { ...original, [section]: change(entries) } };
}

/**
 * The checked set with one figure (a parameter, or the table cell `key`) set to `value`, both in
 * its parsed parameters or tables and in its files, under its own hash, so no cache keyed by
 * object or hash mixes it up with the original.
 */
function withFigure(ruleSet: RuleSet, name: string, key: Readonly<Record<string, string>> | undefined, value: string) {
  const hash = `${ruleSet.hash}~${name}${key === undefined ? '' : JSON.stringify(key)}=${value}`;
  if (key === undefined) {
    const p = ruleSet.parameters[name];
    if (p === undefined) throw new Error(`no parameter ${name}`);
    const parameters = { ...ruleSet.parameters, [name]: { ...p, value } };
    const files = changedFiles(ruleSet, ruleSet.origins.parameters[name] ?? '', 'parameters', (all) => ({
      ...all,
      [name]: { ...(all[name] as JsonObject), value },
    }));
    return markChecked({ ...ruleSet, parameters, files, hash });
  }
  const t = ruleSet.tables[name];
  if (t === undefined) throw new Error(`no table ${name}`);
  // A cell that copies the changed one (copyOf) is the same figure and changes with it; the changed
  // cell itself no longer copies anything, as it now holds a figure of its own.
  const set = <C extends KeyedCell>(c: C): C => {
    if (sameKey(c.key, key)) {
      const { copyOf: _copied, ...own } = c;
      return { ...own, value } as unknown as C;
    }
    return c.copyOf !== undefined && sameKey(c.copyOf, key) ? { ...c, value } : c;
  };
  const tables = { ...ruleSet.tables, [name]: { ...t, cells: t.cells.map(set) } };
  const files = changedFiles(ruleSet, ruleSet.origins.tables[name] ?? '', 'tables', (all) => {
    const raw = all[name] as JsonObject & { cells: { key: Record<string, string> }[] };
    return { ...all, [name]: { ...raw, cells: raw.cells.map(set) } };
  });
  return markChecked({ ...ruleSet, tables, files, hash });
}

/** The checked set with one figure multiplied by `factor` (see withFigure). */
export function variant(ruleSet: RuleSet, value: VariedValue, factor: Decimal.Value): RuleSet {
  return withFigure(ruleSet, value.name, value.key, new Decimal(value.value).times(factor).toString());
}

/** The checked set with one figure set to `to`, as for a value's known range (see withFigure). */
export function variantAt(ruleSet: RuleSet, value: VariedValue, to: string): RuleSet {
  return withFigure(ruleSet, value.name, value.key, to);
}

/** The checked set with a structural alternative's figures set (a cell may take another cell's value). */
export function alternativeSet(ruleSet: RuleSet, settings: readonly FigureSetting[]): RuleSet {
  return settings.reduce((set, s) => {
    const to =
      typeof s.value === 'string'
        ? s.value
        : String(
            set.tables[s.name]?.cells.find((c) => sameKey(c.key, (s.value as { cell: Record<string, string> }).cell))
              ?.value,
          );
    return withFigure(set, s.name, s.key, to);
  }, ruleSet);
}

/** Whether a calculation of the set refers to the value's parameter or table at all. */
function feeds(ruleSet: RuleSet, calculation: CalculationId, value: VariedValue): boolean {
  const text = JSON.stringify(ruleSet.calculations[calculation] ?? null);
  return text.includes(`"${value.name}"`) || text.includes(`"param:${value.name}"`);
}

type Outputs = readonly number[];

/** What the sensitivity report varies per calculation: its outputs, its sample and how to read them off a result. */
interface SensitivityCalculation {
  readonly id: CalculationId;
  readonly outputs: readonly SensitivityOutput[];
  readonly sample: () => SampleHousehold[];
  readonly run: (body: unknown, ruleSet: RuleSet) => Outputs;
}

const SENSITIVITY_BY_CALCULATION = {
  afloscapaciteit: {
    id: 'afloscapaciteit',
    outputs: ['Afloscapaciteit', 'MaximaleAfloscapaciteit'],
    sample: repaymentSample,
    // Signed: the capacity, or minus the shortfall, so a household short of money counts too;
    // the maximum likewise, with the shortfall that remains at the minimum.
    run: (body, ruleSet) => {
      const r = OPERATIONS.afloscapaciteit.calculate(body, { ruleSet });
      return [r.Afloscapaciteit - r.Tekort, r.MaximaleAfloscapaciteit - r.MinimaalTekort];
    },
  },
  pensioenuitgaven: {
    id: 'pensioenuitgaven',
    outputs: ['Basis', 'Voorbeeld'],
    sample: retirementSample,
    run: (body, ruleSet) => {
      const r = OPERATIONS.pensioenuitgaven.calculate(body, { ruleSet });
      return [r.Totaal.Basis, r.Totaal.Voorbeeld];
    },
  },
} satisfies Readonly<Record<CalculationId, SensitivityCalculation>>;

const CALCULATIONS: readonly SensitivityCalculation[] = CALCULATION_IDS.map((id) => SENSITIVITY_BY_CALCULATION[id]);

/** Every output of the report, calculation by calculation: the columns of its tables. */
export const SENSITIVITY_OUTPUTS: readonly SensitivityOutput[] = CALCULATIONS.flatMap((c) => c.outputs);

/** The calculation an output is read from (whose sample size counts for it). */
export function calculationOfOutput(output: SensitivityOutput): CalculationId {
  const calculation = CALCULATIONS.find((c) => c.outputs.includes(output));
  if (calculation === undefined) throw new Error(`internal: no calculation has the output ${output}`);
  return calculation.id;
}

/** The outputs of sample household `i` under `set`; undefined, with the failure recorded, when a rule fails. */
function runRecorded(
  calc: SensitivityCalculation,
  h: SampleHousehold,
  i: number,
  set: RuleSet,
  failures: string[],
): Outputs | undefined {
  try {
    return calc.run(h.body, set);
  } catch (error) {
    if (!(error instanceof RuleEvaluationError)) throw error;
    failures.push(`${calc.id} household ${i + 1}: ${error.message}`);
    return undefined;
  }
}

function changesOf(
  ruleSet: RuleSet,
  value: VariedValue,
  calc: SensitivityCalculation,
  households: readonly SampleHousehold[],
  base: readonly Outputs[],
  failures: string[],
): OutputChange[] {
  const [down, up] =
    value.range === undefined
      ? [
          variant(ruleSet, value, new Decimal(1).minus(VARIATION)),
          variant(ruleSet, value, new Decimal(1).plus(VARIATION)),
        ]
      : [variantAt(ruleSet, value, value.range.low), variantAt(ruleSet, value, value.range.high)];
  const sums = calc.outputs.map(() => 0);
  const maxima = calc.outputs.map(() => 0);
  const touched = calc.outputs.map(() => 0);
  households.forEach((h, i) => {
    const before = base[i] as Outputs;
    const moved = calc.outputs.map(() => false);
    for (const v of [down, up]) {
      const after = runRecorded(calc, h, i, v, failures);
      if (after === undefined) continue;
      calc.outputs.forEach((_, o) => {
        const d = Math.abs((after[o] ?? 0) - (before[o] ?? 0));
        sums[o] = (sums[o] ?? 0) + d;
        maxima[o] = Math.max(maxima[o] ?? 0, d);
        if (d > 0) moved[o] = true;
      });
    }
    moved.forEach((m, o) => {
      if (m) touched[o] = (touched[o] ?? 0) + 1;
    });
  });
  return calc.outputs.map((output, o) => ({
    output,
    mean: (sums[o] ?? 0) / (2 * households.length),
    max: maxima[o] ?? 0,
    households: touched[o] ?? 0,
  }));
}

type Prepared = { calc: SensitivityCalculation; households: SampleHousehold[]; base: Outputs[] };

/** What one alternative set moves, output by output, against the base over the sample. */
function alternativeChanges(alternative: RuleSet, calcs: readonly Prepared[], failures: string[]): AlternativeChange[] {
  return calcs.flatMap(({ calc, households, base }) => {
    if (alternative.calculations[calc.id] === undefined) return [];
    const diffs = calc.outputs.map((): number[] => []);
    households.forEach((h, i) => {
      const after = runRecorded(calc, h, i, alternative, failures);
      if (after === undefined) return;
      calc.outputs.forEach((_, o) => {
        diffs[o]?.push((after[o] ?? 0) - (base[i]?.[o] ?? 0));
      });
    });
    return calc.outputs.map((output, o) => {
      const d = diffs[o] ?? [];
      const n = Math.max(1, d.length);
      return {
        output,
        mean: d.reduce((a, x) => a + Math.abs(x), 0) / n,
        signedMean: d.reduce((a, x) => a + x, 0) / n,
        max: Math.max(0, ...d.map(Math.abs)),
        households: d.filter((x) => x !== 0).length,
      };
    });
  });
}

/** The set's structural alternatives and the other methods for its dates, largest mean change first. */
function alternativeRows(ruleSet: RuleSet, calcs: readonly Prepared[]): AlternativeRow[] {
  const sets: { label: string; description: string; set: RuleSet }[] = STRUCTURAL_ALTERNATIVES.filter((a) =>
    makesChoice(ruleSet, a),
  ).map((a) => ({ label: a.label, description: a.description, set: alternativeSet(ruleSet, a.settings) }));
  for (const m of METHOD_ALTERNATIVES) {
    if (ruleSet.family === m.family || !bundledCatalog().families().includes(m.family)) continue;
    let other: RuleSet;
    try {
      other = bundledCatalog().forDate(ruleSet.validFrom, m.family);
    } catch {
      continue; // no set of that method for these dates
    }
    sets.push({ label: m.label, description: `${m.description} (${other.id})`, set: other });
  }
  const rows = sets.map(({ label, description, set }) => {
    const failures: string[] = [];
    return { label, description, outputs: alternativeChanges(set, calcs, failures), failures };
  });
  const score = (r: AlternativeRow) => Math.max(0, ...r.outputs.map((o) => o.mean));
  return rows.sort((a, b) => score(b) - score(a) || a.label.localeCompare(b.label));
}

/**
 * The sensitivity report of a rule set: every estimate and to-verify value but the statutory ones
 * moved by ±10% (or set to both ends of its known range) over the fixed sample, ranked by the
 * largest mean change of an output it feeds (ties: the larger maximum, then the label); and the
 * structural alternatives of the method (./sensitivity-structure.ts), each against the set.
 */
export function sensitivityReport(ruleSet: RuleSet): SensitivityReport {
  const calcs: Prepared[] = CALCULATIONS.filter((c) => ruleSet.calculations[c.id] !== undefined).map((c) => {
    const households = c.sample();
    return { calc: c, households, base: households.map((h) => c.run(h.body, ruleSet)) };
  });
  const unranked = variedValues(ruleSet).map((value) => {
    const failures: string[] = [];
    const outputs = calcs
      .filter(({ calc }) => feeds(ruleSet, calc.id, value))
      .flatMap(({ calc, households, base }) => changesOf(ruleSet, value, calc, households, base, failures));
    const score = Math.max(0, ...outputs.map((o) => o.mean));
    const max = Math.max(0, ...outputs.map((o) => o.max));
    return { value, outputs, score, max, failures };
  });
  unranked.sort((a, b) => b.score - a.score || b.max - a.max || a.value.label.localeCompare(b.value.label));
  return {
    ruleSet: ruleSet.id,
    hash: ruleSet.hash,
    variation: VARIATION,
    sampleSizes: Object.fromEntries(calcs.map(({ calc, households }) => [calc.id, households.length])),
    rows: unranked.map(({ value, outputs, score, failures }, i) => ({ rank: i + 1, value, outputs, score, failures })),
    alternatives: alternativeRows(ruleSet, calcs),
  };
}
