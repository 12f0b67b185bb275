/**
 * The runner of the documentation examples can fail: test/docs/fixtures/broken.md holds examples
 * that are wrong in each way the runner must catch (and a true one of each kind as a control),
 * and every failure must name the fixture's file and line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkJson,
  checkShell,
  moduleFolder,
  outputDifference,
  runModule,
  serveCli,
  splitCommands,
  typeErrors,
  workFolder,
  type WorkFolder,
} from './examples.js';
import { type ClassifiedBlock, classifyPage, type FencedBlock, fencedBlocks, readPage } from './markdown.js';

const FILE = 'test/docs/fixtures/broken.md';
const page = readPage(FILE);
const { blocks, problems } = classifyPage(page);

/** The classified block whose body says `case: <name>`, of a classification type. */
function block(type: ClassifiedBlock['classification']['type'], name: string): ClassifiedBlock {
  const found = blocks.filter((b) => b.classification.type === type && b.block.body.includes(`case: ${name}`));
  if (found.length !== 1) throw new Error(`the fixture has ${found.length} ${type} blocks of case "${name}"`);
  return found[0] as ClassifiedBlock;
}

/** The 1-based line of the fixture holding `text` inside the block (the line a failure must name). */
function lineOf(b: FencedBlock, text: string): number {
  const i = b.body.split('\n').findIndex((l) => l.includes(text));
  if (i < 0) throw new Error(`"${text}" is not in the block at ${b.where}`);
  return b.line + i + 1;
}

/** The 1-based line of the opening fence whose info string is `info`, the n-th such. */
function fenceLine(info: string, n = 0): number {
  const line = fencedBlocks(page).filter((b) => b.info === info)[n]?.line;
  if (line === undefined) throw new Error(`no fence ${info} in the fixture`);
  return line;
}

const modules = moduleFolder();
afterAll(() => modules.remove());

describe('the classification', () => {
  it('refuses every block without a valid classification or out of place, naming file and line', () => {
    expect(problems.map((p) => p.slice(0, p.indexOf(':', FILE.length + 1)))).toEqual([
      `${FILE}:${fenceLine('bash')}`,
      `${FILE}:${fenceLine('', 0)}`,
      `${FILE}:${fenceLine('typescript')}`,
      `${FILE}:${fenceLine('ts')}`,
      `${FILE}:${fenceLine('sh runnable', 4)}`,
      `${FILE}:${fenceLine('json rule')}`,
      `${FILE}:${fenceLine('text output', 2)}`,
      `${FILE}:${fenceLine('json condition')}`,
      `${FILE}:${fenceLine('text', 0)}`,
      `${FILE}:${fenceLine('text', 1)}`,
      `${FILE}:${page.lines.indexOf('    budgetnorm rules list') + 1}`,
    ]);
    expect(problems.join('\n')).toMatch(/shell transcript/);
    expect(problems.join('\n')).toMatch(/holds an ES module/);
    expect(problems.join('\n')).toMatch(/an indented code block/);
    expect(problems.join('\n')).toMatch(/no language/);
    expect(problems.join('\n')).toMatch(/tildes/);
    expect(problems.join('\n')).toMatch(/must come right after a ```sh runnable block/);
    expect(problems.join('\n')).toMatch(/checked only on docs\/rules-format\.md/);
  });
});

describe('module examples', () => {
  it('a true one passes (through vite, `budgetnorm` resolved to the sources)', async () => {
    await runModule(block('module', 'true').block, modules.dir);
  });

  it('a false claim fails at its assertion, with the page line and what it logged', async () => {
    const b = block('module', 'false claim').block;
    const error = await runModule(b, modules.dir).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain(`${FILE}:${lineOf(b, 'assert.equal(result.Afloscapaciteit, 999)')}`);
    expect(error?.message).toMatch(/AssertionError/);
    expect(error?.message).toMatch(/log: computed \d+/);
  });

  it('one that throws fails, naming the line', async () => {
    const b = block('module', 'throws').block;
    await expect(runModule(b, modules.dir)).rejects.toThrow(`${FILE}:${lineOf(b, 'retirementExpenditure({')}`);
  });

  it('one that asserts nothing is refused before it runs', async () => {
    const b = block('module', 'asserts nothing').block;
    await expect(runModule(b, modules.dir)).rejects.toThrow(`${b.where}: asserts nothing`);
  });

  it('one that imports something other than the package and node: builtins is refused', async () => {
    const b = block('module', 'relative import').block;
    await expect(runModule(b, modules.dir)).rejects.toThrow(`${b.where}: imports "../../../src/index.js"`);
  });

  it('a type error is named with its page line; the true example has none', () => {
    const wrong = block('module', 'type error').block;
    const errors = typeErrors([wrong, block('module', 'true').block], modules.dir);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`${FILE}:${lineOf(wrong, 'const arity')}: Type 'number' is not assignable`);
  });
});

describe('shell examples', () => {
  let folder: WorkFolder;
  let cli: { close: () => Promise<void> };
  beforeAll(async () => {
    folder = workFolder({});
    cli = await serveCli(folder.socket);
  });
  afterAll(async () => {
    await cli.close();
    folder.remove();
  });
  const noService = (): Promise<string> => Promise.reject(new Error('no service in these examples'));
  const outputAfter = (b: ClassifiedBlock): FencedBlock | undefined => {
    const next = blocks[blocks.indexOf(b) + 1];
    return next?.classification.type === 'output' ? next.block : undefined;
  };

  it('a true one passes, its output block matched', async () => {
    const b = block('shell', 'true');
    expect(outputAfter(b)).toBeDefined();
    await checkShell(b.block, outputAfter(b), folder, noService);
  });

  it('a command with an unexpected exit status fails, naming its line, and stops the block', async () => {
    const b = block('shell', 'fails').block;
    const error = await checkShell(b, undefined, folder, noService).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain(
      `${FILE}:${lineOf(b, 'rules check no-such-folder')}: \`budgetnorm rules check no-such-folder\` exited with status 3`,
    );
    expect(error?.message.match(/^id {8}family {2}valid from/gm)).toHaveLength(1); // the third command did not run
  });

  it('a declared exit status that is not met fails', async () => {
    const b = block('shell', 'declared status not met').block;
    await expect(checkShell(b, undefined, folder, noService)).rejects.toThrow(
      `${FILE}:${lineOf(b, 'exit status 1')}: \`budgetnorm rules list   # exit status 1\` exited with status 0 (expected 1)`,
    );
  });

  it('output that differs from its output block fails, naming the output block', async () => {
    const b = block('shell', 'other output');
    const output = outputAfter(b);
    await expect(checkShell(b.block, output, folder, noService)).rejects.toThrow(
      `${output?.where}: the output of ${b.block.where} differs: line 2 of the output block, \`nl-2030  …\`, matches nothing`,
    );
  });
});

