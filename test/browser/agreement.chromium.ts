/**
 * Same answers everywhere: every worked example of every rule set (both calculations),
 * run in headless Chromium through the browser bundle imported as an ES module by a page
 * served from 127.0.0.1, and in Node through src/. The full result JSON of each example
 * (with the bundled rule set, with the folder loaded by `loadRuleSet`, and with `explain`)
 * must be identical text, and each must match the example's expected figures.
 *
 * Needs Chromium: Debian's `chromium` at /usr/bin/chromium, or the executable named by
 * BUDGETNORM_CHROMIUM. Without it this fails at once and says how to install it; it never
 * skips. Run with `npm run test:browser`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as source from '../../src/index.js';
import { runAgreement, type AgreementInput, type AgreementOutput } from './agreement-harness.js';
import { agreementChecks } from './agreement-checks.js';
import { agreementInput, pageAssets, readWorkedExamples, serve } from './fixtures.js';

const CHROMIUM = process.env['BUDGETNORM_CHROMIUM'] ?? '/usr/bin/chromium';
const { examples } = readWorkedExamples();

let context: BrowserContext | undefined;
let server: Server | undefined;
let userDataDir = '';
let inChromium: AgreementOutput;
let inNode: AgreementOutput;
let browserVersion = '';
const pageErrors: string[] = [];
const requests: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. The browser agreement test needs it: on Debian/Ubuntu ` +
        '`sudo apt-get install -y chromium`, or set BUDGETNORM_CHROMIUM to a Chromium or Chrome executable. ' +
        '(`npm test` needs no browser; see docs/browser.md.)',
    );
  }
  const input: AgreementInput = agreementInput();
  inNode = runAgreement(source, input);

  const served = await serve(await pageAssets());
  server = served.server;
  userDataDir = mkdtempSync(join(tmpdir(), 'budgetnorm-chromium-'));
  // A fresh, empty profile (Playwright passes it as --user-data-dir); the flags keep Chromium
  // from reaching out to the network, which this machine's closed network refuses.
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  browserVersion = context.browser()?.version() ?? 'unknown version';
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(served.url);
  await page.waitForFunction(() => typeof globalThis.budgetnormAgreement === 'function', undefined, {
    timeout: 30_000,
  });
  inChromium = await page.evaluate((data) => globalThis.budgetnormAgreement!(data), input);
});

afterAll(async () => {
  await context?.close();
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  if (userDataDir !== '') rmSync(userDataDir, { recursive: true, force: true });
});

describe('Chromium and Node give the same answers', () => {
  it('the page loaded the bundle from the loopback server only, without errors', () => {
    console.log(`Chromium ${browserVersion}: ${inChromium.runs.length} worked examples compared with Node`);
    expect(pageErrors).toEqual([]);
    expect(requests.length).toBeGreaterThan(0);
    for (const url of requests) expect(new URL(url).hostname).toBe('127.0.0.1');
  });

  agreementChecks(examples, () => ({ underTest: inChromium, reference: inNode }));
});
