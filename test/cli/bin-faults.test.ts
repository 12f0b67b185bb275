/**
 * Faults at the edges, against the built executable (issue 17): a full disk, a file that
 * refuses writes, a file-size limit reached mid-batch, a reader that goes away, a signal
 * mid-batch and its resumption, and a link where a separate file was expected. Nothing may be
 * lost silently or reported as done when it was not.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, linkSync, openSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../../scripts/cli-ensure-built.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { fill, namedPipe, readSlowly } from '../support/pipes.js';
import { ndjson, repaymentBody, REQUESTS, ROOT, spawnBin, tempDir } from './helpers.js';

let dir: string;
let remove: () => void;
beforeAll(() => {
  ({ dir, remove } = tempDir());
  ensureBuilt();
}, 240_000);
afterAll(() => remove());

const file = (name: string) => join(dir, name);
const BATCH = ['batch', 'afloscapaciteit', '--ruleset', 'nl-2026', '--workers', '2'];
const STACK_TRACE = /^\s+at .*\(.*:\d+:\d+\)$/m;

/** `n` lines: households, with a malformed line, a refused body and a blank line now and then. */
function inputLines(n: number): string[] {
  return Array.from({ length: n }, (_, k) => {
    const i = k + 1;
    if (i % 97 === 0) return '{"LeeftijdHoofdpersoon": 40, "HeeftPartner":';
    if (i % 89 === 0) return JSON.stringify({ ...repaymentBody(i), Woning: { WoningSoort: 'Tent' } });
    if (i % 500 === 0) return '';
    return JSON.stringify(repaymentBody(i));
  });
}

function writeInput(name: string, n: number): string {
  writeFileSync(file(name), `${inputLines(n).join('\n')}\n`);
  return file(name);
}

/** The `line` of every record of an NDJSON or CSV output (CSV: after its header). */
function recordLines(text: string, csv: boolean): number[] {
  const rows = text.split('\n').filter((l) => l !== '');
  if (csv) return rows.slice(1).map((r) => Number(r.slice(0, r.indexOf(','))));
  return ndjson(text).map((r) => r['line'] as number);
}

