/**
 * The batched writer of the service's log (src/node/batched-writer.ts) against real file
 * descriptors: a temporary file, a named pipe opened non-blocking (so it fills up, takes part
 * of a write, and answers EAGAIN), /dev/full (ENOSPC) and a pipe whose reader is gone (EPIPE).
 * Then the service log (src/node/log.ts): its request line, written by hand, against what pino
 * writes for the same line, and its stdout in a process of its own.
 */
import { spawn } from 'node:child_process';
import { closeSync, fstatSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { RequestLogLine } from '../../src/http/app.js';
import { BatchedWriter } from '../../src/node/batched-writer.js';
import { fill, namedPipe as namedPipeIn, readSlowly } from '../support/pipes.js';
import { serviceLog } from '../../src/node/log.js';
import { runs } from '../support/runs.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = mkdtempSync(join(tmpdir(), 'batched-writer-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

let made = 0;
/** A named pipe in this test's folder (test/support/pipes.ts). */
const namedPipe = () => namedPipeIn(DIR);

/** A new temporary file, open for writing. */
function tempFile(): { path: string; fd: number } {
  const path = join(DIR, `out-${made++}`);
  return { path, fd: openSync(path, 'w') };
}

/**
 * Polls `condition` every 5 ms until it holds, then true. No deadline: on a busy machine the
 * writer may take long; the test's ceiling ends a hang.
 */
async function until(condition: () => boolean): Promise<boolean> {
  while (!condition()) await sleep(5);
  return true;
}

/** Line i: numbered, of varying length, with 2-, 3- and 4-byte UTF-8 characters (bytes are not code units). */
function line(i: number): string {
  return `{"n":${i},"text":"${'é€😀x'.repeat(i % 17)}"}\n`;
}

function linesFrom(first: number, count: number): string[] {
  return Array.from({ length: count }, (_, k) => line(first + k));
}

describe('the batched writer (src/node/batched-writer.ts)', () => {
  it('keeps the order of many lines written over several batches, with lines gathering while a batch is written', async () => {
    const { path, fd } = tempFile();
    const out = new BatchedWriter(fd, { minLength: 4096 });
    const all = linesFrom(0, 6000);
    for (const [i, text] of all.entries()) {
      out.write(text);
      // Now and then the event loop turns: batches finish while more lines gather.
      if (i % 250 === 0) await new Promise(setImmediate);
      if (i === 3000) expect(await until(() => fstatSync(fd).size > 0)).toBe(true); // batches went out before end()
    }
    await out.end();
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe(all.join(''));
    expect(out.linesLost).toBe(0);
  });

  it('what gathers while a batch is written goes out right after it once it reaches minLength, without waiting for a flush', async () => {
    const { path, fd } = tempFile();
    const out = new BatchedWriter(fd, { minLength: 4096, flushIntervalMs: 60_000 });
    const first = `${'a'.repeat(4095)}\n`; // a batch, written at once
    const second = `${'b'.repeat(4095)}\n`; // gathers while the first is in flight
    out.write(first);
    out.write(second);
    expect(await until(() => fstatSync(fd).size === 8192)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(first + second);
    await out.end();
    closeSync(fd);
  });

  it('continues a write the descriptor took only part of, until every byte is written', async () => {
    const pipe = namedPipe();
    const out = new BatchedWriter(pipe.writer, { minLength: 1, retryDelayMs: 1 });
    // One write of 512 KB, eight times what a Linux pipe holds (64 KiB): the pipe takes part of
    // it, and the rest must follow as the slow reader makes room.
    const text = linesFrom(0, 12_000).join('');
    const bytes = Buffer.byteLength(text);
    expect(bytes).toBeGreaterThan(512 * 1024);
    out.write(text);
    const received = await readSlowly(pipe.reader, bytes);
    expect(received.length).toBe(bytes);
    expect(received.toString('utf8')).toBe(text);
    await out.end();
    expect(out.linesLost).toBe(0);
    closeSync(pipe.writer);
    closeSync(pipe.reader);
  });

  it('writes again to a full pipe (EAGAIN) until it has room, losing nothing and reporting nothing', async () => {
    const pipe = namedPipe();
    const filled = fill(pipe.writer);
    const errors: NodeJS.ErrnoException[] = [];
    const out = new BatchedWriter(pipe.writer, { minLength: 1, retryDelayMs: 2, onError: (e) => errors.push(e) });
    const all = linesFrom(0, 100);
    for (const text of all) out.write(text);
    await sleep(100); // some 50 writes meet the full pipe
    expect(errors).toEqual([]);
    expect(out.linesLost).toBe(0);
    const expected = 'x'.repeat(filled) + all.join('');
    const received = await readSlowly(pipe.reader, Buffer.byteLength(expected));
    expect(received.toString('utf8')).toBe(expected);
    await out.end();
    expect(errors).toEqual([]);
    expect(out.linesLost).toBe(0);
    closeSync(pipe.writer);
    closeSync(pipe.reader);
  });

  it('on a full disk (ENOSPC, /dev/full): tells once, counts the lines lost, and still tries later batches', async () => {
    const fd = openSync('/dev/full', 'w');
    const errors: NodeJS.ErrnoException[] = [];
    const out = new BatchedWriter(fd, { minLength: 100, onError: (e) => errors.push(e) });
    const text = `${'x'.repeat(49)}\n`;
    out.write(text);
    out.write(text); // 100 code units: a batch of 2 lines
    expect(await until(() => out.linesLost === 2)).toBe(true);
    for (let i = 0; i < 3; i++) out.write(text); // a batch of 3, tried although the last one failed
    expect(await until(() => out.linesLost === 5)).toBe(true);
    out.write(text);
    await out.end(); // the last line's batch, which fails too
    expect(out.linesLost).toBe(6);
    expect(errors.map((e) => e.code)).toEqual(['ENOSPC']);
    closeSync(fd);
  });

  it('on a pipe whose reader is gone (EPIPE): tells once, counts the lines lost, keeps accepting lines', async () => {
    const pipe = namedPipe();
    closeSync(pipe.reader);
    const errors: NodeJS.ErrnoException[] = [];
    const out = new BatchedWriter(pipe.writer, { minLength: 1, onError: (e) => errors.push(e) });
    out.write(line(1));
    expect(await until(() => out.linesLost === 1)).toBe(true);
    out.write(line(2));
    out.write(line(3));
    await out.end();
    expect(out.linesLost).toBe(3);
    expect(errors.map((e) => e.code)).toEqual(['EPIPE']);
    closeSync(pipe.writer);
  });

  it('end() resolves only once every byte is written, and later writes are ignored and counted lost', async () => {
    const { path, fd } = tempFile();
    const out = new BatchedWriter(fd);
    // Some 1.6 MB: when end() is called, a batch is being written and much more is pending.
    const all = linesFrom(0, 30_000);
    for (const text of all) out.write(text);
    await out.end();
    expect(readFileSync(path, 'utf8')).toBe(all.join(''));
    expect(out.linesLost).toBe(0);
    out.write(line(1));
    expect(out.linesLost).toBe(1);
    await sleep(250); // past a periodic flush: nothing comes of it
    expect(fstatSync(fd).size).toBe(Buffer.byteLength(all.join('')));
    closeSync(fd);
  });

  it('end() with nothing pending resolves at once; called again, it returns the same promise', async () => {
    const { fd } = tempFile();
    const out = new BatchedWriter(fd);
    const ended = out.end();
    expect(out.end()).toBe(ended);
    await ended;
    closeSync(fd);
  });

  it('flushSync() writes what is pending before it returns', () => {
    const { path, fd } = tempFile();
    const out = new BatchedWriter(fd);
    out.write(line(1));
    out.write(line(2));
    expect(readFileSync(path, 'utf8')).toBe(''); // gathering, under 64 KiB
    out.flushSync();
    expect(readFileSync(path, 'utf8')).toBe(line(1) + line(2));
    closeSync(fd);
  });

  it('flushSync() writes a batch waiting to retry a full pipe first, then what is pending, waiting for room', async () => {
    const pipe = namedPipe();
    const filled = fill(pipe.writer);
    const { path, fd } = tempFile();
    // A reader that starts some 100 ms from now, while flushSync waits for room: it takes
    // everything the pipe ever holds into the file.
    const cat = spawn('sh', ['-c', 'sleep 0.1; exec cat "$0"', pipe.path], { stdio: ['ignore', fd, 'inherit'] });
    const catExited = new Promise((resolve) => cat.once('exit', resolve));
    const out = new BatchedWriter(pipe.writer, { minLength: 1, retryDelayMs: 60_000 });
    out.write(line(0)); // its batch meets the full pipe and waits a minute to retry
    await sleep(20);
    for (const text of linesFrom(1, 3)) out.write(text);
    out.flushSync();
    expect(out.linesLost).toBe(0);
    closeSync(pipe.writer); // cat sees the end
    closeSync(pipe.reader);
    await catExited;
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe('x'.repeat(filled) + linesFrom(0, 4).join(''));
  });

  it('the periodic flush writes a lone line, with no more lines and no end()', async () => {
    const { path, fd } = tempFile();
    const out = new BatchedWriter(fd);
    out.write(line(1));
    await new Promise(setImmediate);
    expect(readFileSync(path, 'utf8')).toBe(''); // not at once: it waits for more
    // Nothing else writes it: only the periodic flush can (how soon is a measure, not a test).
    expect(await until(() => readFileSync(path, 'utf8') === line(1))).toBe(true);
    await out.end();
    closeSync(fd);
  });
});

/** Characters that JSON escapes, or a writer might get wrong: quotes, backslashes, controls, non-ASCII, emoji. */
const ODD = [
  '"',
  '\\',
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u0008',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  'é',
  '€',
  '😀',
  '👩‍👩‍👧',
  '/',
  '…',
  ' ',
  'a',
];
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom(...ODD), maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
  // Around 100 characters, where pino turns from its own escaping to JSON.stringify.
  fc.string({ unit: fc.constantFrom(...ODD), minLength: 95, maxLength: 110 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 95, maxLength: 300 }),
);
const number = fc.oneof(
  fc.constantFrom(0, 0.1, 12.34, 1e-7, -0, 1e21, 123456789.12, Number.NaN, Number.POSITIVE_INFINITY),
  fc.double(),
  fc.integer(),
);
/** A request line, its fields in the order requestLogLine makes them. */
const requestLine: fc.Arbitrary<RequestLogLine> = fc
  .record({
    time: text,
    requestId: text,
    method: text,
    path: text,
    status: number,
    durationMs: number,
    ruleSet: fc.option(text, { nil: null }),
  })
  .map((l) => ({
    time: l.time,
    requestId: l.requestId,
    method: l.method,
    path: l.path,
    status: l.status,
    durationMs: l.durationMs,
    ruleSet: l.ruleSet,
  }));

/** The line pino writes for `info(line)` with the service log's options (without the newline). */
function pinoLine(line: RequestLogLine): string {
  const written: string[] = [];
  serviceLog((l) => written.push(l)).info(line);
  return written[0] as string;
}

/** test/http/support/log-to-stdout.ts: `lines`, then `lines` `times` times more, then an event and close(). */
function spawnLogProcess(lines: readonly RequestLogLine[], times: number, stdout: 'pipe' | number) {
  return spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'test/http/support/log-to-stdout.ts'), JSON.stringify(lines), String(times)],
    { cwd: ROOT, stdio: ['ignore', stdout, 'pipe'] },
  );
}

