/**
 * The facts rules may use, per calculation: their names, types, units and domains, and how
 * each is read off the normalised household.
 *
 * Facts are plain JSON scalars (numbers, strings, booleans): exactly what json-rules-engine
 * sees, so conditions mean the same in both engines. Whole-euro amounts are exact as JS
 * numbers. The domains serve the loader: a table looked up by a fact must have a cell for
 * every value of its domain, and the coverage sweep walks the domains to prove that every
 * post has a rule for every household.
 *
 * Optional request amounts become 0 with a companion `…Given` boolean, so a rule can tell
 * "not given" from "zero" without JSON needing `undefined`.
 */
import type { AnyHousehold } from '../household/household.js';
import type { CalculationId } from './format/calculation.js';
import type { Collection } from './format/expression.js';

export type FactValue = number | string | boolean;
export type FactRecord = Record<string, FactValue>;

export type FactDomain =
  | { readonly kind: 'number'; readonly min: number; readonly max: number; readonly integer: boolean }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'boolean' };

export interface FactDefinition {
  readonly name: string;
  readonly description: string;
  /** Unit of a numeric fact (`EUR/month`, `year`, `1`). */
  readonly unit?: string;
  readonly domain: FactDomain;
}

export interface FactCatalog {
  readonly calculation: CalculationId;
  /** Household-level facts. */
  readonly facts: ReadonlyMap<string, FactDefinition>;
  /** Per collection, the facts of one item (named `person.*`, `child.*`, `car.*`). */
  readonly items: Readonly<Record<Collection, ReadonlyMap<string, FactDefinition>>>;
  /** Bounds on collection sizes (from the request contract). */
  readonly sizes: Readonly<Record<Collection, { readonly min: number; readonly max: number }>>;
  /** Household → facts. */
  extract(household: AnyHousehold): ExtractedFacts;
}

export interface ExtractedFacts {
  readonly facts: FactRecord;
  readonly collections: Readonly<Record<Collection, readonly FactRecord[]>>;
}

/** Derived facts that follow from others; the coverage sweep recomputes them the same way. */
export type FactDeriver = (facts: FactRecord, collections: ExtractedFacts['collections']) => FactRecord;

/** The prefix of item facts per collection. */
export const ITEM_PREFIX: Readonly<Record<Collection, string>> = {
  persons: 'person.',
  children: 'child.',
  cars: 'car.',
};

/** Parameters are visible to conditions as facts named `param:<name>`, so a condition can compare with one. */
export const PARAM_FACT_PREFIX = 'param:';

const MAX_AMOUNT = 1_000_000;
/** A whole number in a unit, between `min` and `max`: the shape of every numeric fact. */
const whole = (name: string, description: string, unit: string, min: number, max: number): FactDefinition => ({
  name,
  description,
  unit,
  domain: { kind: 'number', min, max, integer: true },
});
const amount = (name: string, description: string): FactDefinition =>
  whole(name, description, 'EUR/month', 0, MAX_AMOUNT);
const count = (name: string, description: string, min: number, max: number): FactDefinition =>
  whole(name, description, '1', min, max);
const flag = (name: string, description: string): FactDefinition => ({
  name,
  description,
  domain: { kind: 'boolean' },
});
const oneOf = (name: string, description: string, values: readonly string[]): FactDefinition => ({
  name,
  description,
  domain: { kind: 'enum', values },
});

const byName = (defs: readonly FactDefinition[]): ReadonlyMap<string, FactDefinition> =>
  new Map(defs.map((d) => [d.name, d]));

const TENURES = ['rent', 'own'] as const;
const GENDERS = ['male', 'female', 'unknown'] as const;
const DWELLING_TYPES = ['apartment', 'terraced', 'corner', 'detached'] as const;
const WOZ_CATEGORIES = ['below150k', 'from150kTo300k', 'from300kTo450k', 'from450k', 'unknown'] as const;
// The retirement contract requires a car's class, status and mileage and a child's age, so
// their domains hold only real values: no table needs a cell for a value that cannot occur.
const CAR_CLASSES = ['small', 'compact', 'compactMidsize', 'midsize'] as const;
const CAR_STATUSES = ['new', 'used'] as const;
const MILEAGE_BANDS = ['under10k', 'from10kTo20k', 'over20k'] as const;

