/**
 * Starting Debian's Chromium for the browser tests (docs/browser.md): the executable at
 * /usr/bin/chromium or named by BUDGETNORM_CHROMIUM, a fresh empty profile in a temporary
 * folder, and flags that keep it off the network. Without Chromium a test fails at once and
 * says how to install it; it never skips.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env['BUDGETNORM_CHROMIUM'] ?? '/usr/bin/chromium';

/** Headless, and nothing that reaches out to the network (which this machine's closed network refuses). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedChromium {
  readonly context: BrowserContext;
  readonly version: string;
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/** Launches Chromium with a fresh profile; throws, saying how to install it, when it is not there. */
export async function launchChromium(
  options: { readonly viewport?: { width: number; height: number } } = {},
): Promise<LaunchedChromium> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. The browser tests need it: on Debian/Ubuntu ` +
        '`sudo apt-get install -y chromium`, or set BUDGETNORM_CHROMIUM to a Chromium or Chrome executable. ' +
        '(`npm test` needs no browser; see docs/browser.md.)',
    );
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'budgetnorm-chromium-'));
  // Playwright passes the folder as --user-data-dir.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
    ...(options.viewport === undefined ? {} : { viewport: options.viewport }),
  });
  return {
    context,
    version: context.browser()?.version() ?? 'unknown version',
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
