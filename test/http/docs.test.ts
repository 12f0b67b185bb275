/** docs/http.md against the code: every variable, problem type and example error is the real one. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROBLEM_TYPES, Problem, SubscriptionKeys, ValidationProblem } from '../../src/http/index.js';
import { readServiceConfig } from '../../src/node/service-config.js';
import { fencedBlocks, readPage } from '../docs/markdown.js';
import { JSON_HEADERS, REPAYMENT, post, testApp } from './support/helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const page = readFileSync(join(ROOT, 'docs/http.md'), 'utf8');

/** The example bodies: the JSON texts, one per paragraph, of the ```json problems blocks. */
function exampleProblems(): Record<string, unknown>[] {
  const blocks = fencedBlocks(readPage('docs/http.md')).filter((b) => b.language === 'json' && b.kind === 'problems');
  return blocks
    .flatMap((block) => block.body.split(/\n\s*\n/))
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk.startsWith('{"type"'))
    .map((chunk) => JSON.parse(chunk) as Record<string, unknown>);
}

describe('docs/http.md', () => {
  it('documents every environment variable the service reads', () => {
    const source = readFileSync(join(ROOT, 'src/node/service-config.ts'), 'utf8');
    const read = new Set([...source.matchAll(/env\['([A-Z_]+)'\]/g)].map((m) => m[1] as string));
    expect([...read].sort()).toEqual([
      'BUDGETNORM_API_KEYS',
      'BUDGETNORM_API_KEYS_FILE',
      'BUDGETNORM_CORS_ORIGINS',
      'BUDGETNORM_DIRECT_PATH',
      'BUDGETNORM_FAMILY',
      'BUDGETNORM_LISTEN_BACKLOG',
      'BUDGETNORM_MEMOS',
      'BUDGETNORM_RULESET',
      'BUDGETNORM_RULESET_DIR',
      'HOST',
      'NODE_ENV',
      'PORT',
    ]);
    for (const name of read) expect(page, name).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });

  it('names every problem type with its status', () => {
    for (const type of Object.values(PROBLEM_TYPES))
      expect(page).toMatch(new RegExp(`^\\| \\d{3} \\| \`${type}\``, 'm'));
  });

  it('shows an example body for every error status, each as the service writes it', async () => {
    const examples = exampleProblems();
    expect(examples.map((e) => e['status']).sort()).toEqual([400, 400, 401, 404, 405, 413, 415, 500, 503]);
    const { app } = testApp();
    const { 'Ocp-Apim-Subscription-Key': _k, ...noKey } = JSON_HEADERS;
    const real: Record<number, Response> = {
      401: await app.fetch(post('/Afloscapaciteit/Resultaat', REPAYMENT, noKey)),
      404: await app.fetch(post('/afloscapaciteit/resultaat', REPAYMENT)),
      405: await app.fetch(new Request('http://localhost/Afloscapaciteit/Resultaat')),
      413: await app.fetch(
        post('/Afloscapaciteit/Resultaat', REPAYMENT, { ...JSON_HEADERS, 'Content-Length': '70000' }),
      ),
      415: await app.fetch(
        post('/Afloscapaciteit/Resultaat', new TextEncoder().encode(REPAYMENT), {
          'Ocp-Apim-Subscription-Key': JSON_HEADERS['Ocp-Apim-Subscription-Key'],
        }),
      ),
    };
    for (const example of examples) {
      const status = example['status'] as number;
      (status === 400 ? ValidationProblem : Problem).parse(example);
      const response = real[status];
      if (response === undefined) continue;
      const body = (await response.clone().json()) as Record<string, unknown>;
      expect(example, `status ${status}`).toEqual(body);
    }
  });

  it('the keys-file example is a file the service starts with: comments skipped, both keys accepted', () => {
    const block = fencedBlocks(readPage('docs/http.md')).find(
      (b) => b.language === 'text' && b.attributes['file'] === 'budgetnorm-keys',
    );
    expect(block, 'a ```text file=budgetnorm-keys block').toBeDefined();
    const config = readServiceConfig(
      { BUDGETNORM_API_KEYS_FILE: 'budgetnorm-keys', BUDGETNORM_RULESET: 'nl-2026' },
      { readFile: () => block?.body ?? '' },
    );
    const keys = SubscriptionKeys.of([], config.keyDigests);
    expect(keys.size).toBe(2);
    // The example's plain key, and the key whose digest the example gives ('test').
    expect(keys.accepts('k-7f3a9c1e5b2d4a6c8e0f1a3b')).toBe(true);
    expect(keys.accepts('test')).toBe(true);
  });

  it('names exactly the charsets the service accepts with application/json', async () => {
    const row = /^\| 415 \|.*$/m.exec(page)?.[0] ?? '';
    const documented = new Set([...row.matchAll(/`charset=([^`]+)`/g)].map((m) => (m[1] as string).toLowerCase()));
    const { app } = testApp();
    const accepted = new Set<string>();
    for (const charset of ['utf-8', 'utf8', 'unicode-1-1-utf-8', 'latin1', 'iso-8859-1', 'utf-16', 'us-ascii']) {
      for (const written of [charset, charset.toUpperCase(), `"${charset}"`]) {
        const response = await app.fetch(
          post('/Afloscapaciteit/Resultaat', REPAYMENT, {
            ...JSON_HEADERS,
            'Content-Type': `application/json; charset=${written}`,
          }),
        );
        if (response.status !== 415) accepted.add(charset);
      }
    }
    expect([...documented].sort()).toEqual([...accepted].sort());
  });
});
