/**
 * The same answers in every runtime: every worked example of every bundled rule set (both
 * calculations), run through the package's published entry points in Node, Chromium, Deno,
 * Bun and workerd, each way the harness of test/browser/ runs it (the bundled rule set, the
 * folder loaded by `loadRuleSet`, with `explain`). Each runtime's full result JSON must be
 * identical text to the sources' run in this process, and match the example's expected figures.
 *
 * Node, Deno and Bun run one program (entries/agreement-script.ts) that imports `budgetnorm`
 * from the scratch project's node_modules; workerd runs a Worker and Chromium a page, each with
 * the published package bundled in by esbuild, as a Workers or browser user's bundler does.
 */
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as source from '../../src/index.js';
import {
  differencesFromExpected,
  runAgreement,
  type AgreementInput,
  type AgreementOutput,
} from '../browser/agreement-harness.js';
import { agreementChecks } from '../browser/agreement-checks.js';
import { launchChromium } from '../browser/chromium.js';
import { agreementInput, readWorkedExamples, serve } from '../browser/fixtures.js';
import { agreementScript, bundled } from './bundles.js';
import { addRows } from './report.js';
import { runScript, runtimeVersion, startWorkerd, workerdConfig, type ScriptRuntime } from './runtimes.js';

const project = inject('runtimesProject');
const report = inject('runtimesReport');
const { examples } = readWorkedExamples();
const input: AgreementInput = agreementInput();
const reference: AgreementOutput = runAgreement(source, input);

/** Examples whose three runs are identical to the sources' and match the expected figures. */
function identicalCount(output: AgreementOutput): number {
  return output.runs.filter((run, i) => {
    const want = reference.runs[i];
    const example = examples[i];
    if (want === undefined || example === undefined || JSON.stringify(run) !== JSON.stringify(want)) return false;
    return [run.bundled, run.loaded, run.explained].every(
      (json) =>
        differencesFromExpected(example.calculation, example.expected, JSON.parse(json) as Record<string, unknown>)
          .length === 0,
    );
  }).length;
}

function record(runtime: string, version: string, output: AgreementOutput, ms: number): void {
  addRows(report, 'agreement', [
    { runtime, version, examples: output.runs.length, identical: identicalCount(output), agreementMs: ms },
  ]);
}

beforeAll(async () => {
  writeFileSync(join(project, 'agreement-input.mjs'), `export default ${JSON.stringify(input)};\n`);
  writeFileSync(join(project, 'agreement.mjs'), await agreementScript(project));
});

const SCRIPT_RUNTIMES: readonly [ScriptRuntime, string][] = [
  ['node', 'Node'],
  ['deno', 'Deno'],
  ['bun', 'Bun'],
];

for (const [runtime, name] of SCRIPT_RUNTIMES) {
  describe(`${name}: the published package gives the same answers as the sources`, () => {
    let output: AgreementOutput;
    beforeAll(async () => {
      const run = await runScript(runtime, project, 'agreement.mjs');
      output = JSON.parse(run.stdout) as AgreementOutput;
      record(name, runtimeVersion(runtime), output, run.ms);
      console.log(`${name}: ${output.runs.length} worked examples in ${Math.round(run.ms)} ms`);
    });
    agreementChecks(examples, () => ({ underTest: output, reference }));
  });
}

describe('workerd: a Worker with the published package bundled in gives the same answers', () => {
  let output: AgreementOutput;
  beforeAll(async () => {
    writeFileSync(join(project, 'agreement-worker.js'), await bundled(project, 'agreement-worker.ts', false));
    writeFileSync(
      join(project, 'agreement-workerd.capnp'),
      workerdConfig({ moduleFile: 'agreement-worker.js', compatibilityDate: '2026-11-01' }),
    );
    const started = performance.now();
    const server = await startWorkerd(project, 'agreement-workerd.capnp');
    try {
      const response = await fetch(server.url, { method: 'POST', body: JSON.stringify(input) });
      expect(response.status, server.output()).toBe(200);
      output = (await response.json()) as AgreementOutput;
    } finally {
      await server.stop();
    }
    record('workerd', runtimeVersion('workerd'), output, performance.now() - started);
  });
  agreementChecks(examples, () => ({ underTest: output, reference }));
});

describe('Chromium: a page with the published package bundled in gives the same answers', () => {
  let output: AgreementOutput;
  let server: Server | undefined;
  const pageErrors: string[] = [];
  beforeAll(async () => {
    const script = await bundled(project, join('..', '..', 'browser', 'page-entry.ts'), true);
    const served = await serve({
      '/': {
        type: 'text/html; charset=utf-8',
        body: '<!doctype html><meta charset="utf-8"><title>budgetnorm</title><script type="module" src="./agreement.js"></script>\n',
      },
      '/agreement.js': { type: 'text/javascript; charset=utf-8', body: script },
      '/favicon.ico': { type: 'image/x-icon', body: '' },
    });
    server = served.server;
    const started = performance.now();
    const browser = await launchChromium();
    try {
      const page = await browser.context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(served.url);
      await page.waitForFunction(() => typeof globalThis.budgetnormAgreement === 'function', undefined, {
        timeout: 30_000,
      });
      output = await page.evaluate((data) => globalThis.budgetnormAgreement!(data), input);
      record('Chromium', browser.version, output, performance.now() - started);
    } finally {
      await browser.close();
    }
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  });
  it('the page ran without errors', () => {
    expect(pageErrors).toEqual([]);
  });
  agreementChecks(examples, () => ({ underTest: output, reference }));
});
