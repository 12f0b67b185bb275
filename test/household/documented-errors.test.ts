/** The error examples in docs/contract.md, checked word for word so the docs cannot drift. */
import { describe, expect, it } from 'vitest';
import { parseRetirementRequest } from '../../src/household/parse-retirement.js';
import { fullRetirementBody, issuesOf, withValue } from './support.js';

describe('docs/contract.md error examples', () => {
  it('the single enum issue', () => {
    const body = {
      ...fullRetirementBody(),
      Autos: [
        { KilometersPerJaar: 0, TypeAuto: 0, StatusAuto: 0 },
        { KilometersPerJaar: 0, TypeAuto: 'Groot', StatusAuto: 0 },
      ],
    };
    expect(issuesOf(() => parseRetirementRequest(body))).toEqual([
      {
        path: 'Autos[1].TypeAuto',
        code: 'invalid_enum',
        message:
          'expected one of Klein (0), Compact (1), CompactMiddenklasse (2), Middenklasse (3), as the integer code or the name in any letter case, got a string',
      },
    ]);
  });

  it('the complete example with three issues', () => {
    const body: unknown = JSON.parse(
      '{ "Hoofdpersonen": [{ "Geslacht": "X" }], "Woning": { "TypeWoning": 0, "SoortWoning": "huurwoning", "WozWaarde": 200000, "WozWaardeCategorie": 1 }, "NettoBesteedbaarInkomenPerMaand": 1500.5 }',
    );
    expect(issuesOf(() => parseRetirementRequest(body))).toEqual([
      {
        path: 'Hoofdpersonen[0].Geslacht',
        code: 'invalid_enum',
        message: 'expected one of Man (0), Vrouw (1), as the integer code or the name in any letter case, got a string',
      },
      {
        path: 'NettoBesteedbaarInkomenPerMaand',
        code: 'not_integer',
        message:
          'expected a whole number of euros per month from 0 to 1000000, got 1500.5, which is not a whole number',
      },
      {
        path: 'Woning.WozWaardeCategorie',
        code: 'mutually_exclusive',
        message: 'WozWaardeCategorie cannot be given together with WozWaarde: give one of the two',
      },
    ]);
  });

  it('a key that is not an identifier is listed in bracket form', () => {
    const body = withValue(fullRetirementBody(), 'Woning.huur prijs', 700);
    expect(parseRetirementRequest(body).ignoredFields).toEqual([{ path: 'Woning["huur prijs"]' }]);
  });
});
