/**
 * Properties over generated bodies: (a) every valid body normalises, and the household says
 * what the body said; (b) for any JSON value at all, parsing returns or throws a
 * ValidationError, never anything else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '../../src/contract/money.js';
import {
  CAR_CLASS,
  CAR_STATUS,
  DWELLING_TYPE,
  GENDER,
  MILEAGE_BAND,
  TENURE,
  WOZ_CATEGORY,
  type EnumDefinition,
} from '../../src/contract/enums.js';
import { ValidationError } from '../../src/contract/errors.js';
import { formatPath } from '../../src/contract/field-path.js';
import { ISSUE_CODES } from '../../src/contract/issue-codes.js';
import type { ParsedRequest } from '../../src/household/household.js';
import { parseRepaymentRequest } from '../../src/household/parse-repayment.js';
import { parseRetirementRequest } from '../../src/household/parse-retirement.js';
import { runs } from '../support/runs.js';

const RUNS = runs(3000);
const SEED = 20_240_601;
const settings = { numRuns: RUNS, seed: SEED };

/** Marks a key to leave out of the body; `null` is a separate, equally valid "not given". */
const ABSENT = Symbol('absent');
type Maybe<T> = T | null | typeof ABSENT;

function maybe<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Maybe<T>> {
  return fc.oneof(fc.constant<typeof ABSENT>(ABSENT), fc.constant(null), arbitrary);
}

function given<T>(value: Maybe<T>): value is T {
  return value !== null && value !== ABSENT;
}

/** A body object from entries, leaving out ABSENT ones. */
function bodyOf(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== ABSENT));
}

/** An enumeration value as a caller may send it (code, or name in random case), with what it means. */
function enumInput<V extends string>(
  definition: EnumDefinition<V>,
): fc.Arbitrary<{ input: number | string; value: V }> {
  return fc
    .constantFrom(...definition.members)
    .chain((member) =>
      fc
        .oneof(fc.constant<number | string>(member.code), fc.mixedCase(fc.constant(member.name)))
        .map((input) => ({ input, value: member.value })),
    );
}

const amount = fc.integer({ min: 0, max: 1_000_000 });
const age = fc.integer({ min: 0, max: 125 });

/** Keys no schema declares (including hostile ones), with any JSON. */
const KNOWN_KEYS = new Set([
  'LeeftijdHoofdpersoon',
  'HeeftPartner',
  'AantalThuiswonendeKinderen',
  'AantalAutos',
  'NettoBesteedbaarInkomenPerMaand',
  'BijzondereUitgaven',
  'Woning',
  'WoningSoort',
  'BrutoHypotheeklasten',
  'HuurPerMaand',
  'HuurServiceKosten',
  'BijdrageVve',
  'KostenZorg',
  'KostenPartnerAlimentatie',
  'KostenKinderAlimentatie',
  'KostenKinderOpvang',
  'KostenOverigeAflossingen',
  'Hoofdpersonen',
  'Kinderen',
  'Autos',
  'Geslacht',
  'Leeftijd',
  'KilometersPerJaar',
  'AutoKilometersPerJaar',
  'TypeAuto',
  'StatusAuto',
  'TypeWoning',
  'SoortWoning',
  'WozWaarde',
  'WozWaardeCategorie',
]);
const unknownKey = fc
  .oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'))
  .filter((key) => !KNOWN_KEYS.has(key));
const extraFields = fc.uniqueArray(fc.tuple(unknownKey, fc.jsonValue({ maxDepth: 3 })), {
  maxLength: 3,
  selector: ([key]) => key,
});

function withExtras(body: Record<string, unknown>, extras: readonly (readonly [string, unknown])[]) {
  // Object spread defines own properties, so `__proto__` becomes a plain key, as in JSON.parse.
  return { ...body, ...Object.fromEntries(extras) };
}

const euros = (n: number) => money(n);

