/**
 * The advisor page's layout at a laptop's width (1280 × 800, the result panel beside the form)
 * and a phone's (390 × 844), measured in Chromium: nothing in the result panel scrolls sideways
 * or is cut off (every Uitleg button, the table's caption, every opened explanation lies whole
 * inside the panel and the window), the note on how the capacity is rounded is shown, and an
 * explanation opens with the page's own Dutch lines beside the rule set's texts.
 * Screenshots (the whole page, and the window at an opened explanation): advisor-1280.png,
 * advisor-1280-uitleg.png, advisor-390.png, advisor-390-uitleg.png in BUDGETNORM_SCREENSHOTS
 * (default test-output/); their paths are printed.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RepaymentCapacityRequest, repaymentCapacity } from '../../src/index.js';
import { readServiceConfig, type RunningService, startService } from '../../src/node/server.js';
import { buildAdvisorPage, ROOT, writeAdvisorPage } from '../../scripts/lib/browser-build.js';
import { type LaunchedChromium, launchChromium } from './chromium.js';

const OUTPUT = process.env['BUDGETNORM_SCREENSHOTS'] ?? join(ROOT, 'test-output');

let browser: LaunchedChromium;
let service: RunningService;
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  writeAdvisorPage(await buildAdvisorPage());
  service = await startService(readServiceConfig({ BUDGETNORM_API_KEYS: 'advisor-layout-key-5e2a', PORT: '0' }), {
    writeLog: () => {},
    writeError: (line) => pageErrors.push(`service: ${line}`),
  });
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await service?.shutdown();
});

interface Layout {
  /** The panel and each scrolling box in it whose content is wider than the box: `id: excess px`. */
  readonly scrolling: string[];
  readonly pageExcess: number;
  readonly buttons: number;
  /** Uitleg buttons, the caption, amounts, Onderbouwing marks and open explanations not wholly inside the panel and the window. */
  readonly cut: string[];
  readonly openExplanations: number;
}

/** Measures the result panel as it is drawn now. */
async function layout(page: Page): Promise<Layout> {
  return (await page.evaluate(`(() => {
    const card = document.querySelector('#uitkomst');
    const box = card.getBoundingClientRect();
    const inside = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.left >= 0 && r.right <= window.innerWidth + 0.5;
    };
    const scrollers = [card, ...card.querySelectorAll('.tabel-rol, .grafiek-rol')];
    const buttons = [...card.querySelectorAll('#uitkomst-tabel .knop-uitleg')];
    const captions = [...card.querySelectorAll('table.uitkomst > caption')];
    const amounts = [...card.querySelectorAll('table.uitkomst td[data-meting], #uitkomst-tabel .onderbouwing-merk')];
    const open = [...card.querySelectorAll('.uitleg')].filter((el) => el.offsetParent !== null);
    return {
      scrolling: scrollers.filter((el) => el.scrollWidth > el.clientWidth).map((el) => (el.id || el.className) + ': ' + (el.scrollWidth - el.clientWidth)),
      pageExcess: document.documentElement.scrollWidth - window.innerWidth,
      buttons: buttons.length,
      cut: [...buttons, ...captions, ...amounts, ...open].filter((el) => !inside(el))
        .map((el) => el.id || el.closest('tr')?.dataset.code + ' ' + el.className),
      openExplanations: open.length,
    };
  })()`)) as Layout;
}

function expectWhole(shown: Layout, explanations: number): void {
  expect(shown.scrolling).toEqual([]);
  expect(shown.pageExcess).toBeLessThanOrEqual(0);
  expect(shown.buttons).toBeGreaterThan(0);
  expect(shown.cut).toEqual([]);
  expect(shown.openExplanations).toBe(explanations);
}

const settled = (page: Page) => page.waitForSelector('#uitkomst[aria-busy="false"][data-bron="lokaal"]');

