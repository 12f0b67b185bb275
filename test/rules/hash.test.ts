/**
 * The content hash: the same rules give the same hash however the files are written, and
 * any changed figure gives another.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleSet } from '../../src/engine/load-rule-set.js';
import { readRuleSetFolder } from '../../src/node/load-folder.js';
import { canonicalJson, hashRuleFiles } from '../../src/rules/hash.js';
import { parseRuleSet } from '../../src/rules/load.js';
import { MINI_DIR, miniFiles, type Files, type Json } from '../engine/support.js';

const hashOf = (files: Files): string => parseRuleSet(files).hash;

/** The same JSON with the keys of every object in reverse order. */
function reverseKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((k) => [k, reverseKeys(value[k])]),
  );
}

describe('the rule-set hash', () => {
  const base = hashOf(miniFiles());

  it('is 64 lowercase hex digits (SHA-256)', () => {
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the same for the same files, and loadRuleSet reports it', () => {
    expect(hashOf(miniFiles())).toBe(base);
    expect(loadRuleSet(miniFiles()).hash).toBe(base);
    expect(hashRuleFiles(miniFiles())).toBe(base);
  });

  it('does not depend on key order', () => {
    const reversed = Object.fromEntries(
      Object.entries(miniFiles())
        .reverse()
        .map(([name, content]) => [name, reverseKeys(content)]),
    );
    expect(JSON.stringify(reversed)).not.toBe(JSON.stringify(miniFiles())); // the order really changed
    expect(hashOf(reversed)).toBe(base);
  });

  it('does not depend on white space in the files on disk', () => {
    const folder = mkdtempSync(join(tmpdir(), 'budgetnorm-hash-'));
    try {
      for (const [name, content] of Object.entries(miniFiles()))
        writeFileSync(join(folder, name), JSON.stringify(content, null, name.length % 2 === 0 ? 4 : 0));
      const fromDisk = readRuleSetFolder(folder);
      expect(hashOf(fromDisk)).toBe(base);
      expect(hashOf(readRuleSetFolder(MINI_DIR))).toBe(base);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('ignores a top-level $schema', () => {
    const files = miniFiles();
    for (const content of Object.values(files)) content.$schema = '../schema/whatever.schema.json';
    expect(hashOf(files)).toBe(base);
  });

  it('ignores the tests/ folder', () => {
    expect(hashOf({ ...miniFiles(), 'tests/afloscapaciteit/one.json': { description: 'x' } })).toBe(base);
  });

  it('changes with one changed value', () => {
    const files = miniFiles();
    files['parameters.json'].parameters.normSingle.value = '1000.51';
    expect(hashOf(files)).not.toBe(base);
    const table = miniFiles();
    table['tables.json'].tables.ownerSurcharge.cells[1].value = '111';
    expect(hashOf(table)).not.toBe(base);
  });

  it('changes with a changed rule, a changed date and a renamed file', () => {
    const rule = miniFiles();
    rule['afloscapaciteit.json'].posts[2].rules[0].when.not.operator = 'greaterThan';
    const date = miniFiles();
    date['manifest.json'].validUntil = '2030-12-30';
    const split = miniFiles();
    split['parameters-all.json'] = split['parameters.json'];
    delete split['parameters.json'];
    expect(new Set([base, hashOf(rule), hashOf(date), hashOf(split)]).size).toBe(4);
  });

  it('a $schema deeper down is content, not editor metadata', () => {
    // Only the top-level key is left out; the strict schemas refuse it elsewhere anyway.
    expect(hashRuleFiles({ 'a.json': { x: { $schema: 'a' } } })).not.toBe(hashRuleFiles({ 'a.json': { x: {} } }));
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level and writes no white space', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it('keeps array order and writes strings and numbers as JSON does', () => {
    expect(canonicalJson([3, 1, '2', 1.5, true])).toBe('[3,1,"2",1.5,true]');
    expect(canonicalJson({ s: 'a"b' })).toBe('{"s":"a\\"b"}');
  });

  it('tells a decimal written as a string from the number', () => {
    expect(canonicalJson({ v: '1071' })).not.toBe(canonicalJson({ v: 1071 }));
  });

  it('leaves out undefined members, as JSON would', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });
});
