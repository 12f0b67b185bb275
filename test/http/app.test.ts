/**
 * The web-standard app through its fetch handler (no port): every route, status code and
 * header of docs/http.md.
 */
import { describe, expect, it, vi } from 'vitest';
import { RepaymentCapacityResult, RetirementExpenditureResult } from '../../src/index.js';
import { createApp, InternalErrorProblem, KEY_CHALLENGE, Problem, ValidationProblem } from '../../src/http/index.js';
import { requestLogLine } from '../../src/http/middleware.js';
import { JSON_HEADERS, KEY, OTHER_KEY, REPAYMENT, RETIREMENT, fixture, post, testApp } from './support/helpers.js';

const REPAY = '/Afloscapaciteit/Resultaat';
const RETIRE = '/pensioenuitgaven/Resultaat';

async function problemOf(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const body = (await response.json()) as Record<string, unknown>;
  Problem.parse(body);
  expect(body['status']).toBe(status);
  return body;
}

describe('the two operations', () => {
  const { app } = testApp();

  it.each([
    ['afloscapaciteit-alleenstaand-huur', REPAY, RepaymentCapacityResult],
    ['afloscapaciteit-gezin-koop', REPAY, RepaymentCapacityResult],
    ['pensioenuitgaven-paar-huur', RETIRE, RetirementExpenditureResult],
    ['pensioenuitgaven-alleenstaand-koop-codes', RETIRE, RetirementExpenditureResult],
  ] as const)('%s: 200 with the result, the rule set named in body and header', async (name, path, schema) => {
    const response = await app.fetch(post(path, fixture(name)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = schema.parse(await response.json());
    expect(body.Rekenregels.Id).toMatch(/^nl-\d{4}$/);
    expect(response.headers.get('x-rekenregels')).toBe(body.Rekenregels.Id);
    expect(body.Uitleg).toBeUndefined();
  });

  it('accepts application/json with a charset parameter, in any letter case', async () => {
    for (const type of [
      'application/json; charset=utf-8',
      'Application/JSON;charset="UTF-8"',
      'application/json ; charset=utf8',
    ]) {
      const response = await app.fetch(post(REPAY, REPAYMENT, { ...JSON_HEADERS, 'Content-Type': type }));
      expect(response.status, type).toBe(200);
    }
  });

  it('?uitleg=true adds the explanation; absent or false leaves it out', async () => {
    const explained = RepaymentCapacityResult.parse(
      await (await app.fetch(post(`${REPAY}?uitleg=true`, REPAYMENT))).json(),
    );
    expect(explained.Uitleg).toBeDefined();
    const retirement = RetirementExpenditureResult.parse(
      await (await app.fetch(post(`${RETIRE}?uitleg=TRUE`, RETIREMENT))).json(),
    );
    expect(retirement.Uitleg).toBeDefined();
    const plain = RepaymentCapacityResult.parse(
      await (await app.fetch(post(`${REPAY}?uitleg=false`, REPAYMENT))).json(),
    );
    expect(plain.Uitleg).toBeUndefined();
    const { Uitleg: _u, ...rest } = explained;
    expect(rest).toEqual(plain);
  });

  it('?uitleg with a value that is not a boolean: 400 naming the parameter', async () => {
    const body = ValidationProblem.parse(await problemOf(await app.fetch(post(`${REPAY}?uitleg=ja`, REPAYMENT)), 400));
    expect(body.errors).toEqual([{ path: '?uitleg', code: 'invalid_type', message: 'expected true or false' }]);
  });

  it('?onderbouwing=true adds Onderbouwing to every post, group and total, without Uitleg; ?onderbouwing=ja is a 400', async () => {
    const founded = RepaymentCapacityResult.parse(
      await (await app.fetch(post(`${REPAY}?onderbouwing=true`, REPAYMENT))).json(),
    );
    expect(founded.Uitleg).toBeUndefined();
    expect(founded.Posten.every((p) => p.Onderbouwing !== undefined)).toBe(true);
    expect(founded.OnderbouwingTotalen?.Afloscapaciteit.Zwakst).toBe('estimate');
    const retirement = RetirementExpenditureResult.parse(
      await (await app.fetch(post(`${RETIRE}?onderbouwing&uitleg`, RETIREMENT))).json(),
    );
    expect(retirement.Uitleg).toBeDefined();
    expect(retirement.Groepen.every((g) => g.Onderbouwing !== undefined)).toBe(true);
    expect(retirement.Totaal.Onderbouwing?.Schattingen.length).toBeGreaterThan(0);
    const plain = await (await app.fetch(post(`${REPAY}?onderbouwing=0`, REPAYMENT))).json();
    expect(JSON.stringify(plain)).not.toContain('Onderbouwing');
    const body = ValidationProblem.parse(
      await problemOf(await app.fetch(post(`${REPAY}?onderbouwing=ja&uitleg=nee`, REPAYMENT)), 400),
    );
    expect(body.errors.map((e) => e.path)).toEqual(['?uitleg', '?onderbouwing']);
  });

  it('?entities=… is accepted and ignored', async () => {
    const plain = await (await app.fetch(post(REPAY, REPAYMENT))).json();
    for (const value of ['true', 'false', 'whatever', '']) {
      const response = await app.fetch(post(`${REPAY}?entities=${value}`, REPAYMENT));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(plain);
    }
  });

  it('?rekenregels=<id> and ?peildatum=<date> choose the rule set', async () => {
    const byId = RepaymentCapacityResult.parse(
      await (await app.fetch(post(`${REPAY}?rekenregels=nl-2025`, REPAYMENT))).json(),
    );
    expect(byId.Rekenregels.Id).toBe('nl-2025');
    const byDate = await app.fetch(post(`${RETIRE}?peildatum=2025-06-30`, RETIREMENT));
    expect(byDate.headers.get('x-rekenregels')).toBe('nl-2025');
    expect(RetirementExpenditureResult.parse(await byDate.json()).Rekenregels.Id).toBe('nl-2025');
  });

  it.each([
    ['rekenregels=nl-1999', '?rekenregels', 'unknown_rule_set'],
    ['peildatum=1999-01-01', '?peildatum', 'no_rule_set_for_date'],
    ['peildatum=2025-02-30', '?peildatum', 'invalid_date'],
    ['peildatum=tomorrow', '?peildatum', 'invalid_date'],
    ['rekenregels=nl-2025&peildatum=2025-01-01', '?peildatum', 'mutually_exclusive'],
  ])('?%s: 400 (%s, %s)', async (query, path, code) => {
    const body = ValidationProblem.parse(await problemOf(await app.fetch(post(`${REPAY}?${query}`, REPAYMENT)), 400));
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ path, code });
  });
});

