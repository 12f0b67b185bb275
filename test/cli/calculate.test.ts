/** `budgetnorm afloscapaciteit|pensioenuitgaven`: one body in, its result out; every exit code. */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RepaymentCapacityResult, RetirementExpenditureResult, repaymentCapacity } from '../../src/index.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import type { ValidationIssue } from '../../src/contract/errors.js';
import { createApp } from '../../src/http/index.js';
import { copyRuleSet, readJson, REQUESTS, ROOT, runCli, tempDir } from './helpers.js';

const REPAYMENT = join(REQUESTS, 'afloscapaciteit-alleenstaand-huur.json');
const RETIREMENT = join(REQUESTS, 'pensioenuitgaven-paar-huur.json');

describe('budgetnorm afloscapaciteit', () => {
  it('prints the result as JSON, as the library computes it', async () => {
    const run = await runCli(['afloscapaciteit', REPAYMENT, '--date', '2026-03-01']);
    expect(run.code).toBe(EXIT.ok);
    expect(run.stderr).toBe('');
    const result = RepaymentCapacityResult.parse(JSON.parse(run.stdout));
    expect(result).toEqual(repaymentCapacity(readJson(REPAYMENT), { date: '2026-03-01' }));
    expect(result.Rekenregels.Id).toBe('nl-2026');
  });

  it('reads standard input when the file is - or absent', async () => {
    const body = JSON.stringify(readJson(REPAYMENT));
    const dash = await runCli(['afloscapaciteit', '-', '--ruleset', 'nl-2025'], { stdin: body });
    const none = await runCli(['afloscapaciteit', '--ruleset', 'nl-2025'], { stdin: body });
    expect(dash.code).toBe(EXIT.ok);
    expect(JSON.parse(dash.stdout).Rekenregels.Id).toBe('nl-2025');
    expect(none.stdout).toBe(dash.stdout);
  });

  it('prints an aligned table with --format table', async () => {
    const run = await runCli(['afloscapaciteit', REPAYMENT, '--ruleset', 'nl-2026', '--format', 'table']);
    expect(run.code).toBe(EXIT.ok);
    const result = repaymentCapacity(readJson(REPAYMENT), { ruleSet: 'nl-2026' });
    expect(run.stdout).toMatch(/^Afloscapaciteit\n/);
    const line = (label: string): string[] =>
      (
        run.stdout
          .split('\n')
          .filter((l) => l.trim().startsWith(label))
          .at(-1) ?? ''
      )
        .trim()
        .split(/\s{2,}/);
    const nl = (n: number): string => n.toLocaleString('de-DE');
    // Two columns: the amounts by the norm (Bedrag) and at the minimum (Minimaal, issue 16).
    expect(line('Post')).toEqual(['Post', 'Bedrag', 'Minimaal']);
    expect(line('Totaal lasten')).toEqual(['Totaal lasten', nl(result.TotaalLasten), nl(result.TotaalMinimaleLasten)]);
    expect(line('Tekort')).toEqual(['Tekort', nl(result.Tekort), nl(result.MinimaalTekort)]);
    expect(line('Afloscapaciteit')).toEqual([
      'Afloscapaciteit',
      nl(result.Afloscapaciteit),
      nl(result.MaximaleAfloscapaciteit),
    ]);
    // Every post, itemised (the reference budget's living-cost posts too), with both amounts.
    const amountsOf = (p: (typeof result.Posten)[number]): string[] => {
      const at = run.stdout.split('\n').findIndex((l) => l.trim().startsWith(p.Omschrijving.slice(0, 40)));
      // A long description wraps: the amounts stand on its first line.
      return (
        run.stdout
          .split('\n')
          [at]?.trim()
          .split(/\s{2,}/)
          .slice(-2) ?? []
      );
    };
    for (const p of result.Posten) expect(amountsOf(p), p.Code).toEqual([nl(p.Bedrag), nl(p.Minimaal)]);
    expect(result.Posten.some((p) => p.Minimaal < p.Bedrag)).toBe(true); // the columns differ here
    expect(run.stdout).toContain(`Rekenregels: nl-2026`);
    // Every amount of the post table ends in the same column.
    const rows = run.stdout.split('\n').filter((l) => /^ {2}\S/.test(l) && /\d$/.test(l));
    expect(new Set(rows.map((l) => l.length)).size).toBe(1);
  });

  it("says what Bedrag and Minimaal mean for the result's method (issue 40)", async () => {
    const header = async (ruleSet: string): Promise<string> => {
      const run = await runCli(['afloscapaciteit', REPAYMENT, '--ruleset', ruleSet, '--format', 'table']);
      return run.stdout.slice(0, run.stdout.indexOf('\n\n')).replace(/\s+/g, ' ');
    };
    const referenceBudget = await header('nl-2026');
    expect(referenceBudget).toContain('Bedrag: elke post op het standaardniveau');
    expect(referenceBudget).toContain('Minimaal: elke post op het minimumniveau');
    expect(referenceBudget).toMatch(/lange regeling.*korte regeling/);
    expect(referenceBudget).not.toMatch(/norm|opslag/);
    const lendingNorm = await header('vfn-2026');
    expect(lendingNorm).toContain('Bedrag: de lasten volgens de VFN-leennorm, met de inkomensafhankelijke opslag');
    expect(lendingNorm).toContain('Minimaal: de leennorm zonder de inkomensafhankelijke opslag');
  });

  it('groups posts under a heading with a subtotal when the calculation file groups them, else lists them', async () => {
    const { dir, remove } = tempDir();
    try {
      // nl-2026 groups its living-cost posts; the copy names the group differently, to see it is read.
      const folder = copyRuleSet('nl-2026', dir);
      const file = join(folder, 'afloscapaciteit.json');
      const calc = readJson(file) as { groups?: unknown; posts: { code: string; group?: string }[] };
      const living = calc.posts.filter((p) => p.group !== undefined);
      expect(living.length).toBe(calc.posts.findIndex((p) => p.code === 'Woonlasten'));
      calc.groups = [{ code: 'Levensonderhoud', description: 'Levensonderhoud' }];
      writeFileSync(file, JSON.stringify(calc));
      const run = await runCli(['afloscapaciteit', REPAYMENT, '--ruleset', folder, '--format', 'table']);
      expect(run.code, run.stderr).toBe(EXIT.ok);
      const result = repaymentCapacity(readJson(REPAYMENT), { ruleSet: 'nl-2026' });
      const lines = run.stdout.split('\n');
      const heading = lines.findIndex((l) => l.trim() === 'Levensonderhoud');
      const subtotal = lines.findIndex((l) => l.trim().startsWith('Subtotaal levensonderhoud'));
      expect(heading).toBeGreaterThan(0);
      expect(subtotal).toBeGreaterThan(heading);
      const shown = result.Posten.filter((p) => living.some((l) => l.code === p.Code));
      const sum = (pick: (p: (typeof shown)[number]) => number) => shown.reduce((t, p) => t + pick(p), 0);
      const nl = (n: number): string => n.toLocaleString('de-DE');
      expect(
        lines[subtotal]
          ?.trim()
          .split(/\s{2,}/)
          .slice(1),
      ).toEqual([nl(sum((p) => p.Bedrag)), nl(sum((p) => p.Minimaal))]);
      // Indented under the heading; the household's own costs after the subtotal, unindented.
      expect(lines[heading + 1]?.startsWith(`    ${shown[0]?.Omschrijving.slice(0, 10)}`)).toBe(true);
      expect(lines[subtotal + 1]?.startsWith('  Woonlasten')).toBe(true);
      // The lending norm's set has no groups: no subtotal.
      const flat = await runCli(['afloscapaciteit', REPAYMENT, '--ruleset', 'vfn-2026', '--format', 'table']);
      expect(flat.stdout).not.toContain('Subtotaal');
    } finally {
      remove();
    }
  });

  it('adds Onderbouwing with --provenance: in JSON as the library has it, in the table as a column, a legend and the names', async () => {
    const json = await runCli(['afloscapaciteit', REPAYMENT, '--ruleset', 'nl-2026', '--provenance']);
    const result = repaymentCapacity(readJson(REPAYMENT), { ruleSet: 'nl-2026', provenance: true });
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(JSON.stringify(result)));
    const table = await runCli([
      'afloscapaciteit',
      REPAYMENT,
      '--ruleset',
      'nl-2026',
      '--provenance',
      '--format',
      'table',
    ]);
    expect(table.code).toBe(EXIT.ok);
    const lines = table.stdout.split('\n');
    expect(lines.find((l) => l.trim().startsWith('Post'))).toMatch(/Bedrag {2}Minimaal {2}Onderbouwing$/);
    const words: Record<string, string> = {
      read: 'gelezen',
      derived: 'afgeleid',
      'to-verify': 'te verifiëren',
      estimate: 'schatting',
    };
    for (const p of result.Posten) {
      const row = lines.find((l) => l.trim().startsWith(p.Omschrijving.slice(0, 20))) ?? '';
      expect(row.trimEnd().endsWith(words[p.Onderbouwing?.Zwakst ?? ''] ?? '?'), p.Code).toBe(true);
    }
    expect(table.stdout).toContain('Onderbouwing: het zwakste cijfer waarop het bedrag rust.');
    for (const word of Object.values(words)) expect(lines.some((l) => l.startsWith(`  ${word}  `))).toBe(true);
    // The list of names wraps at the table's width, also inside a table cell's key.
    const flowing = table.stdout.replace(/\s+/g, ' ');
    for (const name of result.OnderbouwingTotalen?.TotaalLasten.Schattingen ?? []) expect(flowing).toContain(name);
    const plain = await runCli(['afloscapaciteit', REPAYMENT, '--ruleset', 'nl-2026', '--format', 'table']);
    expect(plain.stdout).not.toContain('Onderbouwing');
  });

  it('adds the explanation with --explain, in JSON and in the table', async () => {
    const json = await runCli(['afloscapaciteit', REPAYMENT, '--ruleset', 'nl-2026', '--explain']);
    expect(JSON.parse(json.stdout).Uitleg.format).toBe('budgetnorm-explanation/3');
    // The lending norm's rules: one with a literal condition, one with a parameter, one without.
    const table = await runCli([
      'afloscapaciteit',
      REPAYMENT,
      '--ruleset',
      'vfn-2026',
      '--explain',
      '--format',
      'table',
    ]);
    expect(table.stdout).toContain('Uitleg');
    expect(table.stdout).toContain('[x] levensonderhoud-basisnorm');
    // Why, worded from the recorded condition: a literal, a parameter, and a rule without one.
    expect(table.stdout).toContain('want: children ≥ 2 (children is 0): nee');
    expect(table.stdout).toContain('want: age < aowLeeftijd (age is 67, aowLeeftijd is 67): nee');
    expect(table.stdout).toContain('want: altijd (geen voorwaarde)');
  });

  it('loads a rule-set folder given to --ruleset', async () => {
    const run = await runCli(['afloscapaciteit', REPAYMENT, '--ruleset', 'rules/nl-2025']);
    expect(run.code).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout).Rekenregels.Id).toBe('nl-2025');
  });

  it('a body the contract refuses: its issues on stderr as JSON, exit 1', async () => {
    const run = await runCli(['afloscapaciteit', '--ruleset', 'nl-2026'], {
      stdin: '{"LeeftijdHoofdpersoon": 200, "HeeftPartner": "ja"}',
    });
    expect(run.code).toBe(EXIT.problems);
    expect(run.stdout).toBe('');
    const { issues } = JSON.parse(run.stderr) as { issues: { path: string; code: string; message: string }[] };
    expect(issues).toContainEqual(expect.objectContaining({ path: 'LeeftijdHoofdpersoon', code: 'too_big' }));
    expect(issues).toContainEqual(expect.objectContaining({ path: 'HeeftPartner', code: 'invalid_type' }));
    expect(issues).toContainEqual(expect.objectContaining({ path: 'Woning', code: 'required' }));
  });

  it('a body that is not JSON: issue invalid_json, exit 1; with --format table as readable lines', async () => {
    const json = await runCli(['afloscapaciteit', '--ruleset', 'nl-2026'], { stdin: '{"LeeftijdHoofdpersoon": ' });
    expect(json.code).toBe(EXIT.problems);
    expect(JSON.parse(json.stderr).issues).toEqual([expect.objectContaining({ path: '', code: 'invalid_json' })]);
    const table = await runCli(['afloscapaciteit', '--ruleset', 'nl-2026', '--format', 'table'], { stdin: '[1' });
    expect(table.code).toBe(EXIT.problems);
    expect(table.stderr).toMatch(
      /^The request body is not acceptable \(1 problem\):\n {2}\(body\) {2}invalid_json {2}the body is not valid JSON/,
    );
  });

  it('a body that is not JSON gets the same issue as from the service and in a batch, never echoing the input', async () => {
    const broken = '{"LeeftijdHoofdpersoon": 67, "HeeftPartner": false "Geheim": 0}';
    const single = JSON.parse((await runCli(['afloscapaciteit', '--ruleset', 'nl-2026'], { stdin: broken })).stderr)
      .issues as ValidationIssue[];
    const response = await createApp({ keys: ['k'] }).fetch(
      new Request('http://localhost/Afloscapaciteit/Resultaat?key=k', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: broken,
      }),
    );
    const service = ((await response.json()) as { errors: ValidationIssue[] }).errors;
    const batch = await runCli(
      ['batch', 'afloscapaciteit', '--in', '-', '--ruleset', 'nl-2026', '--workers', '0', '--quiet'],
      { stdin: `${broken}\n` },
    );
    const record = JSON.parse(batch.stdout.trim()) as { line: number; issues: ValidationIssue[] };
    expect(service).toEqual([
      {
        path: '',
        code: 'invalid_json',
        message: expect.stringMatching(/^the body is not valid JSON: .*\(line 1, column \d+\)$/),
      },
    ]);
    expect(single).toEqual(service);
    expect(record).toEqual({ line: 1, issues: service });
    expect(JSON.stringify(service)).not.toContain('Geheim');
  });

  it('exit 3 when the file cannot be read', async () => {
    const run = await runCli(['afloscapaciteit', 'no/such/file.json', '--ruleset', 'nl-2026']);
    expect(run.code).toBe(EXIT.io);
    expect(run.stderr).toContain('cannot read no/such/file.json: no such file or directory');
  });

  it('reads the body from a link to a file, a named pipe and a BOM-prefixed file; a folder is exit 3', async () => {
    const scratch = tempDir();
    try {
      const body = readFileSync(join(REQUESTS, 'afloscapaciteit-gezin-koop.json'), 'utf8');
      const expected = JSON.stringify(repaymentCapacity(JSON.parse(body) as never, { ruleSet: 'nl-2026' }), null, 2);
      writeFileSync(join(scratch.dir, 'body.json'), `\uFEFF${body}`);
      symlinkSync(join(scratch.dir, 'body.json'), join(scratch.dir, 'link.json'));
      for (const name of ['body.json', 'link.json']) {
        const run = await runCli(['afloscapaciteit', name, '--ruleset', 'nl-2026'], { cwd: scratch.dir });
        expect(run.stderr, name).toBe('');
        expect(run.stdout.trim(), name).toBe(expected);
      }
      // A named pipe has no size to read up front: it is read to its end.
      const fifo = join(scratch.dir, 'pipe.json');
      execFileSync('mkfifo', [fifo]);
      const writer = spawn('/bin/sh', ['-c', `cat "${join(REQUESTS, 'afloscapaciteit-gezin-koop.json')}" > "${fifo}"`]);
      const written = once(writer, 'exit');
      const fromPipe = await runCli(['afloscapaciteit', fifo, '--ruleset', 'nl-2026']);
      expect(await written).toEqual([0, null]);
      expect(fromPipe.stdout.trim()).toBe(expected);
      const folder = await runCli(['afloscapaciteit', scratch.dir, '--ruleset', 'nl-2026']);
      expect(folder.code).toBe(EXIT.io);
      expect(folder.stderr).toContain(`cannot read ${scratch.dir}: is a folder, not a file`);
    } finally {
      scratch.remove();
    }
  });

  it.each([
    [['afloscapaciteit', '--bogus'], /Unknown option '--bogus'/],
    [['afloscapaciteit', 'a.json', 'b.json'], /unexpected argument "b.json"/],
    [['afloscapaciteit', '--format', 'xml'], /--format must be one of json, table/],
    [['afloscapaciteit', '--date', '2026-02-30'], /--date must be a calendar date/],
    [['afloscapaciteit', '--date', '1999-01-01'], /no rule set is valid on 1999-01-01/],
    [['afloscapaciteit', '--ruleset', 'nl-1900'], /no rule set with id "nl-1900"/],
    [['bogus'], /unknown command "bogus"/],
  ])('usage error %j: exit 2', async (argv, message) => {
    const run = await runCli(argv, { stdin: '{}' });
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(message);
  });

  it('no command: the help on stderr, exit 2', async () => {
    const run = await runCli([]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain('Usage:');
  });

  it('exit 4 when the rule set named cannot be used or lacks the calculation', async () => {
    const { dir, remove } = tempDir();
    try {
      const folder = copyRuleSet('nl-2026', dir);
      const { rmSync, writeFileSync } = await import('node:fs');
      rmSync(join(folder, 'afloscapaciteit.json'));
      rmSync(join(folder, 'tests', 'afloscapaciteit'), { recursive: true });
      const missing = await runCli(['afloscapaciteit', REPAYMENT, '--ruleset', folder]);
      expect(missing.code).toBe(EXIT.ruleSet);
      expect(missing.stderr).toContain('has no afloscapaciteit rules');
      writeFileSync(join(folder, 'manifest.json'), '{}');
      const broken = await runCli(['pensioenuitgaven', RETIREMENT, '--ruleset', folder]);
      expect(broken.code).toBe(EXIT.ruleSet);
      expect(broken.stderr).toContain('manifest.json');
    } finally {
      remove();
    }
  });
});

