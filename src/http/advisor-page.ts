/**
 * The advisor page (docs/advisor.md): `GET /` serves one HTML page, `GET /advisor/advisor.js`
 * its script (the page and the library's browser build, bundled) and `GET /advisor/advisor.css`
 * its style sheet. No key is needed to load them; the page itself calculates in the browser,
 * or calls the API with a key the advisor types in.
 *
 * Every response carries a strict Content-Security-Policy (scripts, styles and connections
 * from this origin only; nothing may frame the page), `X-Content-Type-Options: nosniff`, and
 * a strong ETag of its content with `Cache-Control: no-cache`: a browser keeps its copy and
 * revalidates it, and gets a `304` while the file is unchanged. A client that accepts gzip gets
 * the files gzipped (the script is about 800 KB, 190 KB gzipped), compressed once with the
 * web-standard `CompressionStream` on first request, with its own ETag and `Vary:
 * Accept-Encoding`.
 *
 * The files are handed in (the Node entry reads them from `dist/advisor/`); nothing here
 * reads a file. When they were not built, the entry passes `{ missing }` instead and the page
 * paths answer a problem saying so.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import type { Env, Hono } from 'hono';
import { methodNotAllowed, problemResponse } from './problem.js';

/**
 * The built advisor page: the HTML, its one script and its one style sheet, as text, for
 * {@link AppOptions.advisorPage}. `npm run build` writes them to `dist/advisor/`, from where the
 * Node entry point reads them; a host of its own hands them in however it stores them.
 *
 * @example Serving a page (here a stand-in) at GET /
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { ADVISOR_PATHS, createApp, type AdvisorPage } from 'budgetnorm/http';
 *
 * const advisorPage: AdvisorPage = {
 *   html: '<!doctype html><title>Advisor</title><script type="module" src="/advisor/advisor.js"></script>',
 *   script: 'console.log("advisor");',
 *   style: 'body { margin: 0 }',
 * };
 * const app = createApp({ keys: ['my-key'], log: () => {}, advisorPage });
 * const page = await app.fetch(new Request(`http://localhost${ADVISOR_PATHS.page}`));
 * assert.equal(page.status, 200);
 * assert.equal(page.headers.get('Content-Type'), 'text/html; charset=utf-8');
 * assert.equal(await page.text(), advisorPage.html);
 * assert.match(page.headers.get('Content-Security-Policy') ?? '', /script-src 'self'/);
 * ```
 */
export interface AdvisorPage {
  /** `index.html`, which loads the script and the style sheet from `ADVISOR_PATHS`. */
  readonly html: string;
  /** The page's ES module (`advisor.js`), the library's browser build inside. */
  readonly script: string;
  /** The page's style sheet (`advisor.css`). */
  readonly style: string;
}

/**
 * The page was not built: the reason, shown to whoever asks for it. The service still starts
 * (the API works without the page); the page's paths answer a 503 problem saying why.
 *
 * @example
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { ADVISOR_PATHS, createApp, type AdvisorPageMissing } from 'budgetnorm/http';
 *
 * const advisorPage: AdvisorPageMissing = { missing: 'dist/advisor/index.html does not exist' };
 * const app = createApp({ keys: ['my-key'], log: () => {}, advisorPage });
 * const page = await app.fetch(new Request(`http://localhost${ADVISOR_PATHS.page}`));
 * assert.equal(page.status, 503);
 * const { detail } = (await page.json()) as { detail: string };
 * assert.ok(detail.includes('dist/advisor/index.html does not exist'));
 * ```
 */
export interface AdvisorPageMissing {
  /** Why the page is not there, e.g. which file is missing. */
  readonly missing: string;
}

