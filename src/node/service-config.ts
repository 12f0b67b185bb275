/**
 * The HTTP service's configuration, read from the environment once at start-up. Anything
 * wrong stops the service from starting with a message that says what to fix (naming the
 * variable, file and path, never a key).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bundledCatalog } from '../calculations/bundled-catalog.js';
import { RuleSetChoiceError, RuleSetError, errorMessage } from '../contract/errors.js';
import { familyMismatch, referenceDate, RuleSetCatalog } from '../rules/choose.js';
import type { RuleSet } from '../rules/rule-set.js';
import { nativeDigestKey as digestKey } from './digest.js';
import { memosSwitch } from './fast-paths.js';
import { loadRuleSetFolder } from './load-folder.js';

/** A configuration the service cannot start with. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface ServiceConfig {
  readonly host: string;
  readonly port: number;
  /** SHA-256 digests of the accepted subscription keys. */
  readonly keyDigests: readonly Uint8Array[];
  /**
   * A key generated because none was configured (never in production): the entry point
   * prints it once, then only its digest is kept.
   */
  readonly developmentKey?: string;
  readonly catalog?: RuleSetCatalog;
  /** The rule set for requests that name none; absent: the one valid today. */
  readonly ruleSet?: RuleSet | string;
  /** The method family whose set valid today answers requests that name none (`BUDGETNORM_FAMILY`); absent: `nl`. */
  readonly family?: string;
  /** Says where the rule sets come from, for the start-up line. */
  readonly ruleSetSource: string;
  readonly corsOrigins: readonly string[];
  /**
   * The listen backlog: how many new connections the kernel queues before the server accepts
   * them (default {@link DEFAULT_LISTEN_BACKLOG}).
   */
  readonly listenBacklog?: number;
  /**
   * Whether the common calculation takes the direct path from node:http's request
   * (src/node/direct-server.ts) rather than @hono/node-server; `BUDGETNORM_DIRECT_PATH=off`
   * turns it off. Absent: on.
   */
  readonly directPath?: boolean;
  /**
   * Whether programs remember amounts that read only a household's make-up (docs/fast-paths.md);
   * `BUDGETNORM_MEMOS=0` turns it off. Absent: on.
   */
  readonly memos?: boolean;
  /** Things worth saying at start-up that do not stop it. */
  readonly warnings: readonly string[];
}

export type Environment = Readonly<Record<string, string | undefined>>;

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8080;
/**
 * Node's own default (511) overflows under a burst of a thousand new connections (the SYNs
 * dropped are retried after 1 s, 3 s, … so a few clients wait seconds); Linux caps the value at
 * net.core.somaxconn (4096 since kernel 5.4).
 */
export const DEFAULT_LISTEN_BACKLOG = 4096;
/** The NODE_ENV values with a meaning; any other is most likely a typo (`Production`, `prod`). */
const KNOWN_NODE_ENVS = ['production', 'development', 'test'];

/** Characters a key may have: visible ASCII, which every client can send in a header. */
const KEY_CHARACTERS = /^[\x21-\x7e]+$/;
const DIGEST_PREFIX = /^sha256:/i;
const DIGEST_LINE = /^sha256:([0-9a-f]{64})$/i;
/** What a digest looks like whatever its prefix: a word, a colon, 32 or more hexadecimal digits. */
const DIGEST_LIKE = /^[A-Za-z][A-Za-z0-9_-]*\s*:\s*[0-9a-f]{32,}$/i;
/** A comment after a key: a `#` after whitespace (keys have none, so a `#` inside a key stays). */
const TRAILING_COMMENT = /\s+#.*$/;

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function keyDigest(key: string, where: string): Uint8Array {
  if (!KEY_CHARACTERS.test(key)) {
    throw new ConfigError(
      `${where} holds a key with a space, a control or a non-ASCII character; keys are visible ASCII (the key itself is not shown)`,
    );
  }
  return digestKey(key);
}

/**
 * The digest of one line of the keys file: `sha256:<64 hex>` gives it; any other line is a key.
 * A line that starts like a digest but is not one, or looks like a digest with another prefix
 * (`sha265:`, `sha-256:`, `SHA256 :`, `sha512:`), is refused: taken as a key, a mistyped digest
 * would lock out the key it was meant for and let whoever reads the file in with the line.
 */
function fileLineDigest(line: string, where: string): Uint8Array {
  const digest = DIGEST_LINE.exec(line);
  if (digest !== null) return hexToBytes(digest[1] as string);
  if (DIGEST_PREFIX.test(line)) {
    throw new ConfigError(
      `${where} starts with sha256: but is not sha256: followed by 64 hexadecimal digits (the line is not shown)`,
    );
  }
  if (DIGEST_LIKE.test(line)) {
    throw new ConfigError(
      `${where} looks like a digest (a word, a colon, hexadecimal digits) but does not start with sha256: exactly; write a digest as sha256: followed by 64 hexadecimal digits (the line is not shown)`,
    );
  }
  return keyDigest(line, where);
}