describe('--family: methods as families of rule sets (issue 40)', () => {
  it('chooses by date within the family named, nl without one; a set named must be of it', async () => {
    const idOf = (run: { stdout: string }) =>
      (JSON.parse(run.stdout) as { Rekenregels: { Id: string } }).Rekenregels.Id;
    const vfn = await runCli(['afloscapaciteit', REPAYMENT, '--family', 'vfn', '--date', '2025-06-01']);
    expect(vfn.code).toBe(EXIT.ok);
    expect(idOf(vfn)).toBe('vfn-2025');
    expect(idOf(await runCli(['afloscapaciteit', REPAYMENT, '--date', '2025-06-01']))).toBe('nl-2025');
    expect(idOf(await runCli(['afloscapaciteit', REPAYMENT, '--ruleset', 'vfn-2026', '--family', 'vfn']))).toBe(
      'vfn-2026',
    );
    const mismatch = await runCli(['afloscapaciteit', REPAYMENT, '--ruleset', 'nl-2026', '--family', 'vfn']);
    expect(mismatch.code).toBe(EXIT.usage);
    expect(mismatch.stderr).toContain('rule set nl-2026 is of family nl, not vfn');
  });

  it('an unknown family: exit 2 naming the families there are', async () => {
    const run = await runCli(['afloscapaciteit', REPAYMENT, '--family', 'nibud']);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain('no rule set of family "nibud"; families: nl, vfn');
  });

  it('retirement of the lending-norm family: exit 4 naming the sets that have it', async () => {
    for (const argv of [
      ['--family', 'vfn', '--date', '2026-06-01'],
      ['--ruleset', 'vfn-2025'],
    ]) {
      const run = await runCli(['pensioenuitgaven', RETIREMENT, ...argv]);
      expect(run.code).toBe(EXIT.ruleSet);
      expect(run.stderr).toMatch(
        /rule set vfn-202[56] has no pensioenuitgaven rules \(no pensioenuitgaven\.json\); the bundled sets that have: nl-2025, nl-2026/,
      );
    }
  });
});

