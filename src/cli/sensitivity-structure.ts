/**
 * What the sensitivity report (`budgetnorm rules sensitivity`) varies besides ±10% per estimate:
 * the structural choices of the reference-budget method (the standard level, the age mix of a
 * child, the typical car, the method itself), the values whose real uncertainty is known (a
 * range read in their source or reasoning, used instead of ±10%), and the statutory values, which
 * are not estimates and are not varied. Keyed by the names the bundled sets use; a set without a
 * name simply has no such alternative (an institution's own set is varied ±10% throughout).
 */
import type { RuleSet } from '../index.js';

/** A figure set to another value: a parameter (`key` absent) or one table cell. */
export interface FigureSetting {
  readonly name: string;
  readonly key?: Readonly<Record<string, string>>;
  /** The new value, or the value of another cell of the same table (`{ cell: { klasse: 'compact' } }`). */
  readonly value: string | { readonly cell: Readonly<Record<string, string>> };
}

/** A structural choice the method makes, set another way: one or more figures changed together. */
export interface StructuralAlternative {
  readonly label: string;
  /** What is chosen instead, and why it is a fair alternative. */
  readonly description: string;
  readonly settings: readonly FigureSetting[];
}

/** An alternative that is another method family's set for the same dates (the method as the choice). */
export interface MethodAlternative {
  readonly label: string;
  readonly description: string;
  readonly family: string;
}

const unknownCellAs = (table: string, dimension: string, other: string): FigureSetting => ({
  name: table,
  key: { [dimension]: 'unknown' },
  value: { cell: { [dimension]: other } },
});

/** The structural choices of the nl method, each set another way. */
export const STRUCTURAL_ALTERNATIVES: readonly StructuralAlternative[] = [
  {
    label: 'standard level 0.25',
    description:
      'standaardNiveau 0.25 instead of 0.5: the standard level a quarter of the room above the minimum (a deeper economy); docs/research/reference-budgets section 1.2, option C',
    settings: [{ name: 'standaardNiveau', value: '0.25' }],
  },
  {
    label: 'standard level 0.75',
    description:
      'standaardNiveau 0.75: the standard level three quarters of the room above the minimum (the literal reading of a "limited" economy); option B',
    settings: [{ name: 'standaardNiveau', value: '0.75' }],
  },
  {
    label: 'children all toddlers',
    description:
      'every child aged 0-3 (kindJarenPeuter 18, kindJarenKind 0, kindJarenTiener 0) instead of the mix of ages 0-17',
    settings: [
      { name: 'kindJarenPeuter', value: '18' },
      { name: 'kindJarenKind', value: '0' },
      { name: 'kindJarenTiener', value: '0' },
    ],
  },
  {
    label: 'children all teenagers',
    description: 'every child aged 12-17 (kindJarenTiener 18, the others 0) instead of the mix of ages 0-17',
    settings: [
      { name: 'kindJarenPeuter', value: '0' },
      { name: 'kindJarenKind', value: '0' },
      { name: 'kindJarenTiener', value: '18' },
    ],
  },
  {
    label: 'car compact class',
    description:
      "the typical car a compact instead of a mini (the car tables' unknown class set to compact: fixed costs and consumption)",
    settings: [
      unknownCellAs('hb.autoVasteLasten', 'klasse', 'compact'),
      unknownCellAs('hb.autoVerbruik', 'klasse', 'compact'),
    ],
  },
  {
    label: 'car second-hand at the standard',
    description:
      "the standard level's car second-hand as the minimum's (hb.autoStatusfactor unknown set to used) instead of new",
    settings: [unknownCellAs('hb.autoStatusfactor', 'status', 'used')],
  },
  {
    label: 'car 10,000-20,000 km',
    description:
      "the typical car's distance 15,000 km a year (hb.autoKilometers unknown set to from10kTo20k) instead of CBS's 10,809",
    settings: [unknownCellAs('hb.autoKilometers', 'kilometers', 'from10kTo20k')],
  },
];

