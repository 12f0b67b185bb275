/**
 * `npm run bench:batch`: the batch command on 1,000,000 repayment-capacity households.
 *
 * 1. Generates the input (NDJSON, deterministic, in os.tmpdir()); one line in 10,000 is
 *    malformed and one in 10,000 is refused by the contract, so the error path runs too.
 * 2. A bare baseline in this process: the same file read 64 KB at a time, every line
 *    JSON.parse'd, wrapped as an output record and JSON.stringify'd, and written: what
 *    reading, parsing and writing alone cost, without calculating. Then the same writing one
 *    real result's text for every line: the CPU that writing output of the real size costs,
 *    which the 20 µs per record the target allows on 2 cores must also pay.
 * 3. The same batch written by hand, one thread: every line JSON.parse'd, its figures computed by
 *    the hand-written method `npm run bench` measures the library against (decimal.js, no
 *    validation, no engine), and the result's text written from a template (the batch stringifies):
 *    what the same arithmetic and output cost without budgetnorm, the limit the batch chases.
 *    Its figures are checked against the batch's results (the first 20,000 records).
 * 4. The built CLI (`node dist/cli/main.cjs batch afloscapaciteit …`), sampling its memory
 *    (/proc/<pid>/status: VmRSS over time, VmHWM at the end) and reading its summary line.
 * 5. Checks nothing was lost (output + error records = input records) and prints time,
 *    throughput, peak RSS, the baselines and the ratios, beside the target (≤ 10 s, issue 14).
 * 6. The batch's CPU per record (all its threads), and what it means for 1,000,000 records on
 *    this machine's cores; beside it, for comparison with `npm run bench`, the library call alone
 *    (`repaymentCapacity` and `JSON.stringify` of its result, in this process, the median of 15
 *    rounds). The two are measured at different moments, and this machine's speed has been seen
 *    to move by half within minutes, so neither is subtracted from the other.
 *
 * BENCH_BATCH_RECORDS (default 1000000), BENCH_BATCH_WORKERS (default: the CLI's default),
 * BENCH_BATCH_KEEP=1 keeps the temporary folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { BIN, ensureBuilt, REPO } from './cli-ensure-built.js';
import { random, randomRepaymentBody } from './lib/bench-households.js';
import { handWrittenRepayment } from './lib/bench-repayment-by-hand.js';

const RECORDS = Number(process.env['BENCH_BATCH_RECORDS'] ?? '1000000');
const WORKERS = process.env['BENCH_BATCH_WORKERS'];
const TARGET_SECONDS = 10;
/**
 * The baselines read (and decode) 64 KB at a time: a longer text is a string in V8's large-object
 * space, which costs some 1.4 µs per record to make (src/cli/batch/chunk-lines.ts), and the
 * baselines are to cost no more than reading, parsing and writing must.
 */
const BASELINE_READ = 64 * 1024;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mb = (bytes: number) => `${fmt(bytes / 2 ** 20)} MB`;