const LINES: readonly RequestLogLine[] = [
  {
    time: '2026-03-01T12:00:00.000Z',
    requestId: '74f225e8-c71e-48d1-aa45-cf0bea05c8fe',
    method: 'POST',
    path: '/Afloscapaciteit/Resultaat',
    status: 200,
    durationMs: 2.1,
    ruleSet: 'nl-2026',
  },
  {
    time: '2026-03-01T12:00:00.001Z',
    requestId: 'r-"\\\n😀',
    method: 'GET',
    path: '(unknown path)',
    status: 404,
    durationMs: 1e-7,
    ruleSet: null,
  },
];

describe('the service log: request lines written by hand (src/node/log.ts)', () => {
  it("request(line) writes exactly what pino's info(line) writes, for any strings and numbers", () => {
    const written: string[] = [];
    const log = serviceLog((l) => written.push(l));
    fc.assert(
      fc.property(requestLine, (line) => {
        written.length = 0;
        log.request(line);
        log.info(line);
        expect(written).toHaveLength(2);
        expect(written[0]).toBe(written[1]);
      }),
      { numRuns: runs(3000) },
    );
  });

  it('a lone surrogate, which no request id or path holds, is escaped as JSON.stringify does (pino on Node 20 leaves it raw)', () => {
    const written: string[] = [];
    serviceLog((l) => written.push(l)).request({ ...(LINES[0] as RequestLogLine), requestId: 'a\ud800' });
    expect(written[0]).toContain('"requestId":"a\\ud800"');
    expect(pinoLine({ ...(LINES[0] as RequestLogLine), requestId: 'a\ud800' })).toContain('"requestId":"a\ud800"');
  });

  it('on stdout, each request line as pino writes it plus a newline, in order with the events, all written by close()', {
    timeout: 30_000,
  }, async () => {
    // Some 600 KB after the periodic flush: more than the pipe holds, so close() must wait for its reader.
    const child = spawnLogProcess(LINES, 2000, 'pipe');
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (d: string) => (stdout += d));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (d: string) => (stderr += d));
    // 'close', not 'exit': the child's output may still be on its way when it has exited.
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(stderr).toBe('closed\n');
    expect(code).toBe(0);
    const requests = LINES.map((l) => `${pinoLine(l)}\n`).join('');
    expect(stdout).toBe(
      `${requests.repeat(2001)}{"level":"info","time":"2026-03-01T12:00:00.000Z","event":"stopped","outcome":"drained"}\n`,
    );
  });

  it('stdout on a full disk: log_write_failed once on stderr with ENOSPC, and the log still closes', {
    timeout: 30_000,
  }, async () => {
    const full = openSync('/dev/full', 'w');
    const child = spawnLogProcess(LINES, 1, full);
    closeSync(full);
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (d: string) => (stderr += d));
    // 'close', not 'exit': the child's output may still be on its way when it has exited.
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
    const lines = stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('closed');
    expect(lines.slice(0, -1).map((l) => JSON.parse(l) as unknown)).toEqual([
      { level: 'error', time: expect.any(String), event: 'log_write_failed', error: 'ENOSPC' },
    ]);
  });
});
