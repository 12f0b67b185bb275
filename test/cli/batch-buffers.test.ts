/**
 * A batch's output buffers are filled again once written (issue 14: memory fresh from the
 * system costs a page fault and zeroing per 4 KB page on its first write, ~1.3 GB per million
 * repayment results): the spares kept, a sink filling a spare, a chunk processor giving the
 * same bytes in a reused buffer, and the pipeline handing a buffer back only after its bytes
 * are written.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bundledCatalog, repaymentCapacity } from '../../src/index.js';
import { ByteSink, SpareBuffers } from '../../src/cli/batch/byte-sink.js';
import { RuleEvaluationError } from '../../src/contract/errors.js';
import { CLI_OPERATIONS, type CliOperations } from '../../src/cli/operations.js';
import { Pipeline, type Tally } from '../../src/cli/batch/pipeline.js';
import type { BatchOutput } from '../../src/cli/batch/output.js';
import type { ChunkRunner } from '../../src/cli/batch/pool.js';
import { Progress } from '../../src/cli/batch/progress.js';
import {
  type BatchSettings,
  type Chunk,
  type ChunkOutcome,
  createChunkProcessor,
} from '../../src/cli/batch/records.js';
import { repaymentBody } from './helpers.js';

describe('SpareBuffers', () => {
  it('gives a spare at least as large as asked, drops smaller ones on the way, keeps at most its maximum', () => {
    const spares = new SpareBuffers(3);
    const [small, large, larger, extra] = [10, 1000, 2000, 3000].map((n) => new ArrayBuffer(n)) as ArrayBuffer[];
    spares.give(large as ArrayBuffer);
    spares.give(small as ArrayBuffer);
    spares.give(larger as ArrayBuffer);
    spares.give(extra as ArrayBuffer); // beyond the maximum: not kept
    expect(spares.take(1500)).toBe(larger);
    // `small` is too small for 500: dropped; `large` is taken.
    expect(spares.take(500)).toBe(large);
    expect(spares.take(1)).toBeUndefined();
  });

  it('keeps no empty (detached) buffer', () => {
    const spares = new SpareBuffers();
    const buffer = new ArrayBuffer(64);
    structuredClone(buffer, { transfer: [buffer] }); // detaches it: byteLength 0
    spares.give(buffer);
    expect(spares.take(0)).toBeUndefined();
  });
});

describe('ByteSink', () => {
  it('writes into a spare large enough, and into new memory otherwise', () => {
    const spare = new ArrayBuffer(4096);
    const spares = new SpareBuffers();
    spares.give(spare);
    const reused = new ByteSink(100, spares);
    reused.text('{"a":"é"}\n');
    expect(reused.bytes().buffer).toBe(spare);
    expect(new TextDecoder().decode(reused.bytes())).toBe('{"a":"é"}\n');
    const fresh = new ByteSink(100, spares);
    fresh.text('x');
    expect(fresh.bytes().buffer).not.toBe(spare);
  });
});

describe('ByteSink', () => {
  const text = (sink: ByteSink) => Buffer.from(sink.bytes()).toString('utf8');

  it('writes text short and long, any UTF-8, growing its buffer as it goes', () => {
    const texts = [',"Minimaal":', '{"Code":"Woonlasten","Omschrijving":"één € 😀 en nog wat meer tekst"', ''];
    const sink = new ByteSink(0);
    let expected = '';
    for (let i = 0; i < 300; i += 1) {
      const piece = `${texts[i % texts.length]}${i}${i % 7 === 0 ? '"ß"' : ''}`;
      sink.text(piece);
      expected += piece;
    }
    expect(text(sink)).toBe(expected);
  });

  it('drops a record it could not complete, and only back to a length it has written', () => {
    const sink = new ByteSink(64);
    sink.text('{"line":1}\n');
    const start = sink.written;
    sink.text('{"line":2,"result":42');
    sink.truncate(start);
    sink.text('{"line":2,"issues":[]}\n');
    expect(text(sink)).toBe('{"line":1}\n{"line":2,"issues":[]}\n');
    expect(() => sink.truncate(sink.written + 1)).toThrow(RangeError);
    expect(() => sink.truncate(-1)).toThrow(RangeError);
  });
});

const SETTINGS: BatchSettings = {
  calculation: 'afloscapaciteit',
  explain: false,
  provenance: false,
  inputFormat: 'ndjson',
  outputFormat: 'ndjson',
  errorsFormat: undefined,
  delimiter: ',',
  csvHeader: undefined,
};

const chunkOf = (seq: number, firstLine: number, lines: readonly string[]): Chunk => ({
  seq,
  firstLine,
  bytes: new TextEncoder().encode(`${lines.join('\n')}\n`),
});

describe('a chunk processor with spares', () => {
  it('fills the buffer given back with the bytes a fresh processor writes', () => {
    const ruleSet = bundledCatalog().byId('nl-2026');
    const lines = (from: number) =>
      Array.from({ length: 20 }, (_, i) => (i === 7 ? '{oops' : JSON.stringify(repaymentBody(from + i))));
    const spares = new SpareBuffers();
    const reusing = createChunkProcessor(SETTINGS, ruleSet, undefined, spares);
    const first = reusing(chunkOf(0, 1, lines(0)));
    // The second chunk is smaller than the first: the first's buffer is large enough.
    spares.give(first.out.buffer as ArrayBuffer);
    const second = reusing(chunkOf(1, 21, lines(100).slice(0, 10)));
    expect(second.out.buffer).toBe(first.out.buffer);
    const fresh = createChunkProcessor(SETTINGS, ruleSet)(chunkOf(1, 21, lines(100).slice(0, 10)));
    expect(second.out.buffer).not.toBe(fresh.out.buffer);
    expect(Buffer.from(second.out).equals(Buffer.from(fresh.out))).toBe(true);
  });
});

describe('a chunk processor in steps of records', () => {
  // Records are parsed, calculated and encoded a step (32 records) at a time: these chunks put
  // error records and blank lines on both sides of each step boundary.
  const ruleSet = bundledCatalog().byId('nl-2026');
  const MALFORMED = new Set([31, 32, 33, 64, 65, 97]);
  const BLANK = new Set([40, 96]);
  const REFUSED = 50;
  const expectedRecords = (lineCount: number, bodyOf: (line: number) => Record<string, unknown>) =>
    Array.from({ length: lineCount }, (_, i) => i + 1)
      .filter((line) => !BLANK.has(line))
      .map((line) =>
        MALFORMED.has(line) || line === REFUSED
          ? { line, error: true }
          : { line, result: JSON.parse(JSON.stringify(repaymentCapacity(bodyOf(line), { ruleSet }))) as unknown },
      );
  const recordsIn = (bytes: Uint8Array) =>
    new TextDecoder()
      .decode(bytes)
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => {
        const r = JSON.parse(l) as { line: number; result?: unknown; issues?: unknown };
        return 'issues' in r ? { line: r.line, error: true } : { line: r.line, result: r.result };
      });

  it.each([
    ['interleaved', undefined],
    ['in an errors file', 'ndjson'],
  ] as const)('NDJSON, errors %s: every record once, in order, each what the library gives', (_, errorsFormat) => {
    const lines = Array.from({ length: 103 }, (_, i) => {
      const line = i + 1;
      if (BLANK.has(line)) return '';
      if (MALFORMED.has(line)) return '{"LeeftijdHoofdpersoon": 4';
      return JSON.stringify(
        line === REFUSED ? { ...repaymentBody(line), Woning: { WoningSoort: 'Tent' } } : repaymentBody(line),
      );
    });
    const outcome = createChunkProcessor({ ...SETTINGS, errorsFormat }, ruleSet)(chunkOf(0, 1, lines));
    const expected = expectedRecords(103, repaymentBody);
    const got =
      errorsFormat === undefined ? recordsIn(outcome.out) : [...recordsIn(outcome.out), ...recordsIn(outcome.err)];
    expect(got.sort((a, b) => a.line - b.line)).toEqual(expected);
    if (errorsFormat === undefined)
      expect(recordsIn(outcome.out).map((r) => r.line)).toEqual(expected.map((r) => r.line));
    expect([outcome.results, outcome.errors, outcome.blank]).toEqual([103 - 2 - 7, 7, 2]);
  });

  it('CSV: every row once, in order, across step boundaries', () => {
    const header = ['LeeftijdHoofdpersoon', 'HeeftPartner', 'AantalThuiswonendeKinderen', 'AantalAutos'];
    header.push(
      'NettoBesteedbaarInkomenPerMaand',
      'BijzondereUitgaven.KostenZorg',
      'Woning.WoningSoort',
      'Woning.HuurPerMaand',
    );
    const bodyOf = (line: number) => ({
      LeeftijdHoofdpersoon: 20 + (line % 60),
      HeeftPartner: line % 2 === 0,
      AantalThuiswonendeKinderen: line % 3,
      AantalAutos: line % 2,
      NettoBesteedbaarInkomenPerMaand: 1500 + line * 37,
      BijzondereUitgaven: { KostenZorg: line % 50 },
      Woning: { WoningSoort: line === REFUSED ? 'Tent' : 'Huurwoning', HuurPerMaand: 400 + line },
    });
    const rows = Array.from({ length: 103 }, (_, i) => {
      const line = i + 1;
      if (BLANK.has(line)) return '';
      const b = bodyOf(line);
      if (MALFORMED.has(line)) return `${b.LeeftijdHoofdpersoon},"${b.NettoBesteedbaarInkomenPerMaand}`;
      const cells = [b.LeeftijdHoofdpersoon, b.HeeftPartner, b.AantalThuiswonendeKinderen, b.AantalAutos];
      const rest = [
        b.NettoBesteedbaarInkomenPerMaand,
        b.BijzondereUitgaven.KostenZorg,
        b.Woning.WoningSoort,
        b.Woning.HuurPerMaand,
      ];
      return [...cells, ...rest].join(',');
    });
    const settings: BatchSettings = { ...SETTINGS, inputFormat: 'csv', csvHeader: header };
    const outcome = createChunkProcessor(settings, ruleSet)(chunkOf(0, 1, rows));
    expect(recordsIn(outcome.out)).toEqual(expectedRecords(103, bodyOf));
  });
});

describe('a chunk processor whose calculation fails part way', () => {
  it('drops the start of a record whose calculation throws, and writes its error record in its place', () => {
    const ruleSet = bundledCatalog().byId('nl-2026');
    // A registry of the tests: its calculation is not the library's, so the record's start is
    // written before the calculation runs, and must go when it throws.
    const calculate = (body: unknown) => {
      const b = body as { fail?: string; n: number };
      if (b.fail === 'rules') throw new RuleEvaluationError('division_by_zero', 'test.json post X', 'divided by 0');
      if (b.fail === 'bug') throw new TypeError('not a function');
      return { n: b.n };
    };
    const operations = {
      afloscapaciteit: { ...CLI_OPERATIONS.afloscapaciteit, calculate },
    } as unknown as CliOperations;
    const lines = [{ n: 1 }, { fail: 'rules', n: 2 }, { n: 3 }, { fail: 'bug', n: 4 }, { n: 5 }].map((b) =>
      JSON.stringify(b),
    );
    for (const errorsFormat of [undefined, 'ndjson'] as const) {
      const outcome = createChunkProcessor({ ...SETTINGS, errorsFormat }, ruleSet, operations)(chunkOf(0, 1, lines));
      const out = new TextDecoder().decode(outcome.out);
      const err = new TextDecoder().decode(outcome.err);
      const results = '{"line":1,"result":{"n":1}}\n{"line":3,"result":{"n":3}}\n{"line":5,"result":{"n":5}}\n';
      const codes = (text: string) =>
        text
          .split('\n')
          .filter((l) => l.includes('"issues"'))
          .map((l) => {
            const r = JSON.parse(l) as { line: number; issues: { code: string }[] };
            return `${r.line}:${r.issues[0]?.code}`;
          });
      if (errorsFormat === undefined) {
        const resultLines = out.split('\n').filter((l) => l.includes('"result"'));
        expect(resultLines.map((l) => `${l}\n`).join('')).toBe(results);
        expect(codes(out)).toEqual(['2:calculation_failed', '4:internal_error']);
        expect(
          out
            .split('\n')
            .filter((l) => l !== '')
            .map((l) => (JSON.parse(l) as { line: number }).line),
        ).toEqual([1, 2, 3, 4, 5]);
      } else {
        expect(out).toBe(results);
        expect(codes(err)).toEqual(['2:calculation_failed', '4:internal_error']);
      }
      expect([outcome.results, outcome.errors]).toEqual([3, 2]);
    }
  });
});

describe('the pipeline', () => {
  it("gives back each chunk's output buffer only after its bytes are written, every chunk's once", async () => {
    const outcomes = new Map<number, ChunkOutcome>();
    const written = new Set<ArrayBufferLike>();
    const recycled: ArrayBufferLike[] = [];
    const runner: ChunkRunner = {
      workers: 2,
      run: (chunk) => {
        const outcome: ChunkOutcome = {
          seq: chunk.seq,
          out: new Uint8Array(new ArrayBuffer(64), 0, 8).fill(65 + chunk.seq),
          err: new Uint8Array(0),
          results: 1,
          errors: 0,
          blank: 0,
          inputBytes: chunk.bytes.byteLength,
        };
        outcomes.set(chunk.seq, outcome);
        return new Promise((resolve) => setTimeout(() => resolve(outcome), 5 - (chunk.seq % 3)));
      },
      recycle: (buffer) => {
        expect(written.has(buffer)).toBe(true);
        recycled.push(buffer);
      },
      close: () => Promise.resolve(),
    };
    const out = {
      write: (bytes: Uint8Array) =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            written.add(bytes.buffer);
            resolve();
          }, 1),
        ),
      commit: () => undefined,
    } as unknown as BatchOutput;
    const tally: Tally = { records: 0, results: 0, errors: 0, blank: 0, bytes: 0, upToLine: 0 };
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    const pipeline = new Pipeline(runner, out, undefined, new Progress(sink, false, undefined), tally, 0);
    const chunks = Array.from({ length: 9 }, (_, i) => ({
      firstLine: i + 1,
      bytes: new Uint8Array([123, 10]),
      lines: 1,
    }));
    const [first, ...rest] = chunks;
    async function* more() {
      yield* rest;
    }
    await pipeline.run(first, more(), (e) => e as Error);
    expect(tally.records).toBe(9);
    expect(recycled).toEqual([...outcomes.values()].sort((a, b) => a.seq - b.seq).map((o) => o.out.buffer));
  });

  /** A pipeline over chunks of one line each whose reading fails after `good` chunks, writing through `write`. */
  function failingRead(good: number, write: () => Promise<void>) {
    const runner: ChunkRunner = {
      workers: 2,
      run: (chunk) =>
        new Promise((resolve) =>
          setTimeout(
            () =>
              resolve({
                seq: chunk.seq,
                out: new Uint8Array(4).fill(65),
                err: new Uint8Array(0),
                results: 1,
                errors: 0,
                blank: 0,
                inputBytes: chunk.bytes.byteLength,
              }),
            3,
          ),
        ),
      recycle: () => undefined,
      close: () => Promise.resolve(),
    };
    const out = { write, commit: () => undefined } as unknown as BatchOutput;
    const tally: Tally = { records: 0, results: 0, errors: 0, blank: 0, bytes: 0, upToLine: 0 };
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    const pipeline = new Pipeline(runner, out, undefined, new Progress(sink, false, undefined), tally, 0);
    const chunk = (i: number) => ({ firstLine: i + 1, bytes: new Uint8Array([123, 10]), lines: 1 });
    async function* chunks() {
      for (let i = 1; i < good; i += 1) yield chunk(i);
      throw new Error('the disk went away');
    }
    const run = pipeline.run(chunk(0), chunks(), (e) => new Error(`cannot read: ${(e as Error).message}`));
    return { pipeline, tally, run };
  }

  it('a failed read: the chunks read before it are finished and written, then it rejects with the read error', async () => {
    const { pipeline, tally, run } = failingRead(3, () => Promise.resolve());
    await expect(run).rejects.toThrow('cannot read: the disk went away');
    expect(tally.records).toBe(3);
    expect(tally.upToLine).toBe(3);
    expect(pipeline.readFailure?.message).toBe('cannot read: the disk went away');
  });

  it('a failed read and then a failed write of what was read: rejects with the write error, the read error kept', async () => {
    const { pipeline, tally, run } = failingRead(3, () => Promise.reject(new Error('no space left')));
    await expect(run).rejects.toThrow('no space left');
    expect(tally.records).toBe(0);
    expect(pipeline.readFailure?.message).toBe('cannot read: the disk went away');
  });
});