async function writeAll(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

/** Households like scripts/bench.ts's, one per line; every 10,000th malformed, every 10,000th + 5000 refused. */
async function generate(path: string, n: number): Promise<{ malformed: number; refused: number }> {
  const r = random(42);
  const out = createWriteStream(path);
  let malformed = 0;
  let refused = 0;
  let batch: string[] = [];
  for (let i = 1; i <= n; i += 1) {
    const body = randomRepaymentBody(r);
    if (i % 10_000 === 0) {
      batch.push(JSON.stringify(body).slice(0, 40));
      malformed += 1;
    } else if (i % 10_000 === 5_000) {
      batch.push(JSON.stringify({ ...body, Woning: { WoningSoort: 'Tent' } }));
      refused += 1;
    } else {
      batch.push(JSON.stringify(body));
    }
    if (batch.length === 10_000) {
      await writeAll(out, `${batch.join('\n')}\n`);
      batch = [];
    }
  }
  if (batch.length > 0) await writeAll(out, `${batch.join('\n')}\n`);
  out.end();
  await once(out, 'finish');
  return { malformed, refused };
}

/**
 * Output records written straight into buffers as they are made, a buffer written when full or
 * at the end of a chunk, and used again once the file has it (as the batch's workers do). Each
 * record's string dies young: collected with the chunk's strings and joined, a hand-written
 * batch's 1.3 KB records cost about twice as much CPU to write, in the garbage collector.
 */
class RecordBytes {
  private readonly spare: Buffer[] = [];
  private buffer: Buffer;
  private at = 0;

  constructor(
    private readonly out: Writable,
    private readonly size = 4 << 20,
  ) {
    this.buffer = Buffer.allocUnsafeSlow(size);
  }

  async add(text: string): Promise<void> {
    // At most three bytes per UTF-16 unit.
    if (this.at + text.length * 3 > this.size) await this.flush();
    this.at += this.buffer.write(text, this.at);
  }

  /** Writes what the buffer holds, and takes a spare one (or a new one) for what comes next. */
  async flush(): Promise<void> {
    if (this.at === 0) return;
    const full = this.buffer;
    const accepted = this.out.write(full.subarray(0, this.at), (error) => {
      if (error === null || error === undefined) this.spare.push(full);
    });
    this.buffer = this.spare.pop() ?? Buffer.allocUnsafeSlow(this.size);
    this.at = 0;
    if (!accepted) await once(this.out, 'drain');
  }
}

/**
 * Read, parse, wrap, stringify, write: the batch's I/O without the calculation, in one thread.
 * `record` writes each output record: by default the parsed line wrapped as a result; given a
 * fixed result text, records of the size a real result has (the floor of writing that much).
 * With `bytes`, each record goes into an output buffer as it is made (see {@link RecordBytes});
 * otherwise a chunk's records are joined and written as one string.
 */
async function baseline(
  input: string,
  output: string,
  record: (line: number, value: unknown) => string = (line, value) =>
    `{"line":${line},"result":${JSON.stringify(value)}}\n`,
  bytes = false,
): Promise<{ seconds: number; records: number; cpu: number }> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const out = createWriteStream(output);
  const recordBytes = bytes ? new RecordBytes(out) : undefined;
  const decoder = new TextDecoder();
  let carry = '';
  let line = 0;
  let records = 0;
  for await (const chunk of createReadStream(input, { highWaterMark: BASELINE_READ })) {
    const text = carry + decoder.decode(chunk as Buffer, { stream: true });
    const cut = text.lastIndexOf('\n');
    carry = text.slice(cut + 1);
    const parts: string[] = [];
    for (const l of text.slice(0, cut).split('\n')) {
      line += 1;
      let value: unknown;
      try {
        value = JSON.parse(l);
      } catch {
        value = null;
      }
      if (recordBytes === undefined) parts.push(record(line, value));
      else await recordBytes.add(record(line, value));
      records += 1;
    }
    if (recordBytes === undefined) await writeAll(out, parts.join(''));
    else await recordBytes.flush();
  }
  out.end();
  await once(out, 'finish');
  const cpu = process.cpuUsage(cpuBefore);
  return { seconds: (performance.now() - started) / 1000, records, cpu: (cpu.user + cpu.system) / 1e6 };
}

function procStatus(pid: number): { rss: number; hwm: number; cpu: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 'NaN') * 1024;
    // utime and stime (fields 14 and 15, after the command name in parentheses), in 1/100 s.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpu = (Number(fields[11]) + Number(fields[12])) / 100;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM'), cpu };
  } catch {
    return undefined;
  }
}

async function runCli(args: readonly string[]): Promise<{
  seconds: number;
  code: number | null;
  stderr: string;
  samples: { t: number; rss: number }[];
  hwm: number;
  /** CPU seconds of all its threads (user + system), as last sampled: the work, whatever else ran on the machine. */
  cpu: number;
}> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const samples: { t: number; rss: number }[] = [];
  let hwm = 0;
  let cpu = 0;
  const timer = setInterval(() => {
    const s = child.pid === undefined ? undefined : procStatus(child.pid);
    if (s !== undefined && Number.isFinite(s.rss)) {
      samples.push({ t: (performance.now() - started) / 1000, rss: s.rss });
      hwm = Math.max(hwm, s.hwm);
      cpu = s.cpu;
    }
  }, 100);
  const [code] = (await once(child, 'close')) as [number | null];
  clearInterval(timer);
  return { seconds: (performance.now() - started) / 1000, code, stderr, samples, hwm, cpu };
}

