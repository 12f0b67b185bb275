/**
 * The deployment recipes of docs/deploy.md that the docs runner cannot run as they are: the
 * repository's Dockerfile, shown on the page as the `dockerfile container` block (parsed, as no
 * Docker engine runs here, and its command run with its environment and stopped with SIGTERM), the `yaml kubernetes` manifests and the `json wrangler` configuration (parsed and
 * checked against what the service and the Worker read). The `js worker`, `js deno` and `js bun`
 * modules of the page run under workerd, Deno and Bun in `npm run test:runtimes`
 * (test/runtimes/service.runtimes.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { DEFAULT_TIMEOUTS } from '../../src/node/server.js';
import { serviceVariables } from './examples.js';
import { fencedBlocks, readPage, ROOT } from './markdown.js';

const PAGE = 'docs/deploy.md';
const page = readPage(PAGE);

function block(language: string, kind: string): string {
  const found = fencedBlocks(page).filter((b) => b.language === language && b.kind === kind);
  expect(found, `${PAGE}: one \`\`\`${language} ${kind} block`).toHaveLength(1);
  return (found[0] as { body: string }).body;
}

interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

/** A Dockerfile's instructions, continuation lines joined, comments left out; split into stages at FROM. */
function dockerfileStages(text: string): Instruction[][] {
  const stages: Instruction[][] = [];
  const logical = text.replace(/\\\n/g, ' ').split('\n');
  for (const line of logical) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [keyword = '', ...rest] = trimmed.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') stages.push([]);
    const stage = stages.at(-1);
    if (stage === undefined) throw new Error(`the Dockerfile starts with ${keyword}, not FROM`);
    stage.push(instruction);
  }
  return stages;
}

/** `ENV A=1 B="two"` → { A: '1', B: 'two' }. */
function envOf(args: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|\S*)/g)) out[m[1] as string] = m[3] ?? m[2] ?? '';
  return out;
}

