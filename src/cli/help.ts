/** The `--help` texts. docs/cli.md says the same at more length. */
import type { OperationSpec } from '../calculations/operations.js';
import { EXIT_CODE_HELP } from './exit-codes.js';
import type { CliOperations } from './operations.js';

/** Where the descriptions of the operations' usage lines start (0-based column). */
const OPERATION_SUMMARY_COLUMN = 51;

/** `budgetnorm --help`: a line per operation of the registry, then the other commands. */
export const mainHelp = (
  operations: CliOperations,
): string => `budgetnorm: Dutch household budget norms from versioned rule sets

Usage:
${Object.values(operations)
  .map((o) => `${`  budgetnorm ${o.id} [FILE|-] [options]`.padEnd(OPERATION_SUMMARY_COLUMN - 1)} ${o.summary}\n`)
  .join('')}  budgetnorm batch CALCULATION --in FILE|- [--out FILE|-] [--errors FILE] [options]
                                                   many households: NDJSON or CSV, streamed, on every core
  budgetnorm rules list|check|show|diff|test|sensitivity ...
                                                   tools for rule sets

  budgetnorm COMMAND --help                        options of a command
  budgetnorm --version                             the version

Exit codes:
${EXIT_CODE_HELP}

Documentation: docs/cli.md
`;

/** `budgetnorm <operation> --help`. */
export function calculationHelp(operation: OperationSpec): string {
  const calculation = operation.id;
  const what = `${operation.what} (POST ${operation.http.path})`;
  return `Usage: budgetnorm ${calculation} [FILE|-] [options]

Computes ${what} of one household.
Reads the JSON request body from FILE, or from standard input when FILE is - or absent
(fields: docs/contract.md), and prints the result.

Options:
  --format json|table   json (default): the result as the HTTP service returns it
                        table: an aligned table for people (Dutch labels)
  --ruleset ID|DIR      the rule set: a bundled id (see budgetnorm rules list) or the path of a
                        rule-set folder; default: the bundled set of --family valid on --date
  --family NAME         the method family to choose by date in: nl (reference budgets, the
                        default) or vfn (the VFN lending norm for new consumer credit); see
                        docs/methods/README.md. With --ruleset, the set must be of this family
  --date YYYY-MM-DD     the reference date that chooses the bundled rule set (default: today,
                        Netherlands time); with --ruleset it has no effect
  --explain             add the explanation (Uitleg): every rule, figure, source and provenance
  --provenance          add Onderbouwing to every amount: the weakest provenance among the
                        figures it used, and the estimates and values to verify behind it
  -h, --help            this help

A body that is not acceptable prints its issues {path, code, message} on stderr (JSON, or
lines with --format table) and exits 1.

Exit codes:
${EXIT_CODE_HELP}

Examples:
  budgetnorm ${calculation} household.json --format table
  cat household.json | budgetnorm ${calculation} --date 2025-06-01 --explain
`;
}

/** `budgetnorm batch --help`. */
export const batchHelp = (
  operations: CliOperations,
): string => `Usage: budgetnorm batch ${Object.keys(operations).join('|')} --in FILE|- [--out FILE|-] [--errors FILE] [options]

Computes many households, one per line of NDJSON or one per row of CSV, streamed in constant
memory and spread over worker threads; the output keeps the input's order. Every input
record gives exactly one output record or one error record; blank lines are skipped.

Records:
  NDJSON out  {"line":N,"result":{...}}  or, for a record that failed,  {"line":N,"issues":[{path,code,message}]}
  CSV out     columns line, the result flattened (Afloscapaciteit, Posten[0].Bedrag, ...,
              Rekenregels.Hash, Meldingen as JSON), and issues (JSON) when errors are interleaved
  errors      without --errors, error records go to the output, in input order;
              with --errors FILE they go there instead (CSV: columns line, issues)
  CSV in      a header of field paths (LeeftijdHoofdpersoon, Woning.WoningSoort,
              BijzondereUitgaven.KostenZorg, Autos[0].TypeAuto); empty cell = absent field;
              integers and enumeration codes become numbers, true/false booleans; one row per line
  Issue codes besides the contract's: invalid_json (a line that is not JSON), invalid_csv (a
  malformed row), calculation_failed (the rule set failed on the household)

Options:
  --in FILE|-            input (- is standard input)
  --out FILE|-           output (default: standard output)
  --errors FILE          error records to this file instead of the output
  --format ndjson|csv    format of input and output (default: by extension: .ndjson/.jsonl, .csv;
                         standard input and output: ndjson)
  --in-format, --out-format ndjson|csv   the same, for one side
  --delimiter C          CSV field delimiter, input and output (default ,)
  --ruleset ID|DIR       rule set (default: the bundled set of --family valid on --date)
  --family NAME          method family to choose by date in: nl (default) or vfn (lending norm)
  --date YYYY-MM-DD      reference date choosing the bundled rule set (default: today)
  --explain              add the explanation to every result (large)
  --provenance           add Onderbouwing to every amount (in CSV: the columns ...Onderbouwing)
  --workers N            worker threads (default: the number of cores, no more than the input
                         file has chunks; 0: compute in this thread)
  --chunk-size BYTES     input bytes per unit of work (default 524288)
  --progress             draw the progress bar even when stderr is not a terminal
  --no-progress          never draw it (default: drawn when stderr is a terminal)
  --resume               continue a run that stopped (a signal, a full disk): append to --out and
                         --errors after the last input line they hold; give the same options
  -q, --quiet            no progress bar and no summary line
  -h, --help             this help

The summary line on stderr counts records, results and errors (records = results + errors).
SIGINT (Ctrl-C) or SIGTERM: reading stops, the records in progress are finished and written (a
second signal drops them), every file ends on a whole record, and stderr says up to which input
line every line is accounted for and the command that resumes (exit 130 or 143).

Exit codes:
${EXIT_CODE_HELP}
  (a batch with at least one error record exits 1; every record is still accounted for)

Examples:
  budgetnorm batch afloscapaciteit --in households.ndjson --out results.ndjson --errors errors.ndjson
  budgetnorm batch pensioenuitgaven --in households.csv --out results.csv --ruleset nl-2026
  budgetnorm batch afloscapaciteit --in households.ndjson --out results.csv
`;

