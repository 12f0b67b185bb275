/** Names the service and its OpenAPI document share. */
import { OPERATIONS } from '../calculations/operations.js';

/**
 * The service's paths. Paths are case-sensitive, as the existing clients send them.
 *
 * @example Calling both operations and the health check
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity } from 'budgetnorm';
 * import { createApp, KEY_HEADER, PATHS } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const post = (path: string, body: unknown) =>
 *   app.fetch(
 *     new Request(`http://localhost${path}?peildatum=2026-03-01`, {
 *       method: 'POST',
 *       headers: { 'Content-Type': 'application/json', [KEY_HEADER]: 'my-key' },
 *       body: JSON.stringify(body),
 *     }),
 *   );
 *
 * const household = {
 *   LeeftijdHoofdpersoon: 66,
 *   HeeftPartner: false,
 *   AantalThuiswonendeKinderen: 0,
 *   AantalAutos: 0,
 *   NettoBesteedbaarInkomenPerMaand: 2200,
 *   BijzondereUitgaven: {},
 *   Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
 * } as const;
 * const repayment = await post(PATHS.repayment, household);
 * assert.equal(
 *   ((await repayment.json()) as { Afloscapaciteit: number }).Afloscapaciteit,
 *   repaymentCapacity(household, { date: '2026-03-01' }).Afloscapaciteit,
 * );
 *
 * const retirement = await post(PATHS.retirement, {
 *   Hoofdpersonen: [{ Geslacht: 'Man' }],
 *   Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
 *   NettoBesteedbaarInkomenPerMaand: 1400,
 * });
 * assert.deepEqual(((await retirement.json()) as { Totaal: unknown }).Totaal, { Basis: 1074, Voorbeeld: 1210 });
 *
 * assert.equal((await app.fetch(new Request(`http://localhost${PATHS.health}`))).status, 200);
 * assert.equal((await app.fetch(new Request(`http://localhost${PATHS.openapi}`))).status, 200);
 * ```
 */
export const PATHS = {
  // The public names of the library's operations' routes; the routes themselves are the
  // registry's (src/calculations/operations.ts), which the service iterates over.
  /** `POST`: the retirement expenditure calculation, {@link budgetnorm!retirementExpenditure | retirementExpenditure}. */
  retirement: OPERATIONS.pensioenuitgaven.http.path,
  /** `POST`: the repayment capacity calculation ({@link budgetnorm!repaymentCapacity | repaymentCapacity}). */
  repayment: OPERATIONS.afloscapaciteit.http.path,
  /** `GET`, without a key: `{ status: 'ok', Rekenregels }`, the rule set a request that names none gets now. */
  health: '/health',
  /** `GET`, without a key: the OpenAPI 3.1 document ({@link openApiDocument}). */
  openapi: '/openapi.json',
} as const;

/**
 * The subscription key header (Azure API Management's name, which existing clients send).
 * The key may also be sent as the query parameter {@link KEY_QUERY}.
 *
 * @example Without the key, a calculation answers 401
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, KEY_HEADER, PATHS, PROBLEM_TYPES } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const call = (headers: Record<string, string>) =>
 *   app.fetch(new Request(`http://localhost${PATHS.repayment}`, { method: 'POST', headers, body: '{}' }));
 *
 * const refused = await call({ 'Content-Type': 'application/json' });
 * assert.equal(refused.status, 401);
 * assert.equal(((await refused.json()) as { type: string }).type, PROBLEM_TYPES.unauthorized);
 * // With the key, the body is read: this one is refused for its content (400), not the key.
 * assert.equal((await call({ 'Content-Type': 'application/json', [KEY_HEADER]: 'my-key' })).status, 400);
 * ```
 */
export const KEY_HEADER = 'Ocp-Apim-Subscription-Key';
/**
 * The subscription key query parameter, for clients that cannot set a header.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, KEY_QUERY, PATHS } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const response = await app.fetch(
 *   new Request(`http://localhost${PATHS.retirement}?${KEY_QUERY}=my-key`, {
 *     method: 'POST',
 *     headers: { 'Content-Type': 'application/json' },
 *     body: '{}',
 *   }),
 * );
 * assert.equal(response.status, 400); // past the key: the empty body is refused
 * ```
 */
export const KEY_QUERY = 'key';
/**
 * The challenge of every 401 (`WWW-Authenticate`, which RFC 9110 §11.6.1 requires on a 401): the
 * scheme `ApiKey` is not registered with IANA, so its parameters say where a key goes, the
 * header and the query parameter, for a client or a person reading the answer.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, KEY_CHALLENGE, PATHS } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const refused = await app.fetch(new Request(`http://localhost${PATHS.retirement}`, { method: 'POST' }));
 * assert.equal(refused.status, 401);
 * assert.equal(refused.headers.get('WWW-Authenticate'), KEY_CHALLENGE);
 * assert.equal(KEY_CHALLENGE, 'ApiKey realm="budgetnorm", header="Ocp-Apim-Subscription-Key", query="key"');
 * ```
 */
