/**
 * Node-side helpers of the browser tests: the worked examples read from rules/*\/tests/**,
 * the page's assets (the core bundle and the page script importing it), and a loopback
 * HTTP server for them.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { readRuleSetFolder } from '../../src/node/load-folder.js';
import { RULES_DIR, ruleSetFolders } from '../../scripts/lib/generated-files.js';
import { BUNDLE_FILE, CORE_ENTRY, buildBrowserBundle } from '../../scripts/lib/browser-build.js';
import type { AgreementInput, Calculation, ExampleInput } from './agreement-harness.js';

const CALCULATIONS: readonly Calculation[] = ['afloscapaciteit', 'pensioenuitgaven'];

export interface WorkedExampleFile extends ExampleInput {
  readonly expected: unknown;
}

/** Every rule set folder and every worked example of both calculations in it, sorted by key. */
export function readWorkedExamples(): { folders: AgreementInput['folders']; examples: WorkedExampleFile[] } {
  const folders: Record<string, Record<string, unknown>> = {};
  const examples: WorkedExampleFile[] = [];
  for (const ruleSetId of ruleSetFolders()) {
    const files = readRuleSetFolder(join(RULES_DIR, ruleSetId));
    folders[ruleSetId] = files;
    for (const calculation of CALCULATIONS) {
      const prefix = `tests/${calculation}/`;
      for (const [name, content] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
        if (!name.startsWith(prefix)) continue;
        const { request, expected } = content as { request: unknown; expected: unknown };
        examples.push({ key: `${ruleSetId}/${name}`, ruleSetId, calculation, request, expected });
      }
    }
  }
  return { folders, examples };
}

/** The harness input: the examples without their expected figures (the page only calculates). */
export function agreementInput(): AgreementInput {
  const { folders, examples } = readWorkedExamples();
  return {
    folders,
    examples: examples.map(({ key, ruleSetId, calculation, request }) => ({ key, ruleSetId, calculation, request })),
  };
}

export const PAGE_SCRIPT = 'agreement.js';

/** The page's files: the minified core bundle, the page script that imports it, and the page. */
export async function pageAssets(): Promise<Record<string, { type: string; body: string }>> {
  const core = await buildBrowserBundle({ minify: true });
  const page = await buildBrowserBundle({
    entry: join(import.meta.dirname, 'page-entry.ts'),
    minify: false,
    plugins: [
      {
        name: 'core-from-bundle',
        setup(build) {
          build.onResolve({ filter: /\/src\/index\.js$/ }, (args) => {
            const resolved = join(args.resolveDir, args.path).replace(/\.js$/, '.ts');
            if (resolved !== CORE_ENTRY) return undefined;
            return { path: `./${BUNDLE_FILE}`, external: true };
          });
        },
      },
    ],
  });
  if (!page.includes(`from "./${BUNDLE_FILE}"`)) throw new Error('the page script does not import the core bundle');
  const html =
    '<!doctype html><meta charset="utf-8"><title>budgetnorm agreement</title>\n' +
    `<script type="module" src="./${PAGE_SCRIPT}"></script>\n`;
  const js = 'text/javascript; charset=utf-8';
  return {
    '/': { type: 'text/html; charset=utf-8', body: html },
    [`/${BUNDLE_FILE}`]: { type: js, body: core },
    [`/${PAGE_SCRIPT}`]: { type: js, body: page },
    // Chromium asks for one; an empty answer keeps a 404 out of the page's console.
    '/favicon.ico': { type: 'image/x-icon', body: '' },
  };
}

/** Serves fixed files on 127.0.0.1 at a free port. */
export async function serve(
  files: Record<string, { type: string; body: string }>,
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://127.0.0.1').pathname];
    if (file === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server };
}
