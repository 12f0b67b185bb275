import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_ENUMERATIONS, caseInsensitiveNamePattern } from '../../src/contract/enums.js';
import { isOptionalField, ruleOf, unwrapPresence } from '../../src/contract/field-rules.js';
import { ISSUE_CODES } from '../../src/contract/issue-codes.js';
import { repaymentRequestSchema } from '../../src/contract/repayment-request.js';
import { retirementRequestSchema } from '../../src/contract/retirement-request.js';

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  additionalProperties?: unknown;
};

/** Every field of a schema with its dotted path (`[]` for array entries). */
function fieldsOf(schema: z.ZodType, path = ''): [string, z.ZodType][] {
  const inner = unwrapPresence(schema);
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
      const fieldPath = path === '' ? key : `${path}.${key}`;
      return [[fieldPath, field] as [string, z.ZodType], ...fieldsOf(field, fieldPath)];
    });
  }
  if (inner instanceof z.ZodArray) return fieldsOf(inner.element as z.ZodType, `${path}[]`);
  return [];
}

const REPAYMENT_FIELDS = {
  LeeftijdHoofdpersoon: true,
  HeeftPartner: true,
  AantalThuiswonendeKinderen: true,
  AantalAutos: true,
  NettoBesteedbaarInkomenPerMaand: true,
  BijzondereUitgaven: true,
  'BijzondereUitgaven.KostenZorg': false,
  'BijzondereUitgaven.KostenPartnerAlimentatie': false,
  'BijzondereUitgaven.KostenKinderAlimentatie': false,
  'BijzondereUitgaven.KostenKinderOpvang': false,
  'BijzondereUitgaven.KostenOverigeAflossingen': false,
  Woning: true,
  'Woning.WoningSoort': true,
  'Woning.BrutoHypotheeklasten': false,
  'Woning.HuurPerMaand': false,
  'Woning.HuurServiceKosten': false,
  'Woning.BijdrageVve': false,
};

// KilometersPerJaar is required through its alias rule, so the schema itself marks both optional.
const RETIREMENT_FIELDS = {
  Hoofdpersonen: true,
  'Hoofdpersonen[].Geslacht': false,
  Kinderen: false,
  'Kinderen[].Leeftijd': true,
  'Kinderen[].Geslacht': false,
  Autos: false,
  'Autos[].KilometersPerJaar': false,
  'Autos[].AutoKilometersPerJaar': false,
  'Autos[].TypeAuto': true,
  'Autos[].StatusAuto': true,
  Woning: true,
  'Woning.TypeWoning': true,
  'Woning.SoortWoning': true,
  'Woning.WozWaarde': false,
  'Woning.WozWaardeCategorie': false,
  NettoBesteedbaarInkomenPerMaand: true,
};

describe.each([
  ['repayment', repaymentRequestSchema, REPAYMENT_FIELDS],
  ['retirement', retirementRequestSchema, RETIREMENT_FIELDS],
] as const)('the %s request schema', (_name, schema, expectedFields) => {
  it('has exactly the contract fields, each required or optional as the contract says', () => {
    const fields = fieldsOf(schema);
    expect(Object.fromEntries(fields.map(([path, field]) => [path, !isOptionalField(field)]))).toEqual(expectedFields);
  });

  it('has a rule for every field, so every error can be described', () => {
    for (const [path, field] of fieldsOf(schema)) {
      expect(ruleOf(field), path).toBeDefined();
    }
    expect(ruleOf(schema)).toEqual({ kind: 'object', exclusiveKeys: [] });
  });

  it('renders as JSON Schema that keeps unknown fields allowed and shows the bounds', () => {
    const jsonSchema = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
    expect(jsonSchema.type).toBe('object');
    expect(jsonSchema.additionalProperties).toBeUndefined();
    expect(jsonSchema.properties?.['NettoBesteedbaarInkomenPerMaand']).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: 1_000_000,
    });
    expect(jsonSchema.required).toEqual(
      Object.entries(expectedFields)
        .filter(([path, required]) => required && !path.includes('.') && !path.includes('['))
        .map(([path]) => path),
    );
  });
});

describe('JSON Schema details', () => {
  const retirement = z.toJSONSchema(retirementRequestSchema, { io: 'input' }) as JsonSchema;

  it('carries array limits and the WOZ bound', () => {
    expect(retirement.properties?.['Hoofdpersonen']).toMatchObject({ minItems: 1, maxItems: 2 });
    const woning = retirement.properties?.['Woning'];
    expect(woning?.properties?.['WozWaarde']?.anyOf?.[0]).toMatchObject({ minimum: 0, maximum: 100_000_000 });
  });

  it('expresses every enumeration as codes or a flag-free case-insensitive name pattern', () => {
    for (const definition of ALL_ENUMERATIONS) {
      const pattern = new RegExp(caseInsensitiveNamePattern(definition).source);
      for (const member of definition.members) {
        expect(pattern.test(member.name.toUpperCase())).toBe(true);
        expect(pattern.test(member.name.toLowerCase())).toBe(true);
      }
      expect(caseInsensitiveNamePattern(definition).flags).toBe('');
    }
    const tenure = (retirement.properties?.['Woning']?.properties?.['SoortWoning'] as JsonSchema | undefined)?.anyOf;
    expect(tenure).toEqual([
      { type: 'number', enum: [0, 1] },
      {
        type: 'string',
        pattern: '^(?:[Hh][Uu][Uu][Rr][Ww][Oo][Nn][Ii][Nn][Gg]|[Kk][Oo][Oo][Pp][Ww][Oo][Nn][Ii][Nn][Gg])$',
      },
    ]);
  });
});

describe('issue codes', () => {
  it('are the documented set', () => {
    expect(Object.values(ISSUE_CODES).sort()).toEqual(
      [
        'invalid_body',
        'required',
        'invalid_type',
        'not_integer',
        'too_small',
        'too_big',
        'invalid_enum',
        'too_few_items',
        'too_many_items',
        'mutually_exclusive',
        'invalid_value',
      ].sort(),
    );
  });
});
