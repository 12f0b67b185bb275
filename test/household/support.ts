/** Shared helpers for the parser tests: fixtures, full valid bodies, and issue extraction. */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { ValidationError, type ValidationIssue } from '../../src/contract/errors.js';

export type JsonObject = Record<string, unknown>;

export function loadRequestFixture(name: string): JsonObject {
  const url = new URL(`../fixtures/requests/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as JsonObject;
}

/** A repayment body with every field given, including every optional one. */
export function fullRepaymentBody(): JsonObject {
  return {
    LeeftijdHoofdpersoon: 45,
    HeeftPartner: true,
    AantalThuiswonendeKinderen: 2,
    AantalAutos: 1,
    NettoBesteedbaarInkomenPerMaand: 3500,
    BijzondereUitgaven: {
      KostenZorg: 10,
      KostenPartnerAlimentatie: 20,
      KostenKinderAlimentatie: 30,
      KostenKinderOpvang: 40,
      KostenOverigeAflossingen: 50,
    },
    Woning: {
      WoningSoort: 'Koopwoning',
      BrutoHypotheeklasten: 1200,
      HuurPerMaand: 0,
      HuurServiceKosten: 0,
      BijdrageVve: 75,
    },
  };
}

/** A retirement body with every field given (WozWaarde rather than its category). */
export function fullRetirementBody(): JsonObject {
  return {
    Hoofdpersonen: [{ Geslacht: 'Man' }, { Geslacht: 1 }],
    Kinderen: [{ Leeftijd: 12, Geslacht: 'vrouw' }],
    Autos: [{ KilometersPerJaar: 1, TypeAuto: 'Compact', StatusAuto: 'Tweedehands' }],
    Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Koopwoning', WozWaarde: 280000 },
    NettoBesteedbaarInkomenPerMaand: 2600,
  };
}

/** The issues of the ValidationError `run` throws; fails the test when it throws nothing or something else. */
export function issuesOf(run: () => unknown): readonly ValidationIssue[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).issues;
  }
  throw new Error('expected a ValidationError, but parsing succeeded');
}

/** The single issue `run` reports; fails when there is not exactly one. */
export function onlyIssueOf(run: () => unknown): ValidationIssue {
  const issues = issuesOf(run);
  expect(issues).toHaveLength(1);
  return issues[0] as ValidationIssue;
}

/** Sets a value at a dotted/indexed path of a plain body, e.g. `Autos[0].TypeAuto`. */
export function withValue(body: JsonObject, path: string, value: unknown): JsonObject {
  const copy = structuredClone(body);
  const segments = path.split(/\.|\[(\d+)\]/).filter((segment) => segment !== undefined && segment !== '');
  let target: Record<string, unknown> = copy;
  for (const segment of segments.slice(0, -1)) target = target[segment] as Record<string, unknown>;
  const last = segments.at(-1) as string;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

/** The same body without the field at `path`. */
export function without(body: JsonObject, path: string): JsonObject {
  return withValue(body, path, undefined);
}
