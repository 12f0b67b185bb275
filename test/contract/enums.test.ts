import { describe, expect, it } from 'vitest';
import {
  ALL_ENUMERATIONS,
  CAR_CLASS,
  CAR_STATUS,
  caseInsensitiveNamePattern,
  decodeEnum,
  describeEnumMembers,
  DWELLING_TYPE,
  enumCode,
  enumName,
  GENDER,
  MILEAGE_BAND,
  TENURE,
  WOZ_CATEGORY,
  type EnumDefinition,
} from '../../src/contract/enums.js';

/** The contract's table, written out again by hand so a typo in enums.ts cannot hide. */
const CONTRACT_TABLE: readonly (readonly [EnumDefinition, readonly (readonly [number, string, string])[]])[] = [
  [
    GENDER,
    [
      [0, 'Man', 'male'],
      [1, 'Vrouw', 'female'],
    ],
  ],
  [
    MILEAGE_BAND,
    [
      [0, 'Minderdan10K', 'under10k'],
      [1, 'Tussen10Ken20K', 'from10kTo20k'],
      [2, 'Meerdan20K', 'over20k'],
    ],
  ],
  [
    CAR_CLASS,
    [
      [0, 'Klein', 'small'],
      [1, 'Compact', 'compact'],
      [2, 'CompactMiddenklasse', 'compactMidsize'],
      [3, 'Middenklasse', 'midsize'],
    ],
  ],
  [
    CAR_STATUS,
    [
      [0, 'Nieuw', 'new'],
      [1, 'Tweedehands', 'used'],
    ],
  ],
  [
    DWELLING_TYPE,
    [
      [0, 'Appartement', 'apartment'],
      [1, 'Tussenwoning', 'terraced'],
      [2, 'Hoekwoning', 'corner'],
      [3, 'Vrijstaand', 'detached'],
    ],
  ],
  [
    TENURE,
    [
      [0, 'Huurwoning', 'rent'],
      [1, 'Koopwoning', 'own'],
    ],
  ],
  [
    WOZ_CATEGORY,
    [
      [0, 'WozKleinerDan150K', 'below150k'],
      [1, 'WozVan150KTot300K', 'from150kTo300k'],
      [2, 'WozVan300KTot450K', 'from300kTo450k'],
      [3, 'WozGroterDan450K', 'from450k'],
    ],
  ],
];

function alternatingCase(text: string): string {
  return [...text].map((c, i) => (i % 2 === 0 ? c.toUpperCase() : c.toLowerCase())).join('');
}

describe('enumerations', () => {
  it('cover every enumeration of the contract, each exactly as the contract lists it', () => {
    expect(ALL_ENUMERATIONS).toHaveLength(CONTRACT_TABLE.length);
    for (const [definition, members] of CONTRACT_TABLE) {
      expect(ALL_ENUMERATIONS).toContain(definition);
      expect(definition.members.map((m) => [m.code, m.name, m.value])).toEqual(members);
    }
  });

  describe.each(CONTRACT_TABLE.map(([definition, members]) => [definition.contractName, definition, members] as const))(
    '%s',
    (_name, definition, members) => {
      it.each(members)('decodes code %i and name %s in any letter case', (code, name, value) => {
        expect(decodeEnum(definition, code)).toBe(value);
        for (const spelling of [name, name.toLowerCase(), name.toUpperCase(), alternatingCase(name)]) {
          expect(decodeEnum(definition, spelling)).toBe(value);
          expect(caseInsensitiveNamePattern(definition).test(spelling)).toBe(true);
        }
      });

      it.each(members)('maps household value back: code %i, name %s', (code, name, value) => {
        expect(enumName(definition, value)).toBe(name);
        expect(enumCode(definition, value)).toBe(code);
      });

      it('rejects unknown codes, unknown names, numeric strings, floats, booleans and other values', () => {
        const [firstCode, firstName] = members[0] as readonly [number, string, string];
        const rejected: unknown[] = [
          members.length,
          -1,
          0.5,
          firstCode + 0.1,
          String(firstCode),
          `${firstName}x`,
          ` ${firstName}`,
          '',
          true,
          false,
          null,
          undefined,
          {},
          [firstCode],
          Number.NaN,
        ];
        for (const input of rejected) expect(decodeEnum(definition, input)).toBeUndefined();
        expect(caseInsensitiveNamePattern(definition).test(`${firstName}x`)).toBe(false);
        expect(caseInsensitiveNamePattern(definition).test(String(firstCode))).toBe(false);
      });

      it('lists every name with its code for messages', () => {
        expect(describeEnumMembers(definition)).toBe(members.map(([code, name]) => `${name} (${code})`).join(', '));
      });
    },
  );

  it('matches case ASCII-only, so the decoder and the JSON Schema pattern agree', () => {
    // U+212A KELVIN SIGN lower-cases to an ASCII "k" in JavaScript.
    expect(decodeEnum(MILEAGE_BAND, 'Minderdan10\u212A')).toBeUndefined();
    expect(caseInsensitiveNamePattern(MILEAGE_BAND).test('Minderdan10\u212A')).toBe(false);
  });

  it('refuses to name a value the enumeration does not have', () => {
    expect(() => enumName(TENURE, 'castle' as never)).toThrow(RangeError);
  });

  it('are frozen data', () => {
    expect(Object.isFrozen(TENURE)).toBe(true);
    expect(Object.isFrozen(TENURE.members)).toBe(true);
    expect(Object.isFrozen(TENURE.members[0])).toBe(true);
  });
});
