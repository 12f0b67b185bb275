/**
 * The form's state → the request body: what the advisor types is what the library gets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repaymentCapacity, retirementExpenditure, ValidationError } from '../../src/index.js';
import {
  CARS,
  CHILDREN,
  type FormState,
  initialState,
  numberValue,
  PERSONS,
  requestBody,
  withRowAdded,
  withRowRemoved,
  withRowValue,
  withValue,
} from '../../src/advisor/form-model.js';

describe('numberValue: the text of a number box', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['45', 45],
    [' 2400 ', 2400],
    ['2.400', 2400],
    ['1.250.000', 1250000],
    ['12,5', 12.5],
    ['1.5', 1.5],
    ['-3', -3],
    ['0', 0],
    ['€ 800', 800],
    ['€ 2400', 2400],
    ['€2.400', 2400],
    ['2.400,50', 2400.5],
    ['€ 1.250.000,00', 1250000],
    ['2400,50', 2400.5],
    // A dot not followed by groups of three digits: a decimal point, as before.
    ['2.4', 2.4],
    ['2.40', 2.4],
    // Neither Dutch nor a number: left as text, so the library reports the field.
    ['2.40.0', '2.40.0'],
    ['2,400.50', '2,400.50'],
    ['€', '€'],
    ['€ abc', '€ abc'],
    ['abc', 'abc'],
    ['1 500', 1500],
  ])('%j → %j', (text, value) => {
    expect(numberValue(text)).toEqual(value);
  });
});

describe('requestBody', () => {
  it('the opening afloscapaciteit household is the README example, in the contract order', () => {
    const body = requestBody(initialState('afloscapaciteit'));
    expect(JSON.stringify(body)).toBe(
      JSON.stringify({
        LeeftijdHoofdpersoon: 45,
        HeeftPartner: false,
        AantalThuiswonendeKinderen: 0,
        AantalAutos: 0,
        NettoBesteedbaarInkomenPerMaand: 2400,
        BijzondereUitgaven: {},
        Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 800 },
      }),
    );
    // The number the README's first example asserts for it.
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const stated = /assert\.equal\(capacity\.Afloscapaciteit, (\d+)\)/.exec(readme)?.[1];
    expect(repaymentCapacity(body, { date: '2026-03-01' }).Afloscapaciteit).toBe(Number(stated));
  });

  it('the opening pensioenuitgaven household is the README example', () => {
    const body = requestBody(initialState('pensioenuitgaven'));
    expect(body).toEqual({
      Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
      Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
      NettoBesteedbaarInkomenPerMaand: 1900,
    });
    expect(() => retirementExpenditure(body, { ruleSet: 'nl-2026' })).not.toThrow();
  });

  it('sends only the dwelling fields of the chosen kind, and the special costs given', () => {
    let state = initialState('afloscapaciteit');
    state = withValue(state, 'Woning.HuurServiceKosten', '45');
    state = withValue(state, 'Woning.BrutoHypotheeklasten', '1350');
    state = withValue(state, 'BijzondereUitgaven.KostenZorg', '35');
    state = withValue(state, 'BijzondereUitgaven.KostenKinderOpvang', '');
    state = withValue(state, 'HeeftPartner', 'true');
    expect(requestBody(state)).toMatchObject({
      HeeftPartner: true,
      BijzondereUitgaven: { KostenZorg: 35 },
      Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 800, HuurServiceKosten: 45 },
    });
    expect(requestBody(state)['Woning'] as object).not.toHaveProperty('BrutoHypotheeklasten');
    state = withValue(state, 'Woning.WoningSoort', 'Koopwoning');
    expect(requestBody(state)['Woning']).toEqual({ WoningSoort: 'Koopwoning', BrutoHypotheeklasten: 1350 });
  });

  it('rows become arrays; an empty list of children or cars is left out; a removed row is gone', () => {
    let state: FormState = initialState('pensioenuitgaven');
    state = withRowAdded(state, PERSONS);
    state = withRowValue(state, 'Hoofdpersonen', 1, 'Geslacht', 'Man');
    state = withRowAdded(state, CHILDREN);
    state = withRowValue(state, 'Kinderen', 0, 'Leeftijd', '7');
    state = withRowAdded(state, CHILDREN);
    state = withRowValue(state, 'Kinderen', 1, 'Leeftijd', '12');
    state = withRowValue(state, 'Kinderen', 1, 'Geslacht', 'Vrouw');
    state = withRowAdded(state, CARS);
    state = withRowRemoved(state, CHILDREN, 0);
    const body = requestBody(state);
    expect(body).toEqual({
      Hoofdpersonen: [{ Geslacht: 'Vrouw' }, { Geslacht: 'Man' }],
      Kinderen: [{ Leeftijd: 12, Geslacht: 'Vrouw' }],
      Autos: [{ TypeAuto: 'Klein', StatusAuto: 'Tweedehands', KilometersPerJaar: 'Minderdan10K' }],
      Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
      NettoBesteedbaarInkomenPerMaand: 1900,
    });
    expect(() => retirementExpenditure(body, { ruleSet: 'nl-2026' })).not.toThrow();
    expect(requestBody(withRowRemoved(withRowRemoved(state, CHILDREN, 0), CARS, 0))).not.toHaveProperty('Kinderen');
  });

  it('keeps a list within its bounds: one or two main persons, at most ten cars', () => {
    let state = initialState('pensioenuitgaven');
    expect(withRowRemoved(state, PERSONS, 0)).toBe(state);
    state = withRowAdded(withRowAdded(state, PERSONS), PERSONS);
    expect(state.rows.Hoofdpersonen).toHaveLength(2);
    for (let i = 0; i < 12; i += 1) state = withRowAdded(state, CARS);
    expect(state.rows.Autos).toHaveLength(10);
  });

  it('the WOZ value goes as an amount or as a category, as chosen', () => {
    let state = withValue(initialState('pensioenuitgaven'), 'Woning.WozWaarde', '365.000');
    state = withValue(state, 'Woning.WozWaardeCategorie', 'WozVan300KTot450K');
    expect(requestBody(state)['Woning']).toEqual({ TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' });
    expect(requestBody(withValue(state, '#woz', 'bedrag'))['Woning']).toMatchObject({ WozWaarde: 365000 });
    expect(requestBody(withValue(state, '#woz', 'categorie'))['Woning']).toMatchObject({
      WozWaardeCategorie: 'WozVan300KTot450K',
    });
  });

  it('what the page cannot read as a number goes as typed, and the library names the field', () => {
    let state = withValue(initialState('afloscapaciteit'), 'LeeftijdHoofdpersoon', 'vijf');
    state = withValue(state, 'NettoBesteedbaarInkomenPerMaand', '');
    const body = requestBody(state);
    expect(body['LeeftijdHoofdpersoon']).toBe('vijf');
    expect(body).not.toHaveProperty('NettoBesteedbaarInkomenPerMaand');
    const error = (() => {
      try {
        repaymentCapacity(body);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => [i.path, i.code])).toEqual([
      ['LeeftijdHoofdpersoon', 'invalid_type'],
      ['NettoBesteedbaarInkomenPerMaand', 'required'],
    ]);
  });
});
