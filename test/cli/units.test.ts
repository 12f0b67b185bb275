/** The pieces of the command line that are pure functions: column paths, CSV cells, readable rules, line chunks. */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { CsvInputColumns, parseColumnPath, resultColumns } from '../../src/cli/batch/csv-fields.js';
import { ByteSink } from '../../src/cli/batch/byte-sink.js';
import { type LineChunk, LineTooLong, lineChunks, withoutLinesUpTo } from '../../src/cli/batch/input.js';
import { renderCondition, renderExpression } from '../../src/rules/language/readable.js';
import { dutchNumber } from '../../src/cli/render/text.js';
import { bundledCatalog } from '../../src/index.js';
import { runs } from '../support/runs.js';

describe('CSV column paths', () => {
  it.each([
    ['LeeftijdHoofdpersoon', ['LeeftijdHoofdpersoon']],
    ['Woning.WoningSoort', ['Woning', 'WoningSoort']],
    ['Autos[0].TypeAuto', ['Autos', 0, 'TypeAuto']],
    ['Hoofdpersonen[1]', ['Hoofdpersonen', 1]],
    ['Woning["huur prijs"]', ['Woning', 'huur prijs']],
    ['Opmerking klant', ['Opmerking klant']],
  ])('%s', (name, segments) => {
    expect(parseColumnPath(name)).toEqual(segments);
  });

  it.each(['', '[0]', 'Autos[x]', 'Autos[0]TypeAuto', 'Woning.', 'Autos[100].TypeAuto'])('refuses %j', (name) => {
    expect(() => parseColumnPath(name)).toThrow();
  });
});

