/**
 * The Worker's configuration, read from its environment (`env`: variables and secrets set with
 * `wrangler secret put`, or bindings of a workerd config), the counterpart of the Node service's
 * environment variables (src/node/service-config.ts) for a runtime without files or `process`.
 * Pure: no Node API, so it runs in workerd as it is.
 */
import type { AppOptions } from '../http/app.js';

/**
 * The variables and secrets a budgetnorm Worker reads from its `env`. Each is text, as the
 * Workers runtime hands them over; anything else in `env` is ignored.
 *
 * @example A Worker's environment with a key and a pinned rule set
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import worker, { type WorkerEnv } from 'budgetnorm/worker';
 *
 * const env: WorkerEnv = { BUDGETNORM_API_KEYS: 'key-one,key-two', BUDGETNORM_RULESET: 'nl-2026' };
 * const health = await worker.fetch(new Request('http://localhost/health'), env);
 * assert.equal(((await health.json()) as { Rekenregels: { Id: string } }).Rekenregels.Id, 'nl-2026');
 * ```
 */
export interface WorkerEnv {
  /** Accepted subscription keys, comma-separated (set it as a secret: `wrangler secret put BUDGETNORM_API_KEYS`). */
  readonly BUDGETNORM_API_KEYS?: string;
  /** Accepted keys as SHA-256 digests (64 hex characters each), comma-separated: keys kept out of the configuration. */
  readonly BUDGETNORM_API_KEY_DIGESTS?: string;
  /** The id of the bundled rule set for every request that names none (default: the one valid today). */
  readonly BUDGETNORM_RULESET?: string;
  /** The method family whose set valid today a request that names none gets (default `nl`; `vfn` the lending norm). */
  readonly BUDGETNORM_FAMILY?: string;
  /** Origins allowed to call from a browser, comma-separated (`https://app.example.nl`). Absent: no CORS headers. */
  readonly BUDGETNORM_CORS_ORIGINS?: string;
}

/** The names of {@link WorkerEnv}, in the order they are read. */
export const WORKER_ENV_NAMES = [
  'BUDGETNORM_API_KEYS',
  'BUDGETNORM_API_KEY_DIGESTS',
  'BUDGETNORM_RULESET',
  'BUDGETNORM_FAMILY',
  'BUDGETNORM_CORS_ORIGINS',
] as const satisfies readonly (keyof WorkerEnv)[];

/** A Worker environment the service cannot run with; the message says what to set, never a key. */
export class WorkerConfigError extends Error {
  override readonly name = 'WorkerConfigError';
}

/** Visible ASCII, which every client can send in a header (the Node service's rule too). */
const KEY_CHARACTERS = /^[\x21-\x7e]+$/;
const HEX_DIGEST = /^[0-9a-f]{64}$/i;

function list(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function origin(text: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(text);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || parsed.origin === 'null' || parsed.origin !== text.replace(/\/$/, '')) {
    throw new WorkerConfigError(
      `BUDGETNORM_CORS_ORIGINS: "${text}" is not an origin; write scheme://host[:port], e.g. https://app.example.nl`,
    );
  }
  return parsed.origin;
}

/**
 * The app options a Worker environment configures: keys, digests, the pinned rule set or method
 * family and the CORS origins. Throws {@link WorkerConfigError} when no key is set or a value is malformed.
 */
export function workerAppOptions(
  env: Readonly<Record<string, unknown>>,
): Pick<AppOptions, 'keys' | 'keyDigests' | 'ruleSet' | 'family' | 'corsOrigins'> {
  const keys = list(env['BUDGETNORM_API_KEYS']);
  keys.forEach((key, i) => {
    if (!KEY_CHARACTERS.test(key))
      throw new WorkerConfigError(
        `BUDGETNORM_API_KEYS (key ${i + 1}) has a space, a control or a non-ASCII character; keys are visible ASCII (the key itself is not shown)`,
      );
  });
  const keyDigests = list(env['BUDGETNORM_API_KEY_DIGESTS']);
  keyDigests.forEach((digest, i) => {
    if (!HEX_DIGEST.test(digest))
      throw new WorkerConfigError(
        `BUDGETNORM_API_KEY_DIGESTS (digest ${i + 1}) is not a SHA-256 digest of 64 hexadecimal characters`,
      );
  });
  if (keys.length + keyDigests.length === 0) {
    throw new WorkerConfigError(
      'no subscription key is configured: set the secret BUDGETNORM_API_KEYS (comma-separated; `wrangler secret put BUDGETNORM_API_KEYS`) or BUDGETNORM_API_KEY_DIGESTS',
    );
  }
  const ruleSet = typeof env['BUDGETNORM_RULESET'] === 'string' ? env['BUDGETNORM_RULESET'].trim() : '';
  const family = typeof env['BUDGETNORM_FAMILY'] === 'string' ? env['BUDGETNORM_FAMILY'].trim() : '';
  return {
    keys,
    keyDigests,
    corsOrigins: list(env['BUDGETNORM_CORS_ORIGINS']).map(origin),
    ...(ruleSet !== '' ? { ruleSet } : {}),
    ...(family !== '' ? { family } : {}),
  };
}
