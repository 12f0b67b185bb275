/**
 * Faults (issue: proving it holds): the built service never starts with a broken rule set and
 * says which file and path; overlapping rule sets are refused when the catalog is built;
 * SIGTERM while requests are in flight loses none of them; a client that goes away mid-body
 * does not hurt the next request and causes no 500.
 */
import { rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RepaymentCapacityResult, RetirementExpenditureResult } from '../../src/index.js';
import { RuleSetError } from '../../src/contract/errors.js';
import { createApp } from '../../src/http/index.js';
import { loadRuleSetFolder } from '../../src/node/load-folder.js';
import { readServiceConfig, startService, type RunningService } from '../../src/node/server.js';
import { RuleSetCatalog } from '../../src/rules/choose.js';
import { ensureBuilt } from '../../scripts/cli-ensure-built.js';
import { spawnService } from '../../scripts/lib/reliability-service.js';
import { expectIssue } from '../engine/support.js';
import { KEY, lineLog, pendingRequest, REPAYMENT, RETIREMENT } from '../http/support/helpers.js';
import { copyOf2026, DEFECTS, editJson } from './support/broken-rule-sets.js';

beforeAll(() => {
  ensureBuilt(); // the spawned service is dist/, as `npm start` runs it
});

// Pinned, so the service starts whatever the day (without it, a day no bundled set covers stops the start).
const SERVICE_ENV = { NODE_ENV: 'production', BUDGETNORM_API_KEYS: KEY, BUDGETNORM_RULESET: 'nl-2026' };