/** The method as the choice: another family's set valid on the set's first day. */
export const METHOD_ALTERNATIVES: readonly MethodAlternative[] = [
  {
    label: 'method: VFN lending norm',
    description:
      "the vfn family's set of the same dates (the VFN consumer-credit lending norm) instead of reference budgets",
    family: 'vfn',
  },
  {
    label: 'method: reference budgets',
    description:
      "the nl family's set of the same dates (reference budgets at a standard and a minimum level) instead of the lending norm",
    family: 'nl',
  },
];

/** A value whose plausible range is known: it is set to both ends instead of moved by ±10%. */
export interface KnownRange {
  readonly label: string;
  readonly low: string;
  readonly high: string;
  /** Where the range comes from. */
  readonly reason: string;
}

export const KNOWN_RANGES: readonly KnownRange[] = [
  {
    label: 'standaardNiveau',
    low: '0.25',
    high: '0.75',
    reason:
      'no public source quantifies a "limited economy"; 0.25-0.75 brackets Nibud\'s 50% rule (research section 1.2)',
  },
  {
    label: 'hb.cbsGasverbruik',
    low: '928',
    high: '987',
    reason: "CBS's 2026 estimate of average gas use against PBL's 2025 use (987 m3)",
  },
  {
    label: 'hb.autoKilometers [kilometers=unknown]',
    low: '7500',
    high: '10809',
    reason:
      "the band 'under 10,000 km' (7,500) against CBS 2022 private cars 10,809 km (read; private petrol cars 9,027 in 2021)",
  },
  {
    label: 'hb.cbsStroomverbruik',
    low: '1706',
    high: '2550',
    reason: 'net use after own solar (PBL 2025) against grid delivery (CBS 2024: 2550 kWh)',
  },
  {
    label: 'hb.autoVerbruik [klasse=small]',
    low: '0.0499',
    high: '0.068',
    reason:
      "the typical car's (the unknown class copies the mini cell, and varies with it): the most economical mini model's owners (Hyundai i10, 4.99 l/100 km, AutoWeek; the set's mini cell is the mean of four mini models) against the real use of the Dutch petrol fleet, 6.8-7.0 l/100 km (CBS petrol sales for road traffic over the km of Dutch petrol cars, 2017-2020, derived)",
  },
  {
    label: 'hb.autoSlijtagePerKm',
    low: '0.019',
    high: '0.062',
    reason:
      'tyres alone (ANWB: a set lasts about 40,000 km; about 152 a tyre plus fitting) against all workshop spending of a petrol car per km (BOVAG/RAI 2022: 670 a year over CBS 10,809 km), which includes servicing already in the fixed costs',
  },
];

/**
 * Statutory values: read from law or a statutory decision (the social-assistance norms, the
 * huurtoeslag rent limit, the AOW age, the deductible, the energy-tax reduction, the age of
 * adulthood for health insurance). They are not estimates, even where a set marks one to-verify
 * or estimate, and the report does not vary them.
 */
export const STATUTORY: readonly RegExp[] = [
  /^(hb\.)?minimumInkomen/,
  /^(hb\.)?normHuurPerMaand$/,
  /^(hb\.)?aowLeeftijd$/,
  /^hb\.eigenRisico$/,
  /^hb\.verminderingEnergiebelasting$/,
  /^hb\.volwassenLeeftijd$/,
];

export const isStatutory = (name: string): boolean => STATUTORY.some((re) => re.test(name));

/** The known range of a value of the set, if any. */
export function knownRange(label: string): KnownRange | undefined {
  return KNOWN_RANGES.find((r) => r.label === label);
}

/** Whether every figure an alternative sets exists in the set (else the set does not make that choice). */
export function makesChoice(ruleSet: RuleSet, alternative: StructuralAlternative): boolean {
  return alternative.settings.every((s) =>
    s.key === undefined ? ruleSet.parameters[s.name] !== undefined : ruleSet.tables[s.name] !== undefined,
  );
}