function expectMoney(holder: object, key: string, value: Maybe<number>) {
  if (given(value)) expect((holder as Record<string, unknown>)[key]).toStrictEqual(euros(value));
  else expect(Object.hasOwn(holder, key)).toBe(false);
}

// ---------------------------------------------------------------------------------------------
// Repayment
// ---------------------------------------------------------------------------------------------

const repaymentModel = fc.record({
  age,
  partner: fc.boolean(),
  children: fc.integer({ min: 0, max: 20 }),
  cars: fc.integer({ min: 0, max: 10 }),
  income: amount,
  special: fc.record({
    KostenZorg: maybe(amount),
    KostenPartnerAlimentatie: maybe(amount),
    KostenKinderAlimentatie: maybe(amount),
    KostenKinderOpvang: maybe(amount),
    KostenOverigeAflossingen: maybe(amount),
  }),
  tenure: enumInput(TENURE),
  housing: fc.record({
    BrutoHypotheeklasten: maybe(amount),
    HuurPerMaand: maybe(amount),
    HuurServiceKosten: maybe(amount),
    BijdrageVve: maybe(amount),
  }),
  topExtras: extraFields,
  woningExtras: extraFields,
});
type RepaymentModel = typeof repaymentModel extends fc.Arbitrary<infer M> ? M : never;

function repaymentBody(model: RepaymentModel): Record<string, unknown> {
  return withExtras(
    {
      LeeftijdHoofdpersoon: model.age,
      HeeftPartner: model.partner,
      AantalThuiswonendeKinderen: model.children,
      AantalAutos: model.cars,
      NettoBesteedbaarInkomenPerMaand: model.income,
      BijzondereUitgaven: bodyOf(model.special),
      Woning: withExtras(bodyOf({ WoningSoort: model.tenure.input, ...model.housing }), model.woningExtras),
    },
    model.topExtras,
  );
}

const validRepaymentBody = repaymentModel.map(repaymentBody);

// ---------------------------------------------------------------------------------------------
// Retirement
// ---------------------------------------------------------------------------------------------

const childModel = fc.record({ age, gender: maybe(enumInput(GENDER)) });
const carModel = fc.record({
  mileage: enumInput(MILEAGE_BAND),
  underAlias: fc.boolean(),
  otherKey: fc.constantFrom<typeof ABSENT | null>(ABSENT, null),
  carClass: enumInput(CAR_CLASS),
  status: enumInput(CAR_STATUS),
});
const wozModel = fc.oneof(
  fc.record({ kind: fc.constant('none' as const), value: fc.constant(0) }),
  fc.record({
    kind: fc.constant('value' as const),
    // The band edges are where an off-by-one would hide, so they are drawn often.
    value: fc.oneof(
      fc.integer({ min: 0, max: 100_000_000 }),
      fc.constantFrom(0, 149_999, 150_000, 299_999, 300_000, 449_999, 450_000, 100_000_000),
    ),
  }),
  fc.record({ kind: fc.constant('category' as const), category: enumInput(WOZ_CATEGORY) }),
);

const retirementModel = fc.record({
  persons: fc.array(fc.record({ gender: maybe(enumInput(GENDER)) }), { minLength: 1, maxLength: 2 }),
  children: maybe(fc.array(childModel, { maxLength: 20 })),
  cars: maybe(fc.array(carModel, { maxLength: 10 })),
  dwellingType: enumInput(DWELLING_TYPE),
  tenure: enumInput(TENURE),
  woz: wozModel,
  wozOtherKey: fc.constantFrom<typeof ABSENT | null>(ABSENT, null),
  income: amount,
  topExtras: extraFields,
  carExtras: extraFields,
});
type RetirementModel = typeof retirementModel extends fc.Arbitrary<infer M> ? M : never;

