/**
 * The household types of `npm run household-table` (issue 40): single, couple, single parent and
 * couple with 1–3 children; tenant and owner; the social minimum, modal and twice modal income;
 * with and without a car. Each with the public anchor that applies to it, from
 * docs/research/reference-budgets/reference-budgets.md §6, as a check on the reference-budget
 * result.
 */
import type { RepaymentCapacityRequest, RepaymentCapacityResult } from '../../src/index.js';

/** A public figure the reference-budget result should agree with, and the check. */
export interface Anchor {
  readonly text: string;
  readonly check: (result: RepaymentCapacityResult, income: number) => string;
}

export interface Household {
  readonly name: string;
  readonly partner: boolean;
  readonly children: number;
  readonly cars: number;
  readonly tenure: 'huur' | 'koop';
  /** Rent or gross mortgage costs, € a month. */
  readonly housingCosts: number;
  readonly housing: string;
  /** Net income, € a month, or the social minimum of the household type with its allowances. */
  readonly income: number | 'social-minimum';
  readonly anchor?: Anchor;
}

/** Modal income, net a month: a single modal earner (the lending norm's 2026 figure), a couple (about 3,300). */
const MODAL_SINGLE = 3000;
const MODAL_COUPLE = 3300;

/**
 * The allowances of a household at the social minimum, € a month (reference-budgets.md §4–5):
 * zorgtoeslag maxima 2026 (read); kinderbijslag 2026 H1 over the ages 0–17 alike, (98.36 +
 * 119.43 + 140.51) / 3 (derived); kindgebonden budget from the 2024 maxima, not indexed
 * (estimate: 2026 not found): (1653 × 1.099 + 750) / 12 per child plus 400 / 12 for the 6 of 18
 * years aged 12–17, and (3848 × 1.099 − 619) / 12 for a single parent.
 */
const ZORGTOESLAG = { single: 129, couple: 246 };
const KINDERBIJSLAG_PER_CHILD = (98.36 + 119.43 + 140.51) / 3;
const KINDGEBONDEN_BUDGET_PER_CHILD = (1653 * 1.099 + 750) / 12 + ((400 / 12) * 6) / 18;
const KINDGEBONDEN_BUDGET_SINGLE_PARENT = (3848 * 1.099 - 619) / 12;

/**
 * Huurtoeslag, an estimate (the 2026 basishuur and limits were not found): the rent above an
 * assumed basishuur of 250 is covered up to the 2025 kwaliteitskortingsgrens 477.20 (read), 65%
 * of the rent above it (the 35% own share, read).
 */
function huurtoeslag(rent: number): number {
  return Math.max(0, Math.min(rent, 477.2) - 250) + 0.65 * Math.max(0, rent - 477.2);
}

/**
 * A household's net income at given earnings: the earnings plus the kinderbijslag of its children,
 * which every family receives whatever its income (the kindgebonden budget falls with the income
 * and is left out, so a family's income is if anything understated).
 */
export function withChildBenefit(household: Household, earnings: number): number {
  return Math.round(earnings + household.children * KINDERBIJSLAG_PER_CHILD);
}

/** The social minimum of a household type: the social-assistance norm of the rule set plus the allowances above. */
export function socialMinimum(
  household: Household,
  parameters: Readonly<Record<string, { value: string | number }>>,
): number {
  const norm = Number(parameters[household.partner ? 'minimumInkomenPaar' : 'minimumInkomenAlleenstaand']?.value);
  const children = household.children;
  const childBenefits =
    children * (KINDERBIJSLAG_PER_CHILD + KINDGEBONDEN_BUDGET_PER_CHILD) +
    (!household.partner && children > 0 ? KINDGEBONDEN_BUDGET_SINGLE_PARENT : 0);
  const rent = household.tenure === 'huur' ? huurtoeslag(household.housingCosts) : 0;
  return Math.round(norm + ZORGTOESLAG[household.partner ? 'couple' : 'single'] + childBenefits + rent);
}

export function householdBody(household: Household, income: number): RepaymentCapacityRequest {
  return {
    LeeftijdHoofdpersoon: household.children > 0 ? 38 : 40,
    HeeftPartner: household.partner,
    AantalThuiswonendeKinderen: household.children,
    AantalAutos: household.cars,
    NettoBesteedbaarInkomenPerMaand: income,
    BijzondereUitgaven: {},
    Woning:
      household.tenure === 'huur'
        ? { WoningSoort: 'Huurwoning', HuurPerMaand: household.housingCosts }
        : { WoningSoort: 'Koopwoning', BrutoHypotheeklasten: household.housingCosts },
  };
}

