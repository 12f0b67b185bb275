/**
 * The work of a batch, one chunk of input lines at a time: parse each line (NDJSON or CSV),
 * calculate, and write one output record or one error record per input record. The same
 * function runs in the worker threads and, with `--workers 0`, in the main thread, so both
 * give byte-for-byte the same output.
 *
 * A record is one line. Blank lines are not records (they are counted and skipped). In CSV a
 * quoted field cannot hold a line break: each line is parsed on its own, so a malformed row is
 * exactly one error record with its own line number and never swallows the rows after it.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { RuleEvaluationError, ValidationError, type ValidationIssue, errorMessage } from '../../contract/errors.js';
import { parseJsonText } from '../../contract/json-text.js';
import type { CalculationOptions } from '../../calculations/options.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { ByteSink, SpareBuffers } from './byte-sink.js';
import { chunkLines } from './chunk-lines.js';
import { CLI_OPERATIONS, cliOperation, type CliOperations } from '../operations.js';
import { CsvInputColumns, ResultFlattener, resultColumns } from './csv-fields.js';

export type DataFormat = 'ndjson' | 'csv';

export interface BatchSettings {
  /** The operation's id in the CLI registry (a worker thread looks it up there). */
  readonly calculation: string;
  readonly explain: boolean;
  /** `--provenance`: add `Onderbouwing` to every amount. */
  readonly provenance: boolean;
  readonly inputFormat: DataFormat;
  readonly outputFormat: DataFormat;
  /** The format of the separate errors file; `undefined`: error records go to the output, in order. */
  readonly errorsFormat: DataFormat | undefined;
  /** CSV field delimiter (input and output). */
  readonly delimiter: string;
  /** The CSV input header, when the input is CSV. */
  readonly csvHeader: readonly string[] | undefined;
}

/** A run of whole lines of the input. */
export interface Chunk {
  readonly seq: number;
  /** The line number (1-based, in the whole file) of the chunk's first line. */
  readonly firstLine: number;
  readonly bytes: Uint8Array;
}

export interface ChunkOutcome {
  readonly seq: number;
  /** Output records (and, without an errors file, the error records among them), encoded. */
  readonly out: Uint8Array;
  /** Error records for the errors file. */
  readonly err: Uint8Array;
  readonly results: number;
  readonly errors: number;
  readonly blank: number;
  readonly inputBytes: number;
}

/** The header row of a CSV output (`line`, the result columns, and `issues` when errors are interleaved). */
export function csvOutputHeader(
  settings: BatchSettings,
  ruleSet: RuleSet,
  operations: CliOperations = CLI_OPERATIONS,
): string[] {
  return [
    'line',
    ...resultColumns(settings.calculation, ruleSet, settings, operations),
    ...(settings.errorsFormat === undefined ? ['issues'] : []),
  ];
}

export const CSV_ERRORS_HEADER = ['line', 'issues'] as const;

/** The first bytes of the output and errors files: the CSV headers, if any. */
export function preambles(
  settings: BatchSettings,
  ruleSet: RuleSet,
  operations: CliOperations = CLI_OPERATIONS,
): { out: string; err: string } {
  const row = (cells: readonly string[]) => stringifyCsv([cells], { delimiter: settings.delimiter });
  return {
    out: settings.outputFormat === 'csv' ? row(csvOutputHeader(settings, ruleSet, operations)) : '',
    err: settings.errorsFormat === 'csv' ? row(CSV_ERRORS_HEADER) : '',
  };
}

type Parsed =
  | { readonly line: number; readonly body: unknown }
  | { readonly line: number; readonly issues: readonly ValidationIssue[] };

const CSV_OPTIONS = { relax_column_count: true, trim: true, skip_empty_lines: false, record_delimiter: '\n' } as const;

function csvMessage(error: unknown): string {
  // csv-parse counts lines within the text it was given, not the file: leave its count out.
  const message = errorMessage(error).replace(/ at line \d+/g, '');
  return `not a valid CSV row: ${message}`;
}

/**
 * The CSV lines of a chunk as bodies (or their issues). Fast path: the whole chunk in one
 * parse, every row checked to be exactly one line; a chunk with a malformed row is parsed line
 * by line, so the malformed row is one error record and the rows after it survive.
 */
