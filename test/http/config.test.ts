/** Reading the service configuration from the environment (src/node/service-config.ts). */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { digestKey, SubscriptionKeys } from '../../src/http/index.js';
import { nativeDigestKey } from '../../src/node/digest.js';
import { ConfigError, readServiceConfig, type Environment } from '../../src/node/server.js';

const RULES = join(import.meta.dirname, '..', '..', 'rules');
const tmp = mkdtempSync(join(tmpdir(), 'budgetnorm-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const june2026 = () => new Date('2026-06-15T12:00:00Z');
const read = (env: Environment, files: Record<string, string> = {}) =>
  readServiceConfig(env, {
    now: june2026,
    readFile: (path) => {
      const text = files[path];
      if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      return text;
    },
  });
const accepts = (digests: readonly Uint8Array[], key: string) => SubscriptionKeys.of([], digests).accepts(key);

function fails(f: () => unknown): ConfigError {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('defaults', () => {
  it('127.0.0.1:8080, no CORS, the rule set valid on the day', () => {
    const config = read({ BUDGETNORM_API_KEYS: 'k1' });
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, corsOrigins: [], warnings: [] });
    expect(config.ruleSet).toBeUndefined();
    expect(config.ruleSetSource).toContain('nl-2026');
  });

  it('HOST and PORT', () => {
    expect(read({ BUDGETNORM_API_KEYS: 'k', HOST: '0.0.0.0', PORT: '3000' })).toMatchObject({
      host: '0.0.0.0',
      port: 3000,
    });
    expect(read({ BUDGETNORM_API_KEYS: 'k', PORT: '0' }).port).toBe(0);
    for (const port of ['http', '-1', '65536', '80.5']) {
      expect(fails(() => read({ BUDGETNORM_API_KEYS: 'k', PORT: port })).message).toMatch(/^PORT must be/);
    }
  });
});

describe('subscription keys', () => {
  it('from BUDGETNORM_API_KEYS, comma-separated, kept only as digests', () => {
    const config = read({ BUDGETNORM_API_KEYS: ' alpha-key , beta-key,,' });
    expect(config.keyDigests).toHaveLength(2);
    expect(config.keyDigests[0]).toEqual(digestKey('alpha-key'));
    expect(accepts(config.keyDigests, 'beta-key')).toBe(true);
    expect(JSON.stringify(config)).not.toContain('alpha-key');
    expect(config.developmentKey).toBeUndefined();
  });

  it('from BUDGETNORM_API_KEYS_FILE: one per line, # comments, blank lines, sha256: digests; with the list too', () => {
    const hex = Array.from(digestKey('gamma-key'), (b) => b.toString(16).padStart(2, '0')).join('');
    const file = `# keys of the service\n\nalpha-key\r\n  beta-key  \n# retired: old-key\nsha256:${hex}\n`;
    const config = read(
      { BUDGETNORM_API_KEYS_FILE: '/etc/keys', BUDGETNORM_API_KEYS: 'delta-key' },
      { '/etc/keys': file },
    );
    expect(config.keyDigests).toHaveLength(4);
    for (const key of ['alpha-key', 'beta-key', 'gamma-key', 'delta-key'])
      expect(accepts(config.keyDigests, key)).toBe(true);
    expect(accepts(config.keyDigests, 'old-key')).toBe(false);
  });

  it('an unreadable or empty key file, or a key that cannot be sent in a header, stops the start (never showing a key)', () => {
    expect(fails(() => read({ BUDGETNORM_API_KEYS_FILE: '/nope' })).message).toBe(
      'BUDGETNORM_API_KEYS_FILE: cannot read /nope (ENOENT)',
    );
    expect(fails(() => read({ BUDGETNORM_API_KEYS_FILE: '/k' }, { '/k': '# only a comment\n\n' })).message).toMatch(
      /holds no key/,
    );
    const bad = fails(() => read({ BUDGETNORM_API_KEYS_FILE: '/k' }, { '/k': 'good-key\nsecret with space\n' }));
    expect(bad.message).toMatch(/line 2/);
    expect(bad.message).not.toContain('secret');
    expect(fails(() => read({ BUDGETNORM_API_KEYS: 'sleutel-é' })).message).not.toContain('sleutel');
  });

  it('a line starting with sha256: that is not 64 hex digits stops the start, naming the line, never its text', () => {
    for (const line of [`sha256:${'a'.repeat(63)}`, 'sha256:zz', 'SHA256:', `sha256:${'c'.repeat(64)}x`]) {
      const bad = fails(() => read({ BUDGETNORM_API_KEYS_FILE: '/k' }, { '/k': `good-key\n\n${line}\n` }));
      expect(bad.message).toMatch(/BUDGETNORM_API_KEYS_FILE \/k line 3 /);
      expect(bad.message).toMatch(/64 hexadecimal digits/);
      expect(bad.message).not.toContain(line.slice(7) || 'good-key');
    }
  });

  const HEX = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
  it.each([
    ['a transposed algorithm', `sha265:${HEX}`],
    ['a hyphen', `sha-256:${HEX}`],
    ['a space before the colon', `SHA256 :${HEX}`],
    ['spaces around the colon', `sha256 : ${HEX}`],
    ['another algorithm', `sha512:${HEX}${HEX}`],
    ['a shorter digest', `md5:${HEX.slice(0, 32)}`],
    ['an underscore', `sha_256:${HEX.toUpperCase()}`],
  ])('a digest-like line with another prefix (%s) stops the start, naming the line, never its text', (_what, line) => {
    const bad = fails(() => read({ BUDGETNORM_API_KEYS_FILE: '/k' }, { '/k': `good-key\n\n${line}   # by digest\n` }));
    expect(bad.message).toMatch(/^BUDGETNORM_API_KEYS_FILE \/k line 3 /);
    expect(bad.message).toMatch(/sha256:/);
    expect(bad.message).not.toContain(HEX.slice(0, 16));
    expect(bad.message).not.toContain(HEX.slice(0, 16).toUpperCase());
  });

  it('a key with a colon and a few hex digits, or hex digits without a word before the colon, is still a key', () => {
    for (const key of ['team-a:0badcafe', `:${HEX}`, `1sha:${HEX}`, `sha256x${HEX}`]) {
      const config = read({ BUDGETNORM_API_KEYS_FILE: '/k' }, { '/k': `${key}\n` });
      expect(config.keyDigests).toEqual([nativeDigestKey(key)]);
    }
  });

  it('a # after whitespace starts a comment; a # inside a key is part of it', () => {
    const hex = Array.from(digestKey('gamma-key'), (b) => b.toString(16).padStart(2, '0')).join('');
    const file = `alpha-key   # the first\nbeta#key\nsha256:${hex}\t# gamma, by digest\n`;
    const config = read({ BUDGETNORM_API_KEYS_FILE: '/k' }, { '/k': file });
    expect(config.keyDigests).toHaveLength(3);
    for (const key of ['alpha-key', 'beta#key', 'gamma-key']) expect(accepts(config.keyDigests, key)).toBe(true);
    expect(accepts(config.keyDigests, 'alpha-key   # the first')).toBe(false);
  });

  it('NODE_ENV other than production, development or test: a warning, and it runs as development', () => {
    for (const value of ['Production', 'prod', 'staging']) {
      const config = read({ NODE_ENV: value });
      expect(config.developmentKey).toBeDefined();
      expect(config.warnings).toEqual([expect.stringMatching(`NODE_ENV is "${value}", which is none of production`)]);
    }
    for (const value of ['production', 'development', 'test', '']) {
      expect(read({ NODE_ENV: value, BUDGETNORM_API_KEYS: 'k' }).warnings).toEqual([]);
    }
  });

  it('none configured: a development key, printed by the entry point; in production: refuse to start', () => {
    const config = read({});
    expect(config.developmentKey).toMatch(/^budgetnorm-dev-[A-Za-z0-9_-]{32}$/);
    expect(accepts(config.keyDigests, config.developmentKey as string)).toBe(true);
    expect(read({}).developmentKey).not.toBe(config.developmentKey);
    expect(fails(() => read({ NODE_ENV: 'production' })).message).toMatch(
      /NODE_ENV=production and no subscription key.*BUDGETNORM_API_KEYS/,
    );
    expect(read({ NODE_ENV: 'production', BUDGETNORM_API_KEYS: 'k' }).developmentKey).toBeUndefined();
  });
});

describe('listen backlog', () => {
  it('BUDGETNORM_LISTEN_BACKLOG: default 4096; a whole number from 1 to 65535, else the start stops', () => {
    expect(read({}).listenBacklog).toBe(4096);
    expect(read({ BUDGETNORM_LISTEN_BACKLOG: ' 1024 ' }).listenBacklog).toBe(1024);
    for (const bad of ['0', '-1', '1e3', 'many', '70000'])
      expect(fails(() => read({ BUDGETNORM_LISTEN_BACKLOG: bad })).message).toMatch(
        /^BUDGETNORM_LISTEN_BACKLOG must be a whole number from 1 to 65535/,
      );
  });
});

describe('switches', () => {
  it.each([
    ['BUDGETNORM_DIRECT_PATH', 'directPath', ['on', 'off'], ['0', 'false', 'OFF', 'no']],
    ['BUDGETNORM_MEMOS', 'memos', ['1', '0'], ['off', 'false', 'no', '2']],
  ] as const)('%s: on by default; %j, else the start stops', (name, field, [on, off], bad) => {
    expect(read({})[field]).toBe(true);
    expect(read({ [name]: on })[field]).toBe(true);
    expect(read({ [name]: ` ${off} ` })[field]).toBe(false);
    for (const value of bad)
      expect(fails(() => read({ [name]: value })).message).toMatch(new RegExp(`^${name} must be ${on} or ${off}`));
  });
});

describe('CORS origins', () => {
  it('comma-separated origins; anything else stops the start', () => {
    expect(
      read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_CORS_ORIGINS: 'https://a.example.nl, http://localhost:3000/' })
        .corsOrigins,
    ).toEqual(['https://a.example.nl', 'http://localhost:3000']);
    for (const bad of ['*', 'a.example.nl', 'https://a.example.nl/path']) {
      expect(fails(() => read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_CORS_ORIGINS: bad })).message).toMatch(
        /^BUDGETNORM_CORS_ORIGINS/,
      );
    }
  });
});

