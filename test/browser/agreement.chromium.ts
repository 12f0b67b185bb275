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
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as source from '../../src/index.js';
import { runAgreement, type AgreementInput, type AgreementOutput } from './agreement-harness.js';
import { agreementChecks } from './agreement-checks.js';
import { launchChromium, type LaunchedChromium } from './chromium.js';
import { agreementInput, pageAssets, readWorkedExamples, serve } from './fixtures.js';

const { examples } = readWorkedExamples();

let browser: LaunchedChromium | undefined;
let server: Server | undefined;
let inChromium: AgreementOutput;
let inNode: AgreementOutput;
let browserVersion = '';
const pageErrors: string[] = [];
const requests: string[] = [];

beforeAll(async () => {
  // Fails at once, saying how to install Chromium, when it is not there (chromium.ts).
  browser = await launchChromium();
  const input: AgreementInput = agreementInput();
  inNode = runAgreement(source, input);

  const served = await serve(await pageAssets());
  server = served.server;
  browserVersion = browser.version;
  const page = await browser.context.newPage();
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
  await browser?.close();
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
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