describe('CSV cells to a request body', () => {
  const repayment = new CsvInputColumns('afloscapaciteit', [
    'LeeftijdHoofdpersoon',
    'HeeftPartner',
    'Woning.WoningSoort',
    'BijzondereUitgaven.KostenZorg',
    'Extra',
  ]);

  it("converts by the contract's field types; an empty cell is an absent field; objects named in the header exist", () => {
    expect(repayment.toBody(['45', 'TRUE', '1', '', 'x'])).toEqual({
      body: {
        LeeftijdHoofdpersoon: 45,
        HeeftPartner: true,
        Woning: { WoningSoort: 1 },
        BijzondereUitgaven: {},
        Extra: 'x',
      },
    });
    expect(repayment.toBody(['', 'false', 'Koopwoning', '12', ''])).toEqual({
      body: { HeeftPartner: false, Woning: { WoningSoort: 'Koopwoning' }, BijzondereUitgaven: { KostenZorg: 12 } },
    });
  });

  it("passes a value that does not fit on as text, so the contract reports it at the column's path", () => {
    expect(repayment.toBody(['45 jaar', 'ja', '1.5', '12.5', ''])).toEqual({
      body: {
        LeeftijdHoofdpersoon: '45 jaar',
        HeeftPartner: 'ja',
        Woning: { WoningSoort: '1.5' },
        BijzondereUitgaven: { KostenZorg: 12.5 },
      },
    });
  });

  it('arrays: an element exists when one of its cells is filled; a gap before it is an empty object; JSON cells', () => {
    const retirement = new CsvInputColumns('pensioenuitgaven', [
      'Hoofdpersonen[0].Geslacht',
      'Hoofdpersonen[1]',
      'Autos[0].TypeAuto',
      'Autos[1].TypeAuto',
      'Kinderen',
    ]);
    expect(retirement.toBody(['Man', '', '', '', ''])).toEqual({ body: { Hoofdpersonen: [{ Geslacht: 'Man' }] } });
    expect(retirement.toBody(['0', '{"Geslacht":1}', '', 'Klein', '[{"Leeftijd":3}]'])).toEqual({
      body: {
        Hoofdpersonen: [{ Geslacht: 0 }, { Geslacht: 1 }],
        Autos: [{}, { TypeAuto: 'Klein' }],
        Kinderen: [{ Leeftijd: 3 }],
      },
    });
    expect(retirement.toBody(['', '{oops', '', '', ''])).toEqual({
      issues: [expect.objectContaining({ path: 'Hoofdpersonen[1]', code: 'invalid_json' })],
    });
  });

  it('a __proto__ column is an own field, never the prototype', () => {
    const columns = new CsvInputColumns('afloscapaciteit', ['__proto__.x', 'LeeftijdHoofdpersoon']);
    const built = columns.toBody(['1', '2']) as { body: Record<string, unknown> };
    expect(Object.getPrototypeOf(built.body)).toBe(Object.prototype);
    expect(Object.hasOwn(built.body, '__proto__')).toBe(true);
  });

  it('refuses a header with a duplicate, an empty name or a field inside a single value', () => {
    expect(() => new CsvInputColumns('afloscapaciteit', ['a', 'a'])).toThrow(/name the same field/);
    expect(() => new CsvInputColumns('afloscapaciteit', ['a', ' '])).toThrow(/column 2 of the header has no name/);
    expect(() => new CsvInputColumns('afloscapaciteit', ['LeeftijdHoofdpersoon', 'LeeftijdHoofdpersoon.x'])).toThrow(
      /single value/,
    );
  });

  it('result columns follow the rule set: every post, in order', () => {
    const ruleSet = bundledCatalog().byId('nl-2026');
    const columns = resultColumns('afloscapaciteit', ruleSet, { explain: false, provenance: false });
    const posts = ruleSet.calculations.afloscapaciteit?.posts ?? [];
    expect(columns.filter((c) => c.endsWith('.Bedrag'))).toHaveLength(posts.length);
    expect(columns.filter((c) => c.endsWith('.Minimaal'))).toHaveLength(posts.length);
    expect(columns.indexOf('Posten[0].Minimaal')).toBe(columns.indexOf('Posten[0].Bedrag') + 1);
    expect(columns).toEqual(
      expect.arrayContaining(['MaximaleAfloscapaciteit', 'TotaalMinimaleLasten', 'MinimaalTekort']),
    );
    expect(columns.at(-1)).toBe('Meldingen');
    expect(columns.some((c) => c.includes('Onderbouwing'))).toBe(false);
    expect(resultColumns('afloscapaciteit', ruleSet, { explain: true, provenance: false }).at(-1)).toBe('Uitleg');
  });

  it('with --provenance, every amount has its Onderbouwing columns right after it', () => {
    const ruleSet = bundledCatalog().byId('nl-2026');
    const repay = resultColumns('afloscapaciteit', ruleSet, { explain: false, provenance: true });
    // A post's Onderbouwing covers both its amounts, so it follows Minimaal.
    const afterBedrag = repay.indexOf('Posten[0].Minimaal') + 1;
    expect(repay.slice(afterBedrag, afterBedrag + 3)).toEqual([
      'Posten[0].Onderbouwing.Zwakst',
      'Posten[0].Onderbouwing.Schattingen',
      'Posten[0].Onderbouwing.TeVerifieren',
    ]);
    expect(repay).toContain('OnderbouwingTotalen.Afloscapaciteit.Zwakst');
    const posts = ruleSet.calculations.afloscapaciteit?.posts ?? [];
    expect(repay.filter((c) => c.endsWith('.Zwakst'))).toHaveLength(posts.length + 6);
    expect(repay).toContain('OnderbouwingTotalen.MaximaleAfloscapaciteit.Zwakst');
    const retire = resultColumns('pensioenuitgaven', ruleSet, { explain: false, provenance: true });
    expect(retire).toContain('Groepen[0].Onderbouwing.Zwakst');
    expect(retire.indexOf('Totaal.Onderbouwing.Zwakst')).toBe(retire.indexOf('Totaal.Voorbeeld') + 1);
  });
});

