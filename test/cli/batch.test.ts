/**
 * `budgetnorm batch`: nothing lost (one output or error record per input record, counts that
 * add up, order and line numbers kept), NDJSON and CSV both ways, worker threads giving the
 * same bytes as the in-process path, and every exit code.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repaymentCapacity, retirementExpenditure } from '../../src/index.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { type CliRun, ndjson, repaymentBody, runCli, tempDir } from './helpers.js';

let dir: string;
let remove: () => void;
beforeAll(() => ({ dir, remove } = tempDir()));
afterAll(() => remove());

const file = (name: string) => join(dir, name);
const read = (name: string) => readFileSync(file(name), 'utf8');

/**
 * `budgetnorm batch CALCULATION --in INPUT --out OUTPUT --ruleset nl-2026 --workers 0 …extra`,
 * INPUT and OUTPUT named in the test folder; `extra` may give its own `--workers`.
 */
function runBatch(calculation: string, input: string, output: string, ...extra: string[]): Promise<CliRun> {
  const workers = extra.includes('--workers') ? [] : ['--workers', '0'];
  return runCli([
    'batch',
    calculation,
    '--in',
    file(input),
    '--out',
    file(output),
    '--ruleset',
    'nl-2026',
    ...workers,
    ...extra,
  ]);
}

/** 40 households with malformed lines, a refused body, blank lines and CRLF in between. */
function mixedInput(): {
  text: string;
  bad: Map<number, string>;
  blank: number[];
  good: Map<number, Record<string, unknown>>;
} {
  const lines: string[] = [];
  const bad = new Map<number, string>();
  const good = new Map<number, Record<string, unknown>>();
  const blank: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    const line = lines.length + 1;
    if (i === 5 || i === 22) {
      lines.push('{"LeeftijdHoofdpersoon": 40, "HeeftPartner":');
      bad.set(line, 'invalid_json');
    } else if (i === 11) {
      lines.push(JSON.stringify({ ...repaymentBody(i), Woning: { WoningSoort: 'Tent' } }));
      bad.set(line, 'invalid_enum');
    } else if (i === 17) {
      lines.push('[1, 2, 3]');
      bad.set(line, 'invalid_body');
    } else if (i === 30) {
      lines.push('');
      blank.push(line);
    } else if (i === 31) {
      lines.push(`${JSON.stringify(repaymentBody(i))}\r`);
      good.set(line, repaymentBody(i));
    } else {
      lines.push(JSON.stringify(repaymentBody(i)));
      good.set(line, repaymentBody(i));
    }
  }
  return { text: `${lines.join('\n')}\n`, bad, blank, good };
}