describe.each([
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '390', viewport: { width: 390, height: 844 } },
])('the advisor page at $viewport.width × $viewport.height', ({ name, viewport }) => {
  it('shows the whole result: no sideways scrolling, every Uitleg button, the caption and open explanations inside the panel', async () => {
    const page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.setViewportSize(viewport);
    await page.goto(`${service.url}/`);
    await settled(page);
    expectWhole(await layout(page), 0);

    // A post with rules and figures, and a total: each opened inside the table, whole.
    await page.click('#knop-uitleg-post-Woonlasten');
    await page.click('#knop-uitleg-totaal-Afloscapaciteit');
    // Voeding: the reference budget's post with the most rules and figures (issue 40).
    await page.click('#knop-uitleg-post-Voeding');
    expectWhole(await layout(page), 3);
    // The last button clicked, at the table's right, must not have scrolled the explanation's left edge away.
    const panel = await page.locator('#uitleg-post-Voeding').boundingBox();
    const card = await page.locator('#uitkomst').boundingBox();
    expect(panel?.x).toBeGreaterThanOrEqual(card?.x ?? Number.NaN);

    const shot = join(OUTPUT, `advisor-${name}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    // And what the window shows with the opened explanation's top in view.
    await page.locator('#uitleg-post-Voeding').evaluate((el) => el.scrollIntoView());
    const windowShot = join(OUTPUT, `advisor-${name}-uitleg.png`);
    await page.screenshot({ path: windowShot });
    console.log(`screenshots: ${shot}, ${windowShot}`);

    // The comparison with a second rule set, in the same panel.
    await page.selectOption('#vergelijk', 'nl-2025');
    await settled(page);
    expect(await page.locator('#vergelijking-tabel').count()).toBe(1);
    expectWhole(await layout(page), 3);
    await page.selectOption('#vergelijk', '');
    await settled(page);

    await page.check('#berekening-pensioenuitgaven');
    await settled(page);
    await page.click('#toevoegen-Autos');
    await settled(page);
    await page.click('#knop-uitleg-post-Vervoer');
    await page.click('#knop-uitleg-groep-VasteLasten');
    expectWhole(await layout(page), 2);
    await page.close();
    expect(pageErrors).toEqual([]);
  });
});

describe('what the result says in Dutch', () => {
  it('says under the table that the capacity is taken from the exact amounts and rounded down, with this household’s figures', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${service.url}/`);
    await settled(page);
    // A household whose shown income minus shown total differs from its capacity by the rounding.
    // Which income gives one depends on the rule set's figures: the page's own body is swept over
    // incomes with the library, and the page is then given the first income that does.
    await page.fill('#f-LeeftijdHoofdpersoon', '70');
    await page.fill('#f-Woning-HuurPerMaand', '700');
    await settled(page);
    const ruleSet = await page.inputValue('#regelset');
    const template = JSON.parse(await page.inputValue('#verzoek-json')) as RepaymentCapacityRequest;
    const income = Array.from({ length: 300 }, (_, i) => 2700 + i * 13).find((n) => {
      const r = repaymentCapacity({ ...template, NettoBesteedbaarInkomenPerMaand: n }, { ruleSet });
      return r.NettoBesteedbaarInkomenPerMaand - r.TotaalLasten !== r.Afloscapaciteit;
    });
    if (income === undefined) throw new Error('no income whose shown sum differs from its capacity');
    await page.fill('#f-NettoBesteedbaarInkomenPerMaand', income.toLocaleString('nl-NL'));
    await settled(page);
    const body = JSON.parse(await page.inputValue('#verzoek-json')) as RepaymentCapacityRequest;
    expect(body.NettoBesteedbaarInkomenPerMaand).toBe(income);
    const result = repaymentCapacity(body, { ruleSet });
    // Shown income minus shown total differs from the capacity by the posts' rounding (½ € each at most).
    const shown = result.NettoBesteedbaarInkomenPerMaand - result.TotaalLasten;
    expect(shown).not.toBe(result.Afloscapaciteit);
    expect(Math.abs(shown - result.Afloscapaciteit)).toBeLessThanOrEqual(result.Posten.length / 2 + 1);
    const note = page.locator('#afronding-toelichting');
    expect(await note.isVisible()).toBe(true);
    const text = (await note.textContent()) ?? '';
    expect(text).toContain('exacte (onafgeronde) lasten');
    expect(text).toMatch(
      new RegExp(`naar beneden afgerond is de afloscapaciteit € ${result.Afloscapaciteit.toLocaleString('nl-NL')}`),
    );
    expect(text).toContain(
      `= € ${(result.NettoBesteedbaarInkomenPerMaand - result.TotaalLasten).toLocaleString('nl-NL')}) wijkt`,
    );
    await page.close();
  });

  it('opens an explanation with the page’s own Dutch line per amount and per rule, the rule set’s description beside it', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${service.url}/`);
    await settled(page);
    await page.click('#knop-uitleg-post-Woonlasten');
    const panel = page.locator('#uitleg-post-Woonlasten');
    const summaries = await panel.locator('.uitleg-samenvatting').allTextContents();
    expect(summaries[0]).toMatch(
      /^Het bedrag is de som van de regels die gelden; voor dit huishouden geldt er 1 van de \d+: woonlasten-huur\.$/,
    );
    const applied = await panel.locator('[data-regel="woonlasten-huur"] .uitleg-samenvatting').textContent();
    expect(applied).toMatch(
      /^Deze regel geldt voor dit huishouden en geeft Bedrag \(standaardniveau\) 800, Minimaal \(minimumniveau\) 800, berekend uit huur \(800/,
    );
    expect(await panel.locator('.niet-toegepast .uitleg-samenvatting').first().textContent()).toBe(
      'Deze regel geldt niet voor dit huishouden: de voorwaarde hieronder klopt niet.',
    );
    // The rule set's own (English) description stays, as secondary text.
    expect(await panel.locator('[data-regel="woonlasten-huur"] .regel-omschrijving').textContent()).toMatch(
      /^Omschrijving in de rekenregels: \S/,
    );
    await page.close();
  });
});