describe('JSON blocks', () => {
  const json = blocks.filter((b) => ['json', 'request', 'issues'].includes(b.classification.type));
  const check = (b: ClassifiedBlock) => () => checkJson(b.block, b.classification, blocks[blocks.indexOf(b) - 1]);

  it('text that is not JSON fails', () => {
    expect(check(json[0] as ClassifiedBlock)).toThrow(`${(json[0] as ClassifiedBlock).block.where}: not valid JSON`);
  });

  it('a body marked refused that the library accepts fails; one it refuses passes', () => {
    expect(check(json[1] as ClassifiedBlock)).toThrow('marked expect=refused, but the library accepts');
    expect(check(json[2] as ClassifiedBlock)).not.toThrow();
  });

  it("issues that are not the library's fail, showing the library's", () => {
    expect(check(json[3] as ClassifiedBlock)).toThrow(
      /the issues differ[\s\S]*expected an array of 1 to 2 main persons/,
    );
  });
});

describe('the parts', () => {
  it('splits shell text into commands: continuations, open quotes, pipes, comments, declared statuses', () => {
    const commands = splitCommands(
      [
        '# a comment',
        'echo one   # exit status 2',
        "curl -d '{",
        '  "a": 1',
        "}' \\",
        '  -H x',
        '',
        'cat f |',
        '  wc -l && true',
        'echo "a # not a comment"',
      ].join('\n'),
    );
    expect(commands.map((c) => [c.line, c.status, c.text.split('\n').length])).toEqual([
      [2, 2, 1],
      [3, 0, 4],
      [8, 0, 2],
      [10, 0, 1],
    ]);
    expect(() => splitCommands("echo 'never closed")).toThrow(/never ends/);
  });

  it('matches output with … in a line and … lines, and nothing else', () => {
    const output = 'head\n  a: 1\n  b: 2\n  c: 3\ntail 0.4 s\n';
    expect(outputDifference('head\n…\ntail … s', output)).toBeUndefined();
    expect(outputDifference('head\n  a: 1\n…\n  c: 3\ntail … s\n\n', output)).toBeUndefined();
    expect(outputDifference('…\n  b: 2\n…', output)).toBeUndefined();
    expect(outputDifference('head\n  a: …\n  c: 3\ntail … s', output)).toMatch(/line 3 of the output block/);
    expect(outputDifference('head\n…', `${output}more`)).toBeUndefined();
    expect(outputDifference('head\n  a: 1', output)).toMatch(/goes on after the last line/);
    expect(outputDifference('head …', 'head\nsecond')).toBeDefined(); // … in a line never spans lines
  });
});
