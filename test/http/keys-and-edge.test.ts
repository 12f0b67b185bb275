/** Key digests and comparison; and src/http staying free of Node so it runs on edge workers. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual, digestKey, SubscriptionKeys } from '../../src/http/index.js';

describe('subscription key digests', () => {
  it('SHA-256 of the UTF-8 bytes', () => {
    const hex = Array.from(digestKey('abc'), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(hex).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('constant-time equality: equal, different anywhere, different length', () => {
    const a = digestKey('one');
    expect(constantTimeEqual(a, Uint8Array.from(a))).toBe(true);
    for (const i of [0, 15, 31]) {
      const b = Uint8Array.from(a);
      b[i] = (b[i] as number) ^ 1;
      expect(constantTimeEqual(a, b)).toBe(false);
    }
    expect(constantTimeEqual(a, a.subarray(0, 31))).toBe(false);
  });

  it('accepts exactly the configured keys, given as text or digest', () => {
    const keys = SubscriptionKeys.of(['first-key', 'second-key'], [digestKey('third-key')]);
    expect(keys.size).toBe(3);
    for (const k of ['first-key', 'second-key', 'third-key']) expect(keys.accepts(k)).toBe(true);
    for (const k of ['', 'first-key ', 'First-key', 'first-ke', 'fourth-key']) expect(keys.accepts(k)).toBe(false);
    expect(() => SubscriptionKeys.of([], [new Uint8Array(31)])).toThrow(/32 bytes/);
  });
});

describe('src/http runs on edge workers', () => {
  const folder = join(import.meta.dirname, '..', '..', 'src', 'http');
  const files = readdirSync(folder).filter((f) => f.endsWith('.ts'));
  const ALLOWED_PACKAGES = ['hono', 'hono/cors', 'zod', '@noble/hashes/sha2.js'];

  it.each(files)('%s imports only web-standard code and uses no Node global', (file) => {
    const source = ts.createSourceFile(file, readFileSync(join(folder, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const problems: string[] = [];
    const visit = (node: ts.Node): void => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const spec = node.moduleSpecifier.text;
        if (!spec.startsWith('.') && !ALLOWED_PACKAGES.includes(spec)) problems.push(`imports ${spec}`);
        if (spec.startsWith('../node/') || spec.startsWith('../cli/')) problems.push(`imports ${spec}`);
      }
      if (
        ts.isIdentifier(node) &&
        ['process', 'Buffer', 'require', '__dirname'].includes(node.text) &&
        !ts.isPropertyAccessExpression(node.parent)
      ) {
        problems.push(`uses ${node.text}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(problems).toEqual([]);
  });
});
