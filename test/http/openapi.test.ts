/** The OpenAPI 3.1 document: valid per a real validator, and generated from the validating schemas. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repaymentRequestSchema } from '../../src/contract/repayment-request.js';
import { retirementRequestSchema } from '../../src/contract/retirement-request.js';
import { openApiDocument } from '../../src/http/index.js';
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
        'RuleSetUnavailable',
        'Unauthorized',
        'UnsupportedMediaType',
      ].sort(),
    );
    for (const response of Object.values(responses)) {
      expect(Object.keys(response['content'] as Json)).toEqual(['application/problem+json']);
    }
    expect((responses['MethodNotAllowed']!['headers'] as Json)['Allow']).toBeDefined();
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

  it('the request schemas are the ones the requests are validated with', async () => {
    const schemas = ((await servedDocument())['components'] as Json)['schemas'] as Record<string, Json>;
    const strip = ({ $schema: _s, ...rest }: Json) => rest;
    expect(schemas['AfloscapaciteitVerzoek']).toEqual(
      strip(z.toJSONSchema(repaymentRequestSchema, { io: 'input' }) as Json),
    );
    expect(schemas['PensioenuitgavenVerzoek']).toEqual(
      strip(z.toJSONSchema(retirementRequestSchema, { io: 'input' }) as Json),
    );
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
});
