/**
 * The exit codes of `budgetnorm`, one meaning each, the same for every command (see docs/cli.md).
 */
export const EXIT = {
  /** Everything worked: a result was printed, every batch record was calculated, a rule set is valid. */
  ok: 0,
  /**
   * The command ran, but found problems: a request body that is not acceptable (or not JSON), a
   * batch with error records, a rule set with problems, a worked example that differs.
   */
  problems: 1,
  /** The command line is wrong: an unknown command or option, a missing argument, a bad date, an unknown rule-set id. */
  usage: 2,
  /**
   * A file could not be read or written (missing input, unreadable header, output folder absent,
   * a full disk, a standard output whose reader went away…).
   */
  io: 3,
  /** The rule set asked for cannot be used: it does not load, or it failed on a household (a defect of the rule set). */
  ruleSet: 4,
  /** A bug in budgetnorm: an unexpected error. The message asks for a report. */
  internal: 5,
  /** A batch refused to start: another batch is writing its output (or left its lock when killed). */
  busy: 6,
  /** A batch stopped by SIGINT (Ctrl-C) after writing whole records up to a stated line (128 + 2, the shell's convention). */
  sigint: 130,
  /** A batch stopped by SIGTERM likewise (128 + 15). */
  sigterm: 143,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The table printed by `--help` and documented in docs/cli.md. */
export const EXIT_CODE_HELP = [
  '  0  ok',
  '  1  problems found: a rejected request body, batch error records, rule-set problems, worked-example differences',
  '  2  usage error: unknown command or option, missing argument, bad --date, unknown rule-set id',
  '  3  a file could not be read or written (also: a full disk, a closed standard output)',
  '  4  the rule set cannot be used (does not load, or failed on a household)',
  '  5  internal error (a bug: please report it)',
  '  6  a batch refused: its output is being written by another batch (or a lock left by one that was killed)',
  '  130, 143  a batch interrupted by SIGINT or SIGTERM (whole records up to a stated line; see --resume)',
].join('\n');