/**
 * Where the advisor page and its files are served (without a key), when
 * {@link AppOptions.advisorPage} is given.
 *
 * @example Only GET and HEAD
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { ADVISOR_PATHS, createApp } from 'budgetnorm/http';
 *
 * const app = createApp({ keys: ['my-key'], log: () => {}, advisorPage: { html: '<!doctype html>', script: '', style: '' } });
 * const style = await app.fetch(new Request(`http://localhost${ADVISOR_PATHS.style}`));
 * assert.equal(style.headers.get('Content-Type'), 'text/css; charset=utf-8');
 * const post = await app.fetch(new Request(`http://localhost${ADVISOR_PATHS.script}`, { method: 'POST' }));
 * assert.equal(post.status, 405);
 * assert.equal(post.headers.get('Allow'), 'GET, HEAD');
 * ```
 */
export const ADVISOR_PATHS = {
  /** The page itself (`index.html`). */
  page: '/',
  /** Its ES module, the library's browser build inside. */
  script: '/advisor/advisor.js',
  /** Its style sheet. */
  style: '/advisor/advisor.css',
} as const;

/** The Content-Security-Policy of the page and its files. */
export const ADVISOR_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The problem type when the page was not built. */
export const ADVISOR_NOT_BUILT_TYPE = 'urn:budgetnorm:problem:advisor-page-not-built';

const SECURITY_HEADERS = {
  'Content-Security-Policy': ADVISOR_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

const encoder = new TextEncoder();

interface Asset {
  readonly body: Uint8Array;
  readonly contentType: string;
  readonly etag: string;
  /** The gzipped body, made on the first request that accepts it. */
  gzipped?: Promise<Uint8Array>;
}

function asset(text: string, contentType: string): Asset {
  const body = encoder.encode(text);
  const hex = Array.from(sha256(body).subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return { body, contentType, etag: `"${hex}"` };
}

async function gzip(body: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([body]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Whether an `Accept-Encoding` header accepts gzip (named or `*`, with a q-value above 0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  return acceptEncoding.split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Whether an `If-None-Match` header names this ETag (`*`, a list, weak or strong). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

async function serve(request: Request, file: Asset): Promise<Response> {
  const gzipped = acceptsGzip(request.headers.get('accept-encoding') ?? undefined);
  // Each representation has its own strong ETag, so a cache never mixes the two up.
  const etag = gzipped ? `${file.etag.slice(0, -1)}-gzip"` : file.etag;
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'Content-Type': file.contentType,
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    ETag: etag,
  };
  if (matchesEtag(request.headers.get('if-none-match') ?? undefined, etag)) {
    return new Response(null, { status: 304, headers });
  }
  let body = file.body;
  if (gzipped) {
    file.gzipped ??= gzip(file.body);
    body = await file.gzipped;
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(body.byteLength);
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}

/**
 * Mounts the page on the app: `GET`/`HEAD` of the page and its two files without a key, and
 * `405` (with `Allow: GET, HEAD`) for any other method on those paths.
 */
export function mountAdvisorPage<E extends Env>(app: Hono<E>, page: AdvisorPage | AdvisorPageMissing): void {
  const paths = Object.values(ADVISOR_PATHS);
  if ('missing' in page) {
    const notBuilt = () =>
      problemResponse(
        {
          type: ADVISOR_NOT_BUILT_TYPE,
          title: 'Service Unavailable',
          status: 503,
          detail: `The advisor page was not built: ${page.missing}. Run \`npm run build\` and start the service again; the API itself works.`,
        },
        { ...SECURITY_HEADERS, 'Cache-Control': 'no-store' },
      );
    for (const path of paths) app.get(path, notBuilt);
  } else {
    const files: Record<string, Asset> = {
      [ADVISOR_PATHS.page]: asset(page.html, 'text/html; charset=utf-8'),
      [ADVISOR_PATHS.script]: asset(page.script, 'text/javascript; charset=utf-8'),
      [ADVISOR_PATHS.style]: asset(page.style, 'text/css; charset=utf-8'),
    };
    for (const [path, file] of Object.entries(files)) app.get(path, (c) => serve(c.req.raw, file));
  }
  for (const path of paths) app.all(path, () => methodNotAllowed(['GET', 'HEAD']));
}