describe('budgetnorm pensioenuitgaven', () => {
  it('prints the result as JSON', async () => {
    const run = await runCli(['pensioenuitgaven', RETIREMENT, '--ruleset', 'nl-2026']);
    expect(run.code).toBe(EXIT.ok);
    const result = RetirementExpenditureResult.parse(JSON.parse(run.stdout));
    expect(result.Posten.length).toBeGreaterThan(0);
  });

  it('prints groups, subtotals and the total with --format table', async () => {
    const run = await runCli(['pensioenuitgaven', RETIREMENT, '--ruleset', 'nl-2026', '--format', 'table']);
    expect(run.code).toBe(EXIT.ok);
    const result = RetirementExpenditureResult.parse(
      JSON.parse((await runCli(['pensioenuitgaven', RETIREMENT, '--ruleset', 'nl-2026'])).stdout),
    );
    for (const g of result.Groepen) expect(run.stdout).toContain(g.Omschrijving);
    expect(run.stdout.match(/Subtotaal/g)?.length).toBe(result.Groepen.length);
    const total = run.stdout.split('\n').find((l) => l.trim().startsWith('Totaal')) ?? '';
    expect(total.trim().split(/\s+/).slice(-2)).toEqual(
      [result.Totaal.Basis, result.Totaal.Voorbeeld].map((n) => n.toLocaleString('de-DE')),
    );
  });

  it("a rejected body: issues at the caller's paths, exit 1", async () => {
    const run = await runCli(['pensioenuitgaven', '--ruleset', 'nl-2026'], {
      stdin: JSON.stringify({
        Hoofdpersonen: [{ Geslacht: 'X' }],
        Autos: [{ TypeAuto: 9, StatusAuto: 0, KilometersPerJaar: 0 }],
        Woning: { TypeWoning: 0, SoortWoning: 0 },
        NettoBesteedbaarInkomenPerMaand: 1,
      }),
    });
    expect(run.code).toBe(EXIT.problems);
    const paths = (JSON.parse(run.stderr).issues as { path: string }[]).map((i) => i.path);
    expect(paths).toEqual(['Hoofdpersonen[0].Geslacht', 'Autos[0].TypeAuto']);
  });
});