describe('batch: nothing is lost', () => {
  it('malformed lines in the middle: one record per input record, in order, with the right line numbers', async () => {
    const input = mixedInput();
    writeFileSync(file('mixed.ndjson'), input.text);
    const run = await runBatch('afloscapaciteit', 'mixed.ndjson', 'mixed.out.ndjson');
    expect(run.code).toBe(EXIT.problems);
    const records = ndjson(read('mixed.out.ndjson'));
    expect(records.map((r) => r['line'])).toEqual([...input.good.keys(), ...input.bad.keys()].sort((a, b) => a - b));
    for (const r of records) {
      const line = r['line'] as number;
      if (input.bad.has(line)) {
        expect(r['result']).toBeUndefined();
        expect((r['issues'] as { code: string }[]).map((i) => i.code)).toContain(input.bad.get(line));
      } else {
        expect(r['result']).toEqual(
          JSON.parse(JSON.stringify(repaymentCapacity(input.good.get(line) as unknown, { ruleSet: 'nl-2026' }))),
        );
      }
    }
    expect(run.stderr).toContain(`39 records = 35 results + 4 errors (1 blank line skipped)`);
  });

  it('--errors: results in the output, error records in the errors file; together every record once', async () => {
    const input = mixedInput();
    writeFileSync(file('mixed2.ndjson'), input.text);
    const run = await runBatch('afloscapaciteit', 'mixed2.ndjson', 'ok.ndjson', '--errors', file('err.ndjson'));
    expect(run.code).toBe(EXIT.problems);
    const ok = ndjson(read('ok.ndjson'));
    const errors = ndjson(read('err.ndjson'));
    expect(ok.every((r) => r['result'] !== undefined)).toBe(true);
    expect(errors.map((r) => r['line'])).toEqual([...input.bad.keys()]);
    expect(errors.every((r) => Array.isArray(r['issues']) && (r['issues'] as unknown[]).length > 0)).toBe(true);
    expect(ok.length + errors.length).toBe(input.good.size + input.bad.size);
    expect(run.stderr).toMatch(/39 records = 35 results \+ 4 errors .*error records in .*err\.ndjson/);
  });

  it('every record valid: exit 0', async () => {
    writeFileSync(
      file('valid.ndjson'),
      Array.from({ length: 7 }, (_, i) => JSON.stringify(repaymentBody(i))).join('\n'),
    );
    const run = await runBatch('afloscapaciteit', 'valid.ndjson', 'valid.out.ndjson');
    expect(run.code).toBe(EXIT.ok);
    expect(ndjson(read('valid.out.ndjson')).map((r) => r['line'])).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('reads standard input and writes standard output', async () => {
    const run = await runCli(
      ['batch', 'afloscapaciteit', '--in', '-', '--ruleset', 'nl-2026', '--workers', '0', '--quiet'],
      {
        stdin: `${JSON.stringify(repaymentBody(1))}\nnot json\n`,
      },
    );
    expect(run.code).toBe(EXIT.problems);
    expect(run.stderr).toBe('');
    expect(ndjson(run.stdout).map((r) => Object.keys(r))).toEqual([
      ['line', 'result'],
      ['line', 'issues'],
    ]);
  });
});

describe('batch: worker threads', () => {
  it('give byte-for-byte the output of the in-process path, over many chunks', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => (i % 37 === 0 ? '{oops' : JSON.stringify(repaymentBody(i))));
    writeFileSync(file('many.ndjson'), `${lines.join('\n')}\n`);
    const common = [
      'batch',
      'afloscapaciteit',
      '--in',
      file('many.ndjson'),
      '--ruleset',
      'nl-2026',
      '--chunk-size',
      '2000',
    ];
    const single = await runCli([...common, '--out', file('many.0.ndjson'), '--workers', '0']);
    const threads = await runCli([...common, '--out', file('many.2.ndjson'), '--workers', '2']);
    expect(threads.stderr).toContain('2 workers');
    expect(threads.code).toBe(single.code);
    expect(read('many.2.ndjson')).toBe(read('many.0.ndjson'));
    expect(ndjson(read('many.2.ndjson')).map((r) => r['line'])).toEqual(lines.map((_, i) => i + 1));
    // The same for CSV out, and for a rule-set folder shipped to the workers.
    const csv0 = await runCli([...common, '--out', file('many.0.csv'), '--workers', '0', '--ruleset', 'rules/nl-2025']);
    const csv2 = await runCli([...common, '--out', file('many.2.csv'), '--workers', '2', '--ruleset', 'rules/nl-2025']);
    expect(csv2.code).toBe(csv0.code);
    expect(read('many.2.csv')).toBe(read('many.0.csv'));
  });
});

