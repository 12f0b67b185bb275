/**
 * A strict TypeScript consumer of the installed package: type-checked (not run) by
 * scripts/test-consumer.mjs with tsconfig.json (NodeNext) and tsconfig.bundler.json
 * (Bundler). Every `@ts-expect-error` marks a misuse the shipped types must refuse: when
 * the types stop refusing it, the directive is unused and the type-check fails.
 */
import {
  type CalculationOptions,
  type RepaymentCapacityRequest,
  type RetirementExpenditureRequest,
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
  {
    Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
    Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Huurwoning' },
    NettoBesteedbaarInkomenPerMaand: 2200,
  },
  { date: new Date('2026-06-01') },
);
const basis: number = retirement.Totaal.Basis;

// exactOptionalPropertyTypes: an option is given or absent, never `undefined`.
// @ts-expect-error explain is boolean | absent
const undefinedOption: CalculationOptions = { explain: undefined };
const untypedBody: unknown = JSON.parse('{}');
// @ts-expect-error explain is a boolean, not a string
repaymentCapacity(untypedBody, { explain: 'yes' });
// @ts-expect-error the result has no such field
retirement.Pensioen;

// Typed requests: a body written out in TypeScript is checked against the contract at compile time.
const tenant: RepaymentCapacityRequest = {
  LeeftijdHoofdpersoon: 40,
  HeeftPartner: true,
  AantalThuiswonendeKinderen: 2,
  AantalAutos: 1,
  NettoBesteedbaarInkomenPerMaand: 4200,
  BijzondereUitgaven: { KostenZorg: null, KostenKinderOpvang: 300 },
  Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 950 },
};
repaymentCapacity(tenant);
repaymentCapacity({ ...tenant, Woning: { WoningSoort: 1, BrutoHypotheeklasten: 1100 } });
const couple: RetirementExpenditureRequest = {
  Hoofdpersonen: [{ Geslacht: 'Man' }, { Geslacht: 1 }, { Geslacht: null }],
  Kinderen: [{ Leeftijd: 12, Geslacht: 'Vrouw' }],
  Autos: [{ AutoKilometersPerJaar: 'Tussen10Ken20K', TypeAuto: 'Compact', StatusAuto: 'Tweedehands' }],
  Woning: { TypeWoning: 'Hoekwoning', SoortWoning: 'Koopwoning', WozWaardeCategorie: 2 },
  NettoBesteedbaarInkomenPerMaand: 3100,
};
retirementExpenditure(couple);
// A body declared `as const` keeps its names as literals (and its arrays read-only): accepted.
const frozen = {
  Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
  Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
  NettoBesteedbaarInkomenPerMaand: 1800,
} as const;
retirementExpenditure(frozen);
// @ts-expect-error declared without a type or `as const`, a name widens to string, which is refused
retirementExpenditure({ ...frozen, Woning: { ...frozen.Woning, TypeWoning: String('Appartement') } });

// @ts-expect-error the contract's values of HeeftPartner are true and false, not 'nee'
repaymentCapacity({ ...tenant, HeeftPartner: 'nee' });
retirementExpenditure({
  ...couple,
  // @ts-expect-error Geslacht is 'Man', 'Vrouw', 0 or 1: 'Mann' is not a name of the contract
  Hoofdpersonen: [{ Geslacht: 'Mann' }],
});
// @ts-expect-error 2 is not a code of Geslacht
retirementExpenditure({ ...couple, Hoofdpersonen: [{ Geslacht: 2 }] });
// @ts-expect-error a TypeScript caller writes the contract's spelling (other letter cases pass at run time only)
retirementExpenditure({ ...couple, Woning: { TypeWoning: 'hoekwoning', SoortWoning: 'Koopwoning' } });
// @ts-expect-error NettoBesteedbaarInkomenPerMaand is missing
retirementExpenditure({ Hoofdpersonen: [{ Geslacht: 'Man' }], Woning: couple.Woning });
// @ts-expect-error a misspelled field name (KostenZorgg) is not a field of the contract
repaymentCapacity({ ...tenant, BijzondereUitgaven: { KostenZorgg: 10 } });
// @ts-expect-error LeeftijdHoofdpersoon is missing
repaymentCapacity({ ...tenant, LeeftijdHoofdpersoon: undefined });
const textAmount: RepaymentCapacityRequest = {
  ...tenant,
  // @ts-expect-error an amount is a number of euros, not a string
  NettoBesteedbaarInkomenPerMaand: '4200',
};
// @ts-expect-error a body whose type is known must be a request: a plain object type with other fields is refused
repaymentCapacity({ Woning: 'Huurwoning' });

// Untyped JSON is still accepted as it is, and checked at run time.
const fromJson: unknown = JSON.parse('{"Hoofdpersonen":[{"Geslacht":"MAN"}]}');
retirementExpenditure(fromJson);
retirementExpenditure(JSON.parse('{}'));
const record: Record<string, unknown> = { LeeftijdHoofdpersoon: 40, HeeftPartner: 'nee' };
repaymentCapacity(record, options);

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

console.log(textAmount, capacity, firstAmount, hash, basis, undefinedOption, issuesOf, sets, outcomes, response);
