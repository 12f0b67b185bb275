/**
 * A client generated from the served OpenAPI document with openapi-typescript (as integrators
 * do) types the requests and results tightly: a wrong enumeration name or an unknown post code
 * is a compile error. The generated types and a small client file are type-checked in process
 * with the TypeScript compiler, in a temporary folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './support/helpers.js';

const CLIENT = `
import type { components } from './schema.js';

type Schemas = components['schemas'];
type Retirement = Schemas['PensioenuitgavenVerzoek'];
type Repayment = Schemas['AfloscapaciteitVerzoek'];

export const retirement: Retirement = {
  Hoofdpersonen: [{ Geslacht: 'Man' }, { Geslacht: 1 }],
  Autos: [{ KilometersPerJaar: 'Tussen10Ken20K', TypeAuto: 2, StatusAuto: 'Tweedehands' }],
  Woning: { TypeWoning: 'Appartement', SoortWoning: 0, WozWaardeCategorie: null },
  NettoBesteedbaarInkomenPerMaand: 1400,
};
export const repayment: Repayment = {
  LeeftijdHoofdpersoon: 66,
  HeeftPartner: false,
  AantalThuiswonendeKinderen: 0,
  AantalAutos: 0,
  NettoBesteedbaarInkomenPerMaand: 2200,
  BijzondereUitgaven: {},
  Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
};
export const postCode: Schemas['AfloscapaciteitResultaat']['Posten'][number]['Code'] = 'Woonlasten';
export const groupCode: Schemas['PensioenuitgavenResultaat']['Groepen'][number]['Code'] = 'VasteLasten';
export const notice: Schemas['Melding']['Code'] = 'OnbekendVeld';
export const format: NonNullable<Schemas['AfloscapaciteitResultaat']['Uitleg']>['format'] = 'budgetnorm-explanation/3';

export const misspelled: Retirement = {
  // @ts-expect-error 'Mann' is not a name of Geslacht
  Hoofdpersonen: [{ Geslacht: 'Mann' }],
  Woning: { TypeWoning: 'Appartement', SoortWoning: 0 },
  NettoBesteedbaarInkomenPerMaand: 1400,
};
export const badCode: Repayment = {
  ...repayment,
  // @ts-expect-error 2 is not a code of WoningSoort
  Woning: { WoningSoort: 2 },
};
// @ts-expect-error NettoBesteedbaarInkomenPerMaand is required
export const missing: Retirement = { Hoofdpersonen: [{ Geslacht: 'Vrouw' }], Woning: retirement.Woning };
// @ts-expect-error not a post of any rule set the service has
export const unknownPost: Schemas['AfloscapaciteitResultaat']['Posten'][number]['Code'] = 'Huur';
// @ts-expect-error the explanation's posts are objects, not strings
export const uitlegPost: NonNullable<Schemas['AfloscapaciteitResultaat']['Uitleg']>['posts'][number] = 'Woonlasten';
`;

let folder: string;

/** The diagnostics of type-checking `client.ts` against the generated `schema.d.ts`. */
function typeCheck(client: string): string[] {
  writeFileSync(join(folder, 'client.ts'), client);
  const program = ts.createProgram([join(folder, 'client.ts')], {
    strict: true,
    noEmit: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts'],
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? `line ${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'budgetnorm-openapi-ts-'));
  const { app } = testApp({ version: '9.9.9' });
  const document = (await (await app.fetch(new Request('http://localhost/openapi.json'))).json()) as Record<
    string,
    unknown
  >;
  // openapi-typescript reads the document as JSON; it is given a copy, as a client would fetch it.
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as Parameters<typeof openapiTS>[0]);
  writeFileSync(join(folder, 'schema.d.ts'), astToString(ast));
  writeFileSync(join(folder, 'package.json'), '{ "type": "module" }');
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('a client generated with openapi-typescript', () => {
  it('accepts correct bodies and refuses a wrong enumeration name, a wrong code, a missing field and an unknown post code', () => {
    expect(typeCheck(CLIENT)).toEqual([]);
  });

  it('the refusals are real: without the @ts-expect-error directives each is a type error', () => {
    const bare = CLIENT.replace(/^\s*\/\/ @ts-expect-error.*$/gm, '');
    const errors = typeCheck(bare);
    expect(errors).toHaveLength(5);
    expect(errors.join('\n')).toContain('"Mann"');
    expect(errors.join('\n')).toContain('"Huur"');
    expect(errors.join('\n')).toContain('NettoBesteedbaarInkomenPerMaand');
  });
});