describe('help and version', () => {
  it.each([
    [['--help'], 'Usage:'],
    [['help'], 'Usage:'],
    [['help', 'batch'], 'budgetnorm batch'],
    [['afloscapaciteit', '--help'], 'budgetnorm afloscapaciteit [FILE|-]'],
    [['pensioenuitgaven', '-h'], 'budgetnorm pensioenuitgaven [FILE|-]'],
    [['batch', '--help'], '--errors FILE'],
    [['rules', '--help'], 'list [--dir PATH]'],
    [['rules', 'list', '--help'], 'budgetnorm rules list'],
    [['rules', 'check', '--help'], 'budgetnorm rules check'],
    [['rules', 'show', '--help'], 'budgetnorm rules show'],
    [['rules', 'diff', '--help'], 'budgetnorm rules diff'],
    [['rules', 'test', '--help'], 'budgetnorm rules test'],
  ])('%j prints help with the exit codes, exit 0', async (argv, text) => {
    const run = await runCli(argv);
    expect(run.code).toBe(EXIT.ok);
    expect(run.stdout).toContain(text);
    expect(run.stdout).toContain('Exit codes:');
  });

  it('--version prints the package version', async () => {
    const run = await runCli(['--version']);
    expect(run.stdout.trim()).toBe((readJson(join(ROOT, 'package.json')) as { version: string }).version);
  });
});

