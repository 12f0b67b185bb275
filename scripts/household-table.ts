/**
 * `npm run household-table`: the repayment capacity of household types under both methods, side
 * by side (issue 40): the lending norm (`vfn-2026`: capacity and maximum) and the reference
 * budgets (`nl-2026`: standard and maximum), with the public anchor where one applies
 * (docs/research/reference-budgets/reference-budgets.md §6). Prints a Markdown table, then the
 * anchors' verdicts; `-- --ruleset ID --lending ID` compares other sets. The table in
 * docs/methods/afloscapaciteit.md is this script's output.
 */
import { parseArgs } from 'node:util';
import { bundledCatalog, repaymentCapacity, type RepaymentCapacityRequest } from '../src/index.js';
import { HOUSEHOLDS, type Household, householdBody, socialMinimum, withChildBenefit } from './lib/household-types.js';

const { values } = parseArgs({
  options: { ruleset: { type: 'string', default: 'nl-2026' }, lending: { type: 'string', default: 'vfn-2026' } },
});
const referenceSet = values.ruleset;
const lendingSet = values.lending;

/** The income of a household: given, or the social minimum of its type (with allowances). */
function incomeOf(household: Household): number {
  if (household.income !== 'social-minimum') return withChildBenefit(household, household.income);
  return socialMinimum(household, bundledCatalog().byId(referenceSet).parameters);
}

const euro = (n: number) => n.toLocaleString('nl-NL');

/** What the income column's figure is made of, when it is not simply the earnings. */
function incomeNote(household: Household): string {
  if (household.income === 'social-minimum') return ' (sociaal minimum)';
  return household.children > 0 ? ` (${euro(household.income)} + kinderbijslag)` : '';
}

interface Row {
  readonly household: Household;
  readonly income: number;
  readonly cells: string[];
  readonly verdict: string | undefined;
}

function row(household: Household): Row {
  const income = incomeOf(household);
  const body: RepaymentCapacityRequest = householdBody(household, income);
  const lending = repaymentCapacity(body, { ruleSet: lendingSet });
  const reference = repaymentCapacity(body, { ruleSet: referenceSet });
  const amount = (capacity: number, shortfall: number) => (shortfall > 0 ? `−${euro(shortfall)}` : euro(capacity));
  const check = household.anchor?.check(reference, income);
  return {
    household,
    income,
    verdict: check === undefined ? undefined : `${household.name}: ${check}`,
    cells: [
      household.name,
      household.housing,
      String(household.cars),
      `${euro(income)}${incomeNote(household)}`,
      amount(lending.Afloscapaciteit, lending.Tekort),
      amount(lending.MaximaleAfloscapaciteit, lending.MinimaalTekort),
      amount(reference.Afloscapaciteit, reference.Tekort),
      amount(reference.MaximaleAfloscapaciteit, reference.MinimaalTekort),
      household.anchor?.text ?? '',
    ],
  };
}

const rows = HOUSEHOLDS.map(row);
const header = [
  'household',
  'housing',
  'cars',
  'net income',
  `${lendingSet} capacity`,
  `${lendingSet} maximum`,
  `${referenceSet} standard`,
  `${referenceSet} maximum`,
  'public anchor',
];
const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
console.log(line(header));
console.log(line(header.map((_, i) => (i >= 2 && i <= 7 ? '---:' : '---'))));
for (const r of rows) console.log(line(r.cells));
console.log('');
console.log('€ a month; −n: a shortfall of n (Tekort, or MinimaalTekort for the maximum).');
console.log(
  `Computed ${new Date().toISOString().slice(0, 10)} with ${referenceSet} (${bundledCatalog().byId(referenceSet).hash.slice(0, 12)}) and ${lendingSet}.`,
);
console.log('');
for (const r of rows) if (r.verdict !== undefined) console.log(`- ${r.verdict}`);