function retirementBody(model: RetirementModel): Record<string, unknown> {
  const cars = given(model.cars)
    ? model.cars.map((car, index) => {
        const [used, other] = car.underAlias
          ? ['AutoKilometersPerJaar', 'KilometersPerJaar']
          : ['KilometersPerJaar', 'AutoKilometersPerJaar'];
        const auto = bodyOf({
          [used]: car.mileage.input,
          [other]: car.otherKey,
          TypeAuto: car.carClass.input,
          StatusAuto: car.status.input,
        });
        return index === 0 ? withExtras(auto, model.carExtras) : auto;
      })
    : model.cars;
  const woz =
    model.woz.kind === 'value'
      ? { WozWaarde: model.woz.value, WozWaardeCategorie: model.wozOtherKey }
      : model.woz.kind === 'category'
        ? { WozWaarde: model.wozOtherKey, WozWaardeCategorie: model.woz.category.input }
        : { WozWaarde: model.wozOtherKey, WozWaardeCategorie: model.wozOtherKey };
  return withExtras(
    bodyOf({
      Hoofdpersonen: model.persons.map((person) =>
        bodyOf({ Geslacht: given(person.gender) ? person.gender.input : person.gender }),
      ),
      Kinderen: given(model.children)
        ? model.children.map((child) =>
            bodyOf({ Leeftijd: child.age, Geslacht: given(child.gender) ? child.gender.input : child.gender }),
          )
        : model.children,
      Autos: cars,
      Woning: bodyOf({ TypeWoning: model.dwellingType.input, SoortWoning: model.tenure.input, ...woz }),
      NettoBesteedbaarInkomenPerMaand: model.income,
    }),
    model.topExtras,
  );
}

/** An independent statement of the documented WOZ bands. */
function expectedWozCategory(value: number): string {
  if (value < 150_000) return 'below150k';
  if (value < 300_000) return 'from150kTo300k';
  if (value < 450_000) return 'from300kTo450k';
  return 'from450k';
}

const validRetirementBody = retirementModel.map(retirementBody);

// ---------------------------------------------------------------------------------------------
// (a) valid bodies
// ---------------------------------------------------------------------------------------------