describe('method families (issue 40)', () => {
  it('?rekenregels names a set of either family; retirement of a lending-norm set is a 400 naming the sets that have it', async () => {
    const { app, errors } = testApp();
    const vfn = await app.fetch(post(`${REPAY}?rekenregels=vfn-2026`, REPAYMENT));
    expect(vfn.headers.get('x-rekenregels')).toBe('vfn-2026');
    expect(RepaymentCapacityResult.parse(await vfn.json()).Rekenregels.Methode?.Id).toBe('vfn-leennorm');
    const body = ValidationProblem.parse(
      await problemOf(await app.fetch(post(`${RETIRE}?rekenregels=vfn-2026`, RETIREMENT)), 400),
    );
    expect(body.errors).toEqual([
      {
        path: '?rekenregels',
        code: 'calculation_not_in_rule_set',
        message:
          'rule set vfn-2026 (family vfn) has no pensioenuitgaven rules; the rule sets that have: nl-2025, nl-2026',
      },
    ]);
    // A bad body is still reported as such first.
    const bad = ValidationProblem.parse(
      await problemOf(await app.fetch(post(`${RETIRE}?rekenregels=vfn-2026`, '{}')), 400),
    );
    expect(bad.errors.map((e) => e.path)).toContain('Hoofdpersonen');
    expect(errors).toEqual([]);
  });

  it('the family option chooses the default set within that family; an unknown one stops the app', async () => {
    const { app } = testApp({ family: 'vfn', now: () => new Date('2025-03-01T12:00:00Z') });
    const response = await app.fetch(post(REPAY, REPAYMENT));
    expect(response.headers.get('x-rekenregels')).toBe('vfn-2025');
    const retirement = await app.fetch(post(RETIRE, RETIREMENT));
    expect(retirement.status).toBe(400);
    expect((await app.fetch(post(`${RETIRE}?rekenregels=nl-2025`, RETIREMENT))).status).toBe(200);
    expect(() => testApp({ family: 'nibud' })).toThrow(/no rule set of family "nibud"; families: nl, vfn/);
    expect(() => testApp({ family: 'vfn', ruleSet: 'nl-2026' })).toThrow(/nl-2026 is of family nl, not vfn/);
  });
});

