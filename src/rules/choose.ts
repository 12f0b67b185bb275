/**
 * Choosing a rule set: by id, by reference date within a method family (the set of the family
 * whose validity contains it), or a set passed in. A collection of sets is checked when it is
 * made: two sets of one family valid on one day, or a day between two sets of a family that
 * none covers, is an error there, not a surprise later.
 */
import { RuleSetChoiceError, RuleSetError, type RuleSetIssue } from '../contract/errors.js';
import { DEFAULT_FAMILY } from './format/manifest.js';
import { isCheckedRuleSet, type RuleSet } from './rule-set.js';

/**
 * What a caller may say about the rule set: a loaded set, or an id; absent means "by date".
 *
 * @inline
 */
export type RuleSetChoice = RuleSet | string | undefined;

/**
 * What a catalog knows of a set before it is loaded: enough to choose it. The bundled catalog
 * is made of these, so importing the library and computing with one set never loads (parses,
 * checks, hashes, compiles) the others.
 */
export interface CatalogEntry {
  readonly id: string;
  /** The method family (`nl`, `vfn`, …): sets are chosen by date within one. */
  readonly family: string;
  readonly status: RuleSet['status'];
  readonly validFrom: string;
  readonly validUntil: string;
  /** The set itself, loaded on the first call and the same object afterwards. */
  ruleSet(): RuleSet;
}

/** Entries made by `lazyEntry`; anything else given to the constructor is a loaded RuleSet. */
const lazyEntries = new WeakSet<object>();

/** An entry whose set is loaded when first chosen. */
export function lazyEntry(about: Omit<CatalogEntry, 'ruleSet'>, load: () => RuleSet): CatalogEntry {
  let loaded: RuleSet | undefined;
  const entry: CatalogEntry = { ...about, ruleSet: () => (loaded ??= load()) };
  lazyEntries.add(entry);
  return entry;
}

/** A catalog of sets that load when first chosen (`list()` loads them all). */
export function lazyCatalog(entries: readonly CatalogEntry[]): RuleSetCatalog {
  // The public constructor takes loaded sets; it recognises entries made by lazyEntry.
  return new RuleSetCatalog(entries as unknown as readonly RuleSet[]);
}

