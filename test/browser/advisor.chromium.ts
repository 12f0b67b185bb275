/**
 * The advisor page (docs/advisor.md) in headless Chromium, served by the real service: the
 * page built as `npm run build` builds it, written to dist/advisor/, and read from there by
 * `startService` on a free port with a known key.
 *
 * For each operation a household is entered through the form's controls (rows of children
 * and cars added and removed); the shown numbers must be the library's, computed here in Node
 * for the same body; an explanation shows its rules, figures and sources; another rule set
 * gives that set's numbers; the comparison shows both; the API switch gives identical numbers;
 * the copied JSON is the body and the copied curl command, run by a shell, gets the same
 * result; one flow is done with the keyboard only; no request leaves the page's origin.
 * Screenshots: test-output/advisor-*.png (their paths are printed).
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_VARIABLE } from '../../src/advisor/curl.js';
import { formatEuro } from '../../src/advisor/format.js';
import { dutchIssue } from '../../src/advisor/messages.js';
import {
  type Explanation,
  type RepaymentCapacityResult,
  type RetirementExpenditureResult,
  repaymentCapacity,
  retirementExpenditure,
} from '../../src/index.js';
import { readServiceConfig, type RunningService, startService } from '../../src/node/server.js';
import { ROOT, buildAdvisorPage, writeAdvisorPage } from '../../scripts/lib/browser-build.js';
import { type LaunchedChromium, launchChromium } from './chromium.js';

const KEY = 'advisor-browser-test-key-7c1d';
const OUTPUT = join(ROOT, 'test-output');

let browser: LaunchedChromium;
let service: RunningService;
let page: Page;
let origin = '';
const requests: { method: string; url: string }[] = [];
const pageErrors: string[] = [];

type Body = Record<string, unknown>;

beforeAll(async () => {
  browser = await launchChromium({ viewport: { width: 1400, height: 1000 } });
  // The page as `npm run build` makes it, where the service reads it from.
  writeAdvisorPage(await buildAdvisorPage());
  service = await startService(readServiceConfig({ BUDGETNORM_API_KEYS: KEY, PORT: '0' }), {
    writeLog: () => {},
    writeError: (line) => pageErrors.push(`service: ${line}`),
  });
  origin = service.url;
  browser.context.on('request', (request) => requests.push({ method: request.method(), url: request.url() }));
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  page = await browser.context.newPage();
  watch(page);
  await page.goto(`${origin}/`);
  await settled(page, 'lokaal');
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await service?.shutdown();
});

/** Chromium's console line for an API answer the test asks for on purpose (a wrong key, a bad field). */
const EXPECTED_REFUSAL =
  /^Failed to load resource: the server responded with a status of (400 \(Bad Request\)|401 \(Unauthorized\))$/;
const refusals: string[] = [];

function watch(p: Page): void {
  p.on('pageerror', (error) => pageErrors.push(error.message));
  // A CSP violation is a console error too.
  p.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (EXPECTED_REFUSAL.test(message.text())) refusals.push(message.text());
    else pageErrors.push(message.text());
  });
}

/** Waits until the page shows the outcome of the latest input, calculated locally or by the API. */
async function settled(p: Page, source: 'lokaal' | 'api'): Promise<void> {
  await p.waitForSelector(`#uitkomst[aria-busy="false"][data-bron="${source}"]`, { timeout: 15_000 });
}

/** The body the page would send, as its JSON box shows it. */
async function shownBody(p: Page): Promise<Body> {
  return JSON.parse(await p.inputValue('#verzoek-json')) as Body;
}

