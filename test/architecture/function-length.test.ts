/**
 * Issue 18 item 5: no function over ~80 lines without a reason stated beside it, in src/ and
 * (issue 41 item 6) in scripts/. A long
 * function mixes concerns that a reader must hold in mind at once; splitting it into named
 * pieces is usually clearer. Where one piece genuinely is clearer (a declarative literal, a
 * scanner's state machine), the author says why in a comment `Over 80 lines because …` in
 * the 3 lines above the function, and this scan accepts it.
 *
 * The scan uses the TypeScript parser, so every function form counts: declarations,
 * function expressions, arrow functions, methods, accessors and constructors. A function's
 * span runs from its first to its last line (nested functions count inside their parent too,
 * as they do for the reader).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');
const SCRIPTS = join(ROOT, 'scripts');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'function-length');

/** The line limit of issue 18 item 5 ("no function over ~80 lines"). */
const MAX_LINES = 80;
/** How far above a function its reason comment may stand (a TSDoc block may sit between). */
const REASON_WINDOW = 3;
const REASON = 'Over 80 lines because';

interface LongFunction {
  /** Path relative to the repository root, with `/` separators. */
  file: string;
  name: string;
  /** 1-based line where the function starts. */
  line: number;
  lines: number;
  /** Whether an `Over 80 lines because` comment stands in the lines above it. */
  reasoned: boolean;
}

/** TypeScript and JavaScript modules, not declarations or generated files. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:tsx?|mts|mjs)$/.test(entry.name))
    .filter((entry) => !entry.name.endsWith('.generated.ts') && !/\.d\.m?ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The name a reader would search for: the declared name, or the variable/property it is assigned to. */
function functionName(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name !== undefined) return named.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(source);
  }
  return '(anonymous)';
}

/** The line where the function's statement starts, so a `const x = () => …` counts from `const`. */
function statementStart(node: ts.Node): ts.Node {
  let start: ts.Node = node;
  while (
    ts.isVariableDeclaration(start.parent) ||
    ts.isVariableDeclarationList(start.parent) ||
    ts.isVariableStatement(start.parent)
  ) {
    start = start.parent;
  }
  return start;
}

function hasReason(lines: readonly string[], startLine: number): boolean {
  const from = Math.max(0, startLine - 1 - REASON_WINDOW);
  return lines.slice(from, startLine - 1).some((line) => line.includes(REASON));
}

/** Every function in the given files longer than MAX_LINES, with whether its reason is stated. */
function longFunctions(files: readonly string[]): LongFunction[] {
  const found: LongFunction[] = [];
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const lines = text.split('\n');
    const file = relative(ROOT, path).split(sep).join('/');
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body !== undefined) {
        const first = source.getLineAndCharacterOfPosition(statementStart(node).getStart(source)).line + 1;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
        const count = last - first + 1;
        if (count > MAX_LINES) {
          found.push({
            file,
            name: functionName(node, source),
            line: first,
            lines: count,
            reasoned: hasReason(lines, first),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const describeLong = (fn: LongFunction) => `${fn.file}:${fn.line} ${fn.name} (${fn.lines} lines)`;

/**
 * TEMPORARY (issue 41): long functions in scripts/ that other changes of issue 41 are rewriting
 * (so they were left alone here), as `file name`. The integrator removes each entry once its
 * file's change is merged and the function is split or reasoned; the test fails on an entry
 * that no longer names a long function without a reason, so a stale one cannot stay.
 */
const SCRIPTS_NOT_YET_DONE: readonly string[] = [
  'scripts/bench.ts coldStart',
  'scripts/lib/reliability-service.ts spawnService',
];

describe('function length (issue 18 item 5)', () => {
  it('finds a planted long function without a reason, and accepts one with its reason in the 3 lines above', () => {
    const found = longFunctions(sourceFiles(FIXTURES));
    const byName = new Map(found.map((fn) => [fn.name, fn]));
    expect(byName.get('plantedLongFunction')).toMatchObject({ reasoned: false, lines: 84 });
    expect(byName.get('plantedLongArrow')).toMatchObject({ reasoned: false });
    expect(byName.get('reasonedLongFunction')).toMatchObject({ reasoned: true });
    expect(byName.get('farReasonFunction')).toMatchObject({ reasoned: false });
    expect(byName.has('shortFunction')).toBe(false);
  });

  it('src/ has no function over 80 lines without a stated reason', () => {
    const found = longFunctions(sourceFiles(SRC));
    const unexplained = found.filter((fn) => !fn.reasoned).map(describeLong);
    expect(unexplained).toEqual([]);
  });

  it('scripts/ (.ts and .mjs) has none either, but for the temporary list above, each entry still long', () => {
    const unexplained = longFunctions(sourceFiles(SCRIPTS)).filter((fn) => !fn.reasoned);
    const listed = (fn: LongFunction) => SCRIPTS_NOT_YET_DONE.includes(`${fn.file} ${fn.name}`);
    expect(unexplained.filter((fn) => !listed(fn)).map(describeLong)).toEqual([]);
    const stale = SCRIPTS_NOT_YET_DONE.filter((entry) => !unexplained.some((fn) => `${fn.file} ${fn.name}` === entry));
    expect(stale, 'no longer long: remove from SCRIPTS_NOT_YET_DONE').toEqual([]);
  });

  it('scans the .mjs files of scripts/ too', () => {
    const files = sourceFiles(SCRIPTS).map((path) => relative(ROOT, path).split(sep).join('/'));
    expect(files).toEqual(expect.arrayContaining(['scripts/bundle.mjs', 'scripts/lib/pack.mjs', 'scripts/bench.ts']));
    expect(files.filter((file) => file.endsWith('.d.mts'))).toEqual([]);
  });
});
