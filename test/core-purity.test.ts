/**
 * The core (everything under src/ except the Node-only adapters) must run unchanged in
 * browsers, Deno, Bun and edge workers, and must never evaluate code from strings. This scans
 * every core source file with the TypeScript parser (so comments and strings never count)
 * and fails on a Node import or a Node global, eval, new Function or require.
 *
 * It also holds the layers to their order (docs: README, "Layout"): contract → household →
 * rules → engine → calculations → the shells (http, cli, node, worker, advisor, the entry
 * points). A module may import from its own layer or one below it, never from one above.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');
/**
 * The shells, not scanned as core: adapters that may use Node (HTTP server, command line, the
 * `budgetnorm/node` entry), and the advisor page, which uses the DOM (its own tsconfig has no
 * Node types, and its bundle passes the same Node-builtin guard as the core's).
 */
const NODE_ONLY_FOLDERS = ['http', 'cli', 'node', 'advisor'];

const NODE_BUILTINS = new Set([
  'fs',
  'path',
  'crypto',
  'os',
  'child_process',
  'worker_threads',
  'stream',
  'url',
  'util',
  'buffer',
  'process',
  'events',
  // Not in the brief's list, but just as Node-only; cheap to forbid as well.
  'module',
  'net',
  'http',
  'https',
  'http2',
  'tls',
  'dns',
  'zlib',
  'vm',
  'cluster',
  'readline',
  'assert',
  'perf_hooks',
  'async_hooks',
  'timers',
  'v8',
  'inspector',
  'dgram',
  'tty',
  'string_decoder',
  'querystring',
]);
/** Globals a browser or worker does not have, or that evaluate code. */
const FORBIDDEN_GLOBALS = new Set(['process', 'Buffer', 'require', 'eval', '__dirname', '__filename']);
const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'window', 'self']);

function isForbiddenModule(specifier: string): boolean {
  if (specifier.startsWith('node:')) return true;
  // `fs/promises`, `path/posix`, `stream/web`… are the same modules.
  return NODE_BUILTINS.has(specifier.split('/')[0] ?? specifier);
}

/** Whether an identifier is a reference to a variable (not a property name or a declared member name). */
function isReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isEnumMember(parent) ||
      ts.isGetAccessor(parent) ||
      ts.isSetAccessor(parent)) &&
    parent.name === node
  )
    return false;
  if (ts.isQualifiedName(parent) && parent.right === node) return false;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return false;
  return true;
}