export const RULES_HELP = `Usage: budgetnorm rules COMMAND [options]

  list [--dir PATH]              every rule set: id, validity, status, calculations, hash
  check ID|DIR                   validate a rule-set folder: schema, cross-references, coverage
                                 sweep, worked examples
  show ID|DIR [--format md|json] every parameter, table, source and rule, readable
  diff A B [--format md|json]    what changed from A to B, and its effect on A's worked examples
  test ID|DIR [--update]         run the worked examples and show every difference;
                                 --update rewrites the expected figures of those that differ
  sensitivity ID|DIR             which estimates matter: each estimate and to-verify value
                                 moved by ±10% over a fixed sample of households, ranked

ID is a bundled rule set (budgetnorm rules list); DIR the path of a rule-set folder.
budgetnorm rules COMMAND --help for the options of each.

Exit codes:
${EXIT_CODE_HELP}
`;

const RULES_SUB_HELP: Record<string, string> = {
  list: `Usage: budgetnorm rules list [--dir PATH] [--format text|json]

Lists the bundled rule sets, or with --dir every rule-set folder (a folder with a
manifest.json) under PATH: id, validity, status, calculations and hash. A folder that does not
load is listed as INVALID and the command exits 1.`,
  check: `Usage: budgetnorm rules check ID|DIR [--format text|json]

Validates a rule-set folder completely: every file against its schema (strict: unknown keys
are errors), the cross-references (sources, parameters, tables, posts), the coverage sweep (every
post has a rule for every household, no amount fails), and the set's own worked examples
(tests/<calculation>/*.json). Each problem names its file and JSON path. Exits 1 on any problem;
on success prints what the coverage sweep tried (households per calculation, sampled posts).
ID: a bundled set's source folder in the package.`,
  show: `Usage: budgetnorm rules show ID|DIR [--format md|json]

Prints the rule set for review: sources, rounding, every parameter and table cell with its
value, unit, source and provenance (formula or reasoning), and every rule in plain words: its
description, its condition (age < 21 and hasPartner = false) and its amount
(vfnBasisnorm2021[householdType, tenure] × vfnIndexatie2023). md (default) is Markdown.`,
  diff: `Usage: budgetnorm rules diff A B [--format md|json]

What changed from rule set A to rule set B: values (old, new, change in %), table cells,
sources, rounding, rules added, removed and changed, and each worked example of A recomputed
under B (old and new key figures).`,
  test: `Usage: budgetnorm rules test ID|DIR [--update] [--format text|json]

Runs the worked examples of a rule set (tests/<calculation>/*.json) and shows every
difference between the expected and the computed figures. Exits 1 on any difference.

--update: after a deliberate change of the rules, rewrites the expected figures of every
example that differs with what the rule set now gives, and shows each change (field, was, now).
Only the figures an example states are rewritten (its request, description and derivation
stay); an example that matches is not touched; each file is replaced whole (written beside it,
then renamed). An example that cannot be computed is reported and left as it is (exit 1).
Check the derivation lines of the changed posts yourself.`,
  sensitivity: `Usage: budgetnorm rules sensitivity ID|DIR [--format md|json]

Moves every estimate and to-verify value of the rule set by -10% and +10%, one at a time, over a
fixed, seeded sample of households (every household type, tenure, age band and income band), and
reports per value the mean and the largest change of each output it feeds (the repayment
capacity, the retirement totals Basis and Voorbeeld), in EUR a month, ranked: rank 1 is the value
to verify first. md (default) is Markdown, as docs/rules/sensitivity-<id>.md. Exits 1 when a
variant fails to compute.`,
};

export function rulesSubcommandHelp(sub: string): string {
  return `${RULES_SUB_HELP[sub] ?? RULES_HELP}\n\nExit codes:\n${EXIT_CODE_HELP}\n`;
}
