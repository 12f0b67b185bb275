/**
 * The service in every runtime that serves it, over real HTTP on loopback ports: the Node
 * service of the packed package (as `npm start` runs it), the Worker of docs/deploy.md
 * (`export { default } from 'budgetnorm/worker'`) bundled with esbuild and run by workerd with
 * the wrangler configuration of that page, and the Deno and Bun modules of that page run as
 * written. Each gets the same requests and must answer as the Node service does: both
 * operations 200 with the same bodies, 401 without a key, 400, 413 and 415 problem+json,
 * `/health` and `/openapi.json`. Then each is measured the same way: cold start (spawn to the
 * first 200 of /health) and requests per second of one calculation (autocannon, 10
 * connections, 1 s of warm-up then 3 s), one server at a time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bundled } from './bundles.js';
import { deployBlock, wranglerConfig } from './docs-blocks.js';
import { addRows } from './report.js';
import {
  portOfJsonLine,
  runtimeVersion,
  scriptCommand,
  startServer,
  startWorkerd,
  workerdConfig,
  type RunningServer,
} from './runtimes.js';

const project = inject('runtimesProject');
const report = inject('runtimesReport');
const KEY = 'runtimes-test-key';
const RULE_SET = 'nl-2026';
const FIXTURES = join(import.meta.dirname, '..', 'http', 'fixtures');
const repaymentBody = readFileSync(join(FIXTURES, 'afloscapaciteit-gezin-koop.json'), 'utf8');
const retirementBody = readFileSync(join(FIXTURES, 'pensioenuitgaven-paar-huur.json'), 'utf8');

interface Probe {
  readonly name: string;
  readonly path: string;
  readonly init?: RequestInit;
  readonly status: number;
  readonly contentType: string;
}
const json = 'application/json';
const problem = 'application/problem+json';
const post = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': json, ...headers },
  body,
});
/** The same requests for every server. */
const PROBES: readonly Probe[] = [
  {
    name: 'repayment capacity, key in the header',
    path: '/Afloscapaciteit/Resultaat',
    init: post(repaymentBody, { 'Ocp-Apim-Subscription-Key': KEY }),
    status: 200,
    contentType: json,
  },
  {
    name: 'retirement expenditure, key in the query, with the explanation',
    path: `/pensioenuitgaven/Resultaat?key=${KEY}&uitleg=true`,
    init: post(retirementBody),
    status: 200,
    contentType: json,
  },
  { name: 'no key', path: '/Afloscapaciteit/Resultaat', init: post(repaymentBody), status: 401, contentType: problem },
  {
    name: 'a wrong key',
    path: '/pensioenuitgaven/Resultaat',
    init: post(retirementBody, { 'Ocp-Apim-Subscription-Key': `${KEY}x` }),
    status: 401,
    contentType: problem,
  },
  {
    name: 'a body the contract refuses',
    path: '/Afloscapaciteit/Resultaat',
    init: post('{"LeeftijdHoofdpersoon":-1}', { 'Ocp-Apim-Subscription-Key': KEY }),
    status: 400,
    contentType: problem,
  },
  {
    name: 'a body that is not JSON',
    path: '/pensioenuitgaven/Resultaat',
    init: post('{"Hoofdpersonen":', { 'Ocp-Apim-Subscription-Key': KEY }),
    status: 400,
    contentType: problem,
  },
  {
    name: 'a body with a syntax error in the middle',
    path: '/Afloscapaciteit/Resultaat',
    init: post('{"LeeftijdHoofdpersoon": 45,, "HeeftPartner": false}', { 'Ocp-Apim-Subscription-Key': KEY }),
    status: 400,
    contentType: problem,
  },
  {
    name: 'a body over 64 KiB',
    path: '/Afloscapaciteit/Resultaat',
    init: post(JSON.stringify({ padding: 'x'.repeat(70_000) }), { 'Ocp-Apim-Subscription-Key': KEY }),
    status: 413,
    contentType: problem,
  },
  {
    name: 'a body that is not sent as JSON',
    path: '/Afloscapaciteit/Resultaat',
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'Ocp-Apim-Subscription-Key': KEY },
      body: repaymentBody,
    },
    status: 415,
    contentType: problem,
  },
  { name: 'the health check', path: '/health', status: 200, contentType: json },
  { name: 'the OpenAPI document', path: '/openapi.json', status: 200, contentType: json },
];

interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  readonly ruleSet: string | null;
  readonly body: string;
}

async function ask(base: string, probe: Probe): Promise<Answer> {
  const response = await fetch(`${base}${probe.path}`, probe.init);
  return {
    status: response.status,
    contentType: response.headers.get('Content-Type'),
    ruleSet: response.headers.get('X-Rekenregels'),
    body: await response.text(),
  };
}

/** Polls /health until it answers 200; returns ms from the spawn. */
async function coldStart(server: RunningServer): Promise<number> {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${server.url}/health`)).status === 200) return performance.now() - server.spawnedAt;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${server.url}/health did not answer 200 within 3 s of listening\n${server.output()}`);
}

