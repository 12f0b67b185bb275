/**
 * The advisor page's routes (src/http/advisor-page.ts): GET / and its two files without a
 * key, with strict security headers and ETag caching; HEAD; 405 for other methods; a clear
 * 503 when the page was not built; and the Node entry reading the files from a folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADVISOR_CSP, ADVISOR_NOT_BUILT_TYPE, acceptsGzip, matchesEtag } from '../../src/http/advisor-page.js';
import { ADVISOR_PATHS, type AdvisorPage } from '../../src/http/index.js';
import { ADVISOR_FILES, readAdvisorPage } from '../../src/node/advisor-files.js';
import { readServiceConfig, startService } from '../../src/node/server.js';
import { ADVISOR_FILES as BUILT_FILES } from '../../scripts/lib/browser-build.js';
import { KEY, testApp } from './support/helpers.js';

const PAGE: AdvisorPage = {
  html: '<!doctype html><html lang="nl"><title>t</title><script type="module" src="advisor/advisor.js"></script></html>',
  script: 'console.log("één");',
  style: 'body { color: #1b1f24; }',
};

const get = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init);

describe('the advisor page routes', () => {
  const { app, lines } = testApp({ advisorPage: PAGE });

  it.each([
    [ADVISOR_PATHS.page, 'text/html; charset=utf-8', PAGE.html],
    [ADVISOR_PATHS.script, 'text/javascript; charset=utf-8', PAGE.script],
    [ADVISOR_PATHS.style, 'text/css; charset=utf-8', PAGE.style],
  ])('GET %s: 200 without a key, its content type, strict headers, an ETag', async (path, type, text) => {
    const response = await app.fetch(get(path));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('content-security-policy')).toBe(ADVISOR_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(await response.text()).toBe(text);
  });

  it('the request is logged like any other, without a rule set', async () => {
    lines.length = 0;
    await app.fetch(get('/'));
    expect(lines).toEqual([expect.objectContaining({ method: 'GET', path: '/', status: 200, ruleSet: null })]);
  });

  it('HEAD: the same headers, no body', async () => {
    const full = await app.fetch(get('/'));
    const head = await app.fetch(get('/', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const name of [
      'content-type',
      'etag',
      'content-security-policy',
      'x-content-type-options',
      'content-length',
    ]) {
      expect(head.headers.get(name)).toBe(full.headers.get(name));
    }
  });

  it('a copy still current: 304 without a body; a changed file has another ETag', async () => {
    const first = await app.fetch(get(ADVISOR_PATHS.script));
    const etag = first.headers.get('etag') ?? '';
    const again = await app.fetch(get(ADVISOR_PATHS.script, { headers: { 'If-None-Match': etag } }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('content-security-policy')).toBe(ADVISOR_CSP);
    const stale = await app.fetch(get(ADVISOR_PATHS.script, { headers: { 'If-None-Match': '"0000"' } }));
    expect(stale.status).toBe(200);
    const { app: changed } = testApp({ advisorPage: { ...PAGE, script: `${PAGE.script}\n` } });
    expect((await changed.fetch(get(ADVISOR_PATHS.script))).headers.get('etag')).not.toBe(etag);
    expect((await changed.fetch(get(ADVISOR_PATHS.page))).headers.get('etag')).toBe(
      (await app.fetch(get(ADVISOR_PATHS.page))).headers.get('etag'),
    );
  });

  it('gzip when accepted: the same bytes once decompressed, its own ETag, Vary, a 304 of its own', async () => {
    const big: AdvisorPage = { ...PAGE, script: `${'export const x = "één";\n'.repeat(2_000)}` };
    const { app: bigApp } = testApp({ advisorPage: big });
    const plain = await bigApp.fetch(get(ADVISOR_PATHS.script));
    const zipped = await bigApp.fetch(get(ADVISOR_PATHS.script, { headers: { 'Accept-Encoding': 'br, gzip;q=0.8' } }));
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    for (const response of [plain, zipped]) expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(zipped.headers.get('content-security-policy')).toBe(ADVISOR_CSP);
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    expect(bytes.byteLength).toBe(Number(zipped.headers.get('content-length')));
    expect(bytes.byteLength).toBeLessThan(new TextEncoder().encode(big.script).byteLength / 10);
    expect(gunzipSync(bytes).toString('utf8')).toBe(big.script);
    const etag = zipped.headers.get('etag') ?? '';
    expect(etag).not.toBe(plain.headers.get('etag'));
    const again = await bigApp.fetch(
      get(ADVISOR_PATHS.script, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag } }),
    );
    expect(again.status).toBe(304);
    // The plain copy's tag does not validate the gzipped one, nor the other way round.
    const mixed = await bigApp.fetch(get(ADVISOR_PATHS.script, { headers: { 'If-None-Match': etag } }));
    expect(mixed.status).toBe(200);
    const head = await bigApp.fetch(
      get(ADVISOR_PATHS.script, { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } }),
    );
    expect(head.headers.get('content-length')).toBe(zipped.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  it('Accept-Encoding: gzip or * with q > 0 accepts gzip; q=0, identity or other codings do not', () => {
    for (const yes of ['gzip', 'gzip, deflate, br', 'br;q=1, GZIP;q=0.5', '*', 'deflate, *;q=0.1'])
      expect(acceptsGzip(yes), yes).toBe(true);
    for (const no of [undefined, '', 'identity', 'br, deflate', 'gzip;q=0', '*;q=0', 'x-gzip2'])
      expect(acceptsGzip(no), String(no)).toBe(false);
  });

  it('If-None-Match: a list, a weak tag or * matches', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"a"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });

  it.each([
    ['POST', '/'],
    ['PUT', '/'],
    ['DELETE', ADVISOR_PATHS.script],
    ['POST', ADVISOR_PATHS.style],
  ])('%s %s: 405 problem with Allow: GET, HEAD', async (method, path) => {
    const response = await app.fetch(get(path, { method, headers: { 'Ocp-Apim-Subscription-Key': KEY } }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(((await response.json()) as { type: string }).type).toBe('urn:budgetnorm:problem:method-not-allowed');
  });

  it('other paths are still a 404, and the API still wants its key', async () => {
    expect((await app.fetch(get('/advisor/other.js'))).status).toBe(404);
    expect((await app.fetch(get('/index.html'))).status).toBe(404);
    const api = await app.fetch(
      get('/Afloscapaciteit/Resultaat', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      }),
    );
    expect(api.status).toBe(401);
  });
});

describe('a page that was not built', () => {
  const { app } = testApp({ advisorPage: { missing: 'dist/advisor/ has no index.html' } });

  it.each([ADVISOR_PATHS.page, ADVISOR_PATHS.script])(
    'GET %s: 503 problem saying so, and how to build it',
    async (path) => {
      const response = await app.fetch(get(path));
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const body = (await response.json()) as { type: string; detail: string };
      expect(body.type).toBe(ADVISOR_NOT_BUILT_TYPE);
      expect(body.detail).toContain('dist/advisor/ has no index.html');
      expect(body.detail).toContain('npm run build');
      expect((await app.fetch(get('/health'))).status).toBe(200);
    },
  );

  it('POST / is still a 405', async () => {
    expect((await app.fetch(get('/', { method: 'POST' }))).status).toBe(405);
  });
});

describe('without the option', () => {
  it('GET / is a 404, as before', async () => {
    const { app } = testApp();
    expect((await app.fetch(get('/'))).status).toBe(404);
  });
});

describe('reading the built page (src/node/advisor-files.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'budgetnorm-advisor-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the files the build writes are the files the service reads', () => {
    expect(ADVISOR_FILES).toEqual(BUILT_FILES);
  });

  it('names the missing files, and reads all three once they are there', () => {
    expect(readAdvisorPage(dir)).toEqual({ missing: 'dist/advisor/ has no index.html, advisor.js, advisor.css' });
    writeFileSync(join(dir, ADVISOR_FILES.html), PAGE.html);
    expect(readAdvisorPage(dir)).toEqual({ missing: 'dist/advisor/ has no advisor.js, advisor.css' });
    writeFileSync(join(dir, ADVISOR_FILES.script), PAGE.script);
    writeFileSync(join(dir, ADVISOR_FILES.style), PAGE.style);
    expect(readAdvisorPage(dir)).toEqual(PAGE);
  });

  it('the Node server serves what it read from dist/advisor/, or says it was not built; it starts either way', async () => {
    const service = await startService(readServiceConfig({ BUDGETNORM_API_KEYS: KEY, PORT: '0' }), {
      writeLog: () => {},
      writeError: () => {},
    });
    try {
      const expected = readAdvisorPage();
      const response = await fetch(`${service.url}/`);
      if ('missing' in expected) {
        expect(response.status).toBe(503);
      } else {
        expect(response.status).toBe(200);
        expect(await response.text()).toBe(expected.html);
      }
      const built = await startService(readServiceConfig({ BUDGETNORM_API_KEYS: KEY, PORT: '0' }), {
        writeLog: () => {},
        app: { advisorPage: readAdvisorPage(dir) },
      });
      try {
        const page = await fetch(`${built.url}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toBe(PAGE.html);
      } finally {
        await built.shutdown();
      }
    } finally {
      await service.shutdown();
    }
  });
});