describe('paths and methods', () => {
  const { app } = testApp();

  it.each([
    '/afloscapaciteit/Resultaat',
    '/Afloscapaciteit/resultaat',
    '/Pensioenuitgaven/Resultaat',
    '/pensioenuitgaven/resultaat',
    `${REPAY}/`,
    '/',
    '/nothing',
    '/Health',
  ])('POST %s: 404 problem (paths are case-sensitive)', async (path) => {
    const body = await problemOf(await app.fetch(post(path, REPAYMENT)), 404);
    expect(body['type']).toBe('urn:budgetnorm:problem:not-found');
  });

  it.each([
    ['GET', REPAY, 'POST'],
    ['PUT', RETIRE, 'POST'],
    ['DELETE', REPAY, 'POST'],
    ['OPTIONS', REPAY, 'POST'],
    ['POST', '/health', 'GET, HEAD'],
    ['DELETE', '/openapi.json', 'GET, HEAD'],
  ])('%s %s: 405 with Allow: %s', async (method, path, allow) => {
    const response = await app.fetch(new Request(`http://localhost${path}`, { method, headers: JSON_HEADERS }));
    await problemOf(response, 405);
    expect(response.headers.get('allow')).toBe(allow);
  });

  it('GET /health needs no key and names the rule set in use', async () => {
    const response = await app.fetch(new Request('http://localhost/health'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; Rekenregels: { Id: string } };
    expect(body.status).toBe('ok');
    expect(body.Rekenregels.Id).toMatch(/^nl-\d{4}$/);
    const head = await app.fetch(new Request('http://localhost/health', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('subscription keys', () => {
  const { app } = testApp();

  it('the key in the header, in the query, or the same key in both: 200', async () => {
    const { 'Ocp-Apim-Subscription-Key': _k, ...noKey } = JSON_HEADERS;
    expect((await app.fetch(post(REPAY, REPAYMENT))).status).toBe(200);
    expect((await app.fetch(post(`${REPAY}?key=${KEY}`, REPAYMENT, noKey))).status).toBe(200);
    expect((await app.fetch(post(`${REPAY}?key=${KEY}`, REPAYMENT))).status).toBe(200);
    expect(
      (await app.fetch(post(`${REPAY}?key=${KEY}`, REPAYMENT, { ...noKey, 'Ocp-Apim-Subscription-Key': '' }))).status,
    ).toBe(200);
  });

  it('missing, wrong, or different in header and query: 401 with its challenge, keys that differ told so, revealing nothing more', async () => {
    const { 'Ocp-Apim-Subscription-Key': _k, ...noKey } = JSON_HEADERS;
    const refused = [
      post(REPAY, REPAYMENT, noKey),
      post(`${REPAY}?key=`, REPAYMENT, noKey),
      post(REPAY, REPAYMENT, { ...noKey, 'Ocp-Apim-Subscription-Key': OTHER_KEY }),
      post(`${REPAY}?key=${OTHER_KEY}`, REPAYMENT, noKey),
      post(`${REPAY}?key=${OTHER_KEY}`, REPAYMENT, { ...noKey, 'Ocp-Apim-Subscription-Key': OTHER_KEY }),
      post(`${RETIRE}?key=${KEY.toUpperCase()}`, RETIREMENT, noKey),
    ];
    // Which of two different keys is the valid one (or whether either is) must not show.
    const differing = [
      post(`${REPAY}?key=${OTHER_KEY}`, REPAYMENT),
      post(`${REPAY}?key=${KEY}`, REPAYMENT, { ...noKey, 'Ocp-Apim-Subscription-Key': OTHER_KEY }),
      post(`${REPAY}?key=${OTHER_KEY}x`, REPAYMENT, { ...noKey, 'Ocp-Apim-Subscription-Key': OTHER_KEY }),
      post(`${REPAY}?key=${KEY}&key=${OTHER_KEY}`, REPAYMENT, noKey),
    ];
    const answers = async (requests: Request[]) => {
      const bodies = [];
      for (const request of requests) {
        const response = await app.fetch(request);
        const text = await response.clone().text();
        bodies.push(JSON.stringify(await problemOf(response, 401)));
        expect(text).not.toContain(KEY);
        expect(text).not.toContain(OTHER_KEY);
        expect(response.headers.get('x-rekenregels')).toBeNull();
        // RFC 9110 §11.6.1: a 401 carries a challenge.
        expect(response.headers.get('www-authenticate')).toBe(KEY_CHALLENGE);
      }
      return new Set(bodies);
    };
    const [plain, differ] = [await answers(refused), await answers(differing)];
    expect(plain.size).toBe(1);
    expect(differ.size).toBe(1);
    const [plainBody, differBody] = [[...plain][0], [...differ][0]].map((b) => JSON.parse(b as string));
    expect(plainBody.detail).toMatch(/^A valid subscription key is required/);
    expect(differBody.detail).toMatch(/different subscription keys/);
    expect(differBody.type).toBe(plainBody.type);
  });

  it('the key is checked before the body is looked at', async () => {
    const { 'Ocp-Apim-Subscription-Key': _k, ...noKey } = JSON_HEADERS;
    expect((await app.fetch(post(REPAY, 'not json', { 'Content-Type': 'text/plain' }))).status).toBe(401);
    expect((await app.fetch(post(REPAY, 'x', { ...noKey, 'Content-Length': '999999' }))).status).toBe(401);
  });

  it('accepts keys given as SHA-256 digests', async () => {
    const { SubscriptionKeys, digestKey } = await import('../../src/http/index.js');
    const hex = Array.from(digestKey(KEY), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(SubscriptionKeys.of([], [hex]).accepts(KEY)).toBe(true);
    const digested = createApp({ keyDigests: [hex], log: () => undefined });
    expect((await digested.fetch(post(REPAY, REPAYMENT))).status).toBe(200);
  });

  it('refuses to build without a key', () => {
    expect(() => createApp({})).toThrow(/at least one subscription key/);
    expect(() => createApp({ keys: [''] })).toThrow(/empty/);
    expect(() => createApp({ keyDigests: ['abc'] })).toThrow(/64 hexadecimal/);
  });
});

describe('media type and size', () => {
  const { app } = testApp();

  it.each([
    ['text/plain', { ...JSON_HEADERS, 'Content-Type': 'text/plain' }],
    ['no Content-Type', { 'Ocp-Apim-Subscription-Key': KEY }],
    ['application/problem+json', { ...JSON_HEADERS, 'Content-Type': 'application/problem+json' }],
    ['a charset other than UTF-8', { ...JSON_HEADERS, 'Content-Type': 'application/json; charset=iso-8859-1' }],
    ['form data', { ...JSON_HEADERS, 'Content-Type': 'application/x-www-form-urlencoded' }],
  ])('%s: 415', async (_name, headers) => {
    const request = new Request(`http://localhost${REPAY}`, {
      method: 'POST',
      headers,
      body: new TextEncoder().encode(REPAYMENT),
    });
    if (!('Content-Type' in headers)) request.headers.delete('content-type');
    const body = await problemOf(await app.fetch(request), 415);
    expect(body['type']).toBe('urn:budgetnorm:problem:unsupported-media-type');
  });

  it('a declared Content-Length over 64 KiB: 413 without reading the body', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024).fill(0x20));
      },
    });
    const response = await app.fetch(post(REPAY, stream, { ...JSON_HEADERS, 'Content-Length': String(64 * 1024 + 1) }));
    const body = await problemOf(response, 413);
    expect(body['detail']).toContain('65536 bytes');
    expect(response.headers.get('connection')).toBe('close');
    expect(pulled).toBeLessThanOrEqual(1); // at most the stream's own first pull, never read by the app
  });

  it('a chunked body over 64 KiB: 413, reading stops just past the limit', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 1024)
          controller.close(); // 1 MiB in all, unless reading stops
        else controller.enqueue(new Uint8Array(1024).fill(0x20));
      },
    });
    const body = await problemOf(await app.fetch(post(REPAY, stream)), 413);
    expect(body['type']).toBe('urn:budgetnorm:problem:payload-too-large');
    expect(pulled).toBeGreaterThan(64);
    expect(pulled).toBeLessThan(72);
  });

  it('a body of exactly 64 KiB is read (as a stream and with Content-Length)', async () => {
    const padded = REPAYMENT + ' '.repeat(64 * 1024 - new TextEncoder().encode(REPAYMENT).length);
    expect(new TextEncoder().encode(padded).length).toBe(64 * 1024);
    const stream = new Blob([padded]).stream();
    expect((await app.fetch(post(REPAY, stream))).status).toBe(200);
    expect(
      (await app.fetch(post(REPAY, padded, { ...JSON_HEADERS, 'Content-Length': String(64 * 1024) }))).status,
    ).toBe(200);
    expect((await app.fetch(post(REPAY, `${padded} `))).status).toBe(413);
  });
});

