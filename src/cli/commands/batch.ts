/**
 * `budgetnorm batch afloscapaciteit|pensioenuitgaven --in FILE --out FILE [--errors FILE]`:
 * many households, NDJSON or CSV in and out, streamed in chunks through worker threads, the
 * output in input order. Every input record gives exactly one output record or one error
 * record; the summary on stderr counts both.
 */
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { RuleSet } from '../../rules/rule-set.js';
import { choice, dateOption, integerOption, parseCommand, positionals } from '../args.js';
import { CsvInputColumns, type Calculation } from '../batch/csv-fields.js';
import { lineChunks, splitFirstLine, type LineChunk } from '../batch/input.js';
import { inProcessRunner, startWorkerPool, type ChunkRunner } from '../batch/pool.js';
import { formatCount, Progress } from '../batch/progress.js';
import { preambles, type BatchSettings, type ChunkOutcome, type DataFormat } from '../batch/records.js';
import type { RuleSetShipment } from '../batch/worker-protocol.js';
import { EXIT } from '../exit-codes.js';
import { BATCH_HELP } from '../help.js';
import { CliError, describeFsError, resolvePath, usageError, write, type CliIo } from '../io.js';
import { chooseRuleSet } from './calculate.js';
import { parse as parseCsv } from 'csv-parse/sync';

const FORMATS = ['ndjson', 'csv'] as const;
const plural = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
const CALCULATIONS = ['afloscapaciteit', 'pensioenuitgaven'] as const;
export const DEFAULT_CHUNK_BYTES = 512 * 1024;

function formatOfPath(path: string | undefined): DataFormat | undefined {
  if (path === undefined || path === '-') return undefined;
  const ext = extname(path).toLowerCase();
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  if (ext === '.csv') return 'csv';
  return undefined;
}

function openOutput(io: CliIo, path: string | undefined, what: string): Promise<{ stream: Writable; file: boolean }> {
  if (path === undefined || path === '-') return Promise.resolve({ stream: io.stdout, file: false });
  const stream = createWriteStream(resolvePath(io, path));
  return new Promise((resolve, reject) => {
    stream.once('open', () => resolve({ stream, file: true }));
    stream.once('error', (error) =>
      reject(new CliError(EXIT.io, `cannot write the ${what} ${path}: ${describeFsError(error)}`)),
    );
  });
}

function closeOutput(out: { stream: Writable; file: boolean }): Promise<void> {
  if (!out.file) return Promise.resolve();
  return new Promise((resolve, reject) => {
    out.stream.once('error', reject);
    out.stream.end(() => resolve());
  });
}