async function countLines(path: string): Promise<number> {
  let n = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const buf = chunk as Buffer;
    let at = buf.indexOf(10);
    while (at !== -1) {
      n += 1;
      at = buf.indexOf(10, at + 1);
    }
  }
  return n;
}

/** The JSON text of the result of the input's first line (built code), as the batch writes it. */
async function oneResultText(input: string): Promise<string> {
  const lib = await builtLibrary();
  for await (const chunk of createReadStream(input, { start: 0, end: 64 * 1024 })) {
    const first = (chunk as Buffer).toString('utf8').split('\n')[0] as string;
    return JSON.stringify(lib.repaymentCapacity(JSON.parse(first), { ruleSet: 'nl-2026' }));
  }
  throw new Error('the input is empty');
}

type Library = typeof import('../src/index.js');
type RepaymentResult = ReturnType<Library['repaymentCapacity']>;

/** The built package (dist/), as a caller imports it. */
async function builtLibrary(): Promise<Library> {
  return (await import(join(REPO, 'dist', 'index.js'))) as Library;
}

/** How many of the hand-written batch's first records are kept to check against the batch's. */
const CHECKED_RECORDS = 20_000;

/**
 * The output record the hand-written batch writes for a line: the result in the contract's field
 * order, its figures from the hand-written method, written as one template string whose fixed
 * parts (codes, descriptions, rule set, notices) were JSON-encoded once, as the batch's own
 * writer does: with JSON.stringify of a result object per record, the records cost about as much
 * again as the figures did. Posts' descriptions, rule set and notices are the first result's: the
 * hand-written method computes no notices (every generated household has the same one). A line
 * that is not JSON gets an error record; nothing is validated, as the hand-written method
 * validates nothing. `kept` receives the first CHECKED_RECORDS records.
 */
function byHandRecord(lib: Library, first: RepaymentResult, kept: string[]): (line: number, value: unknown) => string {
  const hand = handWrittenRepayment(lib.bundledCatalog().byId('nl-2026'));
  const postStarts = first.Posten.map(
    (p, i) =>
      `${i === 0 ? '' : ','}{"Code":${JSON.stringify(p.Code)},"Omschrijving":${JSON.stringify(p.Omschrijving)},"Bedrag":`,
  );
  const end = `,"Rekenregels":${JSON.stringify(first.Rekenregels)},"Meldingen":${JSON.stringify(first.Meldingen)}}}\n`;
  return (line, value) => {
    let text: string;
    if (value === null || typeof value !== 'object') text = `{"line":${line},"error":"not a JSON object"}\n`;
    else {
      const body = value as Record<string, unknown>;
      const f = hand(body);
      let posts = '';
      for (let i = 0; i < postStarts.length; i += 1)
        posts += `${postStarts[i] as string}${f.posts[i] as number},"Minimaal":${f.minimal[i] as number}}`;
      text =
        `{"line":${line},"result":{"Afloscapaciteit":${f.afloscapaciteit},"MaximaleAfloscapaciteit":${f.maximaleAfloscapaciteit}` +
        `,"NettoBesteedbaarInkomenPerMaand":${JSON.stringify(body['NettoBesteedbaarInkomenPerMaand'])},"Posten":[${posts}]` +
        `,"TotaalLasten":${f.totaalLasten},"TotaalMinimaleLasten":${f.totaalMinimaleLasten},"Tekort":${f.tekort},"MinimaalTekort":${f.minimaalTekort}${end}`;
    }
    if (kept.length < CHECKED_RECORDS) kept.push(text);
    return text;
  };
}

