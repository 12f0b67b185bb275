/**
 * Running the code examples of the documentation (the convention: docs/writing-docs.md).
 *
 * - `ts runnable` / `js runnable` blocks are ES modules: written to a temporary folder and
 *   imported through vite, where the plugin in vitest.config.ts resolves `budgetnorm`,
 *   `budgetnorm/node`, `budgetnorm/http` and `budgetnorm/worker` to the sources. An error names the page's line.
 * - `sh runnable` blocks are run by bash, command by command, in a scratch copy of the
 *   repository root, with `budgetnorm` meaning the CLI of the sources (run in this process, see
 *   serveCli); a following `text output` block must match what they print.
 */
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { ValidationError } from '../../src/contract/errors.js';
import { ISSUE_CODES } from '../../src/contract/issue-codes.js';
import { parseRepaymentRequest } from '../../src/household/parse-repayment.js';
import { parseRetirementRequest } from '../../src/household/parse-retirement.js';
import { newest } from '../../scripts/cli-ensure-built.js';
import type { Classification, FencedBlock } from './markdown.js';
import { ROOT } from './markdown.js';

/** Temporary folders of module examples start with this; vitest.config.ts resolves `budgetnorm` only inside them. */
export const MODULE_FOLDER_PREFIX = 'budgetnorm-doc-examples-';

/** The import specifiers an example module may use besides `node:` builtins. */
export const PACKAGE_ENTRIES = ['budgetnorm', 'budgetnorm/node', 'budgetnorm/http', 'budgetnorm/worker'] as const;

/** The subscription key of the service the shell examples call (`$KEY`). */
export const EXAMPLE_KEY = 'docs-example-key-5b7e1d';

/** The address the documentation uses for the service; a shell example's copy is replaced by the test service's. */
export const DOCUMENTED_ORIGIN = 'http://127.0.0.1:8080';

/** `README.md:40`: the page line of line `n` (1-based) of a block's body. */
export function pageLine(block: FencedBlock, n: number): string {
  return `${block.where.slice(0, block.where.lastIndexOf(':'))}:${block.line + n}`;
}

// ---------------------------------------------------------------------------------------------
// Modules

