/**
 * Every code example in README.md and docs/ is run, so the documentation cannot rot. The
 * convention is docs/writing-docs.md: each fenced block is classified by its info string, a
 * block without a valid classification fails, and each example is one test named
 * `<file>:<line>`:
 *
 * - `ts runnable` / `js runnable`: imported and run (it must assert something);
 * - `sh runnable`: its commands run by bash, each ending with status 0 (or the one declared),
 *   and the `text output` block after it must match what they print;
 * - `json`: parsed; request bodies validated by the library, issue lists compared with the
 *   library's; rule fragments, the explanation excerpt and problem bodies are left to the tests of
 *   their pages (CHECKED_ELSEWHERE).
 *
 * The TypeScript examples are also type-checked, in strict mode, against the sources.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readServiceConfig, startService, type RunningService } from '../../src/node/server.js';
import {
  checkJson,
  checkShell,
  EXAMPLE_KEY,
  moduleFolder,
  runModule,
  serveCli,
  typeErrors,
  workFolder,
  type WorkFolder,
} from './examples.js';
import {
  CHECKED_ELSEWHERE,
  CODE_CHECKED_ELSEWHERE,
  type ClassifiedBlock,
  classifyPage,
  docPages,
  readPage,
  ROOT,
} from './markdown.js';

const pages = docPages().map((name) => {
  const page = readPage(name);
  return { page, ...classifyPage(page) };
});

const ofType = <T extends ClassifiedBlock['classification']['type']>(
  blocks: readonly ClassifiedBlock[],
  ...types: T[]
): ClassifiedBlock[] => blocks.filter((b) => (types as string[]).includes(b.classification.type));

const modules = moduleFolder();
afterAll(() => modules.remove());

/**
 * The day the examples run on (docs/writing-docs.md): "today" of the library, the command line and
 * the service, which all run in this process, is 1 March 2026 whatever day the tests run, so an
 * example without a date gives the same answer every day.
 */
const TODAY = new Date('2026-03-01T12:00:00+01:00');
beforeAll(() => {
  vi.setSystemTime(TODAY);
});
afterAll(() => {
  vi.useRealTimers();
});

describe('the convention (docs/writing-docs.md)', () => {
  it('covers README.md and every page under docs/', () => {
    const names = pages.map((p) => p.page.name);
    expect(names[0]).toBe('README.md');
    expect(names).toEqual(expect.arrayContaining(['docs/cli.md', 'docs/http.md', 'docs/writing-docs.md']));
  });

  it('every fenced block has a valid classification, in a valid place', () => {
    const problems = pages.flatMap((p) => p.problems);
    expect(problems, `fenced blocks the test suite would not check:\n${problems.join('\n')}`).toEqual([]);
  });

  it('the tests that check the kinds of other pages exist and read those pages', () => {
    for (const [kind, { page, by }] of Object.entries(CHECKED_ELSEWHERE)) {
      const source = readFileSync(join(ROOT, by), 'utf8');
      expect(source, `${by} reads ${page}`).toContain(page);
      expect(source, `${by} checks json ${kind}`).toMatch(new RegExp(`\\b${kind}\\b`));
    }
    for (const [languageAndKind, { page, by }] of Object.entries(CODE_CHECKED_ELSEWHERE)) {
      const source = readFileSync(join(ROOT, by), 'utf8');
      expect(source, `${by} reads ${page}`).toContain(page);
      const [language, kind] = languageAndKind.split(' ') as [string, string];
      expect(source, `${by} checks ${languageAndKind}`).toMatch(new RegExp(`['"]${language}['"], ['"]?${kind}\\b`));
    }
  });

  it('counts the runnable examples', () => {
    const count = (...types: ClassifiedBlock['classification']['type'][]) =>
      pages.reduce((n, p) => n + ofType(p.blocks, ...types).length, 0);
    const modulesOf = (language: 'ts' | 'js') =>
      pages.reduce(
        (n, p) =>
          n +
          p.blocks.filter((b) => b.classification.type === 'module' && b.classification.language === language).length,
        0,
      );
    const counts = {
      'ts runnable': modulesOf('ts'),
      'js runnable': modulesOf('js'),
      'sh runnable': count('shell'),
      'text output (matched)': count('output'),
      'json (checked here)': count('json', 'request', 'issues', 'issue'),
      'json (checked by their page test)': count('checked-elsewhere'),
    };
    // Per page; the generated API reference (docs/api/**) as one entry.
    const perPage = new Map<string, { files: number; runnable: number }>();
    for (const p of pages) {
      const runnable = ofType(p.blocks, 'module', 'shell').length;
      if (runnable === 0) continue;
      const key = p.page.name.startsWith('docs/api/') ? 'docs/api/' : p.page.name;
      const entry = perPage.get(key) ?? { files: 0, runnable: 0 };
      perPage.set(key, { files: entry.files + 1, runnable: entry.runnable + runnable });
    }
    const total = counts['ts runnable'] + counts['js runnable'] + counts['sh runnable'];
    console.info(
      [
        `runnable documentation examples: ${total} (${Object.entries(counts)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ')})`,
        `per page: ${[...perPage]
          .map(([page, { files, runnable }]) => `${page}${files > 1 ? ` (${files} pages)` : ''}: ${runnable}`)
          .join(', ')}`,
      ].join('\n'),
    );
    expect(counts['ts runnable'] + counts['js runnable']).toBeGreaterThan(5);
    expect(counts['sh runnable']).toBeGreaterThan(10);
  });
});