/** Every amount cell of a results table: `code/measure` (and rule set, when given) → the text shown. */
async function shownAmounts(p: Page, table = '#uitkomst-tabel'): Promise<Record<string, string>> {
  const cells = (await p.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(`${table} td[data-meting]`)})].map((td) => [
      [td.closest('tr').dataset.code, td.dataset.meting, td.dataset.regelset].filter(Boolean).join('/'),
      td.textContent,
    ])`,
  )) as [string, string][];
  return Object.fromEntries(cells);
}

function repaymentAmounts(result: RepaymentCapacityResult): Record<string, string> {
  const amounts: Record<string, string> = {
    'NettoBesteedbaarInkomenPerMaand/Bedrag': formatEuro(result.NettoBesteedbaarInkomenPerMaand),
    'NettoBesteedbaarInkomenPerMaand/Minimaal': formatEuro(result.NettoBesteedbaarInkomenPerMaand),
  };
  for (const post of result.Posten) {
    amounts[`${post.Code}/Bedrag`] = formatEuro(post.Bedrag);
    amounts[`${post.Code}/Minimaal`] = formatEuro(post.Minimaal);
  }
  amounts['TotaalLasten/Bedrag'] = formatEuro(result.TotaalLasten);
  amounts['TotaalLasten/Minimaal'] = formatEuro(result.TotaalMinimaleLasten);
  amounts['Afloscapaciteit/Bedrag'] = formatEuro(result.Afloscapaciteit);
  amounts['Afloscapaciteit/Minimaal'] = formatEuro(result.MaximaleAfloscapaciteit);
  amounts['Tekort/Bedrag'] = formatEuro(result.Tekort);
  amounts['Tekort/Minimaal'] = formatEuro(result.MinimaalTekort);
  return amounts;
}

function retirementAmounts(result: RetirementExpenditureResult): Record<string, string> {
  const amounts: Record<string, string> = {};
  for (const row of [...result.Posten, ...result.Groepen, { Code: 'Totaal', ...result.Totaal }]) {
    amounts[`${row.Code}/Basis`] = formatEuro(row.Basis);
    amounts[`${row.Code}/Voorbeeld`] = formatEuro(row.Voorbeeld);
  }
  return amounts;
}

async function screenshot(p: Page, name: string): Promise<void> {
  const path = join(OUTPUT, `advisor-${name}.png`);
  await p.screenshot({ path, fullPage: true });
  console.log(`screenshot: ${path}`);
}

/** What the explanation of a post must show: its applied rules, their figures, the figures' sources. */
/** The explanation of a result asked for with `explain: true`. */
function explanationOf(result: { readonly Uitleg?: Explanation | undefined }): Explanation {
  if (result.Uitleg === undefined) throw new Error('explain: true gave no Uitleg');
  return result.Uitleg;
}

function expectedExplanation(explanation: Explanation, code: string) {
  const trace = explanation.posts.find((p) => p.code === code);
  if (trace === undefined) throw new Error(`no explanation for ${code}`);
  const applied = trace.rules.filter((r) => r.applied);
  const figures = applied.flatMap((r) => r.figures ?? []);
  const sourced = figures.flatMap((f) => (f.kind === 'parameter' || f.kind === 'table' ? [f] : []));
  return { trace, applied, figures, sourced };
}

async function checkExplanation(p: Page, explanation: Explanation, code: string): Promise<void> {
  const button = p.locator(`#knop-uitleg-post-${code}`);
  const panel = p.locator(`#uitleg-post-${code}`);
  expect(await button.getAttribute('aria-expanded')).toBe('false');
  expect(await button.getAttribute('aria-controls')).toBe(`uitleg-post-${code}`);
  expect(await panel.isVisible()).toBe(false);
  await button.click();
  expect(await button.getAttribute('aria-expanded')).toBe('true');
  expect(await panel.isVisible()).toBe(true);
  const text = (await panel.textContent()) ?? '';
  const { trace, applied, sourced } = expectedExplanation(explanation, code);
  expect(applied.length).toBeGreaterThan(0);
  expect(sourced.length).toBeGreaterThan(0);
  expect(text).toContain(trace.description);
  for (const rule of trace.rules) {
    expect(text).toContain(rule.id);
    expect(await panel.locator(`[data-regel="${rule.id}"]`).getAttribute('class')).toContain(
      rule.applied ? 'toegepast' : 'niet-toegepast',
    );
  }
  for (const figure of sourced) {
    // Several cells of one table share a name (and may cite different sources): one row is this figure's.
    const rows = await panel.locator(`tr[data-figuur="${figure.name}"]`).allTextContents();
    const row = rows.find(
      (t) => t.includes(figure.source.publisher) && t.includes(figure.source.title) && t.includes(figure.source.read),
    );
    expect(row, `${figure.name}: ${rows.join(' | ')}`).toBeDefined();
    expect(row).toMatch(/gelezen in de bron|afgeleid|schatting|nog te controleren/);
  }
  expect(text).toContain(explanation.ruleSet.hash);
}

/** A repayment household entered through the form: partner, two children, a car, a mortgage, two special costs. */
async function enterRepaymentHousehold(p: Page): Promise<Body> {
  await p.check('#berekening-afloscapaciteit');
  await p.fill('#f-LeeftijdHoofdpersoon', '38');
  await p.check('#f-HeeftPartner');
  await p.fill('#f-AantalThuiswonendeKinderen', '2');
  await p.fill('#f-AantalAutos', '1');
  await p.fill('#f-NettoBesteedbaarInkomenPerMaand', '5.600');
  await p.selectOption('#f-Woning-WoningSoort', 'Koopwoning');
  await p.fill('#f-Woning-BrutoHypotheeklasten', '1350');
  await p.fill('#f-Woning-BijdrageVve', '0');
  await p.fill('#f-BijzondereUitgaven-KostenZorg', '35');
  await p.fill('#f-BijzondereUitgaven-KostenKinderOpvang', '310');
  await settled(p, 'lokaal');
  return {
    LeeftijdHoofdpersoon: 38,
    HeeftPartner: true,
    AantalThuiswonendeKinderen: 2,
    AantalAutos: 1,
    NettoBesteedbaarInkomenPerMaand: 5600,
    BijzondereUitgaven: { KostenZorg: 35, KostenKinderOpvang: 310 },
    Woning: { WoningSoort: 'Koopwoning', BrutoHypotheeklasten: 1350, BijdrageVve: 0 },
  };
}

