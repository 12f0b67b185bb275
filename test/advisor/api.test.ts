/**
 * The page's API client against the real app (its fetch handler, no network): the same body
 * gives the library's result; the API's refusals come back as issues at a field or in Dutch.
 */
import { describe, expect, it } from 'vitest';
import { calculateViaApi } from '../../src/advisor/api.js';
import { requestBody, initialState, withValue } from '../../src/advisor/form-model.js';
import { calculateLocally } from '../../src/advisor/local.js';
import { KEY_PATH, RULE_SET_PATH } from '../../src/advisor/messages.js';
import { createApp } from '../../src/http/index.js';
import { repaymentCapacity, retirementExpenditure } from '../../src/index.js';

const KEY = 'advisor-test-key';
const app = createApp({ keys: [KEY], log: () => {}, logError: () => {} });
const viaApp: typeof fetch = (input, init) => Promise.resolve(app.fetch(new Request(input, init)));
const BASE = 'http://localhost/';

describe('calculateViaApi', () => {
  it.each(['afloscapaciteit', 'pensioenuitgaven'] as const)(
    '%s: the same result as the library in the page, for both rule sets',
    async (operation) => {
      const body = requestBody(initialState(operation));
      for (const ruleSetId of ['nl-2025', 'nl-2026']) {
        const outcome = await calculateViaApi(
          { base: BASE, operation, ruleSetId, explain: true, provenance: true },
          body,
          KEY,
          { fetch: viaApp },
        );
        const options = { ruleSet: ruleSetId, explain: true, provenance: true };
        const library =
          operation === 'afloscapaciteit' ? repaymentCapacity(body, options) : retirementExpenditure(body, options);
        expect(outcome).toEqual({ kind: 'result', result: JSON.parse(JSON.stringify(library)) });
        expect(calculateLocally(operation, body, ruleSetId)).toEqual({ kind: 'result', result: library });
      }
    },
  );

  it('the body’s problems come back as issues by path, as the library reports them', async () => {
    const body = requestBody(withValue(initialState('afloscapaciteit'), 'LeeftijdHoofdpersoon', '200'));
    const outcome = await calculateViaApi(
      { base: BASE, operation: 'afloscapaciteit', ruleSetId: 'nl-2026', explain: false },
      body,
      KEY,
      { fetch: viaApp },
    );
    expect(outcome).toEqual(calculateLocally('afloscapaciteit', body, 'nl-2026'));
    expect(outcome.kind === 'invalid' && outcome.issues.map((i) => i.path)).toEqual(['LeeftijdHoofdpersoon']);
  });

  it('an unknown rule set is an issue of the rule-set control, locally and through the API', async () => {
    const body = requestBody(initialState('pensioenuitgaven'));
    const request = { base: BASE, operation: 'pensioenuitgaven', ruleSetId: 'nl-1999', explain: false } as const;
    const outcome = await calculateViaApi(request, body, KEY, { fetch: viaApp });
    expect(outcome.kind === 'invalid' && outcome.issues.map((i) => [i.path, i.code])).toEqual([
      [RULE_SET_PATH, 'unknown_rule_set'],
    ]);
    const local = calculateLocally('pensioenuitgaven', body, 'nl-1999');
    expect(local.kind === 'invalid' && local.issues.map((i) => [i.path, i.code])).toEqual([
      [RULE_SET_PATH, 'unknown_rule_set'],
    ]);
  });

  it('no key, or a wrong one, is an issue of the key field; nothing is sent without one', async () => {
    const body = requestBody(initialState('afloscapaciteit'));
    const request = { base: BASE, operation: 'afloscapaciteit', ruleSetId: 'nl-2026', explain: false } as const;
    let sent = 0;
    const counting: typeof fetch = (input, init) => {
      sent += 1;
      return viaApp(input, init);
    };
    expect(await calculateViaApi(request, body, '  ', { fetch: counting })).toEqual({
      kind: 'invalid',
      issues: [{ path: KEY_PATH, code: 'required', message: '' }],
    });
    expect(sent).toBe(0);
    expect(await calculateViaApi(request, body, 'wrong', { fetch: counting })).toEqual({
      kind: 'invalid',
      issues: [{ path: KEY_PATH, code: 'unauthorized', message: '' }],
    });
    expect(sent).toBe(1);
  });

  it('a service that cannot be reached, or answers otherwise, is a failure in Dutch', async () => {
    const body = requestBody(initialState('afloscapaciteit'));
    const request = { base: BASE, operation: 'afloscapaciteit', ruleSetId: 'nl-2026', explain: false } as const;
    const down: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    expect(await calculateViaApi(request, body, KEY, { fetch: down })).toEqual({
      kind: 'failed',
      message: 'De API is niet bereikbaar.',
    });
    const broken: typeof fetch = () =>
      Promise.resolve(
        new Response(JSON.stringify({ status: 500, title: 'Internal Server Error', errorId: 'e-1' }), { status: 500 }),
      );
    expect(await calculateViaApi(request, body, KEY, { fetch: broken })).toEqual({
      kind: 'failed',
      message: 'Er ging iets mis in de API. Noem foutnummer e-1 als u het meldt.',
    });
    const otherSet: typeof fetch = () =>
      Promise.resolve(new Response('{}', { status: 200, headers: { 'X-Rekenregels': 'nl-2025' } }));
    expect(await calculateViaApi(request, body, KEY, { fetch: otherSet })).toMatchObject({ kind: 'failed' });
  });
});