describe('a write that fails ends the run with exit 3 and says how many records were written (issue 17.1)', () => {
  it('--out /dev/full: exit 3, not a summary of records written', async () => {
    const input = writeInput('small.ndjson', 3);
    const run = await spawnBin([...BATCH, '--in', input, '--out', '/dev/full', '--format', 'ndjson']);
    expect(run.stderr).toMatch(/cannot write the output \/dev\/full: no space left on the device/);
    expect(run.stderr).toMatch(/\b0 records written\b/);
    expect(run.stderr).not.toMatch(/records = /);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.code).toBe(EXIT.io);
  });

  it('--out /proc/version (a file that refuses writes): exit 3', async () => {
    const input = writeInput('small.ndjson', 3);
    const run = await spawnBin([...BATCH, '--in', input, '--out', '/proc/version', '--format', 'ndjson']);
    expect(run.stderr).toMatch(/cannot write the output \/proc\/version/);
    expect(run.stderr).not.toMatch(/records = /);
    expect(run.code).toBe(EXIT.io);
  });

  it('--errors /dev/full with an error record: exit 3, not 1', async () => {
    const input = writeInput('with-error.ndjson', 100);
    const run = await spawnBin([...BATCH, '--in', input, '--out', file('r.ndjson'), '--errors', '/dev/full']);
    expect(run.stderr).toMatch(/cannot write the errors file \/dev\/full: no space left on the device/);
    expect(run.stderr).toMatch(/\b0 records written\b/);
    expect(run.code).toBe(EXIT.io);
    // The output was taken back to the last record both files account for: here, none.
    expect(readFileSync(file('r.ndjson'), 'utf8')).toBe('');
  });

  it('a single calculation to a full standard output: exit 3 and a message, no stack trace', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const run = await spawnBin(
        ['afloscapaciteit', join(REQUESTS, 'afloscapaciteit-gezin-koop.json'), '--ruleset', 'nl-2026'],
        { stdout: full },
      );
      expect(run.stderr).toMatch(/^budgetnorm: cannot write to standard output: no space left on the device/);
      expect(run.stderr).not.toMatch(STACK_TRACE);
      expect(run.code).toBe(EXIT.io);
    } finally {
      closeSync(full);
    }
  });

  it('a single calculation to a pipe whose reader is gone (EPIPE): exit 3 and a message, no stack trace', async () => {
    const pipe = namedPipe(dir);
    // Neither end stays open here: the calculation's write finds no reader.
    const writer = openSync(pipe.path, 'w');
    closeSync(pipe.writer);
    closeSync(pipe.reader);
    try {
      const run = await spawnBin(
        ['afloscapaciteit', join(REQUESTS, 'afloscapaciteit-gezin-koop.json'), '--ruleset', 'nl-2026'],
        { stdout: writer },
      );
      expect(run.stderr).toMatch(/^budgetnorm: cannot write to standard output: the reader closed it \(broken pipe\)/);
      expect(run.stderr).not.toMatch(STACK_TRACE);
      expect(run.code).toBe(EXIT.io);
    } finally {
      closeSync(writer);
    }
  });

  // Node's child_process makes a child's standard output blocking again, so the write waits in
  // the kernel here; writing again after EAGAIN (a descriptor left non-blocking by another kind of
  // parent) is tested on writeAllToFd itself (test/cli/io.test.ts).
  it('a single calculation to a full pipe: waits for the reader, writes all, exit 0', async () => {
    const body = join(REQUESTS, 'afloscapaciteit-gezin-koop.json');
    const expected = (await spawnBin(['afloscapaciteit', body, '--ruleset', 'nl-2026'])).stdout;
    const pipe = namedPipe(dir);
    const filled = fill(pipe.writer);
    try {
      let ended = false;
      const running = spawnBin(['afloscapaciteit', body, '--ruleset', 'nl-2026'], { stdout: pipe.writer }).finally(
        () => {
          ended = true;
        },
      );
      closeSync(pipe.writer);
      // Drained only after the calculation has met the full pipe (it starts in some 100 ms): it
      // cannot end before, its result not written.
      await new Promise((wait) => setTimeout(wait, 1500));
      expect(ended).toBe(false);
      const received = await readSlowly(pipe.reader, filled + Buffer.byteLength(expected));
      const run = await running;
      expect(run.stderr).toBe('');
      expect(run.code).toBe(EXIT.ok);
      expect(received.subarray(filled).toString('utf8')).toBe(expected);
      expect(received.subarray(0, filled).every((byte) => byte === 0x78)).toBe(true);
    } finally {
      closeSync(pipe.reader);
    }
  });

  it('a batch to a full standard output: exit 3', async () => {
    const input = writeInput('small.ndjson', 3);
    const full = openSync('/dev/full', 'w');
    try {
      const run = await spawnBin([...BATCH, '--in', input], { stdout: full });
      expect(run.stderr).toMatch(/cannot write the output \(standard output\): no space left on the device/);
      expect(run.stderr).not.toMatch(STACK_TRACE);
      expect(run.code).toBe(EXIT.io);
    } finally {
      closeSync(full);
    }
  });

  it('a file-size limit reached mid-batch: exit 3; the file ends on a whole record and holds as many as reported', async () => {
    const input = writeInput('long.ndjson', 1500);
    // ulimit -f 256: writes beyond 256 KiB fail (EFBIG), like a disk that fills near the end; a
    // limit that lets several records through (a result of 22 posts is about 3 KB of NDJSON).
    const run = await spawnBin(
      [
        ...BATCH,
        '--in',
        input,
        '--out',
        file('limited.ndjson'),
        '--errors',
        file('limited-errors.ndjson'),
        '--chunk-size',
        '2048',
      ],
      // Chunks small enough that several whole chunks fit under the limit (a result is ~3 KB).
      { shell: "ulimit -f 64; trap '' XFSZ" },
    );
    expect(run.code).toBe(EXIT.io);
    const m = /stopped after ([\d,]+) records written.*every input line up to line ([\d,]+) is accounted for/s.exec(
      run.stderr,
    );
    expect(m, run.stderr).not.toBeNull();
    const written = Number((m?.[1] ?? '').replaceAll(',', ''));
    const upTo = Number((m?.[2] ?? '').replaceAll(',', ''));
    const out = readFileSync(file('limited.ndjson'), 'utf8');
    const errors = readFileSync(file('limited-errors.ndjson'), 'utf8');
    expect(out.endsWith('\n')).toBe(true);
    const lines = [...recordLines(out, false), ...recordLines(errors, false)].sort((a, b) => a - b);
    expect(lines).toHaveLength(written);
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(1500);
    const expected = inputLines(1500)
      .map((text, i) => ({ text, line: i + 1 }))
      .filter((l) => l.line <= upTo && l.text !== '')
      .map((l) => l.line);
    expect(lines).toEqual(expected);
    expect(run.stderr).toMatch(/--resume/);
  });

  it('a reader that goes away (EPIPE): exit 3 with a message, no stack trace', async () => {
    const input = writeInput('epipe.ndjson', 3000);
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...BATCH, '--in', input], { cwd: ROOT });
      let stderr = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (d: string) => (stderr += d));
      child.stdout.once('data', () => child.stdout.destroy());
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(run.stderr).toMatch(/cannot write the output \(standard output\): the reader closed it/);
    expect(run.stderr).toMatch(/stopped after [\d,]+ records written/);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.code).toBe(EXIT.io);
  });
});

