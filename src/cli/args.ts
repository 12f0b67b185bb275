/**
 * Command-line options with `node:util`'s `parseArgs` (strict: an unknown option is a usage
 * error, never silently ignored), plus the checks every command shares.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usageError } from './io.js';
import { didYouMean } from './suggest.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

/** The options of a calculation, single or batch: which rule set, and what the result carries. */
export const CALCULATION_OPTIONS = {
  ruleset: { type: 'string' },
  family: { type: 'string' },
  date: { type: 'string' },
  explain: { type: 'boolean' },
  provenance: { type: 'boolean' },
} as const;

/** The values of the options: strings for `type: 'string'`, booleans otherwise; absent when not given. */
export type OptionValues<O extends Options> = {
  [K in keyof O]?: O[K] extends { type: 'string' } ? string : boolean;
} & { help?: boolean };

/** Parses `args` for `command`; a mistake becomes a usage error that points at `--help`. */
export function parseCommand<O extends Options>(
  command: string,
  args: readonly string[],
  options: O,
): { values: OptionValues<O>; positionals: string[] } {
  try {
    const parsed = parseArgs({
      args: [...args],
      options: { ...HELP_OPTION, ...options },
      strict: true,
      allowPositionals: true,
    });
    return { values: parsed.values as OptionValues<O>, positionals: parsed.positionals };
  } catch (error) {
    const message =
      error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, '') : String(error);
    const unknown =
      (error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'(-[^'=]*)/.exec(message) : null;
    const names = Object.keys({ ...HELP_OPTION, ...options }).map((name) => `--${name}`);
    const hint = unknown?.[1] === undefined ? '' : didYouMean(unknown[1], names);
    throw usageError(`${message}${hint}\nsee: budgetnorm ${command} --help`);
  }
}

/** The value of a choice option, checked against its allowed values. */
export function choice<T extends string>(
  command: string,
  option: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T;
export function choice<T extends string>(
  command: string,
  option: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined;
export function choice<T extends string>(
  command: string,
  option: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback?: T,
): T | undefined {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw usageError(
    `--${option} must be one of ${allowed.join(', ')}, not "${value}"${didYouMean(value, allowed)}\nsee: budgetnorm ${command} --help`,
  );
}

/** Positional arguments: exactly the names given (optional ones end with `?`). */
export function positionals(
  command: string,
  given: readonly string[],
  names: readonly string[],
): (string | undefined)[] {
  const required = names.filter((n) => !n.endsWith('?')).length;
  if (given.length < required) {
    const missing = names.slice(given.length).filter((n) => !n.endsWith('?'));
    throw usageError(`missing ${missing.join(' and ')}\nsee: budgetnorm ${command} --help`);
  }
  if (given.length > names.length) {
    throw usageError(`unexpected argument "${given[names.length] ?? ''}"\nsee: budgetnorm ${command} --help`);
  }
  return names.map((_, i) => given[i]);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `--date`: a real calendar day written YYYY-MM-DD. */
export function dateOption(command: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const d = new Date(`${value}T00:00:00Z`);
  if (!ISO_DATE.test(value) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw usageError(
      `--date must be a calendar date written YYYY-MM-DD, not "${value}"\nsee: budgetnorm ${command} --help`,
    );
  }
  return value;
}

/** A whole number option within bounds. */
export function integerOption(
  command: string,
  option: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw usageError(
      `--${option} must be a whole number from ${min} to ${max}, not "${value}"\nsee: budgetnorm ${command} --help`,
    );
  }
  return Number(value);
}