describe('the TypeScript examples type-check against the sources (strict)', () => {
  it('every ts runnable example compiles', () => {
    const blocks = pages.flatMap((p) =>
      p.blocks
        .filter((b) => b.classification.type === 'module' && b.classification.language === 'ts')
        .map((b) => b.block),
    );
    const problems = typeErrors(blocks, modules.dir);
    expect(problems, `type errors in the examples:\n${problems.join('\n')}`).toEqual([]);
  });
});

/** The test service the curl examples call (`npm start` stands for it), started for pages that need it. */
let service: RunningService | undefined;
async function serviceOrigin(): Promise<string> {
  if (service === undefined) {
    const config = readServiceConfig({ BUDGETNORM_API_KEYS: EXAMPLE_KEY, PORT: '0', BUDGETNORM_RULESET: 'nl-2026' });
    service = await startService(config, { writeLog: () => {}, writeError: () => {} });
  }
  return service.url;
}
afterAll(async () => {
  await service?.shutdown();
});

/** The input files a page declares: ```text file=NAME and request blocks with file=NAME. */
function pageFiles(blocks: readonly ClassifiedBlock[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const { block, classification: c } of blocks) {
    if (c.type === 'input-file') files[c.name] = block.body;
    else if (c.type === 'request' && c.file !== undefined) files[c.file] = block.body;
  }
  return files;
}

for (const { page, blocks } of pages) {
  const checked = blocks.filter(
    (b) => !['text', 'output', 'input-file', 'checked-elsewhere'].includes(b.classification.type),
  );
  if (checked.length === 0) continue;

  describe(page.name, () => {
    const shells = ofType(blocks, 'shell');
    let folder: WorkFolder | undefined;
    let cli: { close: () => Promise<void> } | undefined;
    beforeAll(async () => {
      if (shells.length === 0) return;
      folder = workFolder(pageFiles(blocks));
      cli = await serveCli(folder.socket);
    });
    afterAll(async () => {
      await cli?.close();
      folder?.remove();
    });

    blocks.forEach(({ block, classification: c }, index) => {
      const next = blocks[index + 1];
      switch (c.type) {
        case 'module':
          it(block.where, async () => {
            await runModule(block, modules.dir);
          });
          return;
        case 'shell':
          it(block.where, async () => {
            if (folder === undefined) throw new Error('no scratch folder');
            const output = next?.classification.type === 'output' ? next.block : undefined;
            await checkShell(block, output, folder, serviceOrigin);
          }, 240_000);
          return;
        case 'json':
        case 'request':
        case 'issues':
        case 'issue':
          it(block.where, () => {
            checkJson(block, c, blocks[index - 1]);
          });
          return;
        default:
          return;
      }
    });
  });
}