function readKeys(env: Environment, readFile: (path: string) => string): Uint8Array[] {
  const digests: Uint8Array[] = [];
  const list = env['BUDGETNORM_API_KEYS'];
  if (list !== undefined && list.trim() !== '') {
    const keys = list
      .split(',')
      .map((k) => k.trim())
      .filter((k) => k !== '');
    keys.forEach((key, i) => {
      digests.push(keyDigest(key, `BUDGETNORM_API_KEYS (key ${i + 1})`));
    });
  }
  const file = env['BUDGETNORM_API_KEYS_FILE'];
  if (file !== undefined && file.trim() !== '') {
    let text: string;
    try {
      text = readFile(file);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? errorMessage(error);
      throw new ConfigError(`BUDGETNORM_API_KEYS_FILE: cannot read ${file} (${reason})`);
    }
    let found = 0;
    text.split(/\r?\n/).forEach((raw, i) => {
      const line = raw.replace(TRAILING_COMMENT, '').trim();
      if (line === '' || line.startsWith('#')) return;
      found += 1;
      digests.push(fileLineDigest(line, `BUDGETNORM_API_KEYS_FILE ${file} line ${i + 1}`));
    });
    if (found === 0)
      throw new ConfigError(
        `BUDGETNORM_API_KEYS_FILE: ${file} holds no key (one per line; # comments and blank lines are skipped)`,
      );
  }
  return digests;
}

function readPort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_PORT;
  if (!/^\d{1,5}$/.test(value.trim()) || Number(value) > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535 (0: any free port), got "${value}"`);
  }
  return Number(value);
}

function readBacklog(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_LISTEN_BACKLOG;
  if (!/^\d{1,5}$/.test(value.trim()) || Number(value) < 1 || Number(value) > 65535) {
    throw new ConfigError(`BUDGETNORM_LISTEN_BACKLOG must be a whole number from 1 to 65535, got "${value}"`);
  }
  return Number(value);
}

function readMemos(value: string | undefined): boolean {
  const on = memosSwitch(value);
  if (on === undefined) throw new ConfigError(`BUDGETNORM_MEMOS must be 1 or 0, got "${value}"`);
  return on;
}

function readDirectPath(value: string | undefined): boolean {
  if (value === undefined || value.trim() === '' || value.trim() === 'on') return true;
  if (value.trim() === 'off') return false;
  throw new ConfigError(`BUDGETNORM_DIRECT_PATH must be on or off, got "${value}"`);
}

/** A warning when NODE_ENV is set to something without a meaning: the service then runs as development. */
function nodeEnvWarnings(value: string | undefined): string[] {
  if (value === undefined || value === '' || KNOWN_NODE_ENVS.includes(value)) return [];
  return [
    `NODE_ENV is "${value}", which is none of production, development, test (exactly so, in lower case); the service runs as in development (without a configured key it generates a development key)`,
  ];
}

function readOrigins(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  return value
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((origin) => {
      let parsed: URL | undefined;
      try {
        parsed = new URL(origin);
      } catch {
        parsed = undefined;
      }
      if (parsed === undefined || parsed.origin !== origin.replace(/\/$/, '') || parsed.origin === 'null') {
        throw new ConfigError(
          `BUDGETNORM_CORS_ORIGINS: "${origin}" is not an origin; write scheme://host[:port], e.g. https://app.example.nl`,
        );
      }
      return parsed.origin;
    });
}

function describeRuleSetError(error: unknown, what: string): ConfigError {
  if (error instanceof RuleSetError) return new ConfigError(`${what} cannot be used.\n${error.message}`);
  if (error instanceof RuleSetChoiceError) return new ConfigError(`${what}: ${error.message}`);
  const reason = (error as NodeJS.ErrnoException).code ?? errorMessage(error);
  return new ConfigError(`${what} cannot be read (${reason})`);
}

