/**
 * Choosing a rule set: by id, by reference date (the set whose validity contains it), or a
 * set passed in. A collection of sets is checked when it is made: two sets valid on one
 * day, or a day between two sets that none covers, is an error there, not a surprise later.
 */
import { RuleSetChoiceError, RuleSetError, type RuleSetIssue } from '../contract/errors.js';
import { isCheckedRuleSet, type RuleSet } from './rule-set.js';

/** What a caller may say about the rule set: a loaded set, or an id; absent means "by date". */
export type RuleSetChoice = RuleSet | string | undefined;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The calendar date a `Date` falls on in the Netherlands (rule sets change at midnight
 * Dutch time), or a given `YYYY-MM-DD` string checked and returned as is.
 */
export function referenceDate(date: string | Date | undefined): string {
  if (typeof date === 'string') {
    const d = new Date(`${date}T00:00:00Z`);
    if (!ISO_DATE.test(date) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date) {
      throw new RuleSetChoiceError('invalid_date', `date "${date}" is not a calendar date written YYYY-MM-DD`);
    }
    return date;
  }
  const when = date ?? new Date();
  if (Number.isNaN(when.getTime())) throw new RuleSetChoiceError('invalid_date', 'date is an invalid Date');
  const format = dutchCalendarDay();
  return format === undefined ? when.toISOString().slice(0, 10) : format.format(when);
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

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export class RuleSetCatalog {
  private readonly sets: readonly RuleSet[];
  private readonly byIdMap: ReadonlyMap<string, RuleSet>;

  /** Throws `RuleSetError` when ids repeat, validities overlap, or leave a gap. */
  constructor(sets: readonly RuleSet[]) {
    const issues: RuleSetIssue[] = [];
    const byId = new Map<string, RuleSet>();
    for (const s of sets) {
      if (byId.has(s.id))
        issues.push({
          file: 'manifest.json',
          path: '$.id',
          code: 'duplicate_rule_set',
          message: `two rule sets have the id ${s.id}`,
        });
      byId.set(s.id, s);
    }
    const dated = sets.filter((s) => s.status !== 'withdrawn').sort((a, b) => a.validFrom.localeCompare(b.validFrom));
    for (let i = 1; i < dated.length; i += 1) {
      const prev = dated[i - 1] as RuleSet;
      const cur = dated[i] as RuleSet;
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
    if (issues.length > 0) throw new RuleSetError(issues, 'The rule sets cannot be used together');
    this.sets = dated.concat(sets.filter((s) => s.status === 'withdrawn'));
    this.byIdMap = byId;
  }

  /** Every set, in order of validity. */
  list(): readonly RuleSet[] {
    return this.sets;
  }

  byId(id: string): RuleSet {
    const found = this.byIdMap.get(id);
    if (found === undefined) {
      throw new RuleSetChoiceError(
        'unknown_rule_set',
        `no rule set with id "${id}"; available: ${[...this.byIdMap.keys()].join(', ') || 'none'}`,
      );
    }
    return found;
  }

  /** The set valid on a date (default: today in the Netherlands). */
  forDate(date?: string | Date): RuleSet {
    const day = referenceDate(date);
    const found = this.sets.find((s) => s.status !== 'withdrawn' && s.validFrom <= day && day <= s.validUntil);
    if (found === undefined) {
      const spans = this.sets.map((s) => `${s.id} ${s.validFrom}..${s.validUntil}`).join(', ');
      throw new RuleSetChoiceError(
        'no_rule_set_for_date',
        `no rule set is valid on ${day}; available: ${spans || 'none'}`,
      );
    }
    return found;
  }

  /** A set passed in (must come from `loadRuleSet`), an id, or the set valid on `date`. */
  resolve(choice: RuleSetChoice, date?: string | Date): RuleSet {
    if (choice === undefined) return this.forDate(date);
    if (typeof choice === 'string') return this.byId(choice);
    if (!isCheckedRuleSet(choice)) {
      throw new RuleSetChoiceError(
        'unchecked_rule_set',
        'the ruleSet option must be an id or a rule set returned by loadRuleSet',
      );
    }
    return choice;
  }
}