describe('the Dockerfile (shown on docs/deploy.md as dockerfile container)', () => {
  const text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const stages = dockerfileStages(text);
  const final = stages.at(-1) ?? [];
  const all = (keyword: string) => final.filter((i) => i.keyword === keyword);
  const env = Object.assign({}, ...all('ENV').map((i) => envOf(i.args))) as Record<string, string>;
  const cmd = JSON.parse(all('CMD').at(-1)?.args ?? 'null') as unknown;
  const stageName = (stage: Instruction[]) => /\bAS\s+(\S+)/i.exec(stage[0]?.args ?? '')?.[1];
  const runs = (stage: Instruction[]) => stage.filter((i) => i.keyword === 'RUN').map((i) => i.args);

  it('is the one the page shows', () => {
    expect(block('dockerfile', 'container').trimEnd()).toBe(text.trimEnd());
  });

  it('is built once, in stages: one runs npm ci and the build, the final one runs nothing and only copies', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const builds = stages.slice(0, -1).filter((stage) => runs(stage).includes('npm run build'));
    expect(builds).toHaveLength(1);
    expect(runs(builds[0] ?? [])[0]).toMatch(/^npm ci\b/);
    expect(runs(final)).toEqual([]);
  });

  it('runs node as the main process, in exec form, never npm or a shell', () => {
    expect(Array.isArray(cmd), 'CMD in exec form (a JSON array)').toBe(true);
    expect((cmd as string[])[0]).toBe('node');
    expect(all('ENTRYPOINT')).toEqual([]);
    expect(JSON.stringify(cmd)).not.toMatch(/npm|\bsh\b|bash/);
    expect(existsSync(join(ROOT, (cmd as string[])[1] ?? '')), 'the script the command runs exists').toBe(true);
    expect(all('STOPSIGNAL').map((i) => i.args)).toEqual(['SIGTERM']);
  });

  it('sets only variables the service reads, listens on all interfaces, exposes PORT, and does not run as root', () => {
    const known = serviceVariables();
    for (const name of Object.keys(env)) expect(known, `the service reads ${name}`).toContain(name);
    expect(env['HOST']).toBe('0.0.0.0');
    expect(env['NODE_ENV']).toBe('production');
    expect(all('EXPOSE').map((i) => i.args)).toEqual([env['PORT']]);
    const users = all('USER').map((i) => i.args);
    expect(users).toEqual(['node']);
    expect(users.some((u) => /^(root|0)(:|$)/.test(u))).toBe(false);
    // USER comes before the command, so it is what the command runs as.
    expect(final.findIndex((i) => i.keyword === 'USER')).toBeLessThan(final.findIndex((i) => i.keyword === 'CMD'));
  });

  it('copies into the final stage the production dependencies, the build, the rules and what exists', () => {
    const named = new Map(stages.slice(0, -1).map((stage) => [stageName(stage), stage]));
    const fromStage = (target: string) => {
      const copy = all('COPY').find((c) => c.args.endsWith(` ${target}`));
      const from = /^--from=(\S+)/.exec(copy?.args ?? '')?.[1];
      return from === undefined ? undefined : named.get(from);
    };
    for (const copy of all('COPY')) {
      const words = copy.args.split(/\s+/);
      const from = /^--from=(\S+)$/.exec(words[0] ?? '')?.[1];
      if (from !== undefined) {
        expect([...named.keys()], `COPY --from=${from} names a stage`).toContain(from);
        continue;
      }
      for (const source of words.slice(0, -1)) expect(existsSync(join(ROOT, source)), `${source} exists`).toBe(true);
    }
    expect(runs(fromStage('./node_modules') ?? [])).toContain('npm ci --omit=dev --ignore-scripts');
    expect(runs(fromStage('./dist') ?? [])).toContain('npm run build');
    expect(fromStage('./rules')).toBeDefined();
  });

  it('checks its health on /health, and leaves the host’s node_modules and dist out of the context', () => {
    const health = all('HEALTHCHECK').map((i) => i.args);
    expect(health).toHaveLength(1);
    expect(health[0]).toMatch(/CMD \["node",/);
    expect(health[0]).toContain('/health');
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const name of ['node_modules', 'dist', '.git']) expect(ignored).toContain(name);
  });

  it('its command, with its environment, serves and drains on SIGTERM with exit code 0', async () => {
    const child = spawn((cmd as string[])[0] === 'node' ? process.execPath : 'false', (cmd as string[]).slice(1), {
      cwd: ROOT,
      // On a free loopback port here; the rest as the image sets it, with a key as the orchestrator gives it.
      env: {
        PATH: process.env['PATH'] ?? '',
        ...env,
        HOST: '127.0.0.1',
        PORT: '0',
        BUDGETNORM_API_KEYS: 'deploy-test-key',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // The listening line, as it comes; an exit before it fails with what the process said.
      const url = await new Promise<string>((resolve, reject) => {
        const check = (): void => {
          const line = out.split('\n').find((l) => l.includes('"event":"listening"'));
          if (line !== undefined) resolve((JSON.parse(line) as { url: string }).url);
        };
        child.stdout.on('data', check);
        void exited.then((code) => reject(new Error(`exited (${code}) before its listening line:\n${out}`)));
      });
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited, out).toBe(0);
      await expect(fetch(`${url}/health`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

interface Manifest {
  readonly kind: string;
  readonly metadata: { readonly name: string };
  readonly spec: Record<string, unknown>;
}

describe('docs/deploy.md: the Kubernetes manifests (yaml kubernetes)', () => {
  const documents = parseAllDocuments(block('yaml', 'kubernetes')).map((d) => {
    expect(d.errors).toEqual([]);
    return d.toJS() as Manifest;
  });
  const byKind = (kind: string): Manifest => {
    const found = documents.filter((d) => d.kind === kind);
    expect(found, `one ${kind}`).toHaveLength(1);
    return found[0] as Manifest;
  };
  // biome-ignore lint/suspicious/noExplicitAny: a parsed manifest, checked field by field below
  const deployment = byKind('Deployment') as any;
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const port = container.ports.find((p: { name: string }) => p.name === 'http').containerPort as number;
  const env = new Map<string, { value?: string; valueFrom?: { secretKeyRef?: unknown } }>(
    container.env.map((e: { name: string }) => [e.name, e]),
  );

  it('runs the image as built (no npm), several replicas, listening on the container port', () => {
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(container.command).toBeUndefined();
    expect(container.args).toBeUndefined();
    expect(env.get('PORT')?.value).toBe(String(port));
    expect(env.get('HOST')?.value).toBe('0.0.0.0');
    for (const name of env.keys()) expect(serviceVariables(), `the service reads ${name}`).toContain(name);
  });

  it('takes the keys from a Secret, never as a literal', () => {
    const keys = env.get('BUDGETNORM_API_KEYS');
    expect(keys?.value).toBeUndefined();
    expect(keys?.valueFrom?.secretKeyRef).toBeDefined();
  });

  it('probes readiness and liveness on /health at the container port', () => {
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      expect(probe.httpGet.path).toBe('/health');
      expect([port, 'http']).toContain(probe.httpGet.port);
    }
  });

  it('gives the shutdown the time the page says: preStop sleep + the drain limit < the grace period', () => {
    const sleep = Number((container.lifecycle.preStop.exec.command as string[])[1]);
    const drain = DEFAULT_TIMEOUTS.shutdownGraceMs / 1000;
    const grace = pod.terminationGracePeriodSeconds as number;
    expect(sleep + drain).toBeLessThan(grace);
    expect(page.text).toContain(`sleeps **${sleep} s**`);
    expect(page.text).toContain(`at most **${drain} s**`);
    expect(page.text).toContain(`after **${drain} s**`);
    expect(page.text).toContain(`grace period, **${grace} s**`);
  });

  it('the Service selects the pods and the autoscaler scales this Deployment', () => {
    const service = byKind('Service');
    expect(service.spec['selector']).toEqual(deployment.spec.template.metadata.labels);
    expect((service.spec['ports'] as { targetPort: unknown }[])[0]?.targetPort).toBe('http');
    const hpa = byKind('HorizontalPodAutoscaler');
    expect((hpa.spec['scaleTargetRef'] as { name: string; kind: string }).name).toBe(deployment.metadata.name);
    expect(hpa.spec['minReplicas']).toBeGreaterThanOrEqual(2);
  });
});

describe('docs/deploy.md: the wrangler configuration (json wrangler)', () => {
  const config = JSON.parse(block('json', 'wrangler')) as {
    name: string;
    main: string;
    compatibility_date: string;
    vars?: Record<string, string>;
  };

  it('names a JavaScript main module and only variables the Worker reads, none a key', async () => {
    const { WORKER_ENV_NAMES } = await import('../../src/worker/env.js');
    expect(config.name).toMatch(/^[a-z0-9-]+$/);
    expect(config.main).toMatch(/\.js$/);
    for (const name of Object.keys(config.vars ?? {})) {
      expect(WORKER_ENV_NAMES as readonly string[]).toContain(name);
      expect(name).not.toMatch(/KEY/);
    }
  });

  it('has a compatibility date the workerd of the tests supports', () => {
    const workerd = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'workerd', 'package.json'), 'utf8')) as {
      version: string;
    };
    const stamp = /^1\.(\d{4})(\d{2})(\d{2})\./.exec(workerd.version);
    expect(stamp).not.toBeNull();
    expect(config.compatibility_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(config.compatibility_date <= `${stamp?.[1]}-${stamp?.[2]}-${stamp?.[3]}`).toBe(true);
  });
});