describe('400: the body cannot be accepted', () => {
  const { app } = testApp();

  it.each([
    ['invalid JSON', '{"LeeftijdHoofdpersoon": }', 'invalid_json', /not valid JSON/],
    ['truncated JSON', '{"LeeftijdHoofdpersoon": 4', 'invalid_json', /not valid JSON/],
    ['an empty body', '', 'required', /empty/],
    ['whitespace only', '  \n', 'required', /empty/],
  ])('%s: 400 with a clear detail', async (_name, text, code, detail) => {
    const body = ValidationProblem.parse(await problemOf(await app.fetch(post(REPAY, text)), 400));
    expect(body.detail).toMatch(detail);
    expect(body.errors).toEqual([expect.objectContaining({ path: '', code })]);
  });

  it('JSON errors say where, never echoing the text', async () => {
    const body = ValidationProblem.parse(
      await problemOf(await app.fetch(post(REPAY, '{\n  "Naam": "Jansen" 1}')), 400),
    );
    expect(body.errors[0]?.message).toMatch(/line 2, column/);
    expect(JSON.stringify(body)).not.toContain('Jansen');
  });

  it('bytes that are not UTF-8: 400', async () => {
    const body = ValidationProblem.parse(
      await problemOf(await app.fetch(post(REPAY, new Uint8Array([0x7b, 0xff, 0x7d]))), 400),
    );
    expect(body.errors[0]?.code).toBe('invalid_encoding');
  });

  it('lists every field problem, with the path as the caller wrote it', async () => {
    const request = {
      Hoofdpersonen: [{ Geslacht: 'X' }, {}, {}],
      Autos: [
        { KilometersPerJaar: 0, TypeAuto: 'Klein', StatusAuto: 0 },
        { KilometersPerJaar: 0, TypeAuto: 'Vrachtwagen', StatusAuto: 0 },
      ],
      Woning: { TypeWoning: 'Appartement' },
      NettoBesteedbaarInkomenPerMaand: -5,
    };
    const body = ValidationProblem.parse(await problemOf(await app.fetch(post(RETIRE, JSON.stringify(request))), 400));
    expect(body.type).toBe('urn:budgetnorm:problem:invalid-request');
    const paths = body.errors.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'Hoofdpersonen',
        'Autos[1].TypeAuto',
        'Woning.SoortWoning',
        'NettoBesteedbaarInkomenPerMaand',
      ]),
    );
    expect(body.detail).toBe(`The request body has ${body.errors.length} problems.`);
    for (const e of body.errors) expect(Object.keys(e).sort()).toEqual(['code', 'message', 'path']);
  });

  it('a JSON value that is not an object: 400', async () => {
    for (const text of ['[]', '42', '"x"', 'null']) {
      expect((await app.fetch(post(REPAY, text))).status, text).toBe(400);
    }
  });
});