/**
 * The hand-written batch must compute what the batch computes: every result record among the
 * first CHECKED_RECORDS lines, its notices aside, is the batch's, field for field in the same
 * order. Returns how many were compared.
 */
async function checkByHandAgreement(kept: readonly string[], results: string): Promise<number> {
  const withoutNotices = (text: string) => {
    const record = JSON.parse(text) as { line: number; result?: Record<string, unknown> };
    if (record.result !== undefined) delete record.result['Meldingen'];
    return record;
  };
  const byHand = new Map(kept.map((t) => withoutNotices(t)).map((r) => [r.line, JSON.stringify(r)]));
  const last = kept.length;
  let compared = 0;
  let carry = '';
  const decoder = new TextDecoder();
  for await (const chunk of createReadStream(results, { highWaterMark: 1 << 20 })) {
    const lines = (carry + decoder.decode(chunk as Buffer, { stream: true })).split('\n');
    carry = lines.pop() ?? '';
    for (const text of lines) {
      const record = withoutNotices(text);
      if (record.line > last) return compared;
      const expected = JSON.stringify(record);
      if (byHand.get(record.line) !== expected)
        throw new Error(
          `the hand-written batch and the batch disagree on line ${record.line}:\n${byHand.get(record.line)}\n${expected}`,
        );
      compared += 1;
    }
  }
  return compared;
}

/** What one library call costs here, single-threaded, on the generated households (built code): wall and CPU µs. */
async function libraryCost(input: string): Promise<{ wall: number; cpu: number }> {
  const lib = await builtLibrary();
  const ruleSet = lib.bundledCatalog().byId('nl-2026');
  const lines: string[] = [];
  for await (const chunk of createReadStream(input, { start: 0, end: 8 * 1024 * 1024 })) {
    lines.push(...(chunk as Buffer).toString('utf8').split('\n').slice(0, -1));
    if (lines.length > 25_000) break;
  }
  const bodies = lines.slice(0, 20_000).map((l) => {
    try {
      return JSON.parse(l) as unknown;
    } catch {
      return {};
    }
  });
  const call = (b: unknown) => {
    try {
      JSON.stringify(lib.repaymentCapacity(b, { ruleSet }));
    } catch {
      // refused bodies cost what they cost
    }
  };
  for (const b of bodies.slice(0, 5_000)) call(b);
  // Rounds of 4,000 calls, the median of each measure: a burst of other work on the machine
  // moves one round, not the figure.
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let round = 0; round < 15; round += 1) {
    const slice = bodies.slice((round * 4_000) % 16_000, ((round * 4_000) % 16_000) + 4_000);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    for (const b of slice) call(b);
    const cpu = process.cpuUsage(cpuBefore);
    walls.push(((performance.now() - started) * 1000) / slice.length);
    cpus.push((cpu.user + cpu.system) / slice.length);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  return { wall: median(walls), cpu: median(cpus) };
}

type Baseline = Awaited<ReturnType<typeof baseline>>;