describe('batch: CSV', () => {
  it('NDJSON in, CSV out: a header of result paths, one row per record, errors interleaved with an issues column', async () => {
    const input = mixedInput();
    writeFileSync(file('mixed3.ndjson'), input.text);
    const run = await runBatch('afloscapaciteit', 'mixed3.ndjson', 'mixed3.csv');
    expect(run.code).toBe(EXIT.problems);
    const rows = parseCsv(read('mixed3.csv'), { columns: true }) as Record<string, string>[];
    const header = Object.keys(rows[0] ?? {});
    expect(header.slice(0, 8)).toEqual([
      'line',
      'Afloscapaciteit',
      'MaximaleAfloscapaciteit',
      'NettoBesteedbaarInkomenPerMaand',
      'Posten[0].Code',
      'Posten[0].Omschrijving',
      'Posten[0].Bedrag',
      'Posten[0].Minimaal',
    ]);
    expect(header).toEqual(
      expect.arrayContaining([
        'TotaalLasten',
        'TotaalMinimaleLasten',
        'Tekort',
        'MinimaalTekort',
        'Rekenregels.Hash',
        'Meldingen',
        'issues',
      ]),
    );
    expect(rows.map((r) => Number(r['line']))).toEqual(
      [...input.good.keys(), ...input.bad.keys()].sort((a, b) => a - b),
    );
    for (const row of rows) {
      const body = input.good.get(Number(row['line']));
      if (body === undefined) {
        expect(row['Afloscapaciteit']).toBe('');
        expect(JSON.parse(row['issues'] ?? '[]')).not.toEqual([]);
        continue;
      }
      const result = repaymentCapacity(body, { ruleSet: 'nl-2026' });
      expect(row['Afloscapaciteit']).toBe(String(result.Afloscapaciteit));
      expect(row['MaximaleAfloscapaciteit']).toBe(String(result.MaximaleAfloscapaciteit));
      expect(row['TotaalMinimaleLasten']).toBe(String(result.TotaalMinimaleLasten));
      expect(row['MinimaalTekort']).toBe(String(result.MinimaalTekort));
      result.Posten.forEach((p, i) => {
        expect(row[`Posten[${i}].Code`]).toBe(p.Code);
        expect(row[`Posten[${i}].Bedrag`]).toBe(String(p.Bedrag));
        expect(row[`Posten[${i}].Minimaal`]).toBe(String(p.Minimaal));
      });
      expect(row['Rekenregels.Hash']).toBe(result.Rekenregels.Hash);
      expect(row['issues']).toBe('');
    }
  });

  it.each(['nl-2026', 'vfn-2026'])(
    'CSV of %s: four columns per post of its calculation file, and the method each result names (issue 40)',
    async (ruleSet) => {
      const bodies = [0, 1].map((i) => repaymentBody(i));
      writeFileSync(file(`method-${ruleSet}.ndjson`), `${bodies.map((b) => JSON.stringify(b)).join('\n')}\n`);
      const run = await runCli([
        ...['batch', 'afloscapaciteit', '--in', file(`method-${ruleSet}.ndjson`)],
        ...['--out', file(`method-${ruleSet}.csv`), '--ruleset', ruleSet, '--workers', '0'],
      ]);
      expect(run.code, run.stderr).toBe(EXIT.ok);
      const rows = parseCsv(read(`method-${ruleSet}.csv`), { columns: true }) as Record<string, string>[];
      const header = Object.keys(rows[0] ?? {});
      const result = repaymentCapacity(bodies[0] ?? {}, { ruleSet });
      const postColumns = header.filter((c) => c.startsWith('Posten['));
      expect(postColumns).toEqual(
        result.Posten.flatMap((_, i) => ['Code', 'Omschrijving', 'Bedrag', 'Minimaal'].map((f) => `Posten[${i}].${f}`)),
      );
      expect(header.filter((c) => c.startsWith('Rekenregels.Methode'))).toEqual([
        'Rekenregels.Methode.Id',
        'Rekenregels.Methode.Naam',
      ]);
      expect(rows[0]?.['Rekenregels.Methode.Id']).toBe(result.Rekenregels.Methode?.Id);
      expect(rows[0]?.['Rekenregels.Methode.Naam']).toBe(result.Rekenregels.Methode?.Naam);
    },
  );

  it('--provenance in CSV: per amount its Onderbouwing columns, as the library computes them; NDJSON carries the objects', async () => {
    const bodies = [0, 1, 2, 3].map((i) => repaymentBody(i));
    writeFileSync(file('founded.ndjson'), `${bodies.map((b) => JSON.stringify(b)).join('\n')}\n`);
    const common = ['batch', 'afloscapaciteit', '--in', file('founded.ndjson'), '--ruleset', 'nl-2026', '--provenance'];
    const csvRun = await runCli([...common, '--out', file('founded.csv'), '--workers', '0']);
    expect(csvRun.code).toBe(EXIT.ok);
    const rows = parseCsv(read('founded.csv'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(bodies.length);
    rows.forEach((row, n) => {
      const result = repaymentCapacity(bodies[n] as unknown, { ruleSet: 'nl-2026', provenance: true });
      result.Posten.forEach((p, i) => {
        expect(row[`Posten[${i}].Onderbouwing.Zwakst`]).toBe(p.Onderbouwing?.Zwakst);
        expect(JSON.parse(row[`Posten[${i}].Onderbouwing.Schattingen`] ?? '')).toEqual(p.Onderbouwing?.Schattingen);
        expect(JSON.parse(row[`Posten[${i}].Onderbouwing.TeVerifieren`] ?? '')).toEqual(p.Onderbouwing?.TeVerifieren);
      });
      expect(row['OnderbouwingTotalen.Afloscapaciteit.Zwakst']).toBe(
        result.OnderbouwingTotalen?.Afloscapaciteit.Zwakst,
      );
      expect(row['OnderbouwingTotalen.MaximaleAfloscapaciteit.Zwakst']).toBe(
        result.OnderbouwingTotalen?.MaximaleAfloscapaciteit.Zwakst,
      );
    });
    const ndjsonRun = await runCli([...common, '--out', file('founded.out.ndjson'), '--workers', '0']);
    expect(ndjsonRun.code).toBe(EXIT.ok);
    const records = ndjson(read('founded.out.ndjson'));
    expect(records[0]).toEqual({
      line: 1,
      result: JSON.parse(
        JSON.stringify(repaymentCapacity(bodies[0] as unknown, { ruleSet: 'nl-2026', provenance: true })),
      ),
    });
  });

  it('CSV in, NDJSON out: the same results as the same households in JSON', async () => {
    const header =
      'LeeftijdHoofdpersoon,HeeftPartner,AantalThuiswonendeKinderen,AantalAutos,NettoBesteedbaarInkomenPerMaand,BijzondereUitgaven.KostenZorg,BijzondereUitgaven.KostenKinderOpvang,Woning.WoningSoort,Woning.HuurPerMaand,Woning.BrutoHypotheeklasten';
    const csv = [
      header,
      '45,true,2,1,5400,40,,Huurwoning,800,',
      '67,FALSE,0,0,1650,,,0,690,',
      '38,true,1,2,4200,,300,1,,1350',
    ].join('\r\n');
    writeFileSync(file('in.csv'), `\ufeff${csv}\r\n`);
    const run = await runBatch('afloscapaciteit', 'in.csv', 'in.csv.ndjson');
    expect(run.code).toBe(EXIT.ok);
    const bodies = [
      {
        LeeftijdHoofdpersoon: 45,
        HeeftPartner: true,
        AantalThuiswonendeKinderen: 2,
        AantalAutos: 1,
        NettoBesteedbaarInkomenPerMaand: 5400,
        BijzondereUitgaven: { KostenZorg: 40 },
        Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 800 },
      },
      {
        LeeftijdHoofdpersoon: 67,
        HeeftPartner: false,
        AantalThuiswonendeKinderen: 0,
        AantalAutos: 0,
        NettoBesteedbaarInkomenPerMaand: 1650,
        BijzondereUitgaven: {},
        Woning: { WoningSoort: 0, HuurPerMaand: 690 },
      },
      {
        LeeftijdHoofdpersoon: 38,
        HeeftPartner: true,
        AantalThuiswonendeKinderen: 1,
        AantalAutos: 2,
        NettoBesteedbaarInkomenPerMaand: 4200,
        BijzondereUitgaven: { KostenKinderOpvang: 300 },
        Woning: { WoningSoort: 1, BrutoHypotheeklasten: 1350 },
      },
    ];
    const records = ndjson(read('in.csv.ndjson'));
    expect(records.map((r) => r['line'])).toEqual([2, 3, 4]);
    records.forEach((r, i) => {
      expect(r['result']).toEqual(
        JSON.parse(JSON.stringify(repaymentCapacity(bodies[i] as unknown, { ruleSet: 'nl-2026' }))),
      );
    });
  });

  it('malformed CSV rows in the middle are error records with their own line numbers; the rows after them survive', async () => {
    const header =
      'LeeftijdHoofdpersoon,HeeftPartner,AantalThuiswonendeKinderen,AantalAutos,NettoBesteedbaarInkomenPerMaand,Woning.WoningSoort,Woning.HuurPerMaand,BijzondereUitgaven.KostenZorg';
    const rows = [
      header,
      '45,true,0,0,3000,0,800,', // 2 ok
      '45,tr"ue,0,0,3000,0,800,', // 3 stray quote
      '46,true,0,0,"3000,0,800,', // 4 quote not closed
      '47,true,0,0,"3000"x,0,800,', // 5 text after a closing quote
      '48,true,0,0,3000,0,', // 6 too few fields
      '', // 7 blank
      '49,ja,0,0,3000.5,Tent,800,', // 8 converted, then refused by the contract
      '50,false,0,0,2500,0,700,12', // 9 ok
    ];
    writeFileSync(file('bad.csv'), `${rows.join('\n')}\n`);
    for (const workers of ['0', '2']) {
      const run = await runBatch('afloscapaciteit', 'bad.csv', `bad.${workers}.ndjson`, '--workers', workers);
      expect(run.code).toBe(EXIT.problems);
      expect(run.stderr).toContain('7 records = 2 results + 5 errors (1 blank line skipped)');
      const records = ndjson(read(`bad.${workers}.ndjson`));
      expect(
        records.map((r) => [
          r['line'],
          r['result'] === undefined
            ? (r['issues'] as { path: string; code: string }[]).map((i) => `${i.path}:${i.code}`).join(' ')
            : 'ok',
        ]),
      ).toEqual([
        [2, 'ok'],
        [3, ':invalid_csv'],
        [4, ':invalid_csv'],
        [5, ':invalid_csv'],
        [6, ':invalid_csv'],
        [8, 'HeeftPartner:invalid_type NettoBesteedbaarInkomenPerMaand:not_integer Woning.WoningSoort:invalid_enum'],
        [9, 'ok'],
      ]);
    }
  });

  it('pensioenuitgaven CSV: array columns, a JSON cell for a main person without fields, --delimiter and CSV errors file', async () => {
    const header = [
      'Hoofdpersonen[0].Geslacht',
      'Hoofdpersonen[1]',
      'Kinderen[0].Leeftijd',
      'Autos[0].TypeAuto',
      'Autos[0].StatusAuto',
      'Autos[0].KilometersPerJaar',
      'Woning.TypeWoning',
      'Woning.SoortWoning',
      'Woning.WozWaarde',
      'NettoBesteedbaarInkomenPerMaand',
    ];
    const csv = [
      header.join(';'),
      'Vrouw;{};;;;;Appartement;Huurwoning;;2000',
      'Man;;8;Klein;0;1;1;1;250000;3000',
      ';;;;;;0;0;;1500',
    ].join('\n');
    writeFileSync(file('hb.csv'), csv);
    const run = await runBatch(
      'pensioenuitgaven',
      'hb.csv',
      'hb.out.csv',
      '--errors',
      file('hb.err.csv'),
      '--delimiter',
      ';',
    );
    expect(run.code).toBe(EXIT.problems);
    const out = parseCsv(read('hb.out.csv'), { columns: true, delimiter: ';' }) as Record<string, string>[];
    const expected = [
      retirementExpenditure(
        {
          Hoofdpersonen: [{ Geslacht: 'Vrouw' }, {}],
          Woning: { TypeWoning: 'Appartement', SoortWoning: 'Huurwoning' },
          NettoBesteedbaarInkomenPerMaand: 2000,
        },
        { ruleSet: 'nl-2026' },
      ),
      retirementExpenditure(
        {
          Hoofdpersonen: [{ Geslacht: 'Man' }],
          Kinderen: [{ Leeftijd: 8 }],
          Autos: [{ TypeAuto: 'Klein', StatusAuto: 0, KilometersPerJaar: 1 }],
          Woning: { TypeWoning: 1, SoortWoning: 1, WozWaarde: 250000 },
          NettoBesteedbaarInkomenPerMaand: 3000,
        },
        { ruleSet: 'nl-2026' },
      ),
    ];
    expect(out.map((r) => r['line'])).toEqual(['2', '3']);
    out.forEach((row, i) => {
      expect(row['Totaal.Basis']).toBe(String(expected[i]?.Totaal.Basis));
      expect(row['Totaal.Voorbeeld']).toBe(String(expected[i]?.Totaal.Voorbeeld));
      expect(row['Groepen[0].Code']).toBe(expected[i]?.Groepen[0]?.Code);
      expect(row).not.toHaveProperty('issues');
    });
    const errors = parseCsv(read('hb.err.csv'), { columns: true, delimiter: ';' }) as Record<string, string>[];
    expect(errors).toEqual([{ line: '4', issues: expect.stringContaining('"code":"required"') as unknown }]);
    expect(JSON.parse(errors[0]?.['issues'] ?? '[]')).toEqual([
      expect.objectContaining({ path: 'Hoofdpersonen', code: 'required' }),
    ]);
  });

  it('a header that cannot be used: exit 3, nothing written', async () => {
    writeFileSync(file('dup.csv'), 'LeeftijdHoofdpersoon,Woning.WoningSoort,LeeftijdHoofdpersoon\n1,2,3\n');
    const dup = await runBatch('afloscapaciteit', 'dup.csv', 'dup.out.csv');
    expect(dup.code).toBe(EXIT.io);
    expect(dup.stderr).toContain('columns "LeeftijdHoofdpersoon" and "LeeftijdHoofdpersoon" name the same field');
    expect(existsSync(file('dup.out.csv'))).toBe(false);
    writeFileSync(file('empty.csv'), '\n\n');
    const empty = await runBatch('afloscapaciteit', 'empty.csv', 'empty.out.csv');
    expect(empty.code).toBe(EXIT.io);
    expect(empty.stderr).toContain('has no header line');
  });
});

describe('batch: usage and files', () => {
  it.each([
    [['batch'], /missing afloscapaciteit\|pensioenuitgaven/],
    [['batch', 'rente'], /--calculation must be one of afloscapaciteit, pensioenuitgaven/],
    [['batch', 'afloscapaciteit', '--out', 'x.ndjson'], /missing --in FILE/],
    [['batch', 'afloscapaciteit', '--in', 'x.txt', '--out', 'y.ndjson'], /cannot tell the format of x\.txt/],
    [['batch', 'afloscapaciteit', '--in', 'x.ndjson', '--out', './x.ndjson'], /--in and --out are the same file/],
    [['batch', 'afloscapaciteit', '--in', 'x.ndjson', '--workers', 'many'], /--workers must be a whole number/],
    [['batch', 'afloscapaciteit', '--in', 'x.ndjson', '--delimiter', ';;'], /--delimiter must be one character/],
  ])('%j: exit 2', async (argv, message) => {
    const run = await runCli(argv);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(message);
  });

  it('a mistyped BUDGETNORM_MEMOS (the workers read it): exit 2 before anything is written', async () => {
    writeFileSync(file('memos-in.ndjson'), `${JSON.stringify(repaymentBody(0))}\n`);
    const before = process.env['BUDGETNORM_MEMOS'];
    process.env['BUDGETNORM_MEMOS'] = 'off';
    try {
      const run = await runBatch('afloscapaciteit', 'memos-in.ndjson', 'memos-out.ndjson');
      expect(run.code).toBe(EXIT.usage);
      expect(run.stderr).toMatch(/BUDGETNORM_MEMOS must be 1 or 0, got "off"/);
      expect(existsSync(file('memos-out.ndjson'))).toBe(false);
    } finally {
      if (before === undefined) delete process.env['BUDGETNORM_MEMOS'];
      else process.env['BUDGETNORM_MEMOS'] = before;
    }
  });

  it('a missing input file or an output folder that does not exist: exit 3', async () => {
    const missing = await runBatch('afloscapaciteit', 'nope.ndjson', 'o.ndjson');
    expect(missing.code).toBe(EXIT.io);
    expect(missing.stderr).toContain('no such file or directory');
    writeFileSync(file('one.ndjson'), `${JSON.stringify(repaymentBody(1))}\n`);
    const noFolder = await runBatch('afloscapaciteit', 'one.ndjson', 'no/such/folder/o.ndjson');
    expect(noFolder.code).toBe(EXIT.io);
    expect(noFolder.stderr).toContain('cannot write the output');
  });

  it('draws a progress line with --progress, and nothing but the summary otherwise', async () => {
    writeFileSync(file('p.ndjson'), `${JSON.stringify(repaymentBody(1))}\n`);
    const drawn = await runBatch('afloscapaciteit', 'p.ndjson', 'p.out.ndjson', '--progress');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the progress bar's ANSI erase-line sequence is what is tested
    expect(drawn.stderr).toMatch(/\r\x1b\[K1 records {2}[\d,]+\/s {2}\[#+\] 100%/);
    const quiet = await runBatch('afloscapaciteit', 'p.ndjson', 'p.out.ndjson');
    expect(quiet.stderr).not.toContain('\r');
    expect(quiet.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
  });
});
