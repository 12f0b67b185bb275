/** Every enumerated field of both requests, through the parsers: each member by code and by name. */
import { describe, expect, it } from 'vitest';
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
import type { Household, ParsedRequest } from '../../src/household/household.js';
import { parseRepaymentRequest } from '../../src/household/parse-repayment.js';
import { parseRetirementRequest } from '../../src/household/parse-retirement.js';
import { fullRepaymentBody, fullRetirementBody, onlyIssueOf, without, withValue, type JsonObject } from './support.js';

interface EnumField {
  readonly path: string;
  readonly definition: EnumDefinition;
  readonly base: () => JsonObject;
  readonly parse: (body: unknown) => ParsedRequest;
  readonly read: (household: Household) => unknown;
}

const retirementWithoutWozValue = () => without(fullRetirementBody(), 'Woning.WozWaarde');
const retirementWithAlias = () => without(fullRetirementBody(), 'Autos[0].KilometersPerJaar');

const FIELDS: readonly EnumField[] = [
  {
    path: 'Woning.WoningSoort',
    definition: TENURE,
    base: fullRepaymentBody,
    parse: parseRepaymentRequest,
    read: (h) => h.dwelling.tenure,
  },
  {
    path: 'Hoofdpersonen[0].Geslacht',
    definition: GENDER,
    base: fullRetirementBody,
    parse: parseRetirementRequest,
    read: (h) => h.persons[0]?.gender,
  },
  {
    path: 'Hoofdpersonen[1].Geslacht',
    definition: GENDER,
    base: fullRetirementBody,
    parse: parseRetirementRequest,
    read: (h) => h.persons[1]?.gender,
  },
  {
    path: 'Kinderen[0].Geslacht',
    definition: GENDER,
    base: fullRetirementBody,
    parse: parseRetirementRequest,
    read: (h) => h.children[0]?.gender,
  },
  {
    path: 'Autos[0].KilometersPerJaar',
    definition: MILEAGE_BAND,
    base: fullRetirementBody,
    parse: parseRetirementRequest,
    read: (h) => h.cars[0]?.mileage,
  },
  {
    path: 'Autos[0].AutoKilometersPerJaar',
    definition: MILEAGE_BAND,
    base: retirementWithAlias,
    parse: parseRetirementRequest,
    read: (h) => h.cars[0]?.mileage,
  },
  {
    path: 'Autos[0].TypeAuto',
    definition: CAR_CLASS,
    base: fullRetirementBody,
    parse: parseRetirementRequest,
    read: (h) => h.cars[0]?.class,
  },
  {
    path: 'Autos[0].StatusAuto',
    definition: CAR_STATUS,
    base: fullRetirementBody,
    parse: parseRetirementRequest,
    read: (h) => h.cars[0]?.status,
  },
  {
    path: 'Woning.TypeWoning',
    definition: DWELLING_TYPE,
    base: fullRetirementBody,
    parse: parseRetirementRequest,
    read: (h) => h.dwelling.type,
  },
  {
    path: 'Woning.SoortWoning',
    definition: TENURE,
    base: fullRetirementBody,
    parse: parseRetirementRequest,
    read: (h) => h.dwelling.tenure,
  },
  {
    path: 'Woning.WozWaardeCategorie',
    definition: WOZ_CATEGORY,
    base: retirementWithoutWozValue,
    parse: parseRetirementRequest,
    read: (h) => h.dwelling.wozCategory,
  },
];

describe.each(FIELDS)('$path', ({ path, definition, base, parse, read }) => {
  it.each(definition.members)('accepts $name by code $code and by name in any case', ({ code, name, value }) => {
    for (const given of [code, name, name.toLowerCase(), name.toUpperCase()]) {
      expect(read(parse(withValue(base(), path, given)).household)).toBe(value);
    }
  });

  it.each([
    ['an unknown code', definition.members.length],
    ['a negative code', -1],
    ['an unknown name', 'Onbekend'],
    ['a code as a string', '1'],
    ['a float', 0.5],
    ['a boolean', true],
    ['an object', { code: 0 }],
    ['an array', [0]],
  ])('rejects %s, listing every name and code', (_what, given) => {
    const issue = onlyIssueOf(() => parse(withValue(base(), path, given)));
    expect(issue.path).toBe(path);
    expect(issue.code).toBe('invalid_enum');
    const listed = definition.members.map((m) => `${m.name} (${m.code})`).join(', ');
    expect(issue.message).toContain(`expected one of ${listed}`);
  });
});

describe('the enum message', () => {
  it('reads exactly as documented', () => {
    const issue = onlyIssueOf(() =>
      parseRepaymentRequest(withValue(fullRepaymentBody(), 'Woning.WoningSoort', 'Villa')),
    );
    expect(issue.message).toBe(
      'expected one of Huurwoning (0), Koopwoning (1), as the integer code or the name in any letter case, got a string',
    );
  });
});