describe('(a) every valid body normalises, and the household reflects it', () => {
  it('repayment', () => {
    fc.assert(
      fc.property(repaymentModel, (model) => {
        const { household, ignoredFields } = parseRepaymentRequest(repaymentBody(model));
        expect(household.persons).toStrictEqual(model.partner ? [{ age: model.age }, {}] : [{ age: model.age }]);
        expect(household.children).toHaveLength(model.children);
        expect(household.cars).toHaveLength(model.cars);
        expect(household.netMonthlyIncome).toStrictEqual(euros(model.income));
        expect(household.dwelling.tenure).toBe(model.tenure.value);
        expectMoney(household.dwelling, 'grossMortgageCosts', model.housing.BrutoHypotheeklasten);
        expectMoney(household.dwelling, 'rent', model.housing.HuurPerMaand);
        expectMoney(household.dwelling, 'serviceCosts', model.housing.HuurServiceKosten);
        expectMoney(household.dwelling, 'ownersAssociationContribution', model.housing.BijdrageVve);
        expectMoney(household.specialExpenditures, 'healthcare', model.special.KostenZorg);
        expectMoney(household.specialExpenditures, 'partnerAlimony', model.special.KostenPartnerAlimentatie);
        expectMoney(household.specialExpenditures, 'childAlimony', model.special.KostenKinderAlimentatie);
        expectMoney(household.specialExpenditures, 'childcare', model.special.KostenKinderOpvang);
        expectMoney(household.specialExpenditures, 'otherRepayments', model.special.KostenOverigeAflossingen);
        expect(ignoredFields.map((field) => field.path).sort()).toEqual(
          [
            ...model.topExtras.map(([key]) => formatPath([key])),
            ...model.woningExtras.map(([key]) => formatPath(['Woning', key])),
          ].sort(),
        );
        expect(Object.isFrozen(household.dwelling)).toBe(true);
      }),
      settings,
    );
  });

  it('retirement', () => {
    fc.assert(
      fc.property(retirementModel, (model) => {
        const { household, ignoredFields } = parseRetirementRequest(retirementBody(model));
        expect(household.persons).toStrictEqual(
          model.persons.map((person) => (given(person.gender) ? { gender: person.gender.value } : {})),
        );
        expect(household.children).toStrictEqual(
          (given(model.children) ? model.children : []).map((child) =>
            given(child.gender) ? { age: child.age, gender: child.gender.value } : { age: child.age },
          ),
        );
        expect(household.cars).toStrictEqual(
          (given(model.cars) ? model.cars : []).map((car) => ({
            class: car.carClass.value,
            status: car.status.value,
            mileage: car.mileage.value,
          })),
        );
        expect(household.dwelling.tenure).toBe(model.tenure.value);
        expect(household.dwelling.type).toBe(model.dwellingType.value);
        if (model.woz.kind === 'value') {
          expect(household.dwelling.wozValue).toStrictEqual(euros(model.woz.value));
          expect(household.dwelling.wozCategory).toBe(expectedWozCategory(model.woz.value));
        } else {
          expect(Object.hasOwn(household.dwelling, 'wozValue')).toBe(false);
          if (model.woz.kind === 'category') expect(household.dwelling.wozCategory).toBe(model.woz.category.value);
          else expect(Object.hasOwn(household.dwelling, 'wozCategory')).toBe(false);
        }
        expect(household.netMonthlyIncome).toStrictEqual(euros(model.income));
        expect(household.specialExpenditures).toStrictEqual({});
        const carExtrasReported = given(model.cars) && model.cars.length > 0;
        expect(ignoredFields.map((field) => field.path).sort()).toEqual(
          [
            ...model.topExtras.map(([key]) => formatPath([key])),
            ...(carExtrasReported ? model.carExtras.map(([key]) => formatPath(['Autos', 0, key])) : []),
          ].sort(),
        );
      }),
      settings,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// (b) any input
// ---------------------------------------------------------------------------------------------

const PARSERS = [parseRepaymentRequest, parseRetirementRequest] as const;
const KNOWN_CODES = new Set<string>(Object.values(ISSUE_CODES));

/**
 * Parses and checks the outcome is a result or a well-formed ValidationError, nothing else.
 * Returns which of the two it was, so a test can check its generator reaches both.
 */
function parsesOrRejectsCleanly(parse: (body: unknown) => ParsedRequest, body: unknown): 'parsed' | 'rejected' {
  let result: ParsedRequest | undefined;
  try {
    result = parse(body);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw new Error(`threw something else: ${String(error)}`);
    expect(error.issues.length).toBeGreaterThan(0);
    for (const issue of error.issues) {
      expect(typeof issue.path).toBe('string');
      expect(KNOWN_CODES.has(issue.code)).toBe(true);
      expect(issue.code).not.toBe(ISSUE_CODES.invalidValue);
      expect(issue.message.length).toBeGreaterThan(0);
    }
    return 'rejected';
  }
  expect(Object.isFrozen(result.household)).toBe(true);
  return 'parsed';
}

type Mutation =
  | { readonly kind: 'replace'; readonly at: number; readonly value: unknown }
  | { readonly kind: 'delete'; readonly at: number }
  | { readonly kind: 'add'; readonly at: number; readonly key: string; readonly value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: fc.jsonValue({ maxDepth: 3 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    at: fc.nat(),
    key: fc.oneof(unknownKey, fc.constantFrom(...KNOWN_KEYS)),
    value: fc.jsonValue({ maxDepth: 3 }),
  }),
);

type Container = Record<string, unknown> | unknown[];

/** Every (container, key) slot of a JSON tree, outermost first. */
function slotsOf(root: Container): [Container, string | number][] {
  const slots: [Container, string | number][] = [];
  const pending: Container[] = [root];
  for (let container = pending.shift(); container !== undefined; container = pending.shift()) {
    const keys: (string | number)[] = Array.isArray(container) ? container.map((_, i) => i) : Object.keys(container);
    for (const key of keys) {
      slots.push([container, key]);
      const child = (container as Record<string | number, unknown>)[key];
      if (typeof child === 'object' && child !== null) pending.push(child as Container);
    }
  }
  return slots;
}

function containersOf(root: Container): Container[] {
  return [
    root,
    ...slotsOf(root)
      .map(([c, k]) => (c as Record<string | number, unknown>)[k])
      .filter((v): v is Container => typeof v === 'object' && v !== null),
  ];
}

function define(container: Container, key: string | number, value: unknown): void {
  Object.defineProperty(container, key, { value, enumerable: true, writable: true, configurable: true });
}

function mutate(body: Record<string, unknown>, mutations: readonly Mutation[]): Record<string, unknown> {
  const copy = structuredClone(body);
  for (const change of mutations) {
    if (change.kind === 'add') {
      const containers = containersOf(copy).filter((c) => !Array.isArray(c));
      define(containers[change.at % containers.length] as Container, change.key, change.value);
      continue;
    }
    const slots = slotsOf(copy);
    if (slots.length === 0) continue;
    const [container, key] = slots[change.at % slots.length] as [Container, string | number];
    if (change.kind === 'replace') define(container, key, change.value);
    else if (Array.isArray(container)) container.splice(key as number, 1);
    else delete container[key as string];
  }
  return copy;
}

describe('(b) any input gives a ParsedRequest or a ValidationError, never another exception', () => {
  it.each(PARSERS.map((parse) => [parse.name, parse] as const))('%s: any JSON value', (_name, parse) => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        parsesOrRejectsCleanly(parse, body);
      }),
      settings,
    );
  });

  it.each(PARSERS.map((parse) => [parse.name, parse] as const))('%s: any JSON object', (_name, parse) => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.oneof(fc.string(), fc.constantFrom(...KNOWN_KEYS)), fc.jsonValue({ maxDepth: 4 })),
        (body) => {
          parsesOrRejectsCleanly(parse, body);
        },
      ),
      settings,
    );
  });

  it('repayment: valid bodies with fields replaced, deleted or added', () => {
    const outcomes = { parsed: 0, rejected: 0 };
    fc.assert(
      fc.property(validRepaymentBody, fc.array(mutation, { minLength: 1, maxLength: 4 }), (body, mutations) => {
        outcomes[parsesOrRejectsCleanly(parseRepaymentRequest, mutate(body, mutations))] += 1;
      }),
      settings,
    );
    // Mutations must sometimes leave a body valid (an unknown key, an optional field dropped)
    // and sometimes not; otherwise this property only ever tests one path.
    expect(outcomes.parsed).toBeGreaterThan(RUNS / 20);
    expect(outcomes.rejected).toBeGreaterThan(RUNS / 20);
  });

  it('retirement: valid bodies with fields replaced, deleted or added', () => {
    const outcomes = { parsed: 0, rejected: 0 };
    fc.assert(
      fc.property(validRetirementBody, fc.array(mutation, { minLength: 1, maxLength: 4 }), (body, mutations) => {
        outcomes[parsesOrRejectsCleanly(parseRetirementRequest, mutate(body, mutations))] += 1;
      }),
      settings,
    );
    // Mutations must sometimes leave a body valid (an unknown key, an optional field dropped)
    // and sometimes not; otherwise this property only ever tests one path.
    expect(outcomes.parsed).toBeGreaterThan(RUNS / 20);
    expect(outcomes.rejected).toBeGreaterThan(RUNS / 20);
  });

  it('a valid body from either request is rejected cleanly by the other parser', () => {
    fc.assert(
      fc.property(validRepaymentBody, validRetirementBody, (repayment, retirement) => {
        parsesOrRejectsCleanly(parseRetirementRequest, repayment);
        parsesOrRejectsCleanly(parseRepaymentRequest, retirement);
      }),
      { ...settings, numRuns: runs(500) },
    );
  });
});
