/** The OpenAPI 3.1 document: valid per a real validator, and generated from the validating schemas. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repaymentRequestSchema } from '../../src/contract/repayment-request.js';
import { retirementRequestSchema } from '../../src/contract/retirement-request.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { openApiDocument } from '../../src/http/index.js';
import {
  bundledCatalog,
  loadRuleSet,
  repaymentCapacity,
  retirementExpenditure,
  RuleSetCatalog,
  type RuleSetFiles,
} from '../../src/index.js';
import {
  CAR_CLASS,
  CAR_STATUS,
  DWELLING_TYPE,
  type EnumDefinition,
  GENDER,
  MILEAGE_BAND,
  TENURE,
  WOZ_CATEGORY,
} from '../../src/contract/enums.js';
import { testApp } from './support/helpers.js';

type Json = Record<string, unknown>;

async function servedDocument(): Promise<Json> {
  const { app } = testApp({ version: '9.9.9' });
  const response = await app.fetch(new Request('http://localhost/openapi.json'));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json');
  return (await response.json()) as Json;
}

/** Every `$ref` in the document, with whether it points at something. */
function refs(doc: Json): { ref: string; resolves: boolean }[] {
  const found: { ref: string; resolves: boolean }[] = [];
  const resolve = (pointer: string): unknown =>
    pointer
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, part) => (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string')
          found.push({ ref: value, resolves: resolve(value) !== undefined });
        else walk(value);
      }
    }
  };
  walk(doc);
  return found;
}