describe('the rule set', () => {
  it('BUDGETNORM_RULESET pins a bundled set; an unknown id stops the start naming the ones there are', () => {
    expect(read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_RULESET: 'nl-2025' }).ruleSet).toBe('nl-2025');
    expect(fails(() => read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_RULESET: 'nl-1999' })).message).toMatch(
      /^BUDGETNORM_RULESET: no rule set with id "nl-1999"; available: nl-2025, nl-2026, vfn-2025, vfn-2026/,
    );
  });

  it('BUDGETNORM_FAMILY chooses the family of the set valid today; an unknown one or a pinned set of another stops the start', () => {
    const vfn = read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_FAMILY: 'vfn' });
    expect(vfn.family).toBe('vfn');
    expect(vfn.ruleSetSource).toMatch(
      /^the bundled rule set of family vfn valid on the day of each request \(today vfn-20\d\d\)$/,
    );
    expect(read({ BUDGETNORM_API_KEYS: 'k' }).family).toBeUndefined();
    expect(fails(() => read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_FAMILY: 'nibud' })).message).toBe(
      'BUDGETNORM_FAMILY (nibud): no rule set of family "nibud"; families: nl, vfn',
    );
    expect(read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_FAMILY: 'vfn', BUDGETNORM_RULESET: 'vfn-2025' }).ruleSet).toBe(
      'vfn-2025',
    );
    expect(
      fails(() => read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_FAMILY: 'vfn', BUDGETNORM_RULESET: 'nl-2025' })).message,
    ).toBe(
      'BUDGETNORM_FAMILY is "vfn" but BUDGETNORM_RULESET (nl-2025) is of family "nl"; set one of the two, or make them agree',
    );
  });

  it('no rule set valid today and none pinned: refuse to start', () => {
    const error = fails(() =>
      readServiceConfig({ BUDGETNORM_API_KEYS: 'k' }, { now: () => new Date('2031-01-01T12:00:00Z') }),
    );
    expect(error.message).toMatch(/BUDGETNORM_RULESET.*no rule set is valid on 2031-01-01/);
  });

  it('BUDGETNORM_RULESET_DIR loads and checks a folder, and pins it', () => {
    const folder = join(tmp, 'good');
    cpSync(join(RULES, 'nl-2026'), folder, { recursive: true });
    const config = read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_RULESET_DIR: folder });
    expect(typeof config.ruleSet === 'object' && config.ruleSet.id).toBe('nl-2026');
    expect(config.catalog?.list().map((s) => s.id)).toEqual(['nl-2026']);
    expect(config.warnings).toEqual([]);
    expect(
      read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_RULESET_DIR: folder, BUDGETNORM_RULESET: 'nl-2026' }).ruleSetSource,
    ).toContain(folder);
    expect(
      fails(() => read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_RULESET_DIR: folder, BUDGETNORM_RULESET: 'nl-2025' }))
        .message,
    ).toMatch(/make them agree/);
    const later = readServiceConfig(
      { BUDGETNORM_API_KEYS: 'k', BUDGETNORM_RULESET_DIR: folder },
      { now: () => new Date('2031-01-01T12:00:00Z') },
    );
    expect(later.warnings[0]).toMatch(/not today/);
  });

  it('a folder with a dangling link and a FIFO stops the start naming both (issue 42: no ENOENT, no hang)', () => {
    const folder = join(tmp, 'handed-over');
    cpSync(join(RULES, 'nl-2026'), folder, { recursive: true });
    symlinkSync(join(folder, 'gone.json'), join(folder, 'tables-extra.json'));
    execFileSync('mkfifo', [join(folder, 'parameters-extra.json')]);
    const error = fails(() => read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_RULESET_DIR: folder }));
    expect(error.message).toContain(`BUDGETNORM_RULESET_DIR: the rule set in ${folder} cannot be used.`);
    expect(error.message).toMatch(/parameters-extra\.json \$: \[special_file\]/);
    expect(error.message).toMatch(/tables-extra\.json \$: \[dangling_link\]/);
    expect(error.message).not.toContain('ENOENT');
  });

  it('a broken rule set stops the start with a message naming file and path', () => {
    const folder = join(tmp, 'broken');
    cpSync(join(RULES, 'nl-2026'), folder, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(folder, 'manifest.json'), JSON.stringify({ ...manifest, onbekendVeld: true }));
    const error = fails(() => read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_RULESET_DIR: folder }));
    expect(error.message).toContain(`BUDGETNORM_RULESET_DIR: the rule set in ${folder} cannot be used.`);
    expect(error.message).toMatch(/manifest\.json \$\S*onbekendVeld/);

    writeFileSync(join(folder, 'manifest.json'), '{ "id": "nl-2026", }');
    expect(fails(() => read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_RULESET_DIR: folder })).message).toMatch(
      /manifest\.json \$: \[invalid_json\] not valid JSON/,
    );
    expect(
      fails(() => read({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_RULESET_DIR: join(tmp, 'missing') })).message,
    ).toMatch(/\[folder_not_found\] there is no folder .*missing/);
  });
});