export const KEY_CHALLENGE = `ApiKey realm="budgetnorm", header="${KEY_HEADER}", query="${KEY_QUERY}"`;
/**
 * The request id header: every response carries one, the caller's own when it sent a sane one
 * (letters, digits and `._:-`, at most 128), otherwise a fresh UUID. Log lines and error
 * reports name it, so a caller can quote it.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, PATHS, REQUEST_ID_HEADER } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const mine = await app.fetch(new Request(`http://localhost${PATHS.health}`, { headers: { [REQUEST_ID_HEADER]: 'order-42' } }));
 * assert.equal(mine.headers.get(REQUEST_ID_HEADER), 'order-42');
 * const fresh = await app.fetch(new Request(`http://localhost${PATHS.health}`));
 * assert.match(fresh.headers.get(REQUEST_ID_HEADER) ?? '', /^[0-9a-f-]{36}$/);
 * ```
 */
export const REQUEST_ID_HEADER = 'X-Request-Id';
/**
 * Names the rule set a result was computed with (the body says it too, in `Rekenregels`).
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, KEY_HEADER, PATHS, RULE_SET_HEADER } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const response = await app.fetch(
 *   new Request(`http://localhost${PATHS.retirement}?rekenregels=nl-2025`, {
 *     method: 'POST',
 *     headers: { 'Content-Type': 'application/json', [KEY_HEADER]: 'my-key' },
 *     body: JSON.stringify({
 *       Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
 *       Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Huurwoning' },
 *       NettoBesteedbaarInkomenPerMaand: 2200,
 *     }),
 *   }),
 * );
 * assert.equal(response.headers.get(RULE_SET_HEADER), 'nl-2025');
 * assert.equal(((await response.json()) as { Rekenregels: { Id: string } }).Rekenregels.Id, 'nl-2025');
 * ```
 */
export const RULE_SET_HEADER = 'X-Rekenregels';
/**
 * The status of that rule set (`draft`, `reviewed`, `approved`, `withdrawn`), as
 * `Rekenregels.Status` of the body. A header of its own beside {@link RULE_SET_HEADER}, which
 * keeps naming the id alone: clients compare it with `Rekenregels.Id`.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, KEY_HEADER, PATHS, RULE_SET_HEADER, RULE_SET_STATUS_HEADER } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const response = await app.fetch(
 *   new Request(`http://localhost${PATHS.retirement}?rekenregels=nl-2026`, {
 *     method: 'POST',
 *     headers: { 'Content-Type': 'application/json', [KEY_HEADER]: 'my-key' },
 *     body: JSON.stringify({
 *       Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
 *       Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Huurwoning' },
 *       NettoBesteedbaarInkomenPerMaand: 2200,
 *     }),
 *   }),
 * );
 * assert.equal(response.headers.get(RULE_SET_HEADER), 'nl-2026');
 * assert.equal(response.headers.get(RULE_SET_STATUS_HEADER), 'draft'); // the bundled sets are drafts
 * const body = (await response.json()) as { Rekenregels: { Status: string }; Meldingen: { Code: string }[] };
 * assert.equal(body.Rekenregels.Status, 'draft');
 * assert.ok(body.Meldingen.some((m) => m.Code === 'RekenregelsNietVastgesteld'));
 * ```
 */
export const RULE_SET_STATUS_HEADER = 'X-Rekenregels-Status';
/**
 * The header names as an answer writes them and node:http reads them: lower-case (as `Headers`
 * writes them), made once here rather than on every request.
 */
export const KEY_HEADER_NAME = KEY_HEADER.toLowerCase();
export const REQUEST_ID_HEADER_NAME = REQUEST_ID_HEADER.toLowerCase();
export const RULE_SET_HEADER_NAME = RULE_SET_HEADER.toLowerCase();
export const RULE_SET_STATUS_HEADER_NAME = RULE_SET_STATUS_HEADER.toLowerCase();
/**
 * The largest request body accepted: 64 KiB. A larger body is refused with 413, by its declared
 * length before it is read, or while it streams.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { createApp, KEY_HEADER, MAX_BODY_BYTES, PATHS } from 'budgetnorm/http';
 *
 * assert.equal(MAX_BODY_BYTES, 64 * 1024);
 * const app = createApp({ keys: ['my-key'], log: () => {} });
 * const response = await app.fetch(
 *   new Request(`http://localhost${PATHS.repayment}`, {
 *     method: 'POST',
 *     headers: { 'Content-Type': 'application/json', [KEY_HEADER]: 'my-key' },
 *     body: JSON.stringify({ padding: 'x'.repeat(MAX_BODY_BYTES) }),
 *   }),
 * );
 * assert.equal(response.status, 413);
 * ```
 */
export const MAX_BODY_BYTES = 64 * 1024;
