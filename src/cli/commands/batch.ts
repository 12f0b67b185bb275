/**
 * `budgetnorm batch <operation> --in FILE [--out FILE] [--errors FILE]`, for each operation of the
 * CLI registry (../operations.ts):
 * many households, NDJSON or CSV in and out, streamed in chunks through worker threads, the
 * output in input order. Every input record gives exactly one output record or one error
 * record; the summary on stderr counts both. A run that stops early (a signal, a failed write)
 * leaves whole records up to a stated input line and says how to resume.
 */
import { createReadStream, statSync, truncateSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import type { RuleSet } from '../../rules/rule-set.js';
import { CALCULATION_OPTIONS, choice, dateOption, integerOption, parseCommand, positionals } from '../args.js';
import { CsvInputColumns } from '../batch/csv-fields.js';
import { lineChunks, splitFirstLine, type LineChunk } from '../batch/input.js';
import { BatchOutput } from '../batch/output.js';
import { OutputLocks } from '../batch/output-lock.js';
import { Pipeline, type Tally } from '../batch/pipeline.js';
import { inProcessRunner, startWorkerPool, type ChunkRunner } from '../batch/pool.js';
import { formatCount, Progress } from '../batch/progress.js';
import { preambles, type BatchSettings, type DataFormat } from '../batch/records.js';
import { resumePoint, type ResumePoint } from '../batch/resume.js';
import { descriptorIdentity, fileIdentity, sameFilePair } from '../batch/same-file.js';
import type { RuleSetShipment } from '../batch/worker-protocol.js';
import { EXIT } from '../exit-codes.js';
import { batchHelp } from '../help.js';
import { CLI_OPERATIONS, cliOperation, type CliOperation, type CliOperations } from '../operations.js';
import { CliError, describeFsError, report, resolvePath, usageError, WriteError, writeOut, type CliIo } from '../io.js';
import { chooseRuleSet } from './calculate.js';
import { parse as parseCsv } from 'csv-parse/sync';
import { errorMessage } from '../../contract/errors.js';
import { memosSwitch } from '../../node/fast-paths.js';

const FORMATS = ['ndjson', 'csv'] as const;
const plural = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
export const DEFAULT_CHUNK_BYTES = 512 * 1024;
const SEE_HELP = '\nsee: budgetnorm batch --help';

interface BatchOptions {
  readonly args: readonly string[];
  /** The operations the command knows (the CLI registry, or a test's copy). */
  readonly operations: CliOperations;
  readonly operation: CliOperation;
  readonly calculation: string;
  readonly in: string;
  readonly out: string | undefined;
  readonly errors: string | undefined;
  readonly settings: Omit<BatchSettings, 'csvHeader'>;
  /** Threads asked for with --workers; undefined: as many as help (see `defaultWorkers`). */
  readonly workers: number | undefined;
  readonly chunkBytes: number;
  readonly ruleset: string | undefined;
  readonly family: string | undefined;
  readonly date: string | undefined;
  readonly resume: boolean;
  readonly quiet: boolean;
  readonly progress: boolean | undefined;
}

function formatOfPath(path: string | undefined): DataFormat | undefined {
  if (path === undefined || path === '-') return undefined;
  const ext = extname(path).toLowerCase();
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  if (ext === '.csv') return 'csv';
  return undefined;
}

function formatOf(side: string, path: string | undefined, given: DataFormat | undefined): DataFormat {
  const format = given ?? formatOfPath(path) ?? (path === undefined || path === '-' ? 'ndjson' : undefined);
  if (format === undefined)
    throw usageError(
      `cannot tell the format of ${path ?? side} from its extension: name it .ndjson, .jsonl or .csv, or give --format${SEE_HELP}`,
    );
  return format;
}

/** The options `batch` accepts (besides -h, --help); its usage (../help.ts) names each, and a test checks both ways. */
export const BATCH_OPTIONS = {
  in: { type: 'string' },
  out: { type: 'string' },
  errors: { type: 'string' },
  format: { type: 'string' },
  'in-format': { type: 'string' },
  'out-format': { type: 'string' },
  ...CALCULATION_OPTIONS,
  workers: { type: 'string' },
  delimiter: { type: 'string' },
  'chunk-size': { type: 'string' },
  progress: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  resume: { type: 'boolean' },
} as const;

function parseOptions(args: readonly string[], operations: CliOperations): BatchOptions | 'help' {
  const { values, positionals: given } = parseCommand('batch', args, BATCH_OPTIONS);
  if (values.help === true) return 'help';
  const ids = Object.keys(operations);
  const [calcArg] = positionals('batch', given, [ids.join('|')]);
  const calculation = choice('batch', 'calculation', calcArg, ids) ?? '';
  const operation = cliOperation(operations, calculation);
  if (values.in === undefined) throw usageError(`missing --in FILE (use --in - for standard input)${SEE_HELP}`);
  const format = choice('batch', 'format', values.format, FORMATS);
  const inputFormat = formatOf('--in', values.in, choice('batch', 'in-format', values['in-format'], FORMATS) ?? format);
  const outputFormat = formatOf(
    '--out',
    values.out,
    choice('batch', 'out-format', values['out-format'], FORMATS) ?? format,
  );
  const delimiter = values.delimiter ?? ',';
  if ([...delimiter].length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r')
    throw usageError(`--delimiter must be one character (not a quote or a line break)${SEE_HELP}`);
  const resume = values.resume === true;
  if (resume && (values.out === undefined || values.out === '-'))
    throw usageError(`--resume needs --out FILE: standard output cannot be continued${SEE_HELP}`);
  return {
    args,
    operations,
    operation,
    calculation,
    in: values.in,
    out: values.out,
    errors: values.errors,
    settings: {
      calculation,
      explain: values.explain === true,
      provenance: values.provenance === true,
      inputFormat,
      outputFormat,
      errorsFormat: values.errors === undefined ? undefined : (formatOfPath(values.errors) ?? outputFormat),
      delimiter,
    },
    workers: integerOption('batch', 'workers', values.workers, 0, 64),
    chunkBytes: integerOption('batch', 'chunk-size', values['chunk-size'], 1, 1 << 30) ?? DEFAULT_CHUNK_BYTES,
    ruleset: values.ruleset,
    family: values.family,
    date: dateOption('batch', values.date),
    resume,
    quiet: values.quiet === true,
    progress:
      values['no-progress'] === true || values.quiet === true ? false : values.progress === true ? true : undefined,
  };
}

/**
 * `--in`, `--out` and `--errors` name three different files, whatever links lie between them;
 * standard input and output count as the files they are redirected from or to
 * (`--in - < x.ndjson --out x.ndjson`, `--in x.ndjson >> x.ndjson`).
 */
function checkDistinctFiles(io: CliIo, o: BatchOptions): void {
  const id = (path: string | undefined, fd: number | undefined) =>
    path === undefined || path === '-'
      ? fd === undefined
        ? undefined
        : descriptorIdentity(fd)
      : fileIdentity(resolvePath(io, path));
  const std = (path: string | undefined, name: string, stream: string) =>
    path === undefined || path === '-' ? `${name} (${stream})` : name;
  const pair = sameFilePair([
    [std(o.in, '--in', 'standard input'), id(o.in, io.fds?.stdin)],
    [std(o.out, '--out', 'standard output'), id(o.out, io.fds?.stdout)],
    ['--errors', o.errors === undefined ? undefined : id(o.errors, undefined)],
  ]);
  if (pair !== undefined) throw usageError(`${pair[0]} and ${pair[1]} are the same file`);
}

interface Input {
  readonly stream: Readable;
  readonly chunks: AsyncGenerator<LineChunk>;
  readonly first: LineChunk | undefined;
  readonly csvHeader: string[] | undefined;
  readonly headerBytes: number;
  readonly headerLine: number;
  readonly totalBytes: number | undefined;
}

function openInputStream(io: CliIo, o: BatchOptions): { stream: Readable; totalBytes: number | undefined } {
  if (o.in === '-') return { stream: io.stdin, totalBytes: undefined };
  const path = resolvePath(io, o.in);
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
    return { stream: createReadStream(path, { highWaterMark: o.chunkBytes }), totalBytes: stat.size };
  } catch (error) {
    throw new CliError(EXIT.io, `cannot read ${o.in}: ${describeFsError(error)}`);
  }
}

/** Opens the input and reads its first chunk (and, for CSV, the header). */
async function openInput(io: CliIo, o: BatchOptions): Promise<Input> {
  const { stream, totalBytes } = openInputStream(io, o);
  const chunks = lineChunks(stream, o.chunkBytes);
  try {
    const next = await chunks.next();
    const first = next.done === true ? undefined : next.value;
    if (o.settings.inputFormat !== 'csv')
      return { stream, chunks, first, csvHeader: undefined, headerBytes: 0, headerLine: 0, totalBytes };
    const split = first === undefined ? undefined : splitFirstLine(first);
    if (split === undefined)
      throw new CliError(EXIT.io, `${o.in} has no header line: a CSV input starts with a header naming the fields`);
    let csvHeader: string[];
    try {
      const rows = parseCsv(split.header, {
        delimiter: o.settings.delimiter,
        trim: true,
        record_delimiter: '\n',
      }) as string[][];
      csvHeader = rows[0] ?? [];
      new CsvInputColumns(o.calculation, csvHeader, o.operations);
    } catch (error) {
      throw new CliError(
        EXIT.io,
        `the CSV header (line ${split.headerLine}) of ${o.in} cannot be used: ${errorMessage(error)}`,
      );
    }
    const headerBytes = (first?.bytes.byteLength ?? 0) - (split.rest?.bytes.byteLength ?? 0);
    return { stream, chunks, first: split.rest, csvHeader, headerBytes, headerLine: split.headerLine, totalBytes };
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(EXIT.io, `cannot read ${o.in}: ${describeFsError(error)}`);
  }
}

interface Outputs {
  readonly out: BatchOutput;
  readonly err: BatchOutput | undefined;
  /** A resumed run: the input lines up to this one are already written. */
  readonly resumedAfter: number | undefined;
}

/** Where a file of the run being resumed stops. */
function checkResume(io: CliIo, path: string, shownAs: string, preamble: string, delimiter: string): ResumePoint {
  const header = preamble === '' ? undefined : preamble.replace(/\r?\n$/, '');
  return resumePoint(resolvePath(io, path), shownAs, header, delimiter);
}

/** Cuts off a part of a record left at the end of a file (a run killed outright). */
function cutToWholeLines(io: CliIo, path: string, shownAs: string, keepBytes: number): void {
  const absolute = resolvePath(io, path);
  try {
    if (statSync(absolute).size > keepBytes) truncateSync(absolute, keepBytes);
  } catch (error) {
    throw new CliError(EXIT.io, `cannot resume ${shownAs}: ${describeFsError(error)}`);
  }
}

async function openOutputs(io: CliIo, o: BatchOptions, settings: BatchSettings, ruleSet: RuleSet): Promise<Outputs> {
  const pre = preambles(settings, ruleSet, o.operations);
  type What = 'output' | 'errors file';
  const files: { path: string | undefined; what: What; preamble: string }[] = [
    { path: o.out, what: 'output', preamble: pre.out },
    ...(o.errors === undefined ? [] : [{ path: o.errors, what: 'errors file' as What, preamble: pre.err }]),
  ];
  // Every file checked before any is changed: a refused --resume leaves them all as they were.
  const points = files.map((f) =>
    o.resume && f.path !== undefined
      ? checkResume(io, f.path, `the ${f.what} ${f.path}`, f.preamble, settings.delimiter)
      : undefined,
  );
  const opened: BatchOutput[] = [];
  for (const [i, f] of files.entries()) {
    const point = points[i];
    const fresh = point === undefined || point.fresh;
    if (!fresh && f.path !== undefined) cutToWholeLines(io, f.path, `the ${f.what} ${f.path}`, point.keepBytes);
    const output = await BatchOutput.open(io, f.path, f.what, !fresh, fresh ? 0 : point.keepBytes);
    // The CSV header: written (and committed) before the first record.
    if (fresh) await output.write(f.preamble);
    output.commit();
    opened.push(output);
  }
  return {
    out: opened[0] as BatchOutput,
    err: opened[1],
    resumedAfter: o.resume ? Math.max(0, ...points.map((p) => p?.afterLine ?? 0)) : undefined,
  };
}

type Chosen = ReturnType<typeof chooseRuleSet>;

/**
 * Without --workers: one thread per core (at most 16), but no more than the input has chunks,
 * and none for an input of one chunk: starting a thread (loading and compiling the rule set
 * again) costs more than computing one chunk in this thread, which has the rule set already.
 */
function defaultWorkers(totalBytes: number | undefined, chunkBytes: number): number {
  const cores = Math.min(availableParallelism(), 16);
  if (totalBytes === undefined) return cores;
  const chunks = Math.ceil(totalBytes / chunkBytes);
  return chunks <= 1 ? 0 : Math.min(cores, chunks);
}

async function startRunner(
  o: BatchOptions,
  settings: BatchSettings,
  chosen: Chosen,
  totalBytes: number | undefined,
): Promise<ChunkRunner> {
  // A worker thread imports the CLI registry itself: an operation from elsewhere (a test's
  // copy of the registry) cannot be shipped to it, so it is computed in this thread.
  const shippable =
    Object.hasOwn(CLI_OPERATIONS, o.calculation) &&
    CLI_OPERATIONS[o.calculation as keyof typeof CLI_OPERATIONS] === o.operation;
  const workers = shippable ? (o.workers ?? defaultWorkers(totalBytes, o.chunkBytes)) : 0;
  const ruleSet = chosen.ruleSet;
  const shipment: RuleSetShipment =
    chosen.source.kind === 'bundled'
      ? { kind: 'bundled', id: chosen.source.id }
      : { kind: 'files', files: ruleSet.files, origin: chosen.label };
  try {
    return workers === 0
      ? inProcessRunner(settings, ruleSet, o.operations)
      : await startWorkerPool(workers, { settings, ruleSet: shipment, hash: ruleSet.hash });
  } catch (error) {
    throw new CliError(EXIT.internal, `cannot start the worker threads: ${errorMessage(error)}`);
  }
}

/** A word of the shell: quoted when it holds anything a shell would read otherwise. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** What a stopped run leaves, and how to continue it. */
function stoppedReport(o: BatchOptions, outputs: Outputs, tally: Tally, whole: boolean): string {
  const files = [outputs.out, outputs.err].filter((f): f is BatchOutput => f !== undefined);
  const where = files.map((f) => f.name).join(' and ');
  const accounted =
    tally.upToLine === 0
      ? `no input line is accounted for yet`
      : `every input line up to line ${formatCount(tally.upToLine)} is accounted for in ${where}`;
  const ends = whole ? '; every file ends on a whole record' : `; ${where} may end with a part of a record`;
  const resumable = whole && files.every((f) => f.regularFile !== undefined);
  const again = o.args.includes('--resume') ? o.args : [...o.args, '--resume'];
  const how = resumable
    ? `to resume: budgetnorm batch ${again.map(shellWord).join(' ')}`
    : 'it cannot be resumed (--resume needs --out and --errors to be regular files)';
  return `${accounted}${ends}\n${how}\n`;
}

function summaryLine(o: BatchOptions, ruleSet: RuleSet, runner: ChunkRunner, tally: Tally, seconds: number): string {
  const rss = process.resourceUsage().maxRSS / 1024;
  const blank = tally.blank > 0 ? ` (${plural(tally.blank, 'blank line')} skipped)` : '';
  const where = tally.errors > 0 && o.errors !== undefined ? `, error records in ${o.errors}` : '';
  const threads = runner.workers === 0 ? 'in-process' : plural(runner.workers, 'worker');
  return (
    `budgetnorm batch ${o.calculation}: ${plural(tally.records, 'record')} = ${plural(tally.results, 'result')} + ${plural(tally.errors, 'error')}${blank}${where}; ` +
    `rule set ${ruleSet.id}; ${seconds.toFixed(1)} s, ${formatCount(seconds > 0 ? tally.records / seconds : 0)} records/s, ` +
    `${threads}, peak RSS ${rss.toFixed(0)} MB\n`
  );
}

/** Why the run stopped early, as the first line of the report, and its exit code. */
function stopReason(error: unknown, outputs: Outputs, tally: Tally): CliError {
  const written = `stopped after ${plural(tally.records, 'record')} written`;
  if (error instanceof WriteError) {
    const target = [outputs.out, outputs.err].find((f) => f?.stream === error.stream);
    return new CliError(EXIT.io, `${written}: cannot write ${target?.label ?? 'the output'}: ${error.message}`);
  }
  if (error instanceof CliError) return new CliError(error.exitCode, `${written}: ${error.message}`);
  return new CliError(EXIT.internal, `${written}: internal error (please report it): ${errorMessage(error)}`);
}

/** The workers read `BUDGETNORM_MEMOS` (src/node/fast-paths.ts): a mistyped value stops the batch before it starts. */
function checkMemosSwitch(value: string | undefined): void {
  if (memosSwitch(value) === undefined) throw usageError(`BUDGETNORM_MEMOS must be 1 or 0, got "${value}"`);
}

export async function batchCommand(
  args: readonly string[],
  io: CliIo,
  operations: CliOperations = CLI_OPERATIONS,
): Promise<number> {
  const o = parseOptions(args, operations);
  if (o === 'help') {
    await writeOut(io, batchHelp(operations));
    return EXIT.ok;
  }
  checkDistinctFiles(io, o);
  checkMemosSwitch(process.env['BUDGETNORM_MEMOS']);
  // The rule set: chosen once, here; the workers load the same one (checked by its hash).
  const chosen = chooseRuleSet(io, o.ruleset, o.date, o.operation, o.family);
  // A signal before the run listens for its own (waiting for the input, starting the threads)
  // ends the process as the signal would, its locks removed first; listened for before they exist.
  let locks: OutputLocks | undefined;
  const early = io.onSignal?.((signal) => {
    early?.();
    locks?.release();
    process.kill(process.pid, signal);
  });
  // Before a --resume reads where the output stops, and before anything is written.
  try {
    locks = OutputLocks.acquire(
      [
        [o.out, 'output'],
        [o.errors, 'errors file'],
      ].flatMap(([path, what]) =>
        path === undefined || path === '-' ? [] : [{ path: resolvePath(io, path), shownAs: `the ${what} ${path}` }],
      ),
    );
  } catch (error) {
    early?.();
    throw error;
  }
  try {
    const input = await openInput(io, o);
    const settings: BatchSettings = { ...o.settings, csvHeader: input.csvHeader };
    const runner = await startRunner(o, settings, chosen, input.totalBytes);
    try {
      return await runBatch(io, o, input, settings, runner, chosen.ruleSet, early);
    } finally {
      await runner.close();
      input.stream.destroy();
    }
  } finally {
    early?.();
    locks.release();
  }
}

async function runBatch(
  io: CliIo,
  o: BatchOptions,
  input: Input,
  settings: BatchSettings,
  runner: ChunkRunner,
  ruleSet: RuleSet,
  /** Ends the listening for a signal before the run: the run listens for its own from here. */
  handOver: (() => void) | undefined,
): Promise<number> {
  const outputs = await openOutputs(io, o, settings, ruleSet);
  if (outputs.resumedAfter !== undefined && !o.quiet)
    await report(
      io,
      `budgetnorm batch: resuming after line ${formatCount(outputs.resumedAfter)} (the last input line with a record in ${outputs.err === undefined ? o.out : `${o.out} or ${o.errors}`})\n`,
    );
  const started = performance.now();
  const progress = new Progress(io.stderr, o.progress ?? io.stderrIsTTY, input.totalBytes);
  const tally: Tally = {
    records: 0,
    results: 0,
    errors: 0,
    blank: 0,
    bytes: input.headerBytes,
    upToLine: Math.max(input.headerLine, outputs.resumedAfter ?? 0),
  };
  const pipeline = new Pipeline(runner, outputs.out, outputs.err, progress, tally, outputs.resumedAfter ?? 0);
  const unsubscribe = io.onSignal?.((signal) => {
    // A second signal drops the work in flight; a third one, unheard, kills the process.
    if (pipeline.signal !== undefined) unsubscribe?.();
    pipeline.interrupt(signal);
    input.stream.destroy();
  });
  handOver?.();
  try {
    await pipeline.run(
      input.first,
      input.chunks,
      (error) => new CliError(EXIT.io, `cannot read ${o.in}: ${describeFsError(error)}`),
    );
    await outputs.out.close();
    await outputs.err?.close();
  } catch (error) {
    unsubscribe?.();
    progress.finish();
    const failure = stopReason(error, outputs, tally);
    // Writing what was read before a failed read can fail too: say both.
    const readFailure = pipeline.readFailure;
    const also =
      readFailure !== undefined && readFailure !== error ? `\nthe input had failed before: ${readFailure.message}` : '';
    // Both files cut back (neither skipped because the other could not be).
    const outWhole = await outputs.out.rollBack();
    const errWhole = (await outputs.err?.rollBack()) ?? true;
    const whole = outWhole && errWhole;
    await report(io, `budgetnorm batch: ${failure.message}${also}\n${stoppedReport(o, outputs, tally, whole)}`);
    throw new CliError(failure.exitCode, '');
  }
  unsubscribe?.();
  progress.update(tally.records, tally.bytes, true);
  progress.finish();
  const signal = pipeline.signal;
  if (signal !== undefined) {
    await report(
      io,
      `budgetnorm batch: interrupted (${signal}): stopped reading after ${plural(tally.records, 'record')} written (${plural(tally.results, 'result')} + ${plural(tally.errors, 'error')})\n${stoppedReport(o, outputs, tally, true)}`,
    );
    return signal === 'SIGINT' ? EXIT.sigint : EXIT.sigterm;
  }
  if (!o.quiet) await report(io, summaryLine(o, ruleSet, runner, tally, (performance.now() - started) / 1000));
  return tally.errors > 0 ? EXIT.problems : EXIT.ok;
}
