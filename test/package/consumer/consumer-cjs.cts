/**
 * A strict TypeScript CommonJS consumer: `require` of the ESM-only package, as Node >= 20.19
 * runs it. TypeScript models it under `module: nodenext` (5.8 and later); type-checked with
 * tsconfig.json by scripts/test-consumer.mjs.
 */
import budgetnorm = require('budgetnorm');
import budgetnormNode = require('budgetnorm/node');

const result = budgetnorm.repaymentCapacity(
  {
    LeeftijdHoofdpersoon: 67,
    HeeftPartner: false,
    AantalThuiswonendeKinderen: 0,
    AantalAutos: 0,
    NettoBesteedbaarInkomenPerMaand: 1650,
    BijzondereUitgaven: {},
    Woning: { WoningSoort: 0, HuurPerMaand: 690, HuurServiceKosten: 45 },
  },
  { ruleSet: 'nl-2026' },
);
const tekort: number = result.Tekort;
// @ts-expect-error Tekort is a number
const wrong: string = result.Tekort;

try {
  // A body typed unknown is checked at run time; `{}` written out is refused at compile time.
  const empty: unknown = {};
  budgetnorm.retirementExpenditure(empty);
  // @ts-expect-error Hoofdpersonen, Woning and NettoBesteedbaarInkomenPerMaand are missing
  budgetnorm.retirementExpenditure({});
} catch (error) {
  if (error instanceof budgetnorm.ValidationError) {
    const first: budgetnorm.ValidationIssue | undefined = error.issues[0];
    console.log(first?.path, tekort, wrong);
  }
}

const set: budgetnorm.RuleSet = budgetnormNode.loadRuleSetFolder('node_modules/budgetnorm/rules/nl-2026');
console.log(set.id);