/** Social assistance, single: at the minimum about nothing left, ≥ 0 and ≤ 5% of the income + 25 (§6). */
const ASSISTANCE_SINGLE: Anchor = {
  text: 'bijstand alleenstaande: maximum 0 … 5% van het inkomen + 25 (§6)',
  check: (r, income) => {
    const top = Math.round(0.05 * income + 25);
    const inside = r.MinimaalTekort === 0 && r.MaximaleAfloscapaciteit <= top;
    const shown = r.MinimaalTekort > 0 ? `short ${r.MinimaalTekort}` : `maximum ${r.MaximaleAfloscapaciteit}`;
    return `${shown}, band 0 … ${top}: ${inside ? 'inside' : 'OUTSIDE'}`;
  },
};

/** The poverty line 2023 (Nibud minimum budget), single tenant without rent, indexed to 2026: 1004 ± 8% (§6). */
const POVERTY_LINE_SINGLE: Anchor = {
  text: 'armoedegrens 2023 alleenstaande zonder huur: 1.004 ± 8% (§6)',
  check: (r) => {
    const housing = r.Posten.find((p) => p.Code === 'Woonlasten')?.Minimaal ?? 0;
    const living = r.TotaalMinimaleLasten - housing;
    const inside = Math.abs(living - 1004) <= 0.08 * 1004;
    return `minimum without housing ${living} (${(((living - 1004) / 1004) * 100).toFixed(1)}%): ${inside ? 'inside' : 'OUTSIDE'}`;
  },
};

/** Families on social assistance fall short at the minimum (Nibud 2014, 2020; commission 2023): sign only (§6). */
const ASSISTANCE_FAMILY: Anchor = {
  text: 'gezinnen in de bijstand komen tekort (Nibud 2014/2020, commissie 2023): teken (§6)',
  check: (r) =>
    r.MinimaalTekort > 0
      ? `short ${r.MinimaalTekort} at the minimum: as the anchor`
      : `maximum ${r.MaximaleAfloscapaciteit}, not short: the sign differs (known deviation: the allowances here are estimates)`,
};

const household = (
  name: string,
  partner: boolean,
  children: number,
  tenure: 'huur' | 'koop',
  housingCosts: number,
  cars: number,
  income: number | 'social-minimum',
  anchor?: Anchor,
): Household => ({
  name,
  partner,
  children,
  cars,
  tenure,
  housingCosts,
  housing: `${tenure === 'huur' ? 'huur' : 'hypotheek'} ${housingCosts}`,
  income,
  ...(anchor === undefined ? {} : { anchor }),
});

export const HOUSEHOLDS: readonly Household[] = [
  household('alleenstaand', false, 0, 'huur', 650, 0, 'social-minimum', ASSISTANCE_SINGLE),
  household('alleenstaand', false, 0, 'huur', 800, 0, MODAL_SINGLE, POVERTY_LINE_SINGLE),
  household('alleenstaand', false, 0, 'koop', 1100, 1, 2 * MODAL_SINGLE),
  household('alleenstaande ouder, 1 kind', false, 1, 'huur', 700, 0, 'social-minimum'),
  household('alleenstaande ouder, 2 kinderen', false, 2, 'huur', 850, 1, MODAL_SINGLE),
  household('alleenstaande ouder, 3 kinderen', false, 3, 'huur', 750, 0, 'social-minimum', ASSISTANCE_FAMILY),
  household('paar', true, 0, 'huur', 750, 0, 'social-minimum'),
  household('paar', true, 0, 'koop', 1100, 1, MODAL_COUPLE),
  household('paar, 1 kind', true, 1, 'koop', 1200, 1, MODAL_COUPLE),
  household('paar, 2 kinderen', true, 2, 'huur', 800, 1, 3500),
  household('paar, 2 kinderen', true, 2, 'huur', 700, 0, 'social-minimum', ASSISTANCE_FAMILY),
  household('paar, 2 kinderen', true, 2, 'koop', 1350, 2, 2 * MODAL_COUPLE),
  household('paar, 3 kinderen', true, 3, 'koop', 1400, 1, MODAL_COUPLE),
  household('paar, 3 kinderen', true, 3, 'koop', 1600, 2, 2 * MODAL_COUPLE),
];