/** Runs a batch reading standard input, feeds it `first`, interrupts it once it wrote something, and waits. */
function interrupted(
  args: readonly string[],
  first: string,
  signal: 'SIGINT' | 'SIGTERM',
  watch: string,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code, stderr });
    });
    // Standard input stays open: the batch is still reading when the signal comes.
    child.stdin.on('error', () => {}); // the batch stops reading: EPIPE here is expected
    child.stdin.write(first);
    const timer = setInterval(() => {
      if (existsSync(watch) && statSync(watch).size > 4096) {
        clearInterval(timer);
        child.kill(signal);
      }
    }, 10);
  });
}

describe('an interrupted batch stops cleanly and resumes without duplicates (issue 17.3)', () => {
  const cases = [
    { name: 'NDJSON out with --errors, SIGINT', signal: 'SIGINT', code: 130, out: 'ndjson', errors: true },
    { name: 'CSV out, errors interleaved, SIGTERM', signal: 'SIGTERM', code: 143, out: 'csv', errors: false },
    { name: 'CSV out with a CSV errors file, SIGINT', signal: 'SIGINT', code: 130, out: 'csv', errors: true },
  ] as const;
  for (const c of cases) {
    it(`${c.name}: whole records up to a stated line; interrupted + resumed = one run, byte for byte`, async () => {
      const lines = inputLines(6000);
      const text = `${lines.join('\n')}\n`;
      const input = file(`resume-${c.out}-${c.errors}.ndjson`);
      writeFileSync(input, text);
      const names = (tag: string) => ({
        out: file(`${tag}-${c.out}-${c.errors}.${c.out}`),
        errors: file(`${tag}-errors-${c.out}-${c.errors}.${c.out}`),
      });
      const whole = names('whole');
      const part = names('part');
      const opts = (n: typeof whole) => ['--out', n.out, ...(c.errors ? ['--errors', n.errors] : [])];

      const reference = await spawnBin([...BATCH, '--in', input, ...opts(whole)]);
      expect(reference.code).toBe(EXIT.problems);

      const args = [...BATCH, '--in', '-', ...opts(part), '--chunk-size', '16384'];
      const stop = await interrupted(args, lines.slice(0, 3000).join('\n'), c.signal, part.out);
      expect(stop.code, stop.stderr).toBe(c.code);
      expect(stop.stderr).not.toMatch(STACK_TRACE);
      const m = /interrupted \(SIG(?:INT|TERM)\).*every input line up to line ([\d,]+) is accounted for/s.exec(
        stop.stderr,
      );
      expect(m, stop.stderr).not.toBeNull();
      const upTo = Number((m?.[1] ?? '').replaceAll(',', ''));
      expect(upTo).toBeGreaterThan(0);
      expect(upTo).toBeLessThan(3000);
      expect(stop.stderr).toContain(`to resume: budgetnorm ${args.join(' ')} --resume`);

      // What was written: whole records, and exactly the non-blank input lines up to the stated line.
      const out = readFileSync(part.out, 'utf8');
      const errors = c.errors ? readFileSync(part.errors, 'utf8') : '';
      expect(out.endsWith('\n')).toBe(true);
      if (c.errors && errors !== '') expect(errors.endsWith('\n')).toBe(true);
      const written = [...recordLines(out, c.out === 'csv'), ...(c.errors ? recordLines(errors, c.out === 'csv') : [])];
      written.sort((a, b) => a - b);
      const expected = lines.flatMap((l, i) => (i + 1 <= upTo && l !== '' ? [i + 1] : []));
      expect(written).toEqual(expected);

      const resumed = await spawnBin([...args, '--resume'], { stdin: text });
      expect(resumed.code, resumed.stderr).toBe(EXIT.problems);
      // The last line with a record: the stated line, or before it when blank lines end the part.
      const after = Number((/resuming after line ([\d,]+)/.exec(resumed.stderr)?.[1] ?? 'NaN').replaceAll(',', ''));
      expect(after).toBe(Math.max(...written));
      expect(readFileSync(part.out, 'utf8')).toBe(readFileSync(whole.out, 'utf8'));
      if (c.errors) expect(readFileSync(part.errors, 'utf8')).toBe(readFileSync(whole.errors, 'utf8'));
    });
  }

  it('--in FILE, SIGINT mid-run: the chunks in flight are finished; resumed, every line has exactly one record', async () => {
    const n = 30_000;
    const lines = inputLines(n);
    const input = file('long-file.ndjson');
    writeFileSync(input, `${lines.join('\n')}\n`);
    const out = file('long-file.out.ndjson');
    const errors = file('long-file.errors.ndjson');
    const args = [...BATCH, '--in', input, '--out', out, '--errors', errors, '--chunk-size', '65536'];
    const stop = await interrupted(args, '', 'SIGINT', out);
    expect(stop.code, stop.stderr).toBe(EXIT.sigint);
    const upTo = Number(
      (/every input line up to line ([\d,]+) is accounted for/.exec(stop.stderr)?.[1] ?? 'NaN').replaceAll(',', ''),
    );
    expect(upTo).toBeLessThan(n);
    const recordsOf = () =>
      [...recordLines(readFileSync(out, 'utf8'), false), ...recordLines(readFileSync(errors, 'utf8'), false)].sort(
        (a, b) => a - b,
      );
    expect(recordsOf()).toEqual(lines.flatMap((l, i) => (i + 1 <= upTo && l !== '' ? [i + 1] : [])));
    const resumed = await spawnBin([...args, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(EXIT.problems);
    expect(recordsOf()).toEqual(lines.flatMap((l, i) => (l !== '' ? [i + 1] : [])));
  });

  it('--resume on files that were never started is a fresh run; on an output of another format it refuses', async () => {
    const input = writeInput('fresh.ndjson', 100);
    const fresh = await spawnBin([...BATCH, '--in', input, '--out', file('fresh.csv'), '--resume']);
    expect(fresh.code).toBe(EXIT.problems);
    const reference = await spawnBin([...BATCH, '--in', input, '--out', file('fresh-ref.csv')]);
    expect(reference.code).toBe(EXIT.problems);
    expect(readFileSync(file('fresh.csv'), 'utf8')).toBe(readFileSync(file('fresh-ref.csv'), 'utf8'));
    writeFileSync(file('other.csv'), 'a,b\n1,2\n');
    const other = await spawnBin([...BATCH, '--in', input, '--out', file('other.csv'), '--resume']);
    expect(other.stderr).toMatch(/cannot resume/);
    expect(other.code).toBe(EXIT.usage);
    expect(readFileSync(file('other.csv'), 'utf8')).toBe('a,b\n1,2\n');
  });
});

describe('--in, --out and --errors must be different files, also through links (issue 17.4)', () => {
  it('--out a symbolic link to --in: refused, the input untouched', async () => {
    const input = writeInput('linked.ndjson', 20);
    const before = readFileSync(input, 'utf8');
    symlinkSync(input, file('link-to-input.ndjson'));
    const run = await spawnBin([...BATCH, '--in', input, '--out', file('link-to-input.ndjson')]);
    expect(run.stderr).toMatch(/--in and --out are the same file/);
    expect(run.code).toBe(EXIT.usage);
    expect(readFileSync(input, 'utf8')).toBe(before);
  });

  it('--errors a hard link to --in: refused', async () => {
    const input = writeInput('hard.ndjson', 20);
    const before = readFileSync(input, 'utf8');
    linkSync(input, file('hard-link.ndjson'));
    const run = await spawnBin([
      ...BATCH,
      '--in',
      input,
      '--out',
      file('h.ndjson'),
      '--errors',
      file('hard-link.ndjson'),
    ]);
    expect(run.stderr).toMatch(/--in and --errors are the same file/);
    expect(run.code).toBe(EXIT.usage);
    expect(readFileSync(input, 'utf8')).toBe(before);
  });

  it('--errors a link to --out (which does not exist yet), or through a linked folder: refused', async () => {
    const input = writeInput('plain.ndjson', 20);
    symlinkSync(file('not-yet.ndjson'), file('dangling.ndjson'));
    const run = await spawnBin([
      ...BATCH,
      '--in',
      input,
      '--out',
      file('not-yet.ndjson'),
      '--errors',
      file('dangling.ndjson'),
    ]);
    expect(run.stderr).toMatch(/--out and --errors are the same file/);
    expect(run.code).toBe(EXIT.usage);
    symlinkSync(dir, file('folder-link'));
    const viaFolder = await spawnBin([
      ...BATCH,
      '--in',
      input,
      '--out',
      file('x.ndjson'),
      '--errors',
      join(file('folder-link'), 'x.ndjson'),
    ]);
    expect(viaFolder.stderr).toMatch(/--out and --errors are the same file/);
    expect(viaFolder.code).toBe(EXIT.usage);
  });

  it('standard output appended to --in, or standard input read from --out: refused, the file untouched', async () => {
    const input = writeInput('redirected.ndjson', 20);
    const before = readFileSync(input, 'utf8');
    const append = openSync(input, 'a');
    try {
      const run = await spawnBin([...BATCH, '--in', input], { stdout: append });
      expect(run.stderr).toMatch(/--in and --out \(standard output\) are the same file/);
      expect(run.code).toBe(EXIT.usage);
    } finally {
      closeSync(append);
    }
    expect(readFileSync(input, 'utf8')).toBe(before);
    const read = openSync(input, 'r');
    try {
      const run = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [BIN, ...BATCH, '--in', '-', '--out', input], {
          cwd: ROOT,
          stdio: [read, 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr?.setEncoding('utf8');
        child.stderr?.on('data', (d: string) => (stderr += d));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stderr }));
      });
      expect(run.stderr).toMatch(/--in \(standard input\) and --out are the same file/);
      expect(run.code).toBe(EXIT.usage);
    } finally {
      closeSync(read);
    }
    expect(readFileSync(input, 'utf8')).toBe(before);
  });

  it('devices such as /dev/null may be both outputs', async () => {
    const input = writeInput('to-null.ndjson', 100);
    const run = await spawnBin([
      ...BATCH,
      '--in',
      input,
      '--out',
      '/dev/null',
      '--errors',
      '/dev/null',
      '--format',
      'ndjson',
    ]);
    expect(run.stderr).toMatch(/records = /);
    expect(run.code).toBe(EXIT.problems);
  });
});