const HOUSEHOLD_TYPES = ['single', 'singleWithChildren', 'couple', 'coupleWithChildren'] as const;

const SIZES = { persons: { min: 1, max: 2 }, children: { min: 0, max: 20 }, cars: { min: 0, max: 10 } } as const;

/** Counts that every calculation has, derived from the collections. */
const countFacts = [
  count('adults', 'number of main persons (1 or 2)', 1, 2),
  count('children', 'number of children in the household', 0, 20),
  count('cars', 'number of cars', 0, 10),
  count('householdSize', 'main persons plus children', 1, 22),
  flag('hasPartner', 'two main persons'),
  oneOf('householdType', 'single, singleWithChildren, couple or coupleWithChildren', HOUSEHOLD_TYPES),
];

/** The facts both calculations derive from the collections; used by extraction and by the sweep alike. */
export const deriveCounts: FactDeriver = (_facts, collections) => {
  const adults = collections.persons.length;
  const children = collections.children.length;
  const householdType = `${adults === 2 ? 'couple' : 'single'}${children > 0 ? 'WithChildren' : ''}`;
  return {
    adults,
    children,
    cars: collections.cars.length,
    householdSize: adults + children,
    hasPartner: adults === 2,
    householdType,
  };
};

const required = (what: string): never => {
  throw new Error(`retirement household without ${what}: the request parser should have refused it`);
};
/** An amount as a number: the whole euros of a calculation's household, or money turned back; 0 when not given. */
const toNumber = (d: { toNumber(): number } | number | undefined): number =>
  d === undefined ? 0 : typeof d === 'number' ? d : d.toNumber();

const repaymentFacts: readonly FactDefinition[] = [
  ...countFacts,
  whole('age', 'age of the main person in years (LeeftijdHoofdpersoon)', 'year', 0, 125),
  amount('income', 'net disposable income per month (NettoBesteedbaarInkomenPerMaand)'),
  oneOf('tenure', 'rent or own (WoningSoort)', TENURES),
  amount('rent', 'rent per month (HuurPerMaand); 0 when not given'),
  flag('rentGiven', 'HuurPerMaand was given'),
  amount('serviceCosts', 'service costs per month (HuurServiceKosten); 0 when not given'),
  flag('serviceCostsGiven', 'HuurServiceKosten was given'),
  amount('mortgageCosts', 'gross mortgage costs per month (BrutoHypotheeklasten); 0 when not given'),
  flag('mortgageCostsGiven', 'BrutoHypotheeklasten was given'),
  amount('ownersAssociation', "owners' association contribution per month (BijdrageVve); 0 when not given"),
  flag('ownersAssociationGiven', 'BijdrageVve was given'),
  amount('healthcareCosts', 'BijzondereUitgaven.KostenZorg; 0 when not given'),
  amount('partnerAlimony', 'BijzondereUitgaven.KostenPartnerAlimentatie; 0 when not given'),
  amount('childAlimony', 'BijzondereUitgaven.KostenKinderAlimentatie; 0 when not given'),
  amount('childcareCosts', 'BijzondereUitgaven.KostenKinderOpvang; 0 when not given'),
  amount('otherRepayments', 'BijzondereUitgaven.KostenOverigeAflossingen; 0 when not given'),
];

const retirementFacts: readonly FactDefinition[] = [
  ...countFacts,
  count('men', 'main persons who are men', 0, 2),
  count('women', 'main persons who are women', 0, 2),
  amount('income', 'net disposable income per month (NettoBesteedbaarInkomenPerMaand)'),
  oneOf('tenure', 'rent or own (SoortWoning)', TENURES),
  oneOf('dwellingType', 'dwelling type (TypeWoning)', DWELLING_TYPES),
  whole('wozValue', 'WOZ value in euros (WozWaarde); 0 when not given', 'EUR', 0, 100_000_000),
  flag('wozValueGiven', 'WozWaarde was given'),
  oneOf('wozCategory', 'WOZ category, given or derived from WozWaarde; unknown when neither was given', WOZ_CATEGORIES),
];

const noItems = new Map<string, FactDefinition>();