describe('readable conditions and amounts', () => {
  it.each([
    [
      {
        all: [
          { fact: 'age', operator: 'lessThan', value: 21 },
          { fact: 'hasPartner', operator: 'equal', value: false },
        ],
      },
      'age < 21 and hasPartner = false',
    ],
    [
      {
        any: [
          { fact: 'tenure', operator: 'equal', value: 'rent' },
          {
            all: [
              { fact: 'children', operator: 'greaterThanInclusive', value: 2 },
              { fact: 'cars', operator: 'notEqual', value: 0 },
            ],
          },
        ],
      },
      'tenure = "rent" or (children ≥ 2 and cars ≠ 0)',
    ],
    [{ all: [{ fact: 'age', operator: 'lessThan', value: { fact: 'param:aowLeeftijd' } }] }, 'age < aowLeeftijd'],
    [
      { not: { fact: 'householdType', operator: 'in', value: ['single', 'couple'] } },
      'not (householdType in ["single", "couple"])',
    ],
  ])('%j', (condition, text) => {
    expect(renderCondition(condition as never)).toBe(text);
  });

  it.each([
    [
      {
        multiply: [
          { table: 'vfnBasisnorm2021', key: { huishouden: { fact: 'householdType' }, woning: { fact: 'tenure' } } },
          { param: 'vfnIndexatie2023' },
        ],
      },
      'vfnBasisnorm2021[householdType, tenure] × vfnIndexatie2023',
    ],
    [
      { multiply: [{ subtract: [{ param: 'a' }, { param: 'b' }] }, { add: [{ const: '1' }, { fact: 'x' }] }] },
      '(a − b) × (1 + x)',
    ],
    [{ subtract: [{ param: 'a' }, { subtract: [{ param: 'b' }, { param: 'c' }] }] }, 'a − (b − c)'],
    [{ divide: [{ param: 'a' }, { multiply: [{ param: 'b' }, { param: 'c' }] }] }, 'a / (b × c)'],
    [
      { max: [{ const: '0' }, { subtract: [{ fact: 'income' }, { sumPosts: {} }] }] },
      'max(0, income − sum of all posts)',
    ],
    [{ round: { value: 'x' }, policy: 'post' }, 'round(x, post)'],
    [
      {
        sum: {
          over: 'children',
          amount: { table: 't', key: { leeftijd: { fact: 'child.age' } } },
          when: { all: [{ fact: 'child.age', operator: 'lessThan', value: 18 }] },
        },
      },
      '(sum over children where child.age < 18 of t[child.age])',
    ],
    [
      // biome-ignore lint/suspicious/noThenProperty: the rule format's conditional expression
      { if: { fact: 'tenure', operator: 'equal', value: 'own' }, then: { post: 'Wonen' }, else: { const: '0' } },
      '(if tenure = "own" then post Wonen else 0)',
    ],
  ])('%j', (expression, text) => {
    expect(renderExpression(expression as never)).toBe(text);
  });
});