function csvRowsToBodies(
  lines: readonly { line: number; text: string }[],
  header: CsvInputColumns,
  delimiter: string,
): Parsed[] {
  const cellsToParsed = (line: number, cells: string[]): Parsed => {
    if (cells.length !== header.names.length) {
      return {
        line,
        issues: [
          {
            path: '',
            code: 'invalid_csv',
            message: `the row has ${cells.length} field(s); the header has ${header.names.length}`,
          },
        ],
      };
    }
    const built = header.toBody(cells);
    return 'body' in built ? { line, body: built.body } : { line, issues: built.issues };
  };
  // Fast path: the whole chunk in one parse, every row checked to be exactly one line.
  const byLine = new Map<number, Parsed>();
  try {
    const records = parseCsv(lines.map((l) => l.text).join('\n'), {
      ...CSV_OPTIONS,
      delimiter,
      info: true,
      skip_records_with_error: true,
      on_skip: (error) => {
        const at = error?.lines;
        const entry = typeof at === 'number' ? lines[at - 1] : undefined;
        if (entry !== undefined && !byLine.has(entry.line))
          byLine.set(entry.line, {
            line: entry.line,
            issues: [{ path: '', code: 'invalid_csv', message: csvMessage(error) }],
          });
        else byLine.set(-1, { line: -1, issues: [] });
        return undefined;
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
    for (const r of records) {
      const entry = lines[r.info.lines - 1];
      if (entry === undefined || byLine.has(entry.line)) {
        byLine.set(-1, { line: -1, issues: [] });
        break;
      }
      byLine.set(entry.line, cellsToParsed(entry.line, r.record));
    }
  } catch {
    byLine.set(-1, { line: -1, issues: [] });
  }
  if (!byLine.has(-1) && byLine.size === lines.length) return lines.map((l) => byLine.get(l.line) as Parsed);
  // Careful path (a chunk with a malformed row): each line on its own.
  return lines.map(({ line, text }) => {
    try {
      const rows = parseCsv(text, { ...CSV_OPTIONS, delimiter }) as string[][];
      if (rows.length !== 1)
        return {
          line,
          issues: [
            {
              path: '',
              code: 'invalid_csv',
              message: 'not a valid CSV row: a quoted field is not closed on this line',
            },
          ],
        };
      return cellsToParsed(line, rows[0] as string[]);
    } catch (error) {
      return { line, issues: [{ path: '', code: 'invalid_csv', message: csvMessage(error) }] };
    }
  });
}

/** The issues of a household the calculation refused or failed on. */
function failureIssues(error: unknown): readonly ValidationIssue[] {
  return error instanceof ValidationError
    ? error.issues
    : error instanceof RuleEvaluationError
      ? [{ path: '', code: 'calculation_failed', message: `the rule set failed on this household: ${error.message}` }]
      : [
          {
            path: '',
            code: 'internal_error',
            message: `unexpected error (please report it): ${errorMessage(error)}`,
          },
        ];
}

/**
 * How a chunk writes its records, each as one line of its format: the result of a body
 * (calculated here, written into the sink; throws what the calculation throws, and what it wrote
 * of the record is then dropped by the caller) and an error record.
 */
interface RecordWriters {
  readonly result: (out: ByteSink, line: number, body: unknown) => void;
  readonly error: (line: number, issues: readonly ValidationIssue[]) => string;
}

function recordWriters(
  settings: BatchSettings,
  resultCells: ResultFlattener | undefined,
  calculate: (body: unknown, options?: CalculationOptions) => unknown,
  options: CalculationOptions,
): RecordWriters {
  const { delimiter } = settings;
  const interleaved = settings.errorsFormat === undefined;
  const errorsFormat = interleaved ? settings.outputFormat : settings.errorsFormat;
  const emptyResult: string[] = resultCells === undefined ? [] : resultCells.columns.map(() => '');
  return {
    error: (line, issues) =>
      errorsFormat === 'ndjson'
        ? `{"line":${line},"issues":${JSON.stringify(issues)}}\n`
        : interleaved
          ? stringifyCsv([[String(line), ...emptyResult, JSON.stringify(issues)]], { delimiter })
          : stringifyCsv([[String(line), JSON.stringify(issues)]], { delimiter }),
    result:
      resultCells === undefined
        ? (out, line, body) => out.text(`{"line":${line},"result":${JSON.stringify(calculate(body, options))}}\n`)
        : (out, line, body) => {
            const cells = resultCells.cells(calculate(body, options));
            out.text(stringifyCsv([[String(line), ...cells, ...(interleaved ? [''] : [])]], { delimiter }));
          },
  };
}

/** Room beyond the expected output: a sink grows when a record might not fit (three bytes per UTF-16 unit). */
const OUTPUT_SLACK = 16 * 1024;

/**
 * Records a chunk handles in one step: their lines parsed, then their results calculated and
 * written. Parsing and calculating each record in turn left every calculation to start with
 * the JSON parser's data in the caches in place of its own (as the service's socket writes did,
 * docs/http.md); steps of 4–64 records took 5–13 % less CPU per record than steps of one, 32 the
 * least, in three interleaved runs of 200,000 households (issue 14). Longer steps keep more
 * parsed bodies alive through a collection: 256 was slower again.
 */
const RECORDS_PER_STEP = 32;

interface Tally {
  results: number;
  errors: number;
  blank: number;
}

/**
 * Writes one step's records (see {@link RECORDS_PER_STEP}), in input order: each body's result
 * into `out`, or its error record into `err` (the same sink when errors are interleaved).
 */
function writeStep(parsed: readonly Parsed[], write: RecordWriters, out: ByteSink, err: ByteSink, tally: Tally): void {
  for (const p of parsed) {
    if ('body' in p) {
      const start = out.written;
      try {
        write.result(out, p.line, p.body);
        tally.results += 1;
      } catch (failure) {
        // The record's start (and anything the calculation wrote) goes; its error record takes its place.
        out.truncate(start);
        tally.errors += 1;
        err.text(write.error(p.line, failureIssues(failure)));
      }
    } else {
      tally.errors += 1;
      err.text(write.error(p.line, p.issues));
    }
  }
}

/**
 * Makes the function that processes one chunk, for a rule set already loaded. Its output goes
 * into a buffer from `spares` when one is large enough (the caller gives back each outcome's
 * `out` buffer once it is written).
 */
export function createChunkProcessor(
  settings: BatchSettings,
  ruleSet: RuleSet,
  operations: CliOperations = CLI_OPERATIONS,
  spares: SpareBuffers = new SpareBuffers(),
): (chunk: Chunk) => ChunkOutcome {
  const run = cliOperation(operations, settings.calculation).calculate;
  const options = { ruleSet, explain: settings.explain, provenance: settings.provenance };
  const csvIn =
    settings.inputFormat === 'csv'
      ? new CsvInputColumns(settings.calculation, settings.csvHeader ?? [], operations)
      : undefined;
  const resultCells =
    settings.outputFormat === 'csv'
      ? new ResultFlattener(resultColumns(settings.calculation, ruleSet, settings, operations))
      : undefined;
  const interleaved = settings.errorsFormat === undefined;
  const write = recordWriters(settings, resultCells, run, options);

  // Output bytes per input byte in the last chunk (about 5 for repayment results in NDJSON):
  // the next chunk's buffer is sized by it, so it is rarely grown (a copy of what it holds) and
  // not much larger than its records (it goes to the main thread whole).
  let outputRatio = 4;
  return (chunk) => {
    const out = new ByteSink(Math.ceil(chunk.bytes.byteLength * outputRatio * 1.05) + OUTPUT_SLACK, spares);
    const err = interleaved ? out : new ByteSink(1024);
    const tally: Tally = { results: 0, errors: 0, blank: 0 };
    const step = (parsed: readonly Parsed[]) => writeStep(parsed, write, out, err, tally);
    const raw = chunkLines(chunk.bytes);
    const csvLines: { line: number; text: string }[] = [];
    const parsed: Parsed[] = [];
    for (let i = 0; i < raw.length; i += 1) {
      const r = raw[i] as string;
      const t = r.endsWith('\r') ? r.slice(0, -1) : r;
      if (t.trim() === '') tally.blank += 1;
      else if (csvIn !== undefined) csvLines.push({ line: chunk.firstLine + i, text: t });
      else {
        parsed.push(parseJsonLine(chunk.firstLine + i, t));
        if (parsed.length === RECORDS_PER_STEP) {
          step(parsed);
          parsed.length = 0;
        }
      }
    }
    // CSV rows are all parsed together (a header maps their cells), so they are one step.
    step(csvIn === undefined ? parsed : csvRowsToBodies(csvLines, csvIn, settings.delimiter));
    const outBytes = out.bytes();
    if (chunk.bytes.byteLength > 0) outputRatio = Math.max(1, outBytes.byteLength / chunk.bytes.byteLength);
    return {
      seq: chunk.seq,
      out: outBytes,
      err: interleaved ? new Uint8Array(0) : err.bytes(),
      ...tally,
      inputBytes: chunk.bytes.byteLength,
    };
  };
}

/** One NDJSON line: its body, or the issue the service would give for it as a body (`invalid_json`). */
function parseJsonLine(line: number, text: string): Parsed {
  const parsed = parseJsonText(text);
  return parsed.kind === 'json' ? { line, body: parsed.value } : { line, issues: [parsed.issue] };
}