/** The three baselines without the library: bare, with a real result's text, and the batch by hand. */
async function measureBaselines(
  dir: string,
  input: string,
): Promise<{ base: Baseline; sized: Baseline; byHand: Baseline; kept: string[] }> {
  const base = await baseline(input, join(dir, 'baseline.ndjson'));
  console.log(`\nbare baseline (read, JSON.parse, wrap, JSON.stringify, write; one thread, no calculation):`);
  console.log(
    `  ${fmt(base.seconds, 1)} s, ${fmt(base.records / base.seconds)} records/s, output ${mb(statSync(join(dir, 'baseline.ndjson')).size)}`,
  );
  rmSync(join(dir, 'baseline.ndjson'));
  // The same with records the size of real ones: one real result's text (about 1.3 KB, five
  // times the input line) written for every line. What reading, parsing and writing that much
  // output costs, however fast the calculation: the part of the 20 µs per record the target
  // allows on 2 cores that the calculation cannot have.
  const resultText = await oneResultText(input);
  const sized = await baseline(
    input,
    join(dir, 'baseline.ndjson'),
    (line) => `{"line":${line},"result":${resultText}}\n`,
  );
  console.log(
    `bare baseline writing a real result's text (${fmt(resultText.length)} bytes) for every record, one thread, no calculation:`,
  );
  console.log(
    `  ${fmt(sized.seconds, 1)} s, CPU ${fmt(sized.cpu, 1)} s (${fmt((sized.cpu * 1e6) / sized.records, 1)} µs per record), output ${mb(statSync(join(dir, 'baseline.ndjson')).size)}`,
  );
  rmSync(join(dir, 'baseline.ndjson'));
  const kept: string[] = [];
  const byHandRecords = byHandRecord(await builtLibrary(), JSON.parse(resultText) as RepaymentResult, kept);
  const byHand = await baseline(input, join(dir, 'baseline.ndjson'), byHandRecords, true);
  const byHandPerRecord = (byHand.cpu * 1e6) / byHand.records;
  console.log(
    `the same batch written by hand (JSON.parse, the hand-written method's figures with decimal.js, the result's text from a template, written into an output buffer as it is made), one thread:`,
  );
  console.log(
    `  ${fmt(byHand.seconds, 1)} s, CPU ${fmt(byHand.cpu, 1)} s (${fmt(byHandPerRecord, 1)} µs per record), output ${mb(statSync(join(dir, 'baseline.ndjson')).size)}`,
  );
  rmSync(join(dir, 'baseline.ndjson'));
  // The generator's and the baseline's writes are flushed to disk now, so that the kernel's
  // writeback of them does not fall within (and take CPU from) the batch measured next.
  spawnSync('sync');

  return { base, sized, byHand, kept };
}

/** `budgetnorm batch` over the input, checked for lost records and against the batch by hand. */
async function measureBatch(
  dir: string,
  input: string,
  expectedErrors: number,
  kept: readonly string[],
): Promise<Awaited<ReturnType<typeof runCli>>> {
  const out = join(dir, 'results.ndjson');
  const errors = join(dir, 'errors.ndjson');
  const args = [
    'batch',
    'afloscapaciteit',
    '--in',
    input,
    '--out',
    out,
    '--errors',
    errors,
    '--ruleset',
    'nl-2026',
    ...(WORKERS === undefined ? [] : ['--workers', WORKERS]),
  ];
  console.log(`\nbudgetnorm ${args.join(' ').replaceAll(dir, '$TMP')}`);
  const run = await runCli(args);
  const summary = run.stderr.trim().split('\n').at(-1) ?? '';
  console.log(`  ${summary}`);
  if (run.code !== 1) throw new Error(`expected exit 1 (some error records), got ${String(run.code)}:\n${run.stderr}`);
  const [results, errorRecords] = await Promise.all([countLines(out), countLines(errors)]);
  const lost = RECORDS - results - errorRecords;
  const rate = RECORDS / run.seconds;
  const quarters = [0.25, 0.5, 0.75, 1].map(
    (q) => run.samples[Math.min(run.samples.length - 1, Math.floor(q * (run.samples.length - 1)))],
  );
  console.log(
    `  wall time ${fmt(run.seconds, 1)} s (process start to exit), ${fmt(rate)} records/s; CPU ${fmt(run.cpu, 1)} s (all threads, user + system), ${fmt((run.cpu * 1e6) / RECORDS, 1)} µs per record`,
  );
  console.log(
    `  peak RSS ${mb(run.hwm)} (VmHWM); RSS at 25/50/75/100% of the run: ${quarters.map((s) => (s === undefined ? '?' : mb(s.rss))).join(', ')}`,
  );
  console.log(
    `  output ${fmt(results)} results (${mb(statSync(out).size)}) + ${fmt(errorRecords)} error records = ${fmt(results + errorRecords)} of ${fmt(RECORDS)} input records; lost: ${fmt(lost)}`,
  );
  if (lost !== 0 || errorRecords !== expectedErrors) throw new Error('records were lost or miscounted');
  const compared = await checkByHandAgreement(kept, out);
  console.log(
    `  the hand-written batch agrees with it on all ${fmt(compared)} results of its first ${fmt(kept.length)} lines`,
  );

  return run;
}