describe('500: an unexpected failure tells only an error id', () => {
  it('logs the cause under the id; the body has nothing else', async () => {
    const failing = () => {
      throw new Error('secret internals at /srv/budgetnorm/engine.ts:42');
    };
    const { app, errors, lines } = testApp({ calculations: { repaymentCapacity: failing } });
    const response = await app.fetch(post(REPAY, REPAYMENT));
    const body = InternalErrorProblem.strict().parse(await problemOf(response, 500));
    expect(body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.detail).toContain(body.errorId);
    expect(JSON.stringify(body)).not.toMatch(/secret|engine\.ts|stack|at \//);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.errorId).toBe(body.errorId);
    expect(errors[0]?.requestId).toBe(response.headers.get('x-request-id'));
    expect((errors[0]?.error as Error | undefined)?.message).toContain('secret internals');
    expect(lines.at(-1)?.status).toBe(500);
  });
});

describe('503: no rule set valid today', () => {
  it('a calculation without a chosen rule set, and /health, answer 503; a chosen one still works', async () => {
    const { app } = testApp({ now: () => new Date('2031-03-01T12:00:00Z') });
    const body = await problemOf(await app.fetch(post(REPAY, REPAYMENT)), 503);
    expect(body['detail']).toMatch(
      // Within the default family: its sets only (issue 40).
      /^No rule set is valid on 2031-03-01 in family nl; available: nl-2025 [^v]*The operator must install a rule set for today\.$/,
    );
    await problemOf(await app.fetch(new Request('http://localhost/health')), 503);
    expect((await app.fetch(post(`${REPAY}?rekenregels=nl-2026`, REPAYMENT))).status).toBe(200);
  });

  it('a pinned rule set is used whatever the day', async () => {
    const { app } = testApp({ ruleSet: 'nl-2025', now: () => new Date('2031-03-01T12:00:00Z') });
    const response = await app.fetch(post(REPAY, REPAYMENT));
    expect(response.headers.get('x-rekenregels')).toBe('nl-2025');
    expect(() => createApp({ keys: [KEY], ruleSet: 'nl-1999' })).toThrow(/no rule set with id "nl-1999"/);
  });

  it('the rule set valid today follows the clock', async () => {
    let now = new Date('2025-12-31T22:59:00Z'); // 23:59 in Amsterdam
    const { app } = testApp({ now: () => now });
    expect((await app.fetch(post(REPAY, REPAYMENT))).headers.get('x-rekenregels')).toBe('nl-2025');
    now = new Date('2025-12-31T23:00:01Z'); // 00:00 on 1 January in Amsterdam
    expect((await app.fetch(post(REPAY, REPAYMENT))).headers.get('x-rekenregels')).toBe('nl-2026');
  });
});

describe('X-Request-Id', () => {
  const { app, lines } = testApp();

  it('is on every response, generated when none is sent', async () => {
    const responses = [
      await app.fetch(post(REPAY, REPAYMENT)),
      await app.fetch(post('/nowhere', REPAYMENT)),
      await app.fetch(new Request(`http://localhost${REPAY}`)),
      await app.fetch(post(REPAY, REPAYMENT, { 'Content-Type': 'application/json' })),
      await app.fetch(new Request('http://localhost/health')),
      await app.fetch(new Request('http://localhost/openapi.json')),
    ];
    const ids = responses.map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(lines.slice(-ids.length).map((l) => l.requestId)).toEqual(ids);
  });

  it('reuses a sane incoming id, replaces one that is not', async () => {
    const withId = (id: string) => app.fetch(post(REPAY, REPAYMENT, { ...JSON_HEADERS, 'X-Request-Id': id }));
    expect((await withId('order-17.a:B_c')).headers.get('x-request-id')).toBe('order-17.a:B_c');
    for (const bad of ['has space', 'x'.repeat(129), 'quote"d', '<script>']) {
      const id = (await withId(bad)).headers.get('x-request-id');
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('never takes the subscription key as a request id', async () => {
    const response = await app.fetch(post(REPAY, REPAYMENT, { ...JSON_HEADERS, 'X-Request-Id': KEY }));
    expect(response.headers.get('x-request-id')).not.toBe(KEY);
  });
});

describe('the log line', () => {
  it('one per request: time, request id, method, path without query, status, duration, rule set', async () => {
    const { app, lines } = testApp();
    const response = await app.fetch(post(`${REPAY}?uitleg=true&key=${KEY}`, REPAYMENT));
    expect(lines).toHaveLength(1);
    const line = lines[0];
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      requestId: response.headers.get('x-request-id'),
      method: 'POST',
      path: REPAY,
      status: 200,
      durationMs: expect.any(Number),
      ruleSet: response.headers.get('x-rekenregels'),
    });
    await app.fetch(new Request('http://localhost/nowhere?key=abc'));
    expect(lines[1]).toMatchObject({ method: 'GET', path: '(unknown path)', status: 404, ruleSet: null });
  });

  it("its time is the clock's, to the millisecond, though the text is made once per millisecond", () => {
    const request = { requestId: 'r-1', method: 'GET', path: '/health', started: performance.now() };
    const timeAt = (at: string): string => {
      vi.setSystemTime(new Date(at));
      return requestLogLine(request, 200, null).time;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(timeAt('2026-03-01T12:00:00.000Z')).toBe('2026-03-01T12:00:00.000Z');
      expect(timeAt('2026-03-01T12:00:00.000Z')).toBe('2026-03-01T12:00:00.000Z');
      expect(timeAt('2026-03-01T12:00:00.001Z')).toBe('2026-03-01T12:00:00.001Z');
      expect(timeAt('2026-03-01T11:59:59.999Z')).toBe('2026-03-01T11:59:59.999Z'); // a clock set back
    } finally {
      vi.useRealTimers();
    }
  });

  it('never contains a key, wherever the caller put it', async () => {
    const { app, lines, errors } = testApp({
      calculations: {
        retirementExpenditure: () => {
          throw new Error('boom');
        },
      },
    });
    await app.fetch(post(`${REPAY}?key=${KEY}`, REPAYMENT, { ...JSON_HEADERS, 'X-Request-Id': KEY }));
    await app.fetch(post(`${REPAY}?key=${OTHER_KEY}`, REPAYMENT));
    await app.fetch(post(`${RETIRE}?key=${KEY}`, RETIREMENT));
    await app.fetch(post(`/nowhere?key=${KEY}`, REPAYMENT));
    const logged = JSON.stringify([lines, errors.map((e) => ({ ...e, error: String(e.error) }))]);
    expect(lines).toHaveLength(4);
    expect(logged).not.toContain(KEY);
    expect(logged).not.toContain(OTHER_KEY);
  });
});

describe('CORS', () => {
  const ORIGIN = 'https://app.example.nl';

  it('none configured: no CORS headers, OPTIONS is 405', async () => {
    const { app } = testApp();
    const response = await app.fetch(post(REPAY, REPAYMENT, { ...JSON_HEADERS, Origin: ORIGIN }));
    expect([...response.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const preflight = await app.fetch(
      new Request(`http://localhost${REPAY}`, {
        method: 'OPTIONS',
        headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST' },
      }),
    );
    expect(preflight.status).toBe(405);
  });

  it('configured: the preflight is answered without a key; responses carry the origin and expose the ids', async () => {
    const { app } = testApp({ corsOrigins: [ORIGIN, 'http://localhost:3000'] });
    const preflight = await app.fetch(
      new Request(`http://localhost${REPAY}`, {
        method: 'OPTIONS',
        headers: {
          Origin: ORIGIN,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type, ocp-apim-subscription-key',
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('ocp-apim-subscription-key');
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
    expect(preflight.headers.get('vary')).toContain('Origin');
    expect(preflight.headers.get('x-request-id')).toBeTruthy();

    const response = await app.fetch(post(REPAY, REPAYMENT, { ...JSON_HEADERS, Origin: ORIGIN }));
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-expose-headers')).toBe(
      'X-Request-Id,X-Rekenregels,X-Rekenregels-Status',
    );
    const denied = await app.fetch(post(REPAY, REPAYMENT, { ...JSON_HEADERS, Origin: 'https://evil.example' }));
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    const unauthorised = await app.fetch(
      post(REPAY, REPAYMENT, { 'Content-Type': 'application/json', Origin: ORIGIN }),
    );
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });
});

describe('a body that breaks off', () => {
  it("is the client's problem (400), not an error of the service", async () => {
    const { app, errors } = testApp();
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) controller.error(new Error('aborted'));
        else controller.enqueue(new TextEncoder().encode('{"LeeftijdHoofd'));
        sent = true;
      },
    });
    const body = ValidationProblem.parse(await problemOf(await app.fetch(post(REPAY, stream)), 400));
    expect(body.errors[0]?.code).toBe('incomplete_body');
    expect(errors).toEqual([]);
  });
});
