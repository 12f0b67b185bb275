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
import { repaymentSample, retirementSample, type SampleHousehold } from './sensitivity-sample.js';

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

export interface SensitivityReport {
  readonly ruleSet: string;
  readonly hash: string;
  readonly variation: string;
  readonly sampleSizes: Readonly<Partial<Record<CalculationId, number>>>;
  readonly rows: readonly SensitivityRow[];
}

/** Every estimate and to-verify value of a rule set, parameters first, in file order. */
export function variedValues(ruleSet: RuleSet): VariedValue[] {
  const out: VariedValue[] = [];
  for (const [name, p] of Object.entries(ruleSet.parameters)) {
    if (p.provenance === 'estimate' || p.provenance === 'to-verify')
      out.push({
        label: name,
        name,
        file: ruleSet.origins.parameters[name] ?? '',
        value: String(p.value),
        unit: p.unit,
        provenance: p.provenance,
      });
  }
  for (const [name, t] of Object.entries(ruleSet.tables)) {
    for (const cell of t.cells) {
      if (cell.provenance !== 'estimate' && cell.provenance !== 'to-verify') continue;
      const key = Object.entries(cell.key)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ');
      out.push({
        label: `${name} [${key}]`,
        name,
        key: cell.key,
        file: ruleSet.origins.tables[name] ?? '',
        value: String(cell.value),
        unit: t.unit,
        provenance: cell.provenance,
      });
    }
  }
  return out;
}

const sameKey = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

type JsonObject = Record<string, unknown>;

/** The rule file `file` of the set with `change` applied to a shallow copy of its `section` (`parameters` or `tables`). */
function changedFiles(ruleSet: RuleSet, file: string, section: string, change: (entries: JsonObject) => JsonObject) {
  const original = (ruleSet.files[file] ?? {}) as JsonObject;
  const entries = (original[section] ?? {}) as JsonObject;
  return { ...ruleSet.files, [file]: { ...original, [section]: change(entries) } };
}

/**
 * The checked set with one figure multiplied by `factor`, both in its parsed parameters or tables
 * and in its files, under its own hash, so no cache keyed by object or hash mixes it up with the
 * original.
 */
export function variant(ruleSet: RuleSet, value: VariedValue, factor: Decimal.Value): RuleSet {
  const scaled = new Decimal(value.value).times(factor).toString();
  const { key } = value;
  const hash = `${ruleSet.hash}~${value.label}*${scaled}`;
  if (key === undefined) {
    const p = ruleSet.parameters[value.name];
    if (p === undefined) throw new Error(`no parameter ${value.name}`);
    const parameters = { ...ruleSet.parameters, [value.name]: { ...p, value: scaled } };
    const files = changedFiles(ruleSet, value.file, 'parameters', (all) => ({
      ...all,
      [value.name]: { ...(all[value.name] as JsonObject), value: scaled },
    }));
    return markChecked({ ...ruleSet, parameters, files, hash });
  }
  const t = ruleSet.tables[value.name];
  if (t === undefined) throw new Error(`no table ${value.name}`);
  const scale = <C extends { key: Readonly<Record<string, string>> }>(c: C): C =>
    sameKey(c.key, key) ? { ...c, value: scaled } : c;
  const tables = { ...ruleSet.tables, [value.name]: { ...t, cells: t.cells.map(scale) } };
  const files = changedFiles(ruleSet, value.file, 'tables', (all) => {
    const raw = all[value.name] as JsonObject & { cells: { key: Record<string, string> }[] };
    return { ...all, [value.name]: { ...raw, cells: raw.cells.map(scale) } };
  });
  return markChecked({ ...ruleSet, tables, files, hash });
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

function changesOf(
  ruleSet: RuleSet,
  value: VariedValue,
  calc: (typeof CALCULATIONS)[number],
  households: readonly SampleHousehold[],
  base: readonly Outputs[],
  failures: string[],
): OutputChange[] {
  const down = variant(ruleSet, value, new Decimal(1).minus(VARIATION));
  const up = variant(ruleSet, value, new Decimal(1).plus(VARIATION));
  const sums = calc.outputs.map(() => 0);
  const maxima = calc.outputs.map(() => 0);
  const touched = calc.outputs.map(() => 0);
  households.forEach((h, i) => {
    const before = base[i] as Outputs;
    const moved = calc.outputs.map(() => false);
    for (const v of [down, up]) {
      let after: Outputs;
      try {
        after = calc.run(h.body, v);
      } catch (error) {
        if (!(error instanceof RuleEvaluationError)) throw error;
        failures.push(`${calc.id} household ${i + 1}: ${error.message}`);
        continue;
      }
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

/**
 * The sensitivity report of a rule set: every estimate and to-verify value moved by ±10% over
 * the fixed sample, ranked by the largest mean change of an output it feeds (ties: the larger
 * maximum, then the label).
 */
export function sensitivityReport(ruleSet: RuleSet): SensitivityReport {
  const calcs = CALCULATIONS.filter((c) => ruleSet.calculations[c.id] !== undefined).map((c) => {
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
  };
}