describe('--format table fits 100 columns', () => {
  const examples = ['nl-2025', 'nl-2026'].flatMap((id) =>
    (['afloscapaciteit', 'pensioenuitgaven'] as const).flatMap((operation) => {
      const folder = join(ROOT, 'rules', id, 'tests', operation);
      return readdirSync(folder).map((file) => [id, operation, join(folder, file)] as const);
    }),
  );

  it.each(examples)('%s %s %s: no line wider than 100, every post described whole', async (id, operation, file) => {
    const { request } = readJson(file) as { request: unknown };
    const run = await runCli([operation, '-', '--ruleset', id, '--format', 'table'], {
      stdin: JSON.stringify(request),
    });
    const founded = await runCli([operation, '-', '--ruleset', id, '--format', 'table', '--provenance'], {
      stdin: JSON.stringify(request),
    });
    expect(founded.code).toBe(EXIT.ok);
    expect(Math.max(...founded.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
    expect(run.code).toBe(EXIT.ok);
    const lines = run.stdout.split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(100);
    // A wrapped description reads whole again when its lines are joined.
    const text = lines.map((l) => l.replace(/(\s+−?[\d.]+)+$/, '').trim()).join(' ');
    const result = JSON.parse(
      (await runCli([operation, '-', '--ruleset', id], { stdin: JSON.stringify(request) })).stdout,
    );
    for (const post of result.Posten as { Code: string; Omschrijving: string }[]) {
      expect(text).toContain(post.Omschrijving);
      // The code is not repeated beside its description.
      if (!post.Omschrijving.includes(post.Code)) expect(run.stdout).not.toContain(post.Code);
    }
  });
});