describe('a broken rule set stops the built service from starting', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });

  it('the unbroken copy starts (so each refusal below is the defect’s)', async () => {
    const folder = copyOf2026();
    folders.push(folder);
    const service = spawnService({ ...SERVICE_ENV, BUDGETNORM_RULESET_DIR: folder });
    try {
      const url = await service.url();
      const reply = await fetch(`${url}/Afloscapaciteit/Resultaat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': KEY },
        body: REPAYMENT,
      });
      expect(reply.status).toBe(200);
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
    } finally {
      service.kill();
    }
  });

  it.each(DEFECTS)('$name: exit 1, and stderr names $file and $path', async (defect) => {
    const folder = copyOf2026();
    folders.push(folder);
    defect.apply(folder);
    const service = spawnService({ ...SERVICE_ENV, BUDGETNORM_RULESET_DIR: folder });
    try {
      const code = await service.exited;
      expect(code).toBe(1);
      const stderr = service.stderr();
      expect(stderr).toContain('budgetnorm: cannot start: BUDGETNORM_RULESET_DIR');
      expect(stderr).toContain(folder);
      expect(stderr).toContain(`${defect.file} ${defect.path}: [${defect.code}]`);
      expect(service.notable().join('\n')).not.toContain('"event":"listening"');
      expect(stderr).not.toContain(KEY);
    } finally {
      service.kill();
    }
  });
});

describe('overlapping validity', () => {
  it('two sets valid on the same day are refused when the catalog is built, naming manifest.json and $.validFrom', async () => {
    const folder = copyOf2026();
    try {
      editJson(folder, 'manifest.json', (m) => {
        m['id'] = 'nl-2026-half';
        m['validFrom'] = '2026-07-01';
        m['validUntil'] = '2027-06-30';
      });
      const overlapping = loadRuleSetFolder(folder); // valid on its own
      const nl2026 = loadRuleSetFolder(join(import.meta.dirname, '..', '..', 'rules', 'nl-2026'));
      const issue = expectIssue(() => new RuleSetCatalog([nl2026, overlapping]), {
        code: 'overlapping_validity',
        file: 'manifest.json',
        path: '$.validFrom',
      });
      expect(issue.message).toMatch(/nl-2026/);
      expect(() => new RuleSetCatalog([nl2026, overlapping])).toThrow(RuleSetError);
      // The service takes a catalog only as a built one, so it cannot be handed the pair;
      // each set on its own is a valid catalog for it.
      const app = createApp({
        keys: [KEY],
        catalog: new RuleSetCatalog([overlapping]),
        ruleSet: overlapping,
        log: () => undefined,
      });
      const health = await app.fetch(new Request('http://localhost/health'));
      expect(health.status).toBe(200);
      expect(((await health.json()) as { Rekenregels: { Hash: string } }).Rekenregels.Hash).toBe(overlapping.hash);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('the service configuration holds one folder only: BUDGETNORM_RULESET_DIR is that set alone', () => {
    const config = readServiceConfig({
      BUDGETNORM_API_KEYS: KEY,
      BUDGETNORM_RULESET_DIR: join(import.meta.dirname, '..', '..', 'rules', 'nl-2026'),
    });
    expect(config.ruleSet).toMatchObject({ id: 'nl-2026' });
    expect(config.catalog?.byId('nl-2026')).toBe(config.ruleSet);
    expect(() => config.catalog?.byId('nl-2025')).toThrow(/nl-2025/);
  });
});

describe('SIGTERM under load', () => {
  it('every request in flight gets its complete 200, then the process exits 0', async () => {
    const IN_FLIGHT = 96;
    const service = spawnService(SERVICE_ENV);
    const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    try {
      const url = await service.url();
      // Requests the server has taken (its 100 Continue proves it), bodies still to come.
      const pending = Array.from({ length: IN_FLIGHT }, (_, i) => {
        const repayment = i % 2 === 0;
        const body = repayment ? REPAYMENT : RETIREMENT;
        const path = repayment ? '/Afloscapaciteit/Resultaat' : '/pensioenuitgaven/Resultaat?uitleg=true';
        return { ...pendingRequest(`${url}${path}`, body, agent), body, repayment };
      });
      await Promise.all(pending.map((p) => p.accepted));

      // Half send their bodies now (they are being computed when the signal comes), half after it.
      const [early, late] = [pending.slice(0, IN_FLIGHT / 2), pending.slice(IN_FLIGHT / 2)];
      for (const p of early) p.req.end(p.body);
      service.child.kill('SIGTERM');
      await service.waitFor(/"event":"stopping","signal":"SIGTERM"/);
      for (const p of late) {
        // In pieces, as a slow client would.
        const half = Math.floor(p.body.length / 2);
        p.req.write(p.body.slice(0, half));
        setTimeout(() => p.req.end(p.body.slice(half)), 20);
      }

      const replies = await Promise.all(pending.map((p) => p.reply));
      replies.forEach((reply, i) => {
        expect(reply.status, reply.body).toBe(200);
        const json: unknown = JSON.parse(reply.body);
        if (pending[i]!.repayment) RepaymentCapacityResult.parse(json);
        else RetirementExpenditureResult.parse(json);
      });
      expect(await service.exited).toBe(0);
      await service.waitFor(/"event":"stopped","outcome":"drained"/);
      expect(service.statuses.get(200)).toBe(IN_FLIGHT);
      expect([...service.statuses.keys()]).toEqual([200]);
      expect(service.stderr()).toBe('');
    } finally {
      agent.destroy();
      service.kill();
    }
  });
});

describe('a client that goes away mid-body', () => {
  let service: RunningService;
  const log = lineLog();
  const logged = log.lines;
  const errors: string[] = [];

  beforeAll(async () => {
    service = await startService(readServiceConfig({ BUDGETNORM_API_KEYS: KEY, PORT: '0' }), {
      writeLog: (line) => log.push(line),
      writeError: (line) => errors.push(line),
    });
  });
  afterAll(async () => {
    await service.shutdown();
  });

  const statuses = () =>
    logged.map((l) => (JSON.parse(l) as { status?: number }).status).filter((s) => s !== undefined);

  /** Sends the headers and part of the body on a raw socket, then destroys it. */
  function abandon(head: string, part: string): Promise<void> {
    return new Promise((resolve) => {
      const socket = connect(service.port, '127.0.0.1', () => {
        socket.write(head);
        socket.write(part, () => setTimeout(() => socket.destroy(), 10));
      });
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
  }

  it.each([
    ['a declared length, half the body', 'length', 0.5],
    ['a declared length, all but one byte', 'length', -1],
    ['a declared length, nothing of the body', 'length', 0],
    ['chunked, half the body', 'chunked', 0.5],
  ] as const)('%s: logged as a 400, the next requests get their 200, no 500', async (_what, framing, cut) => {
    const body = REPAYMENT;
    const at = cut === -1 ? body.length - 1 : Math.floor(body.length * cut);
    const head = [
      'POST /Afloscapaciteit/Resultaat HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Ocp-Apim-Subscription-Key: ${KEY}`,
      framing === 'length' ? `Content-Length: ${Buffer.byteLength(body)}` : 'Transfer-Encoding: chunked',
      '',
      '',
    ].join('\r\n');
    const part =
      framing === 'length' ? body.slice(0, at) : `${body.slice(0, at).length.toString(16)}\r\n${body.slice(0, at)}\r\n`;
    const before = logged.length;
    await abandon(head, part);
    // The abandoned request is answered (to nobody) and logged before the next one is sent.
    await log.next(before, /"status":/);
    expect(statuses().slice(before)).toEqual([400]); // the client's fault: incomplete_body

    for (let i = 0; i < 3; i += 1) {
      const reply = await fetch(`${service.url}/Afloscapaciteit/Resultaat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': KEY },
        body,
      });
      expect(reply.status).toBe(200);
      RepaymentCapacityResult.parse(await reply.json());
    }
    expect(statuses().slice(before)).toEqual([400, 200, 200, 200]);
    expect(errors).toEqual([]);
  });
});