describe('small things', () => {
  it('Dutch numbers', () => {
    expect([0, 611, 1309, 1234567, -42, 12.5].map(dutchNumber)).toEqual([
      '0',
      '611',
      '1.309',
      '1.234.567',
      '−42',
      '12,5',
    ]);
  });

  it('line chunks: whole lines, numbered, whatever the pieces the stream delivers', async () => {
    const text = 'a\nbb\r\n\nccc\ndddd';
    const pieces = ['a\nb', 'b\r\n', '\ncc', 'c\ndd', 'dd'].map((p) => Buffer.from(p));
    const chunks = [];
    for await (const c of lineChunks(Readable.from(pieces), 3)) chunks.push(c);
    expect(chunks.map((c) => Buffer.from(c.bytes).toString()).join('')).toBe(text);
    expect(chunks.every((c, i) => i === chunks.length - 1 || Buffer.from(c.bytes).toString().endsWith('\n'))).toBe(
      true,
    );
    let line = 1;
    for (const c of chunks) {
      expect(c.firstLine).toBe(line);
      line += c.lines;
    }
    expect(line - 1).toBe(5);
  });

  it('line chunks: a line longer than the limit stops the reading, after the lines before it, naming its number', async () => {
    const pieces = ['a\nb\n', 'c'.repeat(10), 'c'.repeat(10), 'c'.repeat(10), '\nd\n'].map((p) => Buffer.from(p));
    const chunks: string[] = [];
    const reading = (async () => {
      for await (const c of lineChunks(Readable.from(pieces), 4, 25)) chunks.push(Buffer.from(c.bytes).toString());
    })();
    await expect(reading).rejects.toThrow(LineTooLong);
    await expect(reading).rejects.toThrow(/^line 3 is longer than 25 bytes without a line break/);
    expect(chunks.join('')).toBe('a\nb\n');
  });

  it('line chunks: a line of exactly the limit passes, one byte more stops the reading there, whatever the pieces and chunk size', async () => {
    const max = 12;
    const lineText = fc.oneof(
      fc.integer({ min: 0, max: max + 2 }).map((n) => 'y'.repeat(n)),
      fc.constantFrom('', 'a\r', 'é€'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(lineText, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 40 }),
        async (lines, lastBreak, cuts, chunkBytes) => {
          const text = lines.join('\n') + (lastBreak ? '\n' : '');
          const bytes = Buffer.from(text);
          const pieces: Buffer[] = [];
          for (let at = 0, i = 0; at < bytes.length; i += 1) {
            const n = cuts[i % cuts.length] as number;
            pieces.push(bytes.subarray(at, at + n));
            at += n;
          }
          const longIndex = lines.findIndex((l, i) => Buffer.byteLength(l) > max && (i < lines.length - 1 || l !== ''));
          const got: LineChunk[] = [];
          let thrown: unknown;
          try {
            for await (const c of lineChunks(Readable.from(pieces), chunkBytes, max)) got.push(c);
          } catch (error) {
            thrown = error;
          }
          const before =
            longIndex === -1
              ? text
              : lines
                  .slice(0, longIndex)
                  .map((l) => `${l}\n`)
                  .join('');
          expect(got.map((c) => Buffer.from(c.bytes).toString()).join('')).toBe(before);
          if (longIndex === -1) expect(thrown).toBeUndefined();
          else {
            expect(thrown).toBeInstanceOf(LineTooLong);
            expect((thrown as LineTooLong).line).toBe(longIndex + 1);
          }
          let line = 1;
          for (const c of got) {
            expect(c.firstLine).toBe(line);
            line += c.lines;
          }
        },
      ),
      { numRuns: runs(2000) },
    );
  });

  it('line chunks: a long line within the limit comes whole, its pieces joined once, not once per piece', async () => {
    const long = 'x'.repeat(1000);
    const pieces = ['a\n', ...Array.from({ length: 100 }, () => 'x'.repeat(10)), '\nb\n'].map((p) => Buffer.from(p));
    const concat = vi.spyOn(Buffer, 'concat');
    try {
      const chunks: LineChunk[] = [];
      for await (const c of lineChunks(Readable.from(pieces), 16, 1000)) chunks.push(c);
      expect(chunks.map((c) => Buffer.from(c.bytes).toString()).join('')).toBe(`a\n${long}\nb\n`);
      expect(chunks.map((c) => c.firstLine)).toEqual(
        chunks.map((_, i) => chunks.slice(0, i).reduce((n, c) => n + c.lines, 1)),
      );
      // Joined when the piece with its line break came (and once before it was known to have none), not per piece.
      expect(concat.mock.calls.length).toBeLessThan(5);
    } finally {
      concat.mockRestore();
    }
  });
});

describe('ByteSink: records encoded into one growing buffer', () => {
  it('gives the UTF-8 of everything written, across growth and multi-byte characters', () => {
    const sink = new ByteSink(8);
    const parts = ['{"a":1}\n', 'Zorgkosten €40 — ✓\n', '𝄞 x'.repeat(50), '', 'end\n'];
    for (const p of parts) sink.text(p);
    expect(Buffer.from(sink.bytes()).toString('utf8')).toBe(parts.join(''));
    expect(sink.bytes().byteLength).toBe(Buffer.byteLength(parts.join('')));
  });
});

describe('withoutLinesUpTo: a resumed run skips the lines already written', () => {
  const chunk = { firstLine: 10, bytes: new TextEncoder().encode('a\nb\n\nc\nd'), lines: 5 };
  const text = (c: ReturnType<typeof withoutLinesUpTo>) =>
    c === undefined ? undefined : { firstLine: c.firstLine, lines: c.lines, text: new TextDecoder().decode(c.bytes) };
  it.each([
    [9, { firstLine: 10, lines: 5, text: 'a\nb\n\nc\nd' }],
    [10, { firstLine: 11, lines: 4, text: 'b\n\nc\nd' }],
    [12, { firstLine: 13, lines: 2, text: 'c\nd' }],
    [13, { firstLine: 14, lines: 1, text: 'd' }],
    [14, undefined],
    [99, undefined],
  ])('after line %i', (line, expected) => {
    expect(text(withoutLinesUpTo(chunk, line))).toEqual(expected);
  });
});