/** Requests per second of one calculation: 1 s of warm-up (the JIT compilers), then 3 s measured. */
async function throughput(server: RunningServer): Promise<{ rps: number; non2xx: number; errors: number }> {
  const load = (duration: number) =>
    autocannon({
      url: `${server.url}/Afloscapaciteit/Resultaat`,
      method: 'POST',
      connections: 10,
      duration,
      headers: { 'content-type': json, 'ocp-apim-subscription-key': KEY },
      body: repaymentBody,
    });
  await load(1);
  const result = await load(3);
  return { rps: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

const serviceEnv = {
  BUDGETNORM_API_KEYS: KEY,
  BUDGETNORM_RULESET: RULE_SET,
  HOST: '127.0.0.1',
  PORT: '0',
  NODE_ENV: 'production',
};

interface Served {
  readonly runtime: string;
  readonly version: () => string;
  readonly start: () => Promise<RunningServer>;
}

/** The Deno and the Bun module of docs/deploy.md. */
const SERVE_MODULES = { deno: deployBlock('js', 'deno'), bun: deployBlock('js', 'bun') } as const;

const SERVED: readonly Served[] = [
  {
    runtime: 'Node',
    version: () => runtimeVersion('node'),
    start: () => {
      // The Node entry of the packed package, as scripts/start.mjs (`npm start`) calls it.
      writeFileSync(
        join(project, 'serve-node.mjs'),
        "import { main } from './node_modules/budgetnorm/dist/node/server.js';\nawait main();\n",
      );
      return startServer(process.execPath, ['serve-node.mjs'], {
        cwd: project,
        env: { ...process.env, ...serviceEnv },
        announcedOn: 'stdout',
        findPort: portOfJsonLine,
      });
    },
  },
  {
    runtime: 'workerd',
    version: () => runtimeVersion('workerd'),
    start: async () => {
      writeFileSync(join(project, 'worker-main.js'), deployBlock('js', 'worker'));
      writeFileSync(join(project, 'worker.js'), await bundled(project, join(project, 'worker-main.js'), false));
      const wrangler = wranglerConfig();
      writeFileSync(
        join(project, 'service-workerd.capnp'),
        workerdConfig({
          moduleFile: 'worker.js',
          compatibilityDate: wrangler.compatibility_date,
          text: { ...wrangler.vars, BUDGETNORM_RULESET: RULE_SET },
          fromEnvironment: ['BUDGETNORM_API_KEYS'],
        }),
      );
      return startWorkerd(project, 'service-workerd.capnp', { BUDGETNORM_API_KEYS: KEY });
    },
  },
  ...(['deno', 'bun'] as const).map(
    (runtime): Served => ({
      runtime: runtime === 'deno' ? 'Deno' : 'Bun',
      version: () => runtimeVersion(runtime),
      start: () => {
        // The module of docs/deploy.md, as written.
        const file = `serve-${runtime}.mjs`;
        writeFileSync(join(project, file), SERVE_MODULES[runtime]);
        const { command, args, env } = scriptCommand(runtime, project, file);
        return startServer(command, args, {
          cwd: project,
          env: { ...env, ...serviceEnv },
          announcedOn: 'stdout',
          findPort: portOfJsonLine,
        });
      },
    }),
  ),
];

/** The Node service's answers: what every other runtime must answer. */
let reference: Answer[] | undefined;

for (const served of SERVED) {
  describe(`${served.runtime} serves the service`, () => {
    let server: RunningServer;
    let answers: Answer[] = [];
    let cold = 0;
    beforeAll(async () => {
      server = await served.start();
      cold = await coldStart(server);
      answers = [];
      for (const probe of PROBES) answers.push(await ask(server.url, probe));
      if (served.runtime === 'Node') reference = answers;
    });
    afterAll(async () => {
      await server?.stop();
    });

    it.each(PROBES.map((p, i) => [p.name, i] as const))('%s', (_name, i) => {
      const probe = PROBES[i] as Probe;
      const answer = answers[i] as Answer;
      expect(answer.status, answer.body).toBe(probe.status);
      expect(answer.contentType?.split(';')[0]).toBe(probe.contentType);
      if (probe.status === 200 && probe.path !== '/openapi.json') expect(answer.ruleSet ?? RULE_SET).toBe(RULE_SET);
      // The same body as the Node service, byte for byte (problem bodies included).
      expect(reference, 'the Node service answered first').toBeDefined();
      // A body that is not JSON too: src/contract/json-text.ts finds where and why itself, so
      // Bun's JavaScriptCore, which words JSON.parse's errors without a position, says the same.
      expect(answer.body).toBe(reference?.[i]?.body);
    });

    it('measures cold start and throughput', async () => {
      const figures = await throughput(server);
      expect(figures.errors).toBe(0);
      expect(figures.non2xx).toBe(0);
      expect(figures.rps).toBeGreaterThan(0);
      const passed = answers.filter((a, i) => {
        const want = reference?.[i]?.body ?? '';
        return a.status === PROBES[i]?.status && a.body === want;
      }).length;
      addRows(report, 'service', [
        {
          runtime: served.runtime,
          version: served.version(),
          coldStartMs: cold,
          requestsPerSecond: figures.rps,
          httpChecks: `${passed}/${PROBES.length}`,
        },
      ]);
      console.log(`${served.runtime}: cold start ${Math.round(cold)} ms, ${Math.round(figures.rps)} requests/s`);
    });

    // Last, as it ends the server. Not for workerd: Cloudflare, not a signal, ends a Worker's isolates.
    if (served.runtime !== 'workerd') {
      it('stops on SIGTERM with exit code 0 (so a container orchestrator can stop it cleanly)', async () => {
        const ended = await server.stop();
        expect(ended, server.output()).toEqual({ code: 0, signal: null });
      });
    }
  });
}