function readRuleSet(
  env: Environment,
  today: string,
): Pick<ServiceConfig, 'catalog' | 'ruleSet' | 'family' | 'ruleSetSource'> & { warnings: string[] } {
  const folder = env['BUDGETNORM_RULESET_DIR'];
  const id = env['BUDGETNORM_RULESET']?.trim();
  const family = env['BUDGETNORM_FAMILY']?.trim() || undefined;
  const withFamily = family === undefined ? {} : { family };
  if (folder !== undefined && folder.trim() !== '')
    return { ...readRuleSetFolder(folder, id, today, family), ...withFamily };
  if (id !== undefined && id !== '') {
    let set: RuleSet;
    try {
      set = bundledCatalog().byId(id);
    } catch (error) {
      throw describeRuleSetError(error, 'BUDGETNORM_RULESET');
    }
    familyAgrees(set, family, `BUDGETNORM_RULESET (${id})`);
    return { ruleSet: id, ...withFamily, ruleSetSource: `${id} (pinned by BUDGETNORM_RULESET)`, warnings: [] };
  }
  try {
    const set = bundledCatalog().forDate(today, family);
    const ofFamily = family === undefined ? '' : ` of family ${family}`;
    return {
      ...withFamily,
      ruleSetSource: `the bundled rule set${ofFamily} valid on the day of each request (today ${set.id})`,
      warnings: [],
    };
  } catch (error) {
    throw describeRuleSetError(
      error,
      family === undefined
        ? 'No rule set for today: pin one with BUDGETNORM_RULESET or load one with BUDGETNORM_RULESET_DIR'
        : `BUDGETNORM_FAMILY (${family})`,
    );
  }
}

/** `BUDGETNORM_RULESET_DIR`: the one set of the service, which must agree with `BUDGETNORM_RULESET` and `BUDGETNORM_FAMILY`. */
function readRuleSetFolder(
  folder: string,
  id: string | undefined,
  today: string,
  family: string | undefined,
): Pick<ServiceConfig, 'catalog' | 'ruleSet' | 'ruleSetSource'> & { warnings: string[] } {
  const warnings: string[] = [];
  const path = resolve(folder);
  let set: RuleSet;
  try {
    set = loadRuleSetFolder(path);
  } catch (error) {
    throw describeRuleSetError(error, `BUDGETNORM_RULESET_DIR: the rule set in ${path}`);
  }
  if (id !== undefined && id !== '' && id !== set.id) {
    throw new ConfigError(
      `BUDGETNORM_RULESET is "${id}" but the rule set in BUDGETNORM_RULESET_DIR (${path}) is "${set.id}"; set one of the two, or make them agree`,
    );
  }
  familyAgrees(set, family, `the rule set in BUDGETNORM_RULESET_DIR (${path})`);
  if (today < set.validFrom || today > set.validUntil) {
    warnings.push(
      `the rule set ${set.id} from ${path} is valid ${set.validFrom}..${set.validUntil}, not today (${today}); it is used anyway, as configured`,
    );
  }
  return { catalog: new RuleSetCatalog([set]), ruleSet: set, ruleSetSource: `${set.id} from ${path}`, warnings };
}

/** A pinned set must be of the family `BUDGETNORM_FAMILY` names, if it names one. */
function familyAgrees(set: RuleSet, family: string | undefined, what: string): void {
  if (familyMismatch(set, family) !== undefined)
    throw new ConfigError(
      `BUDGETNORM_FAMILY is "${family}" but ${what} is of family "${set.family}"; set one of the two, or make them agree`,
    );
}

/** Reads and checks the configuration. Throws `ConfigError` with what to fix. */
export function readServiceConfig(
  env: Environment,
  io: { readFile?: (path: string) => string; now?: () => Date } = {},
): ServiceConfig {
  const readFile = io.readFile ?? ((path: string) => readFileSync(path, 'utf8'));
  const today = referenceDate(io.now?.() ?? new Date());
  const host = env['HOST']?.trim() || DEFAULT_HOST;
  const port = readPort(env['PORT']);
  const corsOrigins = readOrigins(env['BUDGETNORM_CORS_ORIGINS']);
  const listenBacklog = readBacklog(env['BUDGETNORM_LISTEN_BACKLOG']);
  const directPath = readDirectPath(env['BUDGETNORM_DIRECT_PATH']);
  const memos = readMemos(env['BUDGETNORM_MEMOS']);
  const keyDigests = readKeys(env, readFile);
  const rules = readRuleSet(env, today);
  const base = {
    host,
    port,
    corsOrigins,
    listenBacklog,
    directPath,
    memos,
    ruleSetSource: rules.ruleSetSource,
    warnings: [...nodeEnvWarnings(env['NODE_ENV']), ...rules.warnings],
    ...(rules.catalog !== undefined ? { catalog: rules.catalog } : {}),
    ...(rules.ruleSet !== undefined ? { ruleSet: rules.ruleSet } : {}),
    ...(rules.family !== undefined ? { family: rules.family } : {}),
  };
  if (keyDigests.length > 0) return { ...base, keyDigests };
  if (env['NODE_ENV'] === 'production') {
    throw new ConfigError(
      'NODE_ENV=production and no subscription key is configured: set BUDGETNORM_API_KEYS (comma-separated) or BUDGETNORM_API_KEYS_FILE (one key per line)',
    );
  }
  const developmentKey = `budgetnorm-dev-${randomBytes(24).toString('base64url')}`;
  return { ...base, keyDigests: [digestKey(developmentKey)], developmentKey };
}