describe('GET /openapi.json', () => {
  it('needs no key and is a valid OpenAPI 3.1 document', async () => {
    const doc = await servedDocument();
    expect(doc['openapi']).toBe('3.1.0');
    expect((doc['info'] as Json)['version']).toBe('9.9.9');
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('the validator does reject a broken document (so the check above means something)', async () => {
    const { info: _info, ...broken } = openApiDocument();
    expect((await new Validator().validate(broken)).valid).toBe(false);
    const badResponse = openApiDocument() as { paths: Record<string, Record<string, { responses: Json }>> };
    (badResponse.paths['/health'] as Record<string, { responses: Json }>)['get']!.responses['200'] = {
      content: 'nonsense',
    };
    expect((await new Validator().validate(badResponse)).valid).toBe(false);
  });

  it('every $ref resolves', async () => {
    const all = refs(await servedDocument());
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((r) => !r.resolves)).toEqual([]);
  });

  it('describes both operations (paths as in the contract), health and itself', async () => {
    const doc = await servedDocument();
    const paths = doc['paths'] as Record<string, Json>;
    expect(Object.keys(paths).sort()).toEqual([
      '/Afloscapaciteit/Resultaat',
      '/health',
      '/openapi.json',
      '/pensioenuitgaven/Resultaat',
    ]);
    for (const path of ['/Afloscapaciteit/Resultaat', '/pensioenuitgaven/Resultaat']) {
      const op = paths[path]?.['post'] as Json;
      expect(Object.keys(op['responses'] as Json).sort()).toEqual([
        '200',
        '400',
        '401',
        '404',
        '405',
        '413',
        '415',
        '500',
        '503',
      ]);
      const names = (op['parameters'] as { $ref: string }[]).map((p) => p.$ref.split('/').pop());
      expect(names).toEqual(['Uitleg', 'Onderbouwing', 'RekenregelsId', 'Peildatum', 'Entities', 'RequestId']);
      expect(op['security']).toBeUndefined(); // the document-wide requirement: a key
    }
    expect((paths['/health']!['get'] as Json)['security']).toEqual([]);
    expect((paths['/openapi.json']!['get'] as Json)['security']).toEqual([]);
  });

  it('every operation declares a 4xx response, and each path answers another method with that 405 and Allow', async () => {
    const { app } = testApp({ version: '9.9.9' });
    const paths = (await servedDocument())['paths'] as Record<string, Record<string, Json>>;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const statuses = Object.keys(op['responses'] as Json);
        expect(
          statuses.some((s) => s.startsWith('4')),
          `${method} ${path}`,
        ).toBe(true);
        expect((op['responses'] as Json)['405']).toEqual({ $ref: '#/components/responses/MethodNotAllowed' });
      }
      const response = await app.fetch(new Request(`http://localhost${path}`, { method: 'DELETE' }));
      expect(response.status, path).toBe(405);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      const allowed = (response.headers.get('allow') ?? '').split(', ').map((m) => m.toLowerCase());
      for (const method of Object.keys(operations)) expect(allowed).toContain(method);
    }
  });

  it('the key in the header or the query', async () => {
    const doc = await servedDocument();
    expect(doc['security']).toEqual([{ SubscriptionKeyHeader: [] }, { SubscriptionKeyQuery: [] }]);
    const schemes = (doc['components'] as Json)['securitySchemes'] as Json;
    expect(schemes['SubscriptionKeyHeader']).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Ocp-Apim-Subscription-Key',
    });
    expect(schemes['SubscriptionKeyQuery']).toMatchObject({ type: 'apiKey', in: 'query', name: 'key' });
  });

  it('every error response, as problem+json with its schema', async () => {
    const components = (await servedDocument())['components'] as Json;
    const responses = components['responses'] as Record<string, Json>;
    expect(Object.keys(responses).sort()).toEqual(
      [
        'BadRequest',
        'ContentTooLarge',
        'InternalError',
        'MethodNotAllowed',
        'NotFound',
        'RuleSetUnavailable',
        'Unauthorized',
        'UnsupportedMediaType',
      ].sort(),
    );
    for (const response of Object.values(responses)) {
      expect(Object.keys(response['content'] as Json)).toEqual(['application/problem+json']);
    }
    expect((responses['MethodNotAllowed']!['headers'] as Json)['Allow']).toBeDefined();
    expect((responses['Unauthorized']!['headers'] as Json)['WWW-Authenticate']).toEqual({
      $ref: '#/components/headers/WwwAuthenticate',
    });
    const schemas = components['schemas'] as Record<string, Json>;
    expect((schemas['ValidationProblem']!['required'] as string[]).sort()).toEqual([
      'detail',
      'errors',
      'status',
      'title',
      'type',
    ]);
    expect(schemas['InternalErrorProblem']?.['required'] as string[]).toContain('errorId');
  });

  it('lists the 404 on every path, its example as the service writes it, and the 401 with the challenge it sends', async () => {
    const doc = await servedDocument();
    for (const [path, item] of Object.entries(doc['paths'] as Record<string, Record<string, Json>>)) {
      for (const [method, operation] of Object.entries(item)) {
        expect((operation['responses'] as Json)['404'], `${method} ${path}`).toEqual({
          $ref: '#/components/responses/NotFound',
        });
      }
    }
    const components = doc['components'] as Record<string, Record<string, Json>>;
    const example = ((components['responses']!['NotFound']!['content'] as Json)['application/problem+json'] as Json)[
      'example'
    ];
    const { app } = testApp();
    const missing = await app.fetch(new Request('http://localhost/afloscapaciteit/resultaat', { method: 'POST' }));
    expect(missing.status).toBe(404);
    expect(example).toEqual(await missing.json());
    const refused = await app.fetch(new Request('http://localhost/Afloscapaciteit/Resultaat', { method: 'POST' }));
    expect(components['headers']!['WwwAuthenticate']!['schema']).toEqual({
      type: 'string',
      const: refused.headers.get('www-authenticate'),
    });
  });

  it('the request schemas are the ones the requests are validated with, but for how enumerations are listed', async () => {
    const schemas = ((await servedDocument())['components'] as Json)['schemas'] as Record<string, Json>;
    const strip = ({ $schema: _s, ...rest }: Json) => rest;
    // An enumeration, reduced to its description: zod renders codes and a letter-case pattern,
    // the document codes and names (checked in the next test); everything else must be equal.
    const enumerationsReduced = (node: unknown, found: string[]): unknown => {
      if (Array.isArray(node)) return node.map((n) => enumerationsReduced(n, found));
      if (node === null || typeof node !== 'object') return node;
      const branches = (node as Json)['anyOf'] as Json[] | undefined;
      const isEnumeration = branches?.some((b) => b['type'] === 'string' && ('pattern' in b || 'enum' in b));
      if (isEnumeration) {
        found.push(String((node as Json)['description']));
        return { enumeration: (node as Json)['description'] };
      }
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, enumerationsReduced(v, found)]));
    };
    for (const [name, schema, count] of [
      ['AfloscapaciteitVerzoek', repaymentRequestSchema, 1],
      ['PensioenuitgavenVerzoek', retirementRequestSchema, 9],
    ] as const) {
      const inDocument: string[] = [];
      const inZod: string[] = [];
      expect(enumerationsReduced(schemas[name], inDocument)).toEqual(
        enumerationsReduced(strip(z.toJSONSchema(schema, { io: 'input' }) as Json), inZod),
      );
      expect(inDocument).toHaveLength(count);
      expect(inDocument).toEqual(inZod);
    }
    for (const name of ['AfloscapaciteitResultaat', 'PensioenuitgavenResultaat']) {
      expect((schemas[name]!['properties'] as Json)['Rekenregels']).toEqual({
        $ref: '#/components/schemas/Rekenregels',
      });
    }
  });

  it('Onderbouwing: one schema, referenced from every post, group and total of both results', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: walking a JSON document
    type Any = any;
    const schemas = ((await servedDocument())['components'] as Json)['schemas'] as Record<string, Any>;
    const onderbouwing = schemas['Onderbouwing'] as Any;
    expect(onderbouwing['properties']['Zwakst']['enum']).toEqual(['read', 'derived', 'to-verify', 'estimate']);
    expect([...onderbouwing['required']].sort()).toEqual(['Schattingen', 'TeVerifieren', 'Zwakst']);
    const REF = { $ref: '#/components/schemas/Onderbouwing' };
    const repay = schemas['AfloscapaciteitResultaat']['properties'];
    expect(repay['Posten']['items']['properties']['Onderbouwing']).toEqual(REF);
    expect(repay['OnderbouwingTotalen']['properties']['Afloscapaciteit']).toEqual(REF);
    const retire = schemas['PensioenuitgavenResultaat']['properties'];
    expect(retire['Posten']['items']['properties']['Onderbouwing']).toEqual(REF);
    expect(retire['Groepen']['items']['properties']['Onderbouwing']).toEqual(REF);
    expect(retire['Totaal']['properties']['Onderbouwing']).toEqual(REF);
    for (const required of [repay['Posten']['items']['required'], retire['Totaal']['required']]) {
      expect(required).not.toContain('Onderbouwing'); // only when asked for
    }
  });

  it('lists every enumeration by its integer codes and its names, and says that names are case-insensitive', async () => {
    const schemas = ((await servedDocument())['components'] as Json)['schemas'] as Record<string, Json>;
    const props = (node: Json | undefined) => node?.['properties'] as Record<string, Json>;
    const orNull = (node: Json | undefined) =>
      (node?.['anyOf'] as Json[] | undefined)?.find((b) => b['type'] !== 'null') ?? node;
    const retirement = props(schemas['PensioenuitgavenVerzoek']);
    const dwelling = props(retirement['Woning']);
    const car = props((retirement['Autos']!['anyOf'] as Json[])[0]!['items'] as Json);
    const fields: [Json | undefined, EnumDefinition][] = [
      [orNull(props(retirement['Hoofdpersonen']!['items'] as Json)['Geslacht']), GENDER],
      [orNull(car['KilometersPerJaar']), MILEAGE_BAND],
      [orNull(car['AutoKilometersPerJaar']), MILEAGE_BAND],
      [car['TypeAuto'], CAR_CLASS],
      [car['StatusAuto'], CAR_STATUS],
      [dwelling['TypeWoning'], DWELLING_TYPE],
      [dwelling['SoortWoning'], TENURE],
      [orNull(dwelling['WozWaardeCategorie']), WOZ_CATEGORY],
      [props(props(schemas['AfloscapaciteitVerzoek'])['Woning'])['WoningSoort'], TENURE],
    ];
    for (const [field, definition] of fields) {
      expect(field?.['anyOf'], definition.contractName).toEqual([
        { type: 'integer', enum: definition.members.map((m) => m.code), description: 'the code' },
        {
          type: 'string',
          enum: definition.members.map((m) => m.name),
          description: expect.stringContaining('case-insensitive'),
        },
      ]);
      expect(field?.['description']).toContain('in any letter case');
    }
  });

  it('lists the post, group and warning codes of the rule sets the service has, and every code a result carries', async () => {
    const schemas = ((await servedDocument())['components'] as Json)['schemas'] as Record<string, Json>;
    const codesAt = (schema: string, array: string, field = 'Code') =>
      (((schemas[schema]!['properties'] as Record<string, Json>)[array]!['items'] as Json)['properties'] as Json)[
        field
      ] as { enum: string[]; description: string };
    const sets = bundledCatalog().list();
    const posts = (id: 'afloscapaciteit' | 'pensioenuitgaven') =>
      [...new Set(sets.flatMap((s) => s.calculations[id]?.posts.map((p) => p.code) ?? []))].sort();
    expect(codesAt('AfloscapaciteitResultaat', 'Posten').enum).toEqual(posts('afloscapaciteit'));
    expect(codesAt('PensioenuitgavenResultaat', 'Posten').enum).toEqual(posts('pensioenuitgaven'));
    expect(codesAt('PensioenuitgavenResultaat', 'Posten').description).toContain('a rule set installed later');
    const groups = codesAt('PensioenuitgavenResultaat', 'Groepen').enum;
    expect(codesAt('PensioenuitgavenResultaat', 'Posten', 'Groep').enum).toEqual(groups);
    const notices = ((schemas['Melding']!['properties'] as Json)['Code'] as { enum: string[] }).enum;
    expect(notices).toEqual(expect.arrayContaining(['OnbekendVeld', 'OnbekendeVeldenNietGenoemd', 'HuurOntbreekt']));

    // Whatever a calculation answers is within the lists: unknown fields (more than 50), every
    // assumption the rules note, on every bundled rule set.
    const unknown = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`Onbekend${i}`, i]));
    for (const set of sets) {
      const results = [
        repaymentCapacity(
          {
            ...unknown,
            LeeftijdHoofdpersoon: 40,
            HeeftPartner: false,
            AantalThuiswonendeKinderen: 0,
            AantalAutos: 0,
            NettoBesteedbaarInkomenPerMaand: 2500,
            BijzondereUitgaven: {},
            Woning: { WoningSoort: 'Huurwoning' },
          } as unknown,
          { ruleSet: set },
        ),
        repaymentCapacity(
          {
            LeeftijdHoofdpersoon: 40,
            HeeftPartner: true,
            AantalThuiswonendeKinderen: 1,
            AantalAutos: 1,
            NettoBesteedbaarInkomenPerMaand: 4500,
            BijzondereUitgaven: {},
            Woning: { WoningSoort: 'Koopwoning' },
          },
          { ruleSet: set },
        ),
      ];
      // A lending-norm set (family vfn) has no retirement rules.
      const retirements =
        set.calculations.pensioenuitgaven === undefined
          ? []
          : [
              retirementExpenditure(
                {
                  Hoofdpersonen: [{ Geslacht: 'Man' }, { Geslacht: 'Vrouw' }],
                  Autos: [{ KilometersPerJaar: 1, TypeAuto: 'Compact', StatusAuto: 'Nieuw' }],
                  Woning: { TypeWoning: 'Vrijstaand', SoortWoning: 'Koopwoning' },
                  NettoBesteedbaarInkomenPerMaand: 3000,
                },
                { ruleSet: set },
              ),
            ];
      const given = [...results, ...retirements].flatMap((r) => r.Meldingen.map((m) => m.Code));
      expect(given).toContain('OnbekendeVeldenNietGenoemd');
      expect(notices).toEqual(expect.arrayContaining(given));
      for (const retirement of retirements)
        expect(groups).toEqual(expect.arrayContaining(retirement.Groepen.map((g) => g.Code)));
    }
    expect(sets.filter((s) => s.calculations.pensioenuitgaven === undefined).map((s) => s.id)).toEqual([
      'vfn-2025',
      'vfn-2026',
    ]);
  });

  it("a service with an institution's own rule set lists that set's codes, not the bundled ones", async () => {
    const bundled = bundledCatalog().resolve('nl-2026');
    const files = structuredClone(bundled.files) as unknown as Record<string, { posts?: { code: string }[] }>;
    const post = files['afloscapaciteit.json']?.posts?.find((p) => p.code === 'Zorgkosten');
    if (post === undefined) throw new Error('nl-2026 has no Zorgkosten post');
    post.code = 'Ziektekosten';
    const own = loadRuleSet(files as unknown as RuleSetFiles);
    const { app } = testApp({ catalog: new RuleSetCatalog([own]) });
    const doc = (await (await app.fetch(new Request('http://localhost/openapi.json'))).json()) as Json;
    const repayment = ((doc['components'] as Json)['schemas'] as Record<string, Json>)['AfloscapaciteitResultaat']!;
    const posten = (repayment['properties'] as Record<string, Json>)['Posten']!['items'] as Json;
    const codes = ((posten['properties'] as Json)['Code'] as { enum: string[] }).enum;
    expect(codes).toContain('Ziektekosten');
    expect(codes).not.toContain('Zorgkosten');
  });

  it('describes Uitleg field by field, and every explanation the library writes is valid against it', async () => {
    const doc = await servedDocument();
    const schemas = (doc['components'] as Json)['schemas'] as Record<string, Json>;
    expect((schemas['AfloscapaciteitResultaat']!['properties'] as Json)['Uitleg']).toEqual({
      $ref: '#/components/schemas/Uitleg',
    });
    expect(Object.keys(schemas['Uitleg']!['properties'] as Json).sort()).toEqual(
      ['calculation', 'facts', 'format', 'posts', 'ruleSet', 'totals', 'values'].sort(),
    );
    expect(schemas['Uitleg']!['additionalProperties']).toBe(false);
    // The document's own schemas, as a client validates a response it received.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: doc['components'] });
    const validate = (name: string) => ajv.getSchema(`doc#/components/schemas/${name}`)!;
    for (const set of bundledCatalog().list()) {
      const repayment = repaymentCapacity(
        {
          LeeftijdHoofdpersoon: 70,
          HeeftPartner: true,
          AantalThuiswonendeKinderen: 2,
          AantalAutos: 1,
          NettoBesteedbaarInkomenPerMaand: 3200,
          BijzondereUitgaven: { KostenZorg: 40 },
          Woning: { WoningSoort: 'Koopwoning', BrutoHypotheeklasten: 900 },
        },
        { ruleSet: set, explain: true },
      );
      // A lending-norm set (family vfn) has no retirement rules.
      const retirement =
        set.calculations.pensioenuitgaven === undefined
          ? undefined
          : retirementExpenditure(
              {
                Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
                Kinderen: [{ Leeftijd: 15 }],
                Autos: [{ AutoKilometersPerJaar: 'Meerdan20K', TypeAuto: 'Middenklasse', StatusAuto: 'Tweedehands' }],
                Woning: { TypeWoning: 'Hoekwoning', SoortWoning: 'Koopwoning', WozWaarde: 350_000 },
                NettoBesteedbaarInkomenPerMaand: 2800,
              },
              { ruleSet: set, explain: true },
            );
      for (const [name, result] of [
        ['AfloscapaciteitResultaat', repayment],
        ...(retirement === undefined ? [] : [['PensioenuitgavenResultaat', retirement] as const]),
      ] as const) {
        const check = validate(name);
        const sent: unknown = JSON.parse(JSON.stringify(result));
        expect(check(sent), JSON.stringify(check.errors)).toBe(true);
        // The check means something: a figure of an unknown kind is refused.
        const broken = JSON.parse(JSON.stringify(result)) as { Uitleg: { posts: { rules: Json[] }[] } };
        broken.Uitleg.posts[0]!.rules[0]!['figures'] = [{ kind: 'guess', value: '1' }];
        expect(check(broken)).toBe(false);
      }
    }
  });
});