function entryOf(set: RuleSet | CatalogEntry): CatalogEntry {
  if (lazyEntries.has(set)) return set as CatalogEntry;
  const loaded = set as RuleSet;
  return {
    id: loaded.id,
    family: loaded.family,
    status: loaded.status,
    validFrom: loaded.validFrom,
    validUntil: loaded.validUntil,
    ruleSet: () => loaded,
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The reference date a calculation uses to choose its rule set: the calendar day a `Date`
 * falls on in the Netherlands (rule sets change at midnight Dutch time, whatever the
 * server's time zone), or a given `YYYY-MM-DD` string, checked and returned as is.
 *
 * @param date - `'YYYY-MM-DD'`, a `Date`, or undefined for now.
 * @returns The calendar day, `YYYY-MM-DD`. From 1996 to 2099 the day follows from the EU's summer
 *   time law; for other years the runtime's time-zone data is asked, and in a runtime without it
 *   the UTC day is used, at most a day off around midnight.
 * @throws {@link RuleSetChoiceError} with code `invalid_date` when the string is not a calendar
 *   date written `YYYY-MM-DD` (`'2026-02-30'`, `'1-3-2026'`) or the `Date` is invalid.
 * @example New Year's Eve in UTC is already New Year's Day in Amsterdam
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { referenceDate } from 'budgetnorm';
 *
 * assert.equal(referenceDate('2026-03-01'), '2026-03-01');
 * assert.equal(referenceDate(new Date('2025-12-31T23:30:00Z')), '2026-01-01');
 * assert.throws(() => referenceDate('2026-02-30'), { name: 'RuleSetChoiceError', code: 'invalid_date' });
 * ```
 */
export function referenceDate(date: string | Date | undefined): string {
  if (typeof date === 'string') {
    const d = new Date(`${date}T00:00:00Z`);
    if (!ISO_DATE.test(date) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date) {
      throw new RuleSetChoiceError('invalid_date', `date "${date}" is not a calendar date written YYYY-MM-DD`);
    }
    return date;
  }
  if (date === undefined) return today();
  if (Number.isNaN(date.getTime())) throw new RuleSetChoiceError('invalid_date', 'date is an invalid Date');
  return dutchDayOf(date);
}

/** The calendar day in the Netherlands of a valid `Date`. */
function dutchDayOf(when: Date): string {
  // Amsterdam is UTC+1 or UTC+2 (in its whole history between +0 and +2), so before 22:00 UTC its
  // day is the UTC day whatever the season.
  if (when.getUTCHours() < 22) return utcDayOf(when.getTime());
  // In the two hours before midnight UTC the offset decides. The first Intl.DateTimeFormat of a
  // process sets up ICU: 26-42 ms of a cold start on the 2-core machine of 2026-11-27, half of
  // the 60 ms a first result may take, every day from 22:00 to 24:00 UTC. So the offset is
  // worked out from the law where the law fixes it, and the time-zone database is asked only
  // for other years.
  const offset = dutchOffsetHours(when);
  if (offset !== undefined) return utcDayOf(when.getTime() + offset * HOUR);
  const format = dutchCalendarDay();
  return format === undefined ? utcDayOf(when.getTime()) : format.format(when);
}

/**
 * The UTC calendar day, `YYYY-MM-DD`, of an instant in milliseconds: by arithmetic on the days
 * since 1970 (the proleptic Gregorian calendar, as `Date` counts), because a process's first
 * `Date#toISOString` took about 1 ms of a cold start on the 2-core machine of 2026-11-28
 * (issue 14). Years outside 0000-9999, which `toISOString` writes with a sign and six digits, are
 * left to it.
 */
function utcDayOf(ms: number): string {
  const days = Math.floor(ms / DAY);
  // Howard Hinnant's civil_from_days: eras of 400 years (146,097 days) from 0000-03-01.
  const fromMarch = days + 719_468;
  const era = Math.floor(fromMarch / 146_097);
  const dayOfEra = fromMarch - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  // Also NaN (an invalid instant), for which toISOString throws its RangeError as before.
  if (!(year >= 0 && year <= 9999)) return new Date(ms).toISOString().slice(0, 10);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The years whose offset {@link dutchOffsetHours} works out: from 1996, when the EU's summer
 * time first ended in October, until a horizon, so that a change of the law far ahead falls back
 * to the time-zone database. test/rules/choose.test.ts holds the rule to the database for every
 * day of these years.
 */
const LAW_FROM_YEAR = 1996;
const LAW_UNTIL_YEAR = 2099;

/**
 * Amsterdam's offset from UTC in hours at `when`: CET, UTC+1, except in summer time, UTC+2,
 * which begins and ends at 01:00 UTC on the last Sunday of March and of October (Directive
 * 2000/84/EC, the Zomertijdbesluit; the same dates since 1996). Undefined outside
 * {@link LAW_FROM_YEAR}–{@link LAW_UNTIL_YEAR}.
 */
function dutchOffsetHours(when: Date): 1 | 2 | undefined {
  const year = when.getUTCFullYear();
  if (year < LAW_FROM_YEAR || year > LAW_UNTIL_YEAR) return undefined;
  const t = when.getTime();
  return t >= lastSundayOneAm(year, 2) && t < lastSundayOneAm(year, 9) ? 2 : 1;
}

/** 01:00 UTC on the last Sunday of a month (`month` counted from 0), in milliseconds. */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY + HOUR;
}

/** Today's day in the Netherlands, and the UTC hour `[from, until)` in milliseconds that it holds for. */
let todayCache: { readonly day: string; readonly from: number; readonly until: number } | undefined;

/**
 * Today's calendar day in the Netherlands, worked out once per UTC hour: every calculation
 * without a date asks, and making a Date and writing it out cost some 1.5 µs of a 25 µs call
 * (the formatter far more in the two hours before midnight UTC). Amsterdam's offset is a whole
 * number of hours and changes on a whole UTC hour, so its day never changes inside one; the day
 * is kept only when both ends of the hour fall on it, which checks that rather than trusting it.
 * Both ends of the hour are compared with the clock, which may also move backwards (a test's fake
 * timers, a corrected system clock).
 */
function today(): string {
  const now = Date.now();
  const known = todayCache;
  if (known !== undefined && now >= known.from && now < known.until) return known.day;
  const when = new Date(now);
  if (Number.isNaN(when.getTime())) throw new RuleSetChoiceError('invalid_date', 'the clock gives an invalid Date');
  const day = dutchDayOf(when);
  const from = Math.floor(now / HOUR) * HOUR;
  const until = from + HOUR;
  const holds = dutchDayOf(new Date(from)) === day && dutchDayOf(new Date(until - 1)) === day;
  todayCache = holds ? { day, from, until } : undefined;
  return day;
}

let dutchDayFormat: Intl.DateTimeFormat | null | undefined;

/**
 * The formatter of calendar days in the Netherlands, made once: building an
 * `Intl.DateTimeFormat` costs more than a whole calculation. Undefined in a runtime
 * without time-zone data, where UTC is used (at most a day off around midnight).
 */
function dutchCalendarDay(): Intl.DateTimeFormat | undefined {
  if (dutchDayFormat === undefined) {
    try {
      dutchDayFormat = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Europe/Amsterdam',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      dutchDayFormat = null;
    }
  }
  return dutchDayFormat ?? undefined;
}

/** The day after a `YYYY-MM-DD` day. */
function nextDay(date: string): string {
  return utcDayOf(new Date(`${date}T00:00:00Z`).getTime() + DAY);
}

/**
 * A collection of rule sets to choose from, by id or by date within a method family: the
 * bundled sets ({@link bundledCatalog}), or an institution's own, passed as the `catalog` option
 * of a calculation or to `createApp`. The sets are checked together when the catalog is made:
 * two sets of one family valid on one day, or a day between two sets of a family that none
 * covers, is an error then, not a surprise on that day (two families may cover the same days).
 * A `withdrawn` set stays reachable by id but is never chosen by date.
 *
 * @example An institution's own catalog: its sets, chosen by date
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import {
 *   bundledCatalog,
 *   loadRuleSet,
 *   repaymentCapacity,
 *   type RepaymentCapacityRequest,
 *   RuleSetCatalog,
 * } from 'budgetnorm';
 *
 * // Here: copies of the bundled sets under the institution's own ids.
 * const own = ['nl-2025', 'nl-2026'].map((id) => {
 *   const files = structuredClone(bundledCatalog().byId(id).files) as Record<string, any>;
 *   files['manifest.json'].id = id.replace('nl-', 'my-bank-');
 *   return loadRuleSet(files);
 * });
 * const catalog = new RuleSetCatalog(own);
 *
 * const body: RepaymentCapacityRequest = {
 *   LeeftijdHoofdpersoon: 66,
 *   HeeftPartner: false,
 *   AantalThuiswonendeKinderen: 0,
 *   AantalAutos: 0,
 *   NettoBesteedbaarInkomenPerMaand: 2200,
 *   BijzondereUitgaven: {},
 *   Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
 * };
 * assert.equal(repaymentCapacity(body, { catalog, date: '2025-07-01' }).Rekenregels.Id, 'my-bank-2025');
 * assert.equal(repaymentCapacity(body, { catalog, ruleSet: 'my-bank-2026' }).Rekenregels.Id, 'my-bank-2026');
 * ```
 */
export class RuleSetCatalog {
  private readonly sets: readonly CatalogEntry[];
  private readonly byIdMap: ReadonlyMap<string, CatalogEntry>;
  /** The families of the sets, the default family first, then by name. */
  private readonly familyNames: readonly string[];
  /** Every set, once `list()` has loaded them. */
  private loaded: readonly RuleSet[] | undefined;
  /** The day and family `forDate` last found a set for, and that set. */
  private lastFound: { readonly day: string; readonly family: string; readonly entry: CatalogEntry } | undefined;

  /**
   * Makes a catalog of checked rule sets.
   *
   * @param sets - Rule sets from {@link loadRuleSet}, in any order. Within a family, their
   *   validities (but those of withdrawn sets) must not overlap and must leave no gap between
   *   the first and the last; two families may cover the same days.
   * @throws {@link RuleSetError} when ids repeat (`duplicate_rule_set`), validities within a
   *   family overlap (`overlapping_validity`) or leave a gap (`validity_gap`), listing every
   *   such problem.
   * @example Two sets valid on the same days are refused
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { bundledCatalog, RuleSetCatalog } from 'budgetnorm';
   *
   * const nl2026 = bundledCatalog().byId('nl-2026');
   * assert.throws(() => new RuleSetCatalog([nl2026, nl2026]), (error) => {
   *   assert.ok(error instanceof Error && error.name === 'RuleSetError');
   *   return true;
   * });
   * assert.equal(new RuleSetCatalog([nl2026]).list().length, 1);
   * // Sets of two families may cover the same days.
   * assert.equal(new RuleSetCatalog([nl2026, bundledCatalog().byId('vfn-2026')]).list().length, 2);
   * ```
   */
  constructor(sets: readonly RuleSet[]) {
    const entries = sets.map(entryOf);
    const issues: RuleSetIssue[] = [];
    const byId = new Map<string, CatalogEntry>();
    for (const s of entries) {
      if (byId.has(s.id))
        issues.push({
          file: 'manifest.json',
          path: '$.id',
          code: 'duplicate_rule_set',
          message: `two rule sets have the id ${s.id}`,
        });
      byId.set(s.id, s);
    }
    const families = [...new Set(entries.map((s) => s.family))].sort((a, b) =>
      a === DEFAULT_FAMILY ? -1 : b === DEFAULT_FAMILY ? 1 : a < b ? -1 : a > b ? 1 : 0,
    );
    const dated: CatalogEntry[] = [];
    for (const family of families) {
      const inFamily = datedInOrder(entries.filter((s) => s.family === family));
      issues.push(...validityIssues(inFamily));
      dated.push(...inFamily);
    }
    if (issues.length > 0) throw new RuleSetError(issues, 'The rule sets cannot be used together');
    this.sets = dated.concat(entries.filter((s) => s.status === 'withdrawn'));
    this.byIdMap = byId;
    this.familyNames = families;
  }

  /**
   * Every set of the catalog. Does not throw.
   *
   * @returns The sets by family (the default family `nl` first, then by name), within a family
   *   in order of validity; withdrawn sets last.
   * @example The bundled sets, each family oldest first
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { bundledCatalog } from 'budgetnorm';
   *
   * const sets = bundledCatalog().list();
   * assert.ok(sets.length >= 2);
   * assert.equal(sets[0]!.family, 'nl');
   * for (let i = 1; i < sets.length; i += 1)
   *   if (sets[i - 1]!.family === sets[i]!.family) assert.ok(sets[i - 1]!.validUntil < sets[i]!.validFrom);
   * ```
   */
  list(): readonly RuleSet[] {
    this.loaded ??= this.sets.map((entry) => entry.ruleSet());
    return this.loaded;
  }

  /**
   * The method families of the catalog's sets. Does not throw.
   *
   * @returns The family names, the default family (`nl`) first when the catalog has it, then by name.
   * @example
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { bundledCatalog } from 'budgetnorm';
   *
   * assert.deepEqual(bundledCatalog().families(), ['nl', 'vfn']);
   * ```
   */
  families(): readonly string[] {
    return this.familyNames;
  }

  /**
   * The set with an id, withdrawn or not.
   *
   * @param id - The set's id, e.g. `nl-2026`.
   * @returns The rule set.
   * @throws {@link RuleSetChoiceError} with code `unknown_rule_set` when no set has the id; the
   *   message lists the ids there are.
   * @example
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { bundledCatalog } from 'budgetnorm';
   *
   * const set = bundledCatalog().byId('nl-2026');
   * assert.deepEqual([set.validFrom, set.validUntil], ['2026-01-01', '2026-12-31']);
   * assert.throws(() => bundledCatalog().byId('nl-1999'), /available: .*nl-2026/);
   * ```
   */
  byId(id: string): RuleSet {
    const found = this.byIdMap.get(id);
    if (found === undefined) {
      throw new RuleSetChoiceError(
        'unknown_rule_set',
        `no rule set with id "${id}"; available: ${[...this.byIdMap.keys()].join(', ') || 'none'}`,
      );
    }
    return found.ruleSet();
  }

  /**
   * The set of a family valid on a date (withdrawn sets are never chosen).
   *
   * @param date - `'YYYY-MM-DD'`, or a `Date` taken as its calendar day in the Netherlands
   *   (see {@link referenceDate}). Default: today.
   * @param family - The method family to choose in, e.g. `vfn`. Default: `nl` (reference
   *   budgets); in a catalog without `nl`, its one family.
   * @returns The rule set of the family whose validity contains the date.
   * @throws {@link RuleSetChoiceError} with code `invalid_date` for a malformed date,
   *   `unknown_family` for a family no set has (the message lists the families),
   *   `family_required` when no family is named and the catalog has several but not `nl`, or
   *   `no_rule_set_for_date` when no set of the family is valid on it (the message lists the
   *   validities).
   * @example
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { bundledCatalog } from 'budgetnorm';
   *
   * assert.equal(bundledCatalog().forDate('2026-12-31').id, 'nl-2026');
   * assert.equal(bundledCatalog().forDate('2026-12-31', 'vfn').id, 'vfn-2026');
   * assert.throws(() => bundledCatalog().forDate('1999-01-01'), { code: 'no_rule_set_for_date' });
   * assert.throws(() => bundledCatalog().forDate('2026-01-01', 'nibud'), /families: nl, vfn/);
   * ```
   */
  forDate(date?: string | Date, family?: string): RuleSet {
    const day = referenceDate(date);
    const chosenFamily = this.familyToChoose(family);
    // Most calls ask for the same day (today) as the call before: its set is the one found then.
    const last = this.lastFound;
    if (last !== undefined && last.day === day && last.family === chosenFamily) return last.entry.ruleSet();
    const inFamily = this.sets.filter((s) => s.family === chosenFamily);
    const found = inFamily.find((s) => s.status !== 'withdrawn' && s.validFrom <= day && day <= s.validUntil);
    if (found === undefined) {
      const spans = inFamily.map((s) => `${s.id} ${s.validFrom}..${s.validUntil}`).join(', ');
      throw new RuleSetChoiceError(
        'no_rule_set_for_date',
        `no rule set is valid on ${day}${this.familyNames.length > 1 ? ` in family ${chosenFamily}` : ''}; available: ${spans || 'none'}`,
      );
    }
    this.lastFound = { day, family: chosenFamily, entry: found };
    return found.ruleSet();
  }

  /** The family to choose by date in: the one named (which must exist), else the default. */
  private familyToChoose(family: string | undefined): string {
    const known = this.familyNames;
    if (family !== undefined) return knownFamily(family, known);
    if (known.length <= 1 || known[0] === DEFAULT_FAMILY) return known[0] ?? DEFAULT_FAMILY;
    throw new RuleSetChoiceError(
      'family_required',
      `the rule sets have no family ${DEFAULT_FAMILY} to choose by default; name one of the families: ${known.join(', ')}`,
    );
  }

  /**
   * What the calculations do with their `ruleSet`, `family` and `date` options: a set passed in
   * is used as it is (it must come from {@link loadRuleSet}), an id is looked up, and without
   * either the set of `family` valid on `date` is chosen.
   *
   * @param choice - A rule set from {@link loadRuleSet}, an id, or undefined to choose by date.
   * @param date - The reference date when `choice` is undefined (otherwise not used). Default: today.
   * @param family - The method family to choose in (default `nl`); with a `choice`, the set
   *   chosen must belong to it.
   * @returns The rule set to compute with.
   * @throws {@link RuleSetChoiceError} with code `unchecked_rule_set` for an object that did not
   *   come from {@link loadRuleSet} (a look-alike is refused: only checked sets are computed
   *   with), `family_mismatch` when `choice` is a set of another family than `family`, and as
   *   {@link RuleSetCatalog.byId} and {@link RuleSetCatalog.forDate}.
   * @example
   * ```ts runnable
   * import assert from 'node:assert/strict';
   * import { bundledCatalog, type RuleSet } from 'budgetnorm';
   *
   * const catalog = bundledCatalog();
   * assert.equal(catalog.resolve('nl-2025').id, 'nl-2025');
   * assert.equal(catalog.resolve(undefined, '2026-06-01').id, 'nl-2026');
   * assert.equal(catalog.resolve(undefined, '2026-06-01', 'vfn').id, 'vfn-2026');
   * assert.throws(() => catalog.resolve('nl-2026', undefined, 'vfn'), { code: 'family_mismatch' });
   * const lookAlike = { ...catalog.byId('nl-2026') } as RuleSet;
   * assert.throws(() => catalog.resolve(lookAlike), { code: 'unchecked_rule_set' });
   * ```
   */
  resolve(choice: RuleSetChoice, date?: string | Date, family?: string): RuleSet {
    if (choice === undefined) return this.forDate(date, family);
    const chosen = typeof choice === 'string' ? this.byId(choice) : checkedChoice(choice);
    const mismatch = familyMismatch(chosen, family);
    if (mismatch !== undefined) throw mismatch;
    return chosen;
  }
}

/**
 * The `family_mismatch` error when `ruleSet` is not of `family`, or nothing when it is or no
 * family is asked for: the one check of the library, the service and the CLI. `hint` says how to
 * fix it in the caller's terms; `label` names the set (an id, or the folder it came from).
 */
export function familyMismatch(
  ruleSet: Pick<RuleSet, 'id' | 'family'>,
  family: string | undefined,
  hint = `name a set of family ${family}, or leave out the family`,
  label = ruleSet.id,
): RuleSetChoiceError | undefined {
  if (family === undefined || ruleSet.family === family) return undefined;
  return new RuleSetChoiceError(
    'family_mismatch',
    `rule set ${label} is of family ${ruleSet.family}, not ${family}: ${hint}`,
  );
}

/**
 * The ids of the sets that `have` a calculation, as a message lists them ("none" when no set
 * does): what a `calculation_not_in_rule_set` message names, in the library and the CLI.
 */
export function setsThatHave(sets: readonly RuleSet[], have: (set: RuleSet) => boolean): string {
  return (
    sets
      .filter(have)
      .map((s) => s.id)
      .join(', ') || 'none'
  );
}

/** `family` when it is one of `known`; else the `unknown_family` error ({@link unknownFamily}). */
export function knownFamily(family: string, known: readonly string[]): string {
  if (!known.includes(family)) throw unknownFamily(family, known);
  return family;
}

/** The error for a family no set of a catalog has, naming the families it has. */
export function unknownFamily(family: string, known: readonly string[]): RuleSetChoiceError {
  return new RuleSetChoiceError(
    'unknown_family',
    `no rule set of family "${family}"; families: ${known.join(', ') || 'none'}`,
  );
}

/** A set passed in as the choice: only one from {@link loadRuleSet}. */
function checkedChoice(choice: RuleSet): RuleSet {
  if (!isCheckedRuleSet(choice)) {
    throw new RuleSetChoiceError(
      'unchecked_rule_set',
      'the ruleSet option must be an id or a rule set returned by loadRuleSet',
    );
  }
  return choice;
}

/** The sets that can be chosen by date (not withdrawn), in order of validity. */
function datedInOrder(entries: readonly CatalogEntry[]): CatalogEntry[] {
  return (
    entries
      .filter((s) => s.status !== 'withdrawn')
      // ISO dates order as plain strings; localeCompare would first build an ICU collator, which
      // cost a cold start some 5 ms.
      .sort((a, b) => (a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0))
  );
}

/** Overlaps and gaps between consecutive sets of one family (in order of validity). */
function validityIssues(dated: readonly CatalogEntry[]): RuleSetIssue[] {
  const issues: RuleSetIssue[] = [];
  for (let i = 1; i < dated.length; i += 1) {
    const prev = dated[i - 1] as CatalogEntry;
    const cur = dated[i] as CatalogEntry;
    if (cur.validFrom <= prev.validUntil) {
      issues.push({
        file: 'manifest.json',
        path: '$.validFrom',
        code: 'overlapping_validity',
        message: `rule sets ${prev.id} (${prev.validFrom}..${prev.validUntil}) and ${cur.id} (${cur.validFrom}..${cur.validUntil}) are both valid on ${cur.validFrom}`,
      });
    } else if (cur.validFrom !== nextDay(prev.validUntil)) {
      issues.push({
        file: 'manifest.json',
        path: '$.validFrom',
        code: 'validity_gap',
        message: `no rule set is valid from ${nextDay(prev.validUntil)} to the day before ${cur.validFrom} (between ${prev.id} and ${cur.id})`,
      });
    }
  }
  return issues;
}