describe('the advisor page in Chromium', () => {
  it('loads at GET / without a key: Dutch, labelled, its own files only, no errors', async () => {
    console.log(`Chromium ${browser.version}, service ${origin}`);
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    expect(await page.title()).toBe('Budgetnorm: rekenhulp voor adviseurs');
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/', '/advisor/advisor.css', '/advisor/advisor.js']);
    // Every form control has a label (or is labelled by aria): none is left nameless.
    const unlabelled = await page.evaluate(
      `[...document.querySelectorAll('input, select, textarea, button')].filter((el) =>
        !(el.labels && el.labels.length > 0) && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby') &&
        (el.tagName !== 'BUTTON' || el.textContent.trim() === '')).map((el) => el.id || el.outerHTML)`,
    );
    expect(unlabelled).toEqual([]);
    expect(await page.locator('[role="status"]#aankondiging').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  describe('afloscapaciteit', () => {
    let body: Body;
    let nl2026: RepaymentCapacityResult;
    let localTable = '';

    it('shows, for a household entered in the form, the library’s numbers as a table and as a chart', async () => {
      const before = requests.length;
      body = await enterRepaymentHousehold(page);
      expect(await shownBody(page)).toEqual(body);
      const ruleSet = await page.inputValue('#regelset');
      expect(ruleSet).toBe('nl-2026');
      nl2026 = repaymentCapacity(body, { ruleSet, explain: true });
      expect(nl2026.Afloscapaciteit).toBeGreaterThan(0);
      expect(await shownAmounts(page)).toEqual(repaymentAmounts(nl2026));
      expect(await page.textContent('#samenvatting')).toBe(
        `Afloscapaciteit: ${formatEuro(nl2026.Afloscapaciteit)} per maand; maximaal (met minimale lasten): ${formatEuro(nl2026.MaximaleAfloscapaciteit)} per maand`,
      );
      expect(await page.textContent('#berekend')).toContain('in deze browser met rekenregels nl-2026');
      // The bundled sets are drafts: the page says so beside the set, and lists the warning.
      expect(await page.textContent('#berekend')).toContain('status: concept');
      expect(await page.locator('#meldingen li[data-code="RekenregelsNietVastgesteld"]').count()).toBe(1);
      // The waterfall: the income, one segment per deduction that is not zero, the capacity.
      const deductions = nl2026.Posten.filter((p) => p.Bedrag > 0);
      const chart = page.locator('svg#grafiek-afloscapaciteit');
      expect(await chart.locator('g.staaf-last rect').count()).toBe(deductions.length);
      expect(await chart.locator('g.staaf-last text').allTextContents()).toEqual(
        deductions.map((p) => formatEuro(-p.Bedrag)),
      );
      expect(await chart.locator('g.staaf-inkomen text').textContent()).toBe(formatEuro(5600));
      expect(await chart.locator('g.staaf-capaciteit text').textContent()).toBe(formatEuro(nl2026.Afloscapaciteit));
      // Then on to the maximum: what the minimum gives back, and the maximum capacity.
      expect(await chart.locator('g.staaf-besparing text').textContent()).toBe(
        formatEuro(nl2026.TotaalLasten - nl2026.TotaalMinimaleLasten),
      );
      expect(await chart.locator('g.staaf-maximum text').textContent()).toBe(
        formatEuro(nl2026.MaximaleAfloscapaciteit),
      );
      expect(nl2026.MaximaleAfloscapaciteit).toBeGreaterThan(nl2026.Afloscapaciteit);
      // Calculated in the page: no request went out for it.
      expect(requests.slice(before)).toEqual([]);
      // The live region announces it (after a pause in the typing).
      const announcement = `Afloscapaciteit: ${formatEuro(nl2026.Afloscapaciteit)} per maand; maximaal (met minimale lasten): ${formatEuro(nl2026.MaximaleAfloscapaciteit)} per maand. Rekenregels nl-2026, berekend in deze browser.`;
      await expect.poll(() => page.textContent('#aankondiging'), { timeout: 5000 }).toBe(announcement);
    });

    it('opens an amount’s explanation: rules, figures, sources, provenance', async () => {
      await checkExplanation(page, explanationOf(nl2026), 'Autokosten');
      const total = page.locator('#knop-uitleg-totaal-Afloscapaciteit');
      await total.click();
      const panel = (await page.textContent('#uitleg-totaal-Afloscapaciteit')) ?? '';
      const trace = explanationOf(nl2026).totals.find((t) => t.name === 'Afloscapaciteit');
      expect(panel).toContain(trace?.description);
      // The household's facts by the form's words, the total in euros.
      expect(panel).toContain('netto besteedbaar inkomen');
      expect(panel).toContain(`Uitkomst: € ${trace?.value}`);
      await screenshot(page, 'afloscapaciteit');
      await total.click();
      expect(await total.getAttribute('aria-expanded')).toBe('false');
    });

    it('marks every amount with its Onderbouwing, for screen readers too, explains the marks in a legend and names the uncertain figures', async () => {
      const founded = repaymentCapacity(body, { ruleSet: 'nl-2026', provenance: true });
      const words: Record<string, string> = {
        read: 'gelezen',
        derived: 'afgeleid',
        'to-verify': 'te verifiëren',
        estimate: 'schatting',
      };
      const amounts: [string, NonNullable<RepaymentCapacityResult['OnderbouwingTotalen']>['Tekort']][] = [
        ...founded.Posten.map((p) => [p.Code, p.Onderbouwing] as [string, typeof p.Onderbouwing & object]),
        // A total's row carries its counterpart at the minimum too; its mark is the total's own.
        ...Object.entries(founded.OnderbouwingTotalen ?? {}).filter(([code]) =>
          ['TotaalLasten', 'Afloscapaciteit', 'Tekort'].includes(code),
        ),
      ];
      expect(Object.keys(founded.OnderbouwingTotalen ?? {})).toHaveLength(6);
      expect(amounts.length).toBe(founded.Posten.length + 3);
      expect(await page.locator('#uitkomst-tabel thead th').allTextContents()).toContain('Onderbouwing');
      for (const [code, o] of amounts) {
        const cell = page.locator(`#uitkomst-tabel tr[data-code="${code}"] td.onderbouwing`);
        expect(await cell.getAttribute('data-zwakst'), code).toBe(o.Zwakst);
        // What a screen reader reads: the word, and how many uncertain figures (the symbol is hidden from it).
        const read = (await cell.evaluate(
          // The text nodes outside aria-hidden, in order: what a screen reader reads.
          new Function(
            'td',
            `const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
             let text = '';
             for (let n = walker.nextNode(); n !== null; n = walker.nextNode())
               if (n.parentElement.closest('[aria-hidden="true"]') === null) text += n.textContent;
             return text;`,
          ) as (td: unknown) => string,
        )) as string;
        expect(read, code).toContain(words[o.Zwakst]);
        if (o.Schattingen.length > 0) expect(read, code).toContain(`${o.Schattingen.length} schatting`);
        if (o.Schattingen.length + o.TeVerifieren.length === 0) expect(read, code).toBe(words[o.Zwakst]);
      }
      const legend = page.locator('section.onderbouwing-legenda');
      expect(await legend.isVisible()).toBe(true);
      expect(await legend.getAttribute('aria-labelledby')).toBe('onderbouwing-legenda-kop');
      expect(await legend.locator('dt').allTextContents()).toEqual(
        Object.values(words).map((w, i) => `${['✓', '=', '?', '≈'][i]} ${w}`),
      );
      // The explanation of a post that rests on estimates names them first.
      const voeding = founded.Posten.find((p) => p.Code === 'Voeding')?.Onderbouwing;
      expect(voeding?.Zwakst).toBe('estimate');
      await page.click('#knop-uitleg-post-Voeding');
      const note = (await page.textContent('#uitleg-post-Voeding .onderbouwing-noot')) ?? '';
      for (const name of [...(voeding?.Schattingen ?? []), ...(voeding?.TeVerifieren ?? [])]) {
        expect(note).toContain(name);
      }
      await page.click('#knop-uitleg-post-Voeding');
    });

    it('another rule set gives that set’s numbers; the comparison shows both side by side', async () => {
      await page.selectOption('#regelset', 'nl-2025');
      await settled(page, 'lokaal');
      const nl2025 = repaymentCapacity(body, { ruleSet: 'nl-2025' });
      expect(await shownAmounts(page)).toEqual(repaymentAmounts(nl2025));
      expect(await shownAmounts(page)).not.toEqual(repaymentAmounts(nl2026));
      expect(await page.textContent('#berekend')).toContain('rekenregels nl-2025');
      // The open explanation follows the rule set.
      expect(await page.textContent('#uitleg-post-Autokosten')).toContain(nl2025.Rekenregels.Hash);

      await page.selectOption('#vergelijk', 'nl-2026');
      await settled(page, 'lokaal');
      const shown = await shownAmounts(page, '#vergelijking-tabel');
      // The comparison shows the amounts by the norm, and the maximum capacity as a row of its own.
      const byNorm = (r: RepaymentCapacityResult): [string, string][] => [
        ...Object.entries(repaymentAmounts(r)).filter(([key]) => key.endsWith('/Bedrag')),
        ['MaximaleAfloscapaciteit/Bedrag', formatEuro(r.MaximaleAfloscapaciteit)],
      ];
      for (const [key, text] of byNorm(nl2025)) {
        const [code, measure] = key.split('/');
        expect(shown[`${code}/${measure}/nl-2025`]).toBe(text);
      }
      for (const [key, text] of byNorm(nl2026)) {
        const [code, measure] = key.split('/');
        expect(shown[`${code}/${measure}/nl-2026`]).toBe(text);
      }
      const difference = nl2026.Afloscapaciteit - nl2025.Afloscapaciteit;
      expect(shown['Afloscapaciteit/BedragVerschil']).toBe(
        difference === 0 ? '€ 0' : `${difference > 0 ? '+' : ''}${formatEuro(difference)}`,
      );
      await screenshot(page, 'vergelijking');
      await page.selectOption('#vergelijk', '');
      await page.selectOption('#regelset', 'nl-2026');
      await settled(page, 'lokaal');
      expect(await page.locator('#vergelijking-tabel').count()).toBe(0);
    });

    it('the API switch sends the same request with the key and shows identical numbers', async () => {
      // The table as calculated in the page, with the explanation opened above.
      localTable = (await page.textContent('#uitkomst-tabel')) ?? '';
      // The open explanation of Autokosten names the rule that applied, as the library does.
      const carRule = repaymentCapacity(body, { ruleSet: 'nl-2026', explain: true })
        .Uitleg?.posts.find((p) => p.code === 'Autokosten')
        ?.rules.find((r) => r.applied)?.id;
      expect(carRule).toBeDefined();
      expect(localTable).toContain(carRule);
      const before = requests.length;
      await page.check('#via-api');
      expect(await page.isVisible('#sleutel')).toBe(true);
      await settled(page, 'api');
      expect(await page.textContent('#sleutel-fout')).toBe(dutchIssue({ path: '?key', code: 'required', message: '' }));
      await page.fill('#sleutel', 'not-the-key');
      await settled(page, 'api');
      expect(await page.textContent('#sleutel-fout')).toBe(
        'De API weigert deze abonnementssleutel: hij ontbreekt of is onjuist.',
      );
      expect(await page.getAttribute('#sleutel', 'aria-invalid')).toBe('true');
      await page.fill('#sleutel', KEY);
      await settled(page, 'api');
      expect(await page.isVisible('#sleutel-fout')).toBe(false);
      expect(await shownAmounts(page)).toEqual(repaymentAmounts(nl2026));
      expect(await page.textContent('#uitkomst-tabel')).toBe(localTable);
      expect(await page.textContent('#berekend')).toContain('door de API met rekenregels nl-2026');
      const calls = requests.slice(before).filter((r) => r.method === 'POST');
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) {
        expect(call.url).toBe(`${origin}/Afloscapaciteit/Resultaat?rekenregels=nl-2026&uitleg=true&onderbouwing=true`);
      }
      // A field the API refuses: its problem+json issue shows at the field, in Dutch.
      await page.fill('#f-LeeftijdHoofdpersoon', '200');
      await settled(page, 'api');
      expect(await page.textContent('#f-LeeftijdHoofdpersoon-fout')).toBe('Dit getal is te groot: het maximum is 125.');
      expect(await page.getAttribute('#f-LeeftijdHoofdpersoon', 'aria-invalid')).toBe('true');
      expect(await page.textContent('#foutoverzicht')).toContain('Leeftijd hoofdpersoon: Dit getal is te groot');
      expect(await page.locator('#uitkomst-tabel').count()).toBe(0);
      await page.fill('#f-LeeftijdHoofdpersoon', '38');
      await settled(page, 'api');
      expect(await page.getAttribute('#f-LeeftijdHoofdpersoon', 'aria-invalid')).toBeNull();
      expect(await page.textContent('#uitkomst-tabel')).toBe(localTable);
      await page.uncheck('#via-api');
      await settled(page, 'lokaal');
      expect(await page.textContent('#uitkomst-tabel')).toBe(localTable);
    });

    it('the same errors in the page without the API', async () => {
      await page.fill('#f-AantalAutos', '1,5');
      await settled(page, 'lokaal');
      expect(await page.textContent('#f-AantalAutos-fout')).toBe(
        'Vul een heel getal in, zonder cijfers achter de komma.',
      );
      await page.fill('#f-AantalAutos', '1');
      await settled(page, 'lokaal');
      expect(await page.isVisible('#f-AantalAutos-fout')).toBe(false);
    });

    it('copies the body as JSON and as a curl command that gets the same result from the API', async () => {
      await page.click('#verzoek-json-kopieer');
      await expect.poll(() => page.textContent('#kopieer-status')).not.toBe('');
      expect(await page.textContent('#kopieer-status')).toBe('Verzoek als JSON staat op het klembord.');
      const json = (await page.evaluate('navigator.clipboard.readText()')) as string;
      expect(json).toBe(await page.inputValue('#verzoek-json'));
      expect(JSON.parse(json)).toEqual(body);

      await page.click('#verzoek-curl-kopieer');
      await expect.poll(() => page.textContent('#kopieer-status')).toContain('curl');
      const curl = (await page.evaluate('navigator.clipboard.readText()')) as string;
      expect(curl).toBe(await page.inputValue('#verzoek-curl'));
      expect(curl).toContain(`${origin}/Afloscapaciteit/Resultaat?rekenregels=nl-2026`);
      expect(curl).toContain(`-H "Ocp-Apim-Subscription-Key: $${KEY_VARIABLE}"`);
      expect(curl).not.toContain(KEY);
      // Asynchronously: the service answering curl runs in this process.
      const { stdout: answer } = await promisify(execFile)('sh', ['-c', curl], {
        env: { ...process.env, [KEY_VARIABLE]: KEY },
        encoding: 'utf8',
        timeout: 10_000,
      });
      const { Uitleg: _explanation, ...withoutExplanation } = nl2026;
      expect(JSON.parse(answer)).toEqual(withoutExplanation);
    });
  });

  describe('pensioenuitgaven', () => {
    let body: Body;
    let result: RetirementExpenditureResult;

    it('shows, for a household with rows added and removed, the library’s numbers as a table and a grouped chart', async () => {
      await page.check('#berekening-pensioenuitgaven');
      await settled(page, 'lokaal');
      await page.click('#toevoegen-Hoofdpersonen');
      expect(await page.isDisabled('#toevoegen-Hoofdpersonen')).toBe(true);
      await page.selectOption('#f-Hoofdpersonen-0--Geslacht', 'Vrouw');
      await page.selectOption('#f-Hoofdpersonen-1--Geslacht', 'Man');
      // Two children, then the first removed; focus goes to the add button.
      await page.click('#toevoegen-Kinderen');
      expect(await page.evaluate('document.activeElement.id')).toBe('f-Kinderen-0--Leeftijd');
      await page.fill('#f-Kinderen-0--Leeftijd', '4');
      await page.click('#toevoegen-Kinderen');
      await page.fill('#f-Kinderen-1--Leeftijd', '15');
      await page.selectOption('#f-Kinderen-1--Geslacht', 'Vrouw');
      // A child is a boy or a girl on the page; the body still sends the contract's name.
      expect(await page.locator('#f-Kinderen-1--Geslacht option:checked').textContent()).toBe('Meisje (Vrouw)');
      await page.getByRole('button', { name: 'Kind 1 verwijderen' }).click();
      expect(await page.evaluate('document.activeElement.id')).toBe('toevoegen-Kinderen');
      expect(await page.inputValue('#f-Kinderen-0--Leeftijd')).toBe('15');
      expect(await page.locator('#f-Kinderen-1--Leeftijd').count()).toBe(0);
      // Two cars, the second removed.
      await page.click('#toevoegen-Autos');
      await page.selectOption('#f-Autos-0--TypeAuto', 'CompactMiddenklasse');
      await page.selectOption('#f-Autos-0--StatusAuto', 'Nieuw');
      await page.selectOption('#f-Autos-0--KilometersPerJaar', 'Tussen10Ken20K');
      await page.click('#toevoegen-Autos');
      await page.getByRole('button', { name: 'Auto 2 verwijderen' }).click();
      await page.selectOption('#f-Woning-TypeWoning', 'Hoekwoning');
      await page.selectOption('#f-Woning-SoortWoning', 'Koopwoning');
      await page.selectOption('#f--woz', 'bedrag');
      await page.fill('#f-Woning-WozWaarde', '365.000');
      await page.fill('#f-NettoBesteedbaarInkomenPerMaand', '2300');
      await settled(page, 'lokaal');
      body = {
        Hoofdpersonen: [{ Geslacht: 'Vrouw' }, { Geslacht: 'Man' }],
        Kinderen: [{ Leeftijd: 15, Geslacht: 'Vrouw' }],
        Autos: [{ TypeAuto: 'CompactMiddenklasse', StatusAuto: 'Nieuw', KilometersPerJaar: 'Tussen10Ken20K' }],
        Woning: { TypeWoning: 'Hoekwoning', SoortWoning: 'Koopwoning', WozWaarde: 365000 },
        NettoBesteedbaarInkomenPerMaand: 2300,
      };
      expect(await shownBody(page)).toEqual(body);
      result = retirementExpenditure(body, { ruleSet: 'nl-2026', explain: true });
      expect(await shownAmounts(page)).toEqual(retirementAmounts(result));
      expect(await page.textContent('#samenvatting')).toBe(
        `Totaal per maand: Basis ${formatEuro(result.Totaal.Basis)}, Voorbeeld ${formatEuro(result.Totaal.Voorbeeld)}`,
      );
      // The income entered is shown with the result, with what it moves (Voorbeeld only).
      const note = await page.textContent('#inkomen-toelichting');
      expect(note).toContain(`Netto besteedbaar inkomen: ${formatEuro(2300)} per maand.`);
      expect(note).toContain('alleen Voorbeeld');
      const chart = page.locator('svg#grafiek-pensioenuitgaven');
      expect(await chart.locator('g.staaf-basis text').allTextContents()).toEqual(
        result.Posten.map((p) => formatEuro(p.Basis)),
      );
      expect(await chart.locator('g.staaf-voorbeeld text').allTextContents()).toEqual(
        result.Posten.map((p) => formatEuro(p.Voorbeeld)),
      );
      expect(await chart.locator('text.as-kop').count()).toBe(result.Groepen.length);
    });

    it('opens an explanation, switches rule set, compares, and the API agrees', async () => {
      const code = result.Posten.find((p) => p.Code === 'Vervoer')?.Code ?? result.Posten[0]?.Code ?? '';
      await checkExplanation(page, explanationOf(result), code);
      await page.click('#knop-uitleg-groep-VasteLasten');
      expect(await page.textContent('#uitleg-groep-VasteLasten')).toContain(
        'de som van de getoonde (afgeronde) posten',
      );
      await screenshot(page, 'pensioenuitgaven');

      await page.selectOption('#regelset', 'nl-2025');
      await settled(page, 'lokaal');
      const nl2025 = retirementExpenditure(body, { ruleSet: 'nl-2025' });
      expect(await shownAmounts(page)).toEqual(retirementAmounts(nl2025));
      expect(await shownAmounts(page)).not.toEqual(retirementAmounts(result));
      await page.selectOption('#vergelijk', 'nl-2026');
      await settled(page, 'lokaal');
      const shown = await shownAmounts(page, '#vergelijking-tabel');
      expect(shown['Totaal/Basis/nl-2025']).toBe(formatEuro(nl2025.Totaal.Basis));
      expect(shown['Totaal/Basis/nl-2026']).toBe(formatEuro(result.Totaal.Basis));
      expect(shown['Totaal/Voorbeeld/nl-2026']).toBe(formatEuro(result.Totaal.Voorbeeld));
      expect(shown[`${code}/Voorbeeld/nl-2025`]).toBe(
        formatEuro(nl2025.Posten.find((p) => p.Code === code)?.Voorbeeld ?? Number.NaN),
      );
      const parts = ['#samenvatting', '#uitkomst-tabel', '#grafiek', '#vergelijking'];
      const local = await Promise.all(parts.map((part) => page.textContent(part)));

      await page.check('#via-api');
      await settled(page, 'api');
      expect(await Promise.all(parts.map((part) => page.textContent(part)))).toEqual(local);
      expect(await page.textContent('#berekend')).toContain('door de API met rekenregels nl-2025');
      expect(await shownAmounts(page)).toEqual(retirementAmounts(nl2025));
      await page.uncheck('#via-api');
      await page.selectOption('#vergelijk', '');
      await page.selectOption('#regelset', 'nl-2026');
      await settled(page, 'lokaal');
      expect(await shownAmounts(page)).toEqual(retirementAmounts(result));
    });
  });

  it('works with the keyboard only: choose the operation, add a child, type its age, open an explanation', async () => {
    const keyboardPage = await browser.context.newPage();
    watch(keyboardPage);
    await keyboardPage.goto(`${origin}/`);
    await settled(keyboardPage, 'lokaal');
    const activeId = async () => (await keyboardPage.evaluate('document.activeElement?.id ?? ""')) as string;
    const tabTo = async (id: string) => {
      for (let i = 0; i < 120; i += 1) {
        await keyboardPage.keyboard.press('Tab');
        if ((await activeId()) === id) return;
      }
      throw new Error(`Tab never reached #${id}`);
    };
    // The skip link comes first.
    await keyboardPage.keyboard.press('Tab');
    expect(await keyboardPage.evaluate('document.activeElement.textContent')).toBe('Naar de uitkomst');
    await tabTo('berekening-afloscapaciteit');
    // The focus ring is drawn.
    expect(await keyboardPage.evaluate('getComputedStyle(document.activeElement).outlineStyle')).toBe('solid');
    await keyboardPage.keyboard.press('ArrowRight');
    await settled(keyboardPage, 'lokaal');
    expect(await activeId()).toBe('berekening-pensioenuitgaven');
    expect(await keyboardPage.isChecked('#berekening-pensioenuitgaven')).toBe(true);
    await tabTo('toevoegen-Kinderen');
    await keyboardPage.keyboard.press('Enter');
    expect(await activeId()).toBe('f-Kinderen-0--Leeftijd');
    await keyboardPage.keyboard.type('7');
    await keyboardPage.keyboard.press('Tab');
    expect(await activeId()).toBe('f-Kinderen-0--Geslacht');
    await keyboardPage.keyboard.press('ArrowDown');
    await settled(keyboardPage, 'lokaal');
    const body = await shownBody(keyboardPage);
    expect(body['Kinderen']).toEqual([{ Leeftijd: 7, Geslacht: 'Man' }]);
    const result = retirementExpenditure(body, { ruleSet: await keyboardPage.inputValue('#regelset') });
    expect(await shownAmounts(keyboardPage)).toEqual(retirementAmounts(result));
    const first = result.Posten[0]?.Code ?? '';
    await tabTo(`knop-uitleg-post-${first}`);
    await keyboardPage.keyboard.press('Enter');
    expect(await keyboardPage.getAttribute(`#knop-uitleg-post-${first}`, 'aria-expanded')).toBe('true');
    expect(await keyboardPage.isVisible(`#uitleg-post-${first}`)).toBe(true);
    await keyboardPage.keyboard.press('Space');
    expect(await keyboardPage.getAttribute(`#knop-uitleg-post-${first}`, 'aria-expanded')).toBe('false');
    await keyboardPage.close();
  });

  it('on a laptop screen (1366 × 768) every drop-down shows each of its options whole', async () => {
    const laptop = await browser.context.newPage();
    watch(laptop);
    await laptop.setViewportSize({ width: 1366, height: 768 });
    await laptop.goto(`${origin}/`);
    await settled(laptop, 'lokaal');
    // A <select> draws only the chosen option, cut at its box: measure every option's text in
    // the select's own font against the room inside the box (padding and the arrow, 20 px, off).
    const cut = (await laptop.evaluate(`(() => {
      const context = document.createElement('canvas').getContext('2d');
      const out = [];
      for (const select of document.querySelectorAll('select')) {
        const style = getComputedStyle(select);
        context.font = style.font;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        for (const option of select.options)
          if (context.measureText(option.text).width > room) out.push(select.id + ': ' + option.text);
      }
      return out;
    })()`)) as string[];
    expect(cut).toEqual([]);
    await laptop.close();
  });

  it('is usable on a phone (390 × 844): no sideways scrolling, every amount and Uitleg button in view, chart text ≥ 11 px', async () => {
    const phone = await browser.context.newPage();
    watch(phone);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${origin}/`);
    await settled(phone, 'lokaal');
    /** What a narrow screen must not do: scroll sideways, hide an amount or a button, shrink the chart's text. */
    const check = async (): Promise<void> => {
      const layout = (await phone.evaluate(`(() => {
        const width = window.innerWidth;
        const inView = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.left >= 0 && r.right <= width; };
        const cells = [...document.querySelectorAll('#uitkomst-tabel td[data-meting]')];
        const buttons = [...document.querySelectorAll('#uitkomst-tabel .knop-uitleg')];
        const texts = [...document.querySelectorAll('#grafiek svg text')];
        return {
          scrollWidth: document.documentElement.scrollWidth,
          width,
          cells: cells.length,
          cellsOut: cells.filter((el) => !inView(el)).map((el) => el.closest('tr').dataset.code + '/' + el.dataset.meting),
          buttons: buttons.length,
          buttonsOut: buttons.filter((el) => !inView(el)).map((el) => el.id),
          texts: texts.length,
          smallest: Math.min(...texts.map((t) => t.getBoundingClientRect().height)),
          figuresOut: [...document.querySelectorAll('.uitleg table.figuren td')].filter((el) => el.offsetParent !== null && !inView(el)).length,
        };
      })()`)) as {
        scrollWidth: number;
        width: number;
        cells: number;
        cellsOut: string[];
        buttons: number;
        buttonsOut: string[];
        texts: number;
        smallest: number;
        figuresOut: number;
      };
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.width);
      expect(layout.cells).toBeGreaterThan(0);
      expect(layout.cellsOut).toEqual([]);
      expect(layout.buttons).toBeGreaterThan(0);
      expect(layout.buttonsOut).toEqual([]);
      expect(layout.texts).toBeGreaterThan(0);
      expect(layout.smallest).toBeGreaterThanOrEqual(11);
      expect(layout.figuresOut).toBe(0);
    };
    await check();
    await phone.click('#knop-uitleg-post-Voeding');
    await check();
    await phone.check('#berekening-pensioenuitgaven');
    await settled(phone, 'lokaal');
    await phone.click('#toevoegen-Autos');
    await settled(phone, 'lokaal');
    await phone.click('#knop-uitleg-post-Vervoer');
    // The page's own words in the explanation are Dutch (the rule set's texts stay as written).
    const vervoer = (await phone.textContent('#uitleg-post-Vervoer')) ?? '';
    expect(vervoer).toContain("aantal auto's is 0: aantal auto's is 1, dus nee");
    for (const english of [' equal ', 'so false', 'klasse = small', 'half-up', 'status draft']) {
      expect(vervoer).not.toContain(english);
    }
    await phone.click('#knop-uitleg-groep-VasteLasten');
    await check();
    await screenshot(phone, 'smal');
    await phone.close();
  });

  it('sent nothing to another origin, and logged no error (a CSP violation would be one)', () => {
    expect(requests.length).toBeGreaterThan(3);
    for (const request of requests) {
      if (request.url.startsWith('data:')) continue;
      expect(new URL(request.url).origin).toBe(origin);
    }
    expect(pageErrors).toEqual([]);
    // Only the refusals asked for: the wrong key, and the age of 200.
    expect(refusals.length).toBeGreaterThanOrEqual(2);
  });
});