/** Every import specifier of a module's text: static, side-effect and dynamic imports, re-exports. */
export function importSpecifiers(code: string): string[] {
  const found: string[] = [];
  for (const pattern of [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/g,
    /\bimport\s*(['"])([^'"]+)\1/g,
    /\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g,
  ]) {
    for (const m of code.matchAll(pattern)) found.push(m[2] as string);
  }
  return found;
}

/** The code without comments, roughly (enough to count assertions that are not commented out). */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** How many assertions a module makes: calls of `assert` and its methods (`assert.throws` included). */
export function assertionCount(code: string): number {
  return [...withoutComments(code).matchAll(/\bassert(?:\.[a-zA-Z]+)?\s*\(/g)].length;
}

/** What makes a module example unacceptable before it runs: imports it may not use, no assertion. */
export function moduleProblems(block: FencedBlock): string[] {
  const problems: string[] = [];
  for (const specifier of importSpecifiers(block.body)) {
    if (specifier.startsWith('node:')) continue;
    if ((PACKAGE_ENTRIES as readonly string[]).includes(specifier)) continue;
    problems.push(
      `${block.where}: imports "${specifier}": an example imports only ${PACKAGE_ENTRIES.join(', ')} and node: builtins`,
    );
  }
  if (assertionCount(block.body) === 0)
    problems.push(
      `${block.where}: asserts nothing, so it cannot fail: state what the prose claims with node:assert/strict (assert.equal, assert.throws, …)`,
    );
  else if (!importSpecifiers(block.body).includes('node:assert/strict'))
    problems.push(
      `${block.where}: asserts without importing node:assert/strict (import assert from 'node:assert/strict')`,
    );
  return problems;
}

/** A temporary folder for module examples, inside which `budgetnorm` resolves to the sources. */
export function moduleFolder(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), MODULE_FOLDER_PREFIX));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Where a module example is written: `.mts` / `.mjs`, so it is an ES module wherever it lies. */
export function moduleFile(block: FencedBlock, dir: string): string {
  const name = block.where.replace(/[^A-Za-z0-9.-]+/g, '_');
  return join(dir, `${name}.${block.language === 'ts' ? 'mts' : 'mjs'}`);
}

/** Writes a module example to its file (the body unchanged, so its lines are the page's lines). */
export function writeModule(block: FencedBlock, dir: string): string {
  const file = moduleFile(block, dir);
  writeFileSync(file, `${block.body}\n`);
  return file;
}

/**
 * Runs a module example: its static problems first, then the import (which runs it). A failure
 * is rethrown with the page's file and line, and whatever the example logged.
 */
export async function runModule(block: FencedBlock, dir: string): Promise<void> {
  const problems = moduleProblems(block);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const file = writeModule(block, dir);
  const logged: string[] = [];
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const capture =
    (level: string) =>
    (...args: unknown[]): void => {
      logged.push(`${level}: ${args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')}`);
    };
  console.log = capture('log');
  console.info = capture('info');
  console.warn = capture('warn');
  console.error = capture('error');
  try {
    // Through vite (this file is loaded by vitest), where vitest.config.ts resolves `budgetnorm` to src/.
    await import(/* @vite-ignore */ file);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    const at = exampleLine(e, file);
    const where = at === undefined ? block.where : `${pageLine(block, at)} (in the example at ${block.where})`;
    const output = logged.length === 0 ? '' : `\nthe example logged:\n${logged.join('\n')}`;
    throw new Error(`${where}: ${e.name}: ${e.message}${output}`, { cause: e });
  } finally {
    Object.assign(console, saved);
  }
}

/** The line of the example file where an error arose, from its stack (source-mapped by vite). */
function exampleLine(error: Error, file: string): number | undefined {
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${escaped}:(\\d+)(?::\\d+)?`).exec(`${error.stack ?? ''}\n${error.message}`);
  return m === null ? undefined : Number(m[1]);
}

/**
 * The type errors of `ts runnable` examples, compiled together with the project's strict
 * settings (tsconfig.json), `budgetnorm`, `budgetnorm/node`, `budgetnorm/http` and `budgetnorm/worker` mapped to the
 * sources. Each error names the page's line.
 */
export function typeErrors(blocks: readonly FencedBlock[], dir: string): string[] {
  const files = new Map(blocks.map((b) => [writeModule(b, dir), b] as const));
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const program = ts.createProgram([...files.keys()], {
    ...options,
    noEmit: true,
    typeRoots: [join(ROOT, 'node_modules', '@types')],
    paths: {
      budgetnorm: [join(ROOT, 'src', 'index.ts')],
      'budgetnorm/node': [join(ROOT, 'src', 'node', 'index.ts')],
      'budgetnorm/http': [join(ROOT, 'src', 'http', 'index.ts')],
      'budgetnorm/worker': [join(ROOT, 'src', 'worker', 'index.ts')],
    },
  });
  const problems: string[] = [];
  for (const [file, block] of files) {
    const source = program.getSourceFile(file);
    if (source === undefined) {
      problems.push(`${block.where}: not compiled`);
      continue;
    }
    for (const d of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const at =
        d.start === undefined ? block.where : pageLine(block, source.getLineAndCharacterOfPosition(d.start).line + 1);
      problems.push(`${at}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// JSON

function parseJson(block: FencedBlock): unknown {
  try {
    return JSON.parse(block.body);
  } catch (error) {
    throw new Error(`${block.where}: not valid JSON: ${(error as Error).message}`);
  }
}

/** The issues the library gives for a request body (none when it is accepted). */
function requestIssues(block: FencedBlock, calculation: 'afloscapaciteit' | 'pensioenuitgaven'): unknown[] {
  const body = parseJson(block);
  try {
    (calculation === 'afloscapaciteit' ? parseRepaymentRequest : parseRetirementRequest)(body);
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.issues.map((i) => ({ ...i }));
    throw error;
  }
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Checks a JSON block of the kinds this runner owns; throws with the page's line when it fails.
 * `previous` is the block before it on the page (an issues block compares with its request).
 */
export function checkJson(
  block: FencedBlock,
  kind: Classification,
  previous: { block: FencedBlock; classification: Classification } | undefined,
): void {
  switch (kind.type) {
    case 'json':
      parseJson(block);
      return;
    case 'request': {
      const issues = requestIssues(block, kind.calculation);
      if (kind.refused && issues.length === 0)
        throw new Error(`${block.where}: marked expect=refused, but the library accepts this ${kind.calculation} body`);
      if (!kind.refused && issues.length > 0)
        throw new Error(`${block.where}: the library refuses this ${kind.calculation} body: ${JSON.stringify(issues)}`);
      return;
    }
    case 'issues': {
      if (previous?.classification.type !== 'request')
        throw new Error(`${block.where}: an issues block must follow a refused request block`);
      const actual = requestIssues(previous.block, previous.classification.calculation);
      const shown = parseJson(block);
      if (!same(shown, actual))
        throw new Error(
          `${block.where}: the issues differ from what the library gives for ${previous.block.where}:\n${JSON.stringify(actual, null, 2)}`,
        );
      return;
    }
    case 'issue': {
      const issue = parseJson(block);
      const fields = issue !== null && typeof issue === 'object' ? Object.keys(issue).sort() : [];
      if (!same(fields, ['code', 'message', 'path']))
        throw new Error(`${block.where}: an issue is an object of path, code and message`);
      const { code, path, message } = issue as Record<string, unknown>;
      if (typeof path !== 'string' || typeof message !== 'string')
        throw new Error(`${block.where}: path and message are strings`);
      if (!(Object.values(ISSUE_CODES) as unknown[]).includes(code))
        throw new Error(`${block.where}: ${JSON.stringify(code)} is not an issue code (src/contract/issue-codes.ts)`);
      return;
    }
    default:
      throw new Error(`${block.where}: not a JSON block this runner checks (${kind.type})`);
  }
}

// ---------------------------------------------------------------------------------------------
// Shell

export interface ShellCommand {
  /** The command as written: continuation lines and comments included. */
  readonly text: string;
  /** 1-based line of the block's body where it starts. */
  readonly line: number;
  /** The exit status it must end with: 0, unless a comment on it says `exit status N`. */
  readonly status: number;
}

/**
 * The commands of a shell block: one per line, except that a line ending in `\`, `|`, `&&` or
 * `||`, or inside an open quote, continues on the next. Blank lines and whole-line comments are
 * not commands. A comment `# … exit status N` declares the status the command must end with.
 */
export function splitCommands(body: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  const lines = body.split('\n');
  let current: string[] = [];
  let comments: string[] = [];
  let start = 0;
  let quote: "'" | '"' | undefined;
  lines.forEach((line, i) => {
    if (current.length === 0) {
      if (line.trim() === '' || line.trim().startsWith('#')) return;
      start = i + 1;
    }
    current.push(line);
    let code = '';
    let continued = false;
    for (let k = 0; k < line.length; k += 1) {
      const ch = line[k] as string;
      if (quote === "'") {
        if (ch === "'") quote = undefined;
        code += ch;
      } else if (ch === '\\') {
        if (k === line.length - 1) continued = true;
        code += line.slice(k, k + 2);
        k += 1;
      } else if (quote === '"') {
        if (ch === '"') quote = undefined;
        code += ch;
      } else if (ch === "'" || ch === '"') {
        quote = ch;
        code += ch;
      } else if (ch === '#' && (k === 0 || /\s/.test(line[k - 1] as string))) {
        comments.push(line.slice(k));
        break;
      } else code += ch;
    }
    if (quote !== undefined || continued || /(\||&&)\s*$/.test(code)) return;
    const declared = comments.map((c) => /\bexit status (\d+)\b/.exec(c)).find((m) => m !== null);
    commands.push({ text: current.join('\n'), line: start, status: declared ? Number(declared[1]) : 0 });
    current = [];
    comments = [];
  });
  if (current.length > 0)
    throw new Error(`the command at line ${start} of the block never ends (an open quote or a trailing \\)`);
  return commands;
}

/** What the shell examples run in: the stand-ins of docs/writing-docs.md, as shell functions. */
export interface ShellContext {
  /** The scratch copy of the repository root the commands run in. */
  readonly dir: string;
  /** Environment of the commands. */
  readonly env: NodeJS.ProcessEnv;
  /** The test service's origin, put where a command says DOCUMENTED_ORIGIN; undefined when none runs. */
  readonly origin: string | undefined;
}

/** The names of package.json's scripts, for the `npm` stand-in. */
function scriptNames(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  return Object.keys(pkg.scripts ?? {});
}

/** The environment variables the service reads, for the `docker run` stand-in. */
export function serviceVariables(): string[] {
  const source = readFileSync(join(ROOT, 'src/node/service-config.ts'), 'utf8');
  return [...new Set([...source.matchAll(/env\['([A-Z_]+)'\]/g)].map((m) => m[1] as string))];
}

/**
 * The shell functions that stand in for commands a test cannot run (docs/writing-docs.md,
 * "Stand-ins"). Each checks what can be checked without running the real thing.
 */
export function standIns(): string {
  return `
__bn_scripts=' ${scriptNames().join(' ')} '
__bn_env=' ${serviceVariables().join(' ')} '
__bn_script() {
  case "$__bn_scripts" in *" $1 "*) return 0 ;; esac
  echo "npm: package.json has no script \\"$1\\""; return 1
}
npm() {
  case "$1" in
    install|ci) __bn_script prepare ;;
    test|start) __bn_script "$1" ;;
    run) __bn_script "$2" ;;
    *) echo "npm $1: not a command a runnable example may use (docs/writing-docs.md)"; return 127 ;;
  esac
}
npx() {
  if [ "$1" = budgetnorm ]; then shift; budgetnorm "$@"; else command npx --no "$@"; fi
}
curl() { command curl --silent --show-error --fail-with-body "$@"; }
docker() {
  [ "$1" = run ] || { echo "docker $1: only docker run is checked"; return 127; }
  shift
  while [ $# -gt 0 ]; do
    if [ "$1" = -e ]; then
      case "$__bn_env" in *" \${2%%=*} "*) ;; *) echo "docker run: the service reads no variable \${2%%=*}"; return 1 ;; esac
      shift
    fi
    shift
  done
}
sudo() {
  [ "$1 $2" = "apt-get install" ] || { echo "sudo $1: only sudo apt-get install is accepted"; return 127; }
}
`;
}

/** The bash script of a shell block: each command, then a check of its exit status (reported on fd 3). */
export function shellScript(commands: readonly ShellCommand[], context: Pick<ShellContext, 'origin'>): string {
  const parts = ['set -o pipefail', 'exec 2>&1', standIns()];
  commands.forEach((c, i) => {
    const text = context.origin === undefined ? c.text : c.text.replaceAll(DOCUMENTED_ORIGIN, context.origin);
    parts.push(text);
    parts.push(
      `__bn_status=$?; if [ "$__bn_status" -ne ${c.status} ]; then printf 'status %d %d\\n' ${i} "$__bn_status" >&3; exit 0; fi`,
    );
  });
  parts.push(`printf 'done\\n' >&3`);
  return parts.join('\n');
}

export interface ShellRun {
  /** stdout and stderr of the commands, interleaved as a terminal shows them. */
  readonly output: string;
  /** Undefined when every command ended with its expected status; else why not, with the page line. */
  readonly failure: string | undefined;
}

/**
 * Runs a shell block's commands in order; stops at the first that ends with another status than
 * declared. `timeoutMs` is the ceiling of a block that hangs, under the test's own
 * (vitest.config.ts), so the failure names the block and shows its output; not a measure of speed.
 */
export async function runShell(block: FencedBlock, context: ShellContext, timeoutMs = 170_000): Promise<ShellRun> {
  const commands = splitCommands(block.body);
  if (commands.length === 0) return { output: '', failure: `${block.where}: a shell example without a command` };
  const script = shellScript(commands, context);
  const { stdout, report, stderr, timedOut } = await new Promise<{
    stdout: string;
    report: string;
    stderr: string;
    timedOut: boolean;
  }>((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-c', script], {
      cwd: context.dir,
      env: context.env,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    const chunks: Record<'stdout' | 'stderr' | 'report', Buffer[]> = { stdout: [], stderr: [], report: [] };
    child.stdout?.on('data', (d: Buffer) => chunks.stdout.push(d));
    child.stderr?.on('data', (d: Buffer) => chunks.stderr.push(d));
    (child.stdio[3] as NodeJS.ReadableStream | null)?.on('data', (d: Buffer) => chunks.report.push(d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      const text = (list: Buffer[]) => Buffer.concat(list).toString('utf8');
      resolve({ stdout: text(chunks.stdout), stderr: text(chunks.stderr), report: text(chunks.report), timedOut });
    });
  });
  const output = stderr + stdout;
  if (timedOut) return { output, failure: `${block.where}: did not finish within ${timeoutMs / 1000} s` };
  const status = /^status (\d+) (\d+)$/m.exec(report);
  if (status !== null) {
    const command = commands[Number(status[1])] as ShellCommand;
    const expected = command.status === 0 ? '' : ` (expected ${command.status})`;
    return {
      output,
      failure: `${pageLine(block, command.line)}: \`${firstLine(command.text)}\` exited with status ${status[2]}${expected}`,
    };
  }
  if (!/^done$/m.test(report))
    return {
      output,
      failure: `${block.where}: the shell stopped before its last command (an exit, or a syntax error)`,
    };
  return { output, failure: undefined };
}

/**
 * Runs a shell example and compares its output block (the block after it, when that is a
 * `text output` block); throws with the page's line when a command ends with another status
 * than declared or the output differs. `service` gives the origin of the test's HTTP service,
 * started when the block calls DOCUMENTED_ORIGIN or says `npm start`.
 */
export async function checkShell(
  block: FencedBlock,
  output: FencedBlock | undefined,
  folder: WorkFolder,
  service: () => Promise<string>,
): Promise<void> {
  if (/\bnode dist\//.test(block.body)) prepareDist(folder);
  const needsService = block.body.includes(DOCUMENTED_ORIGIN) || /\bnpm start\b/.test(block.body);
  const origin = needsService ? await service() : undefined;
  const run = await runShell(block, { dir: folder.dir, env: shellEnvironment(folder), origin });
  if (run.failure !== undefined) throw new Error(`${run.failure}\nthe commands printed:\n${run.output.slice(0, 4000)}`);
  if (output === undefined) return;
  const difference = outputDifference(output.body, run.output);
  if (difference !== undefined) throw new Error(`${output.where}: the output of ${block.where} differs: ${difference}`);
}

function firstLine(text: string): string {
  const lines = text.split('\n');
  return lines.length > 1 ? `${lines[0]} …` : (lines[0] as string);
}

// ---------------------------------------------------------------------------------------------
// Output

const ELLIPSIS = '…';

function lines(text: string): string[] {
  const out = text.split('\n').map((l) => l.replace(/\s+$/, ''));
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  while (out.length > 0 && out[0] === '') out.shift();
  return out;
}

/** A line of an output block as a pattern: `…` (with the spaces around it) stands for any text. */
function linePattern(line: string): RegExp {
  const parts = line.split(/\s*…\s*/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`);
}

/**
 * Where an output block differs from what was printed, or undefined when it matches. Lines are
 * compared whole, trailing spaces and blank lines at either end ignored; `…` in a line stands for
 * any text, and a line that is only `…` for any number of lines (none included).
 */
export function outputDifference(expected: string, actual: string): string | undefined {
  const want = lines(expected);
  const got = lines(actual);
  const patterns = want.map((l) => (l.trim() === ELLIPSIS ? undefined : linePattern(l)));
  const memo = new Map<number, boolean>();
  let furthest = 0;
  const match = (i: number, j: number): boolean => {
    const key = i * (got.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    furthest = Math.max(furthest, i);
    let result: boolean;
    if (i === want.length) result = j === got.length;
    else {
      const pattern = patterns[i];
      if (pattern === undefined) result = match(i + 1, j) || (j < got.length && match(i, j + 1));
      else result = j < got.length && pattern.test(got[j] as string) && match(i + 1, j + 1);
    }
    memo.set(key, result);
    return result;
  };
  if (match(0, 0)) return undefined;
  const shown = got.length > 60 ? [...got.slice(0, 60), `… (${got.length - 60} more lines)`] : got;
  const where =
    furthest < want.length
      ? `line ${furthest + 1} of the output block, \`${want[furthest]}\`, matches nothing where it should`
      : 'the output goes on after the last line of the output block';
  return `${where}; the commands printed:\n${shown.join('\n')}`;
}

// ---------------------------------------------------------------------------------------------
// The `budgetnorm` command of the shell examples

/**
 * The command line of the sources, served in this process: the `budgetnorm` command of the
 * scratch folder is a small Node script that connects to this socket, sends its arguments and
 * working folder and then its standard input, and writes out what comes back. Here each
 * connection runs `main(argv, io)` of src/cli/cli.ts (what src/cli/main.ts runs), so a command
 * costs no start of Node with tsx and no loading of the bundled rule sets.
 *
 * Frames from here: 1 byte channel (1 stdout, 2 stderr, 3 exit status), 4 bytes length, data.
 */
export async function serveCli(socketPath: string): Promise<{ close: () => Promise<void> }> {
  const { main } = await import('../../src/cli/cli.js');
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    socket.on('error', () => {}); // the client went away (`| head`): the command's writes fail, as with a real pipe
    const frame = (channel: number, data: Uint8Array, done: (error?: Error | null) => void): void => {
      const head = Buffer.alloc(5);
      head.writeUInt8(channel, 0);
      head.writeUInt32BE(data.length, 1);
      if (socket.destroyed) {
        done(new Error('EPIPE: the reader went away'));
        return;
      }
      socket.write(Buffer.concat([head, data]), done);
    };
    const output = (channel: number) =>
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          frame(channel, chunk, (error) => done(error ?? null));
        },
      });
    const stdin = new PassThrough();
    let header = Buffer.alloc(0);
    let started = false;
    socket.on('data', (data: Buffer) => {
      if (started) {
        stdin.write(data);
        return;
      }
      header = Buffer.concat([header, data]);
      const end = header.indexOf(10);
      if (end < 0) return;
      started = true;
      const { argv, cwd } = JSON.parse(header.subarray(0, end).toString('utf8')) as { argv: string[]; cwd: string };
      if (end + 1 < header.length) stdin.write(header.subarray(end + 1));
      const io = { stdin, stdout: output(1), stderr: output(2), cwd, stderrIsTTY: false, stdoutIsTTY: false };
      main(argv, io)
        .catch((error: unknown) => {
          io.stderr.write(`budgetnorm (docs test): ${error instanceof Error ? error.stack : String(error)}\n`);
          return 70;
        })
        .then((code) => {
          const status = Buffer.alloc(4);
          status.writeUInt32BE(code, 0);
          frame(3, status, () => socket.end());
        });
    });
    socket.on('end', () => stdin.end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The `budgetnorm` command: a client of serveCli, in plain JavaScript so Node starts it at once. */
const CLI_CLIENT = `import { connect } from 'node:net';
const socket = connect(process.env.BUDGETNORM_DOCS_CLI);
socket.on('error', (error) => { console.error(\`budgetnorm (docs test): \${error.message}\`); process.exit(70); });
process.stdout.on('error', (error) => { if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0); throw error; });
socket.write(\`\${JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd() })}\\n\`);
process.stdin.pipe(socket);
let buffer = Buffer.alloc(0);
socket.on('data', (data) => {
  buffer = Buffer.concat([buffer, data]);
  while (buffer.length >= 5) {
    const length = buffer.readUInt32BE(1);
    if (buffer.length < 5 + length) break;
    const channel = buffer[0];
    const payload = buffer.subarray(5, 5 + length);
    buffer = buffer.subarray(5 + length);
    if (channel === 1) process.stdout.write(payload);
    else if (channel === 2) process.stderr.write(payload);
    else process.exitCode = payload.readUInt32BE(0);
  }
});
`;

// ---------------------------------------------------------------------------------------------
// The scratch folder of the shell examples

/** Files the shell examples of every page can read: the package's examples/ (shipped, so a user has them too). */
export const EXAMPLE_FILES = join(ROOT, 'examples');

export interface WorkFolder {
  readonly dir: string;
  readonly bin: string;
  /** The socket the `budgetnorm` command connects to (serveCli). */
  readonly socket: string;
  remove(): void;
}

/**
 * A scratch copy of the repository root: every top-level entry linked (so `rules/nl-2026`,
 * `examples/…`, `test/…` and `package.json` are there), the files of examples/ and the page's
 * own input files copied in, `my-rules/2026` (a copy of rules/nl-2026 whose worked example
 * `alle-bijzondere-uitgaven.json` expects other figures), `households.ndjson.gz`, and a
 * `budgetnorm` command that runs the CLI of the sources (serveCli, which the caller starts).
 */
export function workFolder(pageFiles: Readonly<Record<string, string>>): WorkFolder {
  const dir = mkdtempSync(join(tmpdir(), 'budgetnorm-doc-shell-'));
  const fixtures = readdirSync(EXAMPLE_FILES);
  for (const entry of readdirSync(ROOT)) {
    if (entry === '.git' || fixtures.includes(entry)) continue;
    symlinkSync(join(ROOT, entry), join(dir, entry));
  }
  cpSync(EXAMPLE_FILES, dir, { recursive: true });
  // A rule set of one's own with a defect: the worked example expects figures the rules do not give.
  const mine = join(dir, 'my-rules', '2026');
  cpSync(join(ROOT, 'rules', 'nl-2026'), mine, { recursive: true });
  const example = join(mine, 'tests', 'afloscapaciteit', 'alle-bijzondere-uitgaven.json');
  const worked = JSON.parse(readFileSync(example, 'utf8')) as {
    expected: { Afloscapaciteit: number; Posten: Record<string, number> };
  };
  worked.expected.Afloscapaciteit = 999;
  worked.expected.Posten['Woonlasten'] = 1;
  writeFileSync(example, `${JSON.stringify(worked, null, 2)}\n`);
  writeFileSync(join(dir, 'households.ndjson.gz'), gzipSync(readFileSync(join(dir, 'households.ndjson'))));
  for (const [name, content] of Object.entries(pageFiles)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content.endsWith('\n') ? content : `${content}\n`);
  }
  const bin = join(dir, '.bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'budgetnorm-client.mjs'), CLI_CLIENT);
  writeFileSync(
    join(bin, 'budgetnorm'),
    `#!/bin/sh\nexec "${process.execPath}" "${join(bin, 'budgetnorm-client.mjs')}" "$@"\n`,
  );
  chmodSync(join(bin, 'budgetnorm'), 0o755);
  return {
    dir,
    bin,
    socket: join(bin, 'budgetnorm.sock'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The environment of the shell examples: the `budgetnorm` command first on the PATH, `$KEY` the test key. */
export function shellEnvironment(folder: WorkFolder): NodeJS.ProcessEnv {
  return {
    PATH: `${folder.bin}:${dirname(process.execPath)}:${process.env['PATH'] ?? '/usr/bin:/bin'}`,
    HOME: process.env['HOME'] ?? folder.dir,
    LANG: 'C.UTF-8',
    KEY: EXAMPLE_KEY,
    BUDGETNORM_DOCS_CLI: folder.socket,
  };
}

/**
 * The `dist/` that `node dist/…` runs in the scratch folder: the repository's build when it is
 * newer than every file of src/, else a build of the sources made into the scratch folder
 * (`tsc -p tsconfig.build.json --noCheck`: `npm test` type-checks first), so the checkout's
 * dist/ is never rewritten while other tests run it.
 */
export function prepareDist(folder: WorkFolder): 'the repository build' | 'a fresh build' {
  const outputs = ['cli/main.cjs', 'cli/batch/worker.js'].map((f) => join(ROOT, 'dist', f));
  let fresh = false;
  try {
    fresh = Math.min(...outputs.map((f) => statSync(f).mtimeMs)) >= newest(join(ROOT, 'src'));
  } catch {
    fresh = false; // no build at all
  }
  if (fresh) return 'the repository build';
  const target = join(folder.dir, 'dist');
  if (statSync(target, { throwIfNoEntry: false }) !== undefined) unlinkSync(target);
  const tsc = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
      ...['-p', join(ROOT, 'tsconfig.build.json'), '--noCheck', '--outDir', target],
      ...['--declaration', 'false', '--declarationMap', 'false', '--sourceMap', 'false'],
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (tsc.status !== 0) throw new Error(`building dist/ for the examples failed:\n${tsc.stdout}${tsc.stderr}`);
  return 'a fresh build';
}