export async function batchCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals: given } = parseCommand('batch', args, {
    in: { type: 'string' },
    out: { type: 'string' },
    errors: { type: 'string' },
    format: { type: 'string' },
    'in-format': { type: 'string' },
    'out-format': { type: 'string' },
    ruleset: { type: 'string' },
    date: { type: 'string' },
    explain: { type: 'boolean' },
    workers: { type: 'string' },
    delimiter: { type: 'string' },
    'chunk-size': { type: 'string' },
    progress: { type: 'boolean' },
    'no-progress': { type: 'boolean' },
    quiet: { type: 'boolean', short: 'q' },
  });
  if (values.help === true) {
    await write(io.stdout, BATCH_HELP);
    return EXIT.ok;
  }
  const [calcArg] = positionals('batch', given, ['afloscapaciteit|pensioenuitgaven']);
  const calculation: Calculation = choice('batch', 'calculation', calcArg, CALCULATIONS) ?? 'afloscapaciteit';
  if (values.in === undefined)
    throw usageError('missing --in FILE (use --in - for standard input)\nsee: budgetnorm batch --help');
  const format = choice('batch', 'format', values.format, FORMATS);
  const inputFormat =
    choice('batch', 'in-format', values['in-format'], FORMATS) ??
    format ??
    formatOfPath(values.in) ??
    (values.in === '-' ? 'ndjson' : undefined);
  if (inputFormat === undefined)
    throw usageError(
      `cannot tell the format of ${values.in} from its extension: name it .ndjson, .jsonl or .csv, or give --format\nsee: budgetnorm batch --help`,
    );
  const outputFormat =
    choice('batch', 'out-format', values['out-format'], FORMATS) ??
    format ??
    formatOfPath(values.out) ??
    (values.out === undefined || values.out === '-' ? 'ndjson' : undefined);
  if (outputFormat === undefined)
    throw usageError(
      `cannot tell the format of ${values.out ?? ''} from its extension: name it .ndjson, .jsonl or .csv, or give --format\nsee: budgetnorm batch --help`,
    );
  const errorsFormat = values.errors === undefined ? undefined : (formatOfPath(values.errors) ?? outputFormat);
  const delimiter = values.delimiter ?? ',';
  if ([...delimiter].length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r') {
    throw usageError('--delimiter must be one character (not a quote or a line break)\nsee: budgetnorm batch --help');
  }
  const workersWanted =
    integerOption('batch', 'workers', values.workers, 0, 64) ?? Math.min(availableParallelism(), 16);
  const chunkBytes = integerOption('batch', 'chunk-size', values['chunk-size'], 1, 1 << 30) ?? DEFAULT_CHUNK_BYTES;
  const date = dateOption('batch', values.date);
  const explain = values.explain === true;
  const paths = [
    ['--in', values.in],
    ['--out', values.out],
    ['--errors', values.errors],
  ] as const;
  for (const [i, [nameA, a]] of paths.entries()) {
    for (const [nameB, b] of paths.slice(i + 1)) {
      if (a !== undefined && b !== undefined && a !== '-' && b !== '-' && resolvePath(io, a) === resolvePath(io, b)) {
        throw usageError(`${nameA} and ${nameB} are the same file`);
      }
    }
  }

  // The rule set: chosen once, here; the workers load the same one (checked by its hash).
  const chosen = chooseRuleSet(io, values.ruleset, date, calculation);
  const ruleSet: RuleSet = chosen.ruleSet;
  const shipment: RuleSetShipment =
    chosen.source.kind === 'bundled'
      ? { kind: 'bundled', id: chosen.source.id }
      : { kind: 'files', files: ruleSet.files, origin: chosen.label };

  // The input.
  let input: Readable;
  let totalBytes: number | undefined;
  if (values.in === '-') {
    input = io.stdin;
  } else {
    const path = resolvePath(io, values.in);
    try {
      const stat = statSync(path);
      if (stat.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
      totalBytes = stat.size;
    } catch (error) {
      throw new CliError(EXIT.io, `cannot read ${values.in}: ${describeFsError(error)}`);
    }
    input = createReadStream(path, { highWaterMark: chunkBytes });
  }
  const chunks = lineChunks(input, chunkBytes);
  let first: LineChunk | undefined;
  let csvHeader: string[] | undefined;
  let headerBytes = 0;
  try {
    const next = await chunks.next();
    first = next.done === true ? undefined : next.value;
    if (inputFormat === 'csv') {
      const split = first === undefined ? undefined : splitFirstLine(first);
      if (split === undefined)
        throw new CliError(
          EXIT.io,
          `${values.in} has no header line: a CSV input starts with a header naming the fields`,
        );
      headerBytes = (first?.bytes.byteLength ?? 0) - (split.rest?.bytes.byteLength ?? 0);
      try {
        csvHeader = (parseCsv(split.header, { delimiter, trim: true, record_delimiter: '\n' }) as string[][])[0] ?? [];
        new CsvInputColumns(calculation, csvHeader);
      } catch (error) {
        throw new CliError(
          EXIT.io,
          `the CSV header (line ${split.headerLine}) of ${values.in} cannot be used: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      first = split.rest;
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(EXIT.io, `cannot read ${values.in}: ${describeFsError(error)}`);
  }

  const settings: BatchSettings = {
    calculation,
    explain,
    inputFormat,
    outputFormat,
    errorsFormat,
    delimiter,
    csvHeader,
  };
  const out = await openOutput(io, values.out, 'output');
  const err = values.errors === undefined ? undefined : await openOutput(io, values.errors, 'errors file');

  let runner: ChunkRunner;
  try {
    runner =
      workersWanted === 0
        ? inProcessRunner(settings, ruleSet)
        : await startWorkerPool(workersWanted, { settings, ruleSet: shipment, hash: ruleSet.hash });
  } catch (error) {
    throw new CliError(
      EXIT.internal,
      `cannot start the worker threads: ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  const started = performance.now();
  const progress = new Progress(
    io.stderr,
    values['no-progress'] !== true && values.quiet !== true && (values.progress === true || io.stderrIsTTY),
    totalBytes,
  );
  const counts = { records: 0, results: 0, errors: 0, blank: 0, bytes: headerBytes };
  const queue: Promise<ChunkOutcome>[] = [];
  const maxInFlight = Math.max(1, runner.workers * 3);
  let seq = 0;
  const writeOutcome = async (outcome: ChunkOutcome): Promise<void> => {
    if (outcome.out.byteLength > 0) await write(out.stream, outcome.out);
    if (err !== undefined && outcome.err.byteLength > 0) await write(err.stream, outcome.err);
    counts.results += outcome.results;
    counts.errors += outcome.errors;
    counts.records += outcome.results + outcome.errors;
    counts.blank += outcome.blank;
    counts.bytes += outcome.inputBytes;
    progress.update(counts.records, counts.bytes);
  };
  const writeError = (error: unknown) => new CliError(EXIT.io, `cannot write the output: ${describeFsError(error)}`);
  try {
    const pre = preambles(settings, ruleSet);
    try {
      if (pre.out !== '') await write(out.stream, pre.out);
      if (err !== undefined && pre.err !== '') await write(err.stream, pre.err);
    } catch (error) {
      throw writeError(error);
    }
    const flushOne = async () => {
      const outcome = await (queue.shift() as Promise<ChunkOutcome>);
      try {
        await writeOutcome(outcome);
      } catch (error) {
        throw writeError(error);
      }
    };
    const submit = async (chunk: LineChunk) => {
      queue.push(runner.run({ seq: seq++, firstLine: chunk.firstLine, bytes: chunk.bytes }));
      while (queue.length >= maxInFlight) await flushOne();
    };
    if (first !== undefined) await submit(first);
    try {
      for (;;) {
        const next = await chunks.next();
        if (next.done === true) break;
        await submit(next.value);
      }
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(EXIT.io, `cannot read ${values.in}: ${describeFsError(error)}`);
    }
    while (queue.length > 0) await flushOne();
    progress.update(counts.records, counts.bytes, true);
    try {
      await closeOutput(out);
      if (err !== undefined) await closeOutput(err);
    } catch (error) {
      throw writeError(error);
    }
  } catch (error) {
    progress.finish();
    // Settle what is still running, so no promise rejects unobserved.
    await Promise.allSettled(queue);
    const failure =
      error instanceof CliError
        ? error
        : new CliError(
            EXIT.internal,
            `internal error (please report it): ${error instanceof Error ? error.message : String(error)}`,
          );
    await write(
      io.stderr,
      `budgetnorm batch: stopped after ${formatCount(counts.records)} records written: ${failure.message}\n`,
    );
    throw new CliError(failure.exitCode, '');
  } finally {
    await runner.close();
  }
  progress.finish();

  const seconds = (performance.now() - started) / 1000;
  if (values.quiet !== true) {
    const rss = process.resourceUsage().maxRSS / 1024;
    const blank =
      counts.blank > 0 ? ` (${formatCount(counts.blank)} blank line${counts.blank === 1 ? '' : 's'} skipped)` : '';
    const where = counts.errors > 0 && values.errors !== undefined ? `, error records in ${values.errors}` : '';
    await write(
      io.stderr,
      `budgetnorm batch ${calculation}: ${plural(counts.records, 'record')} = ${plural(counts.results, 'result')} + ${plural(counts.errors, 'error')}${blank}${where}; ` +
        `rule set ${ruleSet.id}; ${seconds.toFixed(1)} s, ${formatCount(seconds > 0 ? counts.records / seconds : 0)} records/s, ` +
        `${runner.workers === 0 ? 'in-process' : `${runner.workers} worker${runner.workers === 1 ? '' : 's'}`}, peak RSS ${rss.toFixed(0)} MB\n`,
    );
  }
  return counts.errors > 0 ? EXIT.problems : EXIT.ok;
}