describe('an input that is not a households file where one was expected (issue 14: a link where a file was expected)', () => {
  it.each([
    ['/dev/zero', () => '/dev/zero'],
    [
      'a link to /dev/zero',
      () => {
        symlinkSync('/dev/zero', file('zero-link.ndjson'));
        return file('zero-link.ndjson');
      },
    ],
  ])(
    '--in %s: the reading stops at a line longer than 16 MB, exit 3, no output made',
    async (name, input) => {
      const out = file(`from-${name.replace(/\W+/g, '-')}.ndjson`);
      const run = await spawnBin([...BATCH, '--in', input(), '--out', out, '--format', 'ndjson']);
      expect(run.stderr).toMatch(/cannot read .*: line 1 is longer than 16,777,216 bytes without a line break/);
      expect(run.stderr).not.toMatch(STACK_TRACE);
      expect(run.code).toBe(EXIT.io);
      // The first chunk is read before the outputs are opened: nothing was made.
      expect(existsSync(out)).toBe(false);
    },
    60_000,
  );

  it('a long line after good ones: the chunks read before it are written, the report names the long line', async () => {
    const good = inputLines(3).join('\n');
    const input = file('long-line.ndjson');
    writeFileSync(input, `${good}\n${'x'.repeat(17 * 1024 * 1024)}\n${good}\n`);
    const out = file('long-line-out.ndjson');
    const run = await spawnBin([...BATCH, '--in', input, '--out', out, '--format', 'ndjson']);
    expect(run.stderr).toMatch(/cannot read .*: line 4 is longer than 16,777,216 bytes/);
    expect(run.stderr).toMatch(/every input line up to line 3 is accounted for/);
    expect(run.code).toBe(EXIT.io);
    expect(recordLines(readFileSync(out, 'utf8'), false)).toEqual([1, 2, 3]);
  });
});