/** Every forbidden use in a source text, as `line: what`. */
function forbiddenUses(sourceText: string, fileName = 'sample.ts'): string[] {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${line + 1}: ${what}`);
  };
  const checkSpecifier = (node: ts.Node, specifier: ts.Node | undefined) => {
    if (specifier !== undefined && ts.isStringLiteralLike(specifier) && isForbiddenModule(specifier.text)) {
      report(node, `imports '${specifier.text}'`);
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) checkSpecifier(node, node.moduleSpecifier);
    if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      checkSpecifier(node, node.moduleReference.expression);
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) checkSpecifier(node, node.argument.literal);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      checkSpecifier(node, node.arguments[0]);
    }
    if (ts.isIdentifier(node) && FORBIDDEN_GLOBALS.has(node.text) && isReference(node))
      report(node, `uses ${node.text}`);
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      GLOBAL_OBJECTS.has(node.expression.text) &&
      (FORBIDDEN_GLOBALS.has(node.name.text) || node.name.text === 'Function')
    ) {
      report(node, `uses ${node.expression.text}.${node.name.text}`);
    }
    if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Function'
    ) {
      report(node, 'constructs a Function from a string');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function coreSourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      const isNodeOnly = folder === SRC && NODE_ONLY_FOLDERS.includes(entry.name);
      return isNodeOnly ? [] : coreSourceFiles(path);
    }
    const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts');
    return isSource ? [path] : [];
  });
}

describe('the core uses no Node API and evaluates no code', () => {
  const files = coreSourceFiles(SRC);

  it('finds the core source files', () => {
    const names = files.map((file) => relative(SRC, file).split(sep).join('/'));
    expect(names).toContain('household/household.ts');
    expect(names).toContain('contract/errors.ts');
    expect(names.some((name) => NODE_ONLY_FOLDERS.some((folder) => name.startsWith(`${folder}/`)))).toBe(false);
  });

  it.each(files.map((file) => [relative(SRC, file), file]))('%s', (_name, file) => {
    expect(forbiddenUses(readFileSync(file, 'utf8'), file)).toEqual([]);
  });
});

describe('the detector', () => {
  it.each([
    ["import { readFileSync } from 'fs';", "imports 'fs'"],
    ["import fs from 'node:fs';", "imports 'node:fs'"],
    ["import { readFile } from 'fs/promises';", "imports 'fs/promises'"],
    ["import type { Readable } from 'node:stream';", "imports 'node:stream'"],
    ["import { join } from 'path';", "imports 'path'"],
    ["import { randomUUID } from 'crypto';", "imports 'crypto'"],
    ["import os from 'os';", "imports 'os'"],
    ["import { spawn } from 'child_process';", "imports 'child_process'"],
    ["import { Worker } from 'worker_threads';", "imports 'worker_threads'"],
    ["import { fileURLToPath } from 'url';", "imports 'url'"],
    ["import { inspect } from 'util';", "imports 'util'"],
    ["import { Buffer as B } from 'buffer';", "imports 'buffer'"],
    ["import { env } from 'process';", "imports 'process'"],
    ["import { EventEmitter } from 'events';", "imports 'events'"],
    ["export { join } from 'node:path';", "imports 'node:path'"],
    ["const fs = await import('node:fs');", "imports 'node:fs'"],
    ["type T = typeof import('fs');", "imports 'fs'"],
    ["import fs = require('fs');", "imports 'fs'"],
    ['const home = process.env.HOME;', 'uses process'],
    ['const bytes = Buffer.from("x");', 'uses Buffer'],
    ['const x = eval("1 + 1");', 'uses eval'],
    ['const f = new Function("return 1");', 'constructs a Function from a string'],
    ['const f = Function("return 1");', 'constructs a Function from a string'],
    ["const lib = require('zod');", 'uses require'],
    ['const e = globalThis.process;', 'uses globalThis.process'],
  ])('flags %s', (sample, what) => {
    expect(forbiddenUses(sample).map((finding) => finding.replace(/^\d+: /, ''))).toContain(what);
  });

  it('ignores comments, strings and property names', () => {
    const clean = [
      '// never read process.env here, and never eval( anything or require( a module',
      "/* import fs from 'fs'; new Function('x') */",
      "const message = 'process.env and Buffer are Node-only; new Function is banned';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text under test holds a template literal
      'const template = `eval(${1})`;',
      'const request = { process: 1, Buffer: 2 };',
      'const step = request.process;',
      'interface Job { process(): void; require: string }',
      "import { z } from 'zod';",
      "import { money } from '../contract/money.js';",
    ].join('\n');
    expect(forbiddenUses(clean)).toEqual([]);
  });

  it('reports the line of each finding', () => {
    expect(forbiddenUses("const a = 1;\nimport os from 'os';\nprocess.exit(1);")).toEqual([
      "2: imports 'os'",
      '3: uses process',
    ]);
  });
});

// The layers, lowest first; any other folder of src/ (and src/*.ts) is a shell, above them all.
const LAYERS = ['contract', 'household', 'rules', 'engine', 'calculations'] as const;
const SHELL = LAYERS.length;

function layerOf(pathFromRoot: string): number {
  const top = pathFromRoot.includes('/') ? (pathFromRoot.split('/')[0] ?? '') : '';
  const rank = (LAYERS as readonly string[]).indexOf(top);
  return rank < 0 ? SHELL : rank;
}

const layerName = (rank: number): string => LAYERS[rank] ?? 'shell';

/** Every relative module specifier of a source text (imports, re-exports, import types, dynamic imports), with its line. */
function relativeSpecifiers(sourceText: string, fileName: string): { line: number; specifier: string }[] {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: { line: number; specifier: string }[] = [];
  const take = (node: ts.Node, specifier: ts.Node | undefined) => {
    if (specifier !== undefined && ts.isStringLiteralLike(specifier) && specifier.text.startsWith('.'))
      found.push({
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        specifier: specifier.text,
      });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) take(node, node.moduleSpecifier);
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) take(node, node.argument.literal);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      take(node, node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFilesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFilesUnder(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every import under `root` that points up the layers, as `file:line imports target (from → to)`. */
function wrongWayImports(root: string): string[] {
  const found: string[] = [];
  for (const file of sourceFilesUnder(root)) {
    const from = relative(root, file).split(sep).join('/');
    for (const { line, specifier } of relativeSpecifiers(readFileSync(file, 'utf8'), file)) {
      const target = relative(root, join(dirname(file), specifier))
        .split(sep)
        .join('/');
      if (target.startsWith('..')) continue; // outside the tree: not a layer
      const [a, b] = [layerOf(from), layerOf(target)];
      if (a < b) found.push(`${from}:${line} imports ${target} (${layerName(a)} → ${layerName(b)})`);
    }
  }
  return found;
}

describe('the layers point one way', () => {
  it('no module of src/ imports from a layer above its own', () => {
    expect(wrongWayImports(SRC)).toEqual([]);
  });

  it('finds the imports it checks (so an empty list above means something)', () => {
    const imports = sourceFilesUnder(join(SRC, 'engine')).flatMap((f) =>
      relativeSpecifiers(readFileSync(f, 'utf8'), f),
    );
    expect(imports.some((i) => i.specifier.startsWith('../contract/'))).toBe(true);
  });

  it('fails on a wrong-way import planted in a fixture, and on no right-way one', () => {
    // test/fixtures/layers: contract/planted.ts imports the household (up), household/household.ts
    // imports the contract (down), engine/uses-rules.ts a type from the rules (down).
    expect(wrongWayImports(join(import.meta.dirname, 'fixtures', 'layers'))).toEqual([
      'contract/planted.ts:2 imports household/household.js (contract → household)',
      'contract/planted.ts:3 imports calculations/run.js (contract → calculations)',
    ]);
  });
});
