/**
 * A strict TypeScript consumer of the installed package: type-checked (not run) by
 * scripts/test-consumer.mjs with tsconfig.json (NodeNext) and tsconfig.bundler.json
 * (Bundler). Every `@ts-expect-error` marks a misuse the shipped types must refuse: when
 * the types stop refusing it, the directive is unused and the type-check fails.
 */
import {
  type CalculationOptions,
  type RepaymentCapacityResult,
  type RetirementExpenditureResult,
  type RuleSet,
  type ValidationIssue,
  RuleSetChoiceError,
  ValidationError,
  bundledCatalog,
  repaymentCapacity,
  retirementExpenditure,
} from 'budgetnorm';
import { createApp, type AppOptions, PATHS, KEY_HEADER } from 'budgetnorm/http';
import { loadRuleSetFolder, runWorkedExamples, type ExampleOutcome } from 'budgetnorm/node';

const options: CalculationOptions = { ruleSet: 'nl-2026', explain: false };

const repayment: RepaymentCapacityResult = repaymentCapacity(
  {
    LeeftijdHoofdpersoon: 67,
    HeeftPartner: false,
    AantalThuiswonendeKinderen: 0,
    AantalAutos: 0,
    NettoBesteedbaarInkomenPerMaand: 1650,
    BijzondereUitgaven: {},
    Woning: { WoningSoort: 0, HuurPerMaand: 690, HuurServiceKosten: 45 },
  },
  options,
);
const capacity: number = repayment.Afloscapaciteit;
const firstPost = repayment.Posten[0];
// noUncheckedIndexedAccess: an element of Posten may be absent.
// @ts-expect-error firstPost is possibly undefined
const firstAmount: number = firstPost.Bedrag;
const hash: string = repayment.Rekenregels.Hash;

const retirement: RetirementExpenditureResult = retirementExpenditure(
  { Hoofdpersonen: [{ Geslacht: 'Vrouw' }], Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Huurwoning' } },
  { date: new Date('2026-06-01') },
);
const basis: number = retirement.Totaal.Basis;

// exactOptionalPropertyTypes: an option is given or absent, never `undefined`.
// @ts-expect-error explain is boolean | absent
const undefinedOption: CalculationOptions = { explain: undefined };
// @ts-expect-error explain is a boolean, not a string
repaymentCapacity({}, { explain: 'yes' });
// @ts-expect-error the result has no such field
retirement.Pensioen;

function issuesOf(body: unknown): readonly ValidationIssue[] {
  try {
    repaymentCapacity(body, options);
    return [];
  } catch (error) {
    if (error instanceof ValidationError) {
      const code: 'validation_failed' = error.code;
      const paths: string[] = error.issues.map((issue) => `${issue.path} ${issue.code} ${issue.message} ${code}`);
      return paths.length > 0 ? error.issues : [];
    }
    if (error instanceof RuleSetChoiceError) throw new Error(error.message);
    throw error;
  }
}

const sets: readonly RuleSet[] = bundledCatalog().list();
const folderSet: RuleSet = loadRuleSetFolder('node_modules/budgetnorm/rules/nl-2026');
const outcomes: ExampleOutcome[] = runWorkedExamples(folderSet, 'afloscapaciteit', {});
// @ts-expect-error the calculation is one of two names
runWorkedExamples(folderSet, 'hypotheek', {});

const appOptions: AppOptions = { keys: ['consumer-key'], ruleSet: folderSet, log: () => {} };
const app = createApp(appOptions);
const response: Promise<Response> = Promise.resolve(
  app.fetch(
    new Request(`http://localhost${PATHS.repayment}`, {
      method: 'POST',
      headers: { [KEY_HEADER]: 'consumer-key', 'content-type': 'application/json' },
      body: '{}',
    }),
  ),
);

console.log(capacity, firstAmount, hash, basis, undefinedOption, issuesOf, sets, outcomes, response);