/** The vocabulary of the repayment-capacity rules. */
export const REPAYMENT_FACTS: FactCatalog = {
  calculation: 'afloscapaciteit',
  facts: byName(repaymentFacts),
  // The repayment request gives counts only: items carry no facts.
  items: { persons: noItems, children: noItems, cars: noItems },
  sizes: SIZES,
  extract(household) {
    const d = household.dwelling;
    const s = household.specialExpenditures;
    const collections = {
      persons: household.persons.map(() => ({})),
      children: household.children.map(() => ({})),
      cars: household.cars.map(() => ({})),
    };
    const facts: FactRecord = {
      age: household.persons[0]?.age ?? 0,
      income: toNumber(household.netMonthlyIncome),
      tenure: d.tenure,
      rent: toNumber(d.rent),
      rentGiven: d.rent !== undefined,
      serviceCosts: toNumber(d.serviceCosts),
      serviceCostsGiven: d.serviceCosts !== undefined,
      mortgageCosts: toNumber(d.grossMortgageCosts),
      mortgageCostsGiven: d.grossMortgageCosts !== undefined,
      ownersAssociation: toNumber(d.ownersAssociationContribution),
      ownersAssociationGiven: d.ownersAssociationContribution !== undefined,
      healthcareCosts: toNumber(s.healthcare),
      partnerAlimony: toNumber(s.partnerAlimony),
      childAlimony: toNumber(s.childAlimony),
      childcareCosts: toNumber(s.childcare),
      otherRepayments: toNumber(s.otherRepayments),
    };
    // Assigned in place: spreading twenty keys into a fresh object is several times slower.
    return { facts: Object.assign(facts, deriveCounts(facts, collections)), collections };
  },
};

/** The vocabulary of the retirement-expenditure rules. */
export const RETIREMENT_FACTS: FactCatalog = {
  calculation: 'pensioenuitgaven',
  facts: byName(retirementFacts),
  items: {
    persons: byName([oneOf('person.gender', 'gender of the main person; unknown when not given', GENDERS)]),
    children: byName([
      {
        name: 'child.age',
        description: 'age of the child in years',
        unit: 'year',
        domain: { kind: 'number', min: 0, max: 125, integer: true },
      },
      oneOf('child.gender', 'gender of the child; unknown when not given', GENDERS),
    ]),
    cars: byName([
      oneOf('car.class', 'car class (TypeAuto)', CAR_CLASSES),
      oneOf('car.status', 'new or second-hand (StatusAuto)', CAR_STATUSES),
      oneOf('car.mileage', 'kilometres per year (KilometersPerJaar)', MILEAGE_BANDS),
    ]),
  },
  sizes: SIZES,
  extract(household) {
    const d = household.dwelling;
    const collections = {
      persons: household.persons.map((p) => ({ 'person.gender': p.gender ?? 'unknown' })),
      children: household.children.map((c) => ({
        'child.age': c.age ?? required('child age'),
        'child.gender': c.gender ?? 'unknown',
      })),
      cars: household.cars.map((c) => ({
        'car.class': c.class ?? required('car class'),
        'car.status': c.status ?? required('car status'),
        'car.mileage': c.mileage ?? required('car mileage'),
      })),
    };
    const facts: FactRecord = {
      income: toNumber(household.netMonthlyIncome),
      tenure: d.tenure,
      // TypeWoning is required by the retirement contract, so parsing guarantees it.
      dwellingType: d.type ?? required('dwelling type'),
      wozValue: toNumber(d.wozValue),
      wozValueGiven: d.wozValue !== undefined,
      wozCategory: d.wozCategory ?? 'unknown',
    };
    return {
      facts: Object.assign(facts, deriveCounts(facts, collections), deriveGenderCounts(facts, collections)),
      collections,
    };
  },
};

/** Men and women among the main persons: derived, so the sweep computes them as extraction does. */
export const deriveGenderCounts: FactDeriver = (_facts, collections) => ({
  men: collections.persons.filter((p) => p['person.gender'] === 'male').length,
  women: collections.persons.filter((p) => p['person.gender'] === 'female').length,
});

export const FACT_CATALOGS: Readonly<Record<CalculationId, FactCatalog & { readonly derive: readonly FactDeriver[] }>> =
  {
    afloscapaciteit: { ...REPAYMENT_FACTS, derive: [deriveCounts] },
    pensioenuitgaven: { ...RETIREMENT_FACTS, derive: [deriveCounts, deriveGenderCounts] },
  };