/** The library call alone, and the summary against the baselines and the target. */
async function summarise(
  input: string,
  run: Awaited<ReturnType<typeof runCli>>,
  { base, sized, byHand }: { base: Baseline; sized: Baseline; byHand: Baseline },
): Promise<void> {
  // The batch's CPU per record, and the library call alone for comparison.
  const cost = await libraryCost(input);
  const cores = availableParallelism();
  const byHandPerRecord = (byHand.cpu * 1e6) / byHand.records;
  console.log(
    `\nlibrary call repaymentCapacity + JSON.stringify of its result, one thread, median of 15 rounds: ${fmt(cost.cpu, 1)} µs of CPU per household (${fmt(cost.wall, 1)} µs wall)`,
  );
  console.log(
    "  (the library's default switches: the batch's workers also run memos, so their calculation costs less than this)",
  );

  console.log(`\nsummary`);
  console.log(
    `  budgetnorm batch: ${fmt(run.seconds, 1)} s, ${fmt(RECORDS / run.seconds)} records/s, peak RSS ${mb(run.hwm)}`,
  );
  console.log(`  bare baseline:    ${fmt(base.seconds, 1)} s, ${fmt(base.records / base.seconds)} records/s`);
  console.log(
    `  bare baseline with results of the real size: ${fmt((sized.cpu * 1e6) / sized.records, 1)} µs of CPU per record before any calculation`,
  );
  console.log(`  ratio batch / baseline: ${fmt(run.seconds / base.seconds, 1)}x`);
  // In CPU time, which other work on the machine does not inflate as it does wall time.
  const batchPerRecord = (run.cpu * 1e6) / RECORDS;
  const floor = run.cpu / cores;
  console.log(
    `  CPU: the batch ${fmt(run.cpu, 1)} s, ${fmt(batchPerRecord, 1)} µs per record (all threads): on ${cores} cores at least ${fmt(floor, 1)} s for ${fmt(RECORDS)} records however well they overlap`,
  );
  console.log(
    `  by hand: ${fmt(byHandPerRecord, 1)} µs per record (one thread): on ${cores} cores at least ${fmt(byHand.cpu / cores, 1)} s; the batch's CPU per record is ${fmt(batchPerRecord / byHandPerRecord, 2)}x the hand-written batch's`,
  );
  const target = TARGET_SECONDS * (RECORDS / 1e6);
  const scaled = RECORDS === 1e6 ? '' : ` (scaled to ${fmt(RECORDS)} records: ${fmt(target, 2)} s)`;
  console.log(
    `  target ≤ ${TARGET_SECONDS} s per 1,000,000${scaled}: ${run.seconds <= target ? 'met' : `not met, ${fmt(run.seconds - target, 1)} s over; it needs at most ${fmt((target * cores * 1e6) / RECORDS, 1)} µs of CPU per record on ${cores} cores`}`,
  );
}

async function main(): Promise<void> {
  console.log(
    `budgetnorm bench:batch: Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (other work on the machine slows every figure)`,
  );
  if (ensureBuilt()) console.log('built dist/ (it was older than src/)');
  const dir = mkdtempSync(join(tmpdir(), 'budgetnorm-bench-batch-'));
  try {
    const input = join(dir, 'households.ndjson');
    const t = performance.now();
    const { malformed, refused } = await generate(input, RECORDS);
    console.log(
      `\ninput: ${fmt(RECORDS)} repayment-capacity households, ${mb(statSync(input).size)} of NDJSON (${fmt(malformed)} malformed lines, ${fmt(refused)} refused bodies), generated in ${fmt((performance.now() - t) / 1000, 1)} s`,
    );
    const baselines = await measureBaselines(dir, input);
    const run = await measureBatch(dir, input, malformed + refused, baselines.kept);
    await summarise(input, run, baselines);
  } finally {
    if (process.env['BENCH_BATCH_KEEP'] === '1') console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

await main();
