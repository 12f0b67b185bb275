/**
 * Issue 18, item 1: a third operation is one entry in copies of the registries. The toy of
 * test/fixtures/toy-operation (income minus a constant from its own rule file) is added to a
 * copy of the library's registry and of the CLI's, and the service, the OpenAPI document, the
 * CLI and the batch serve it; nothing in src/ names it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/calculations/operations.js';
import { CLI_OPERATIONS } from '../../src/cli/operations.js';
import { openApiDocument } from '../../src/http/openapi.js';
import { PROBLEM_CONTENT_TYPE } from '../../src/http/problem.js';
import { ROOT, runCli, tempDir } from '../cli/helpers.js';
import { CLI_OPERATIONS_WITH_TOY, OPERATIONS_WITH_TOY, TOY } from '../fixtures/toy-operation/toy-operation.js';
import { JSON_HEADERS, post, REPAYMENT, testApp } from '../http/support/helpers.js';

const RULE_FILE = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'toy-operation', 'rules.json'), 'utf8')) as {
  aftrek: number;
};
const income = 2000;
const expected = income - RULE_FILE.aftrek;

describe('the toy operation, served from a copy of the registry', () => {
  const { app } = testApp({ operations: OPERATIONS_WITH_TOY });

  it('the service answers its route, with the rule set headers', async () => {
    const response = await app.fetch(
      post(`${TOY.http.path}?peildatum=2026-03-01`, JSON.stringify({ NettoBesteedbaarInkomenPerMaand: income })),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Rekenregels')).toBe('nl-2026');
    const result = (await response.json()) as { Restant: number; Rekenregels: { Id: string } };
    expect(result.Restant).toBe(expected);
    expect(result.Rekenregels.Id).toBe('nl-2026');
  });

  it('asks the key (401), refuses a bad body as problem+json (400) and other methods (405)', async () => {
    const body = JSON.stringify({ NettoBesteedbaarInkomenPerMaand: income });
    const keyless = await app.fetch(post(TOY.http.path, body, { 'Content-Type': 'application/json' }));
    expect(keyless.status).toBe(401);
    expect(keyless.headers.get('Content-Type')).toBe(PROBLEM_CONTENT_TYPE);

    const bad = await app.fetch(post(TOY.http.path, JSON.stringify({ NettoBesteedbaarInkomenPerMaand: 'veel' })));
    expect(bad.status).toBe(400);
    expect(bad.headers.get('Content-Type')).toBe(PROBLEM_CONTENT_TYPE);
    const problem = (await bad.json()) as { errors: { path: string; code: string }[] };
    expect(problem.errors.map((e) => e.path)).toEqual(['NettoBesteedbaarInkomenPerMaand']);

    const get = await app.fetch(new Request(`http://localhost${TOY.http.path}`, { headers: JSON_HEADERS }));
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('POST');
  });

  it('the 404 names it among the operations, and the library operations still answer', async () => {
    const missing = (await (await app.fetch(new Request('http://localhost/nergens'))).json()) as { detail: string };
    expect(missing.detail).toContain(`POST ${TOY.http.path}`);
    expect(missing.detail).toContain(`POST ${OPERATIONS.afloscapaciteit.http.path}`);
    const repayment = await app.fetch(post(`${OPERATIONS.afloscapaciteit.http.path}?peildatum=2026-03-01`, REPAYMENT));
    expect(repayment.status).toBe(200);
  });

  it('an override under its overrideName replaces its calculation', async () => {
    const { app: wrapped } = testApp({
      operations: OPERATIONS_WITH_TOY,
      calculations: { [TOY.http.overrideName]: () => ({ Restant: -1 }) } as never,
    });
    const response = await wrapped.fetch(post(TOY.http.path, JSON.stringify({ NettoBesteedbaarInkomenPerMaand: 1 })));
    expect(await response.json()).toEqual({ Restant: -1 });
  });

  it('the OpenAPI document, built and served, has its path and both schemas', async () => {
    const served = (await (await app.fetch(new Request('http://localhost/openapi.json'))).json()) as Record<
      string,
      unknown
    >;
    for (const document of [openApiDocument({ operations: OPERATIONS_WITH_TOY }), served]) {
      const paths = document['paths'] as Record<string, { post?: { operationId: string } }>;
      expect(paths[TOY.http.path]?.post?.operationId).toBe(TOY.id);
      const schemas = (document['components'] as { schemas: Record<string, { properties?: object }> }).schemas;
      expect(Object.keys(schemas[TOY.http.request.name]?.properties ?? {})).toEqual([
        'NettoBesteedbaarInkomenPerMaand',
      ]);
      expect(Object.keys(schemas[TOY.http.result.name]?.properties ?? {})).toEqual([
        'Restant',
        'Aftrek',
        'Rekenregels',
      ]);
    }
    // The library's own document does not have it: the copy did not change the registry.
    const own = openApiDocument()['paths'] as Record<string, unknown>;
    expect(own[TOY.http.path]).toBeUndefined();
    expect(Object.keys(OPERATIONS)).not.toContain(TOY.id);
  });
});

describe('the toy operation on the command line, from a copy of the CLI registry', () => {
  const temp = tempDir();
  afterAll(() => temp.remove());
  const operations = CLI_OPERATIONS_WITH_TOY;

  it('is a command: JSON, a table, its help, and a usage line in the main help', async () => {
    const stdin = JSON.stringify({ NettoBesteedbaarInkomenPerMaand: income });
    const json = await runCli([TOY.id, '--date', '2026-03-01'], { stdin, operations });
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as { Restant: number }).Restant).toBe(expected);

    const table = await runCli([TOY.id, '--format', 'table'], { stdin, operations });
    expect(table.stdout).toBe(`Restant ${expected}\n`);

    const help = await runCli([TOY.id, '--help'], { operations });
    expect(help.stdout).toContain(`Computes ${TOY.what} (POST ${TOY.http.path}) of one household.`);
    expect((await runCli(['--help'], { operations })).stdout).toMatch(
      new RegExp(`budgetnorm ${TOY.id} \\[FILE\\|-\\]`),
    );
    // Without the copy, the command does not exist.
    expect((await runCli([TOY.id], { stdin })).code).toBe(2);
  });

  it('refuses a bad body with its issues (exit 1)', async () => {
    const run = await runCli([TOY.id], { stdin: '{"NettoBesteedbaarInkomenPerMaand": -5}', operations });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('NettoBesteedbaarInkomenPerMaand');
  });

  it('runs in a batch: CSV in, its own result columns out, a bad row as an error record', async () => {
    const input = join(temp.dir, 'in.csv');
    const output = join(temp.dir, 'out.csv');
    writeFileSync(input, `NettoBesteedbaarInkomenPerMaand\n${income}\nveel\n`);
    const run = await runCli(['batch', TOY.id, '--in', input, '--out', output, '--date', '2026-03-01', '-q'], {
      operations,
    });
    expect(run.code).toBe(1); // one error record
    const [header, first, second] = readFileSync(output, 'utf8').trimEnd().split('\n');
    expect(header).toBe(
      'line,Restant,Aftrek,Rekenregels.Id,Rekenregels.GeldigVanaf,Rekenregels.GeldigTot,Rekenregels.Hash,Rekenregels.Status,Meldingen,issues',
    );
    expect(first?.startsWith(`2,${expected},${RULE_FILE.aftrek},nl-2026,`)).toBe(true);
    expect(second).toMatch(/^3,.*NettoBesteedbaarInkomenPerMaand/);
    expect((await runCli(['batch', '--help'], { operations })).stdout).toContain(
      `budgetnorm batch ${Object.keys(CLI_OPERATIONS).join('|')}|${TOY.id} --in`,
    );
  });
});
