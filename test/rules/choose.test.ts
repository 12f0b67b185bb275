/**
 * Choosing a rule set: by id, by date (inclusive validity, Dutch calendar days), and the
 * checks a catalog makes when it is built (no overlap, no gap, unique ids).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { choiceError } from '../support/choice-error.js';
import { RuleSetError } from '../../src/contract/errors.js';
import { loadRuleSet } from '../../src/engine/load-rule-set.js';
import { RuleSetCatalog, referenceDate } from '../../src/rules/choose.js';
import { parseRuleSet } from '../../src/rules/load.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { expectIssue, miniFiles } from '../engine/support.js';
import { runs } from '../support/runs.js';

const cache = new Map<string, RuleSet>();
/** Mini, as a loaded set with this id and validity. */
function set(id: string, validFrom: string, validUntil: string, status = 'draft'): RuleSet {
  const key = [id, validFrom, validUntil, status].join(' ');
  let found = cache.get(key);
  if (found === undefined) {
    const files = miniFiles();
    Object.assign(files['manifest.json'], { id, validFrom, validUntil, status });
    found = loadRuleSet(files);
    cache.set(key, found);
  }
  return found;
}

const y2030 = (): RuleSet => set('nl-2030', '2030-01-01', '2030-12-31');
const y2031 = (): RuleSet => set('nl-2031', '2031-01-01', '2031-12-31');
const catalog = (): RuleSetCatalog => new RuleSetCatalog([y2031(), y2030()]);

describe('by id', () => {
  it('finds a set by its id', () => {
    expect(catalog().byId('nl-2030')).toBe(y2030());
    expect(catalog().resolve('nl-2031')).toBe(y2031());
  });

  it('an unknown id lists the ids there are', () => {
    const e = choiceError(() => catalog().byId('nl-2029'));
    expect(e.code).toBe('unknown_rule_set');
    expect(e.message).toContain('"nl-2029"');
    expect(e.message).toContain('nl-2030');
    expect(e.message).toContain('nl-2031');
  });
});

describe('by date', () => {
  it('on the first and last day of validity, inclusive', () => {
    const c = catalog();
    expect(c.forDate('2030-01-01')).toBe(y2030());
    expect(c.forDate('2030-12-31')).toBe(y2030());
    expect(c.forDate('2031-01-01')).toBe(y2031());
    expect(c.forDate('2031-12-31')).toBe(y2031());
    expect(c.resolve(undefined, '2030-06-15')).toBe(y2030());
  });

  it.each(['2029-12-31', '2032-01-01'])('not on %s, just outside', (day) => {
    const e = choiceError(() => catalog().forDate(day));
    expect(e.code).toBe('no_rule_set_for_date');
    expect(e.message).toContain(day);
    expect(e.message).toContain('nl-2030 2030-01-01..2030-12-31');
  });

  it('a Date counts by its calendar day in the Netherlands', () => {
    // 23:30 UTC on New Year's Eve is 00:30 on 1 January in Amsterdam.
    expect(catalog().forDate(new Date('2030-12-31T23:30:00Z'))).toBe(y2031());
    expect(catalog().forDate(new Date('2030-12-31T22:59:59Z'))).toBe(y2030());
  });

  it('lists the sets in order of validity', () => {
    expect(
      catalog()
        .list()
        .map((s) => s.id),
    ).toEqual(['nl-2030', 'nl-2031']);
  });
});

describe('building a catalog', () => {
  it('two sets overlapping by one day', () => {
    const overlapping = set('overlap', '2030-12-31', '2031-12-31');
    const issue = expectIssue(() => new RuleSetCatalog([y2030(), overlapping]), {
      code: 'overlapping_validity',
      file: 'manifest.json',
      path: '$.validFrom',
    });
    expect(issue.message).toContain('both valid on 2030-12-31');
  });

  it('a one-day gap', () => {
    const late = set('late', '2031-01-02', '2031-12-31');
    const issue = expectIssue(() => new RuleSetCatalog([y2030(), late]), {
      code: 'validity_gap',
      file: 'manifest.json',
      path: '$.validFrom',
    });
    expect(issue.message).toContain('from 2031-01-01');
  });

  it('knows leap days: ending on 28 February 2032 and resuming on 1 March leaves a gap', () => {
    const a = set('to-feb-28', '2031-01-01', '2032-02-28');
    const b = set('from-mar', '2032-03-01', '2032-12-31');
    expectIssue(() => new RuleSetCatalog([a, b]), { code: 'validity_gap', file: 'manifest.json', path: '$.validFrom' });
    const c = set('to-feb-29', '2031-01-01', '2032-02-29');
    expect(new RuleSetCatalog([c, b]).forDate('2032-02-29')).toBe(c);
  });

  it('two sets with one id', () => {
    expectIssue(() => new RuleSetCatalog([y2030(), set('nl-2030', '2031-01-01', '2031-12-31')]), {
      code: 'duplicate_rule_set',
      file: 'manifest.json',
      path: '$.id',
    });
    expect(() => new RuleSetCatalog([y2030(), set('nl-2030', '2031-01-01', '2031-12-31')])).toThrow(RuleSetError);
  });

  it('a withdrawn set is ignored by date, but can still be chosen by id', () => {
    const withdrawnOverlapping = set('withdrawn-2030', '2030-06-01', '2030-06-30', 'withdrawn');
    const withdrawnLater = set('withdrawn-2032', '2032-01-01', '2032-12-31', 'withdrawn');
    const c = new RuleSetCatalog([y2030(), withdrawnOverlapping, y2031(), withdrawnLater]); // no overlap error
    expect(c.forDate('2030-06-15')).toBe(y2030());
    expect(choiceError(() => c.forDate('2032-06-01')).code).toBe('no_rule_set_for_date');
    expect(c.byId('withdrawn-2032')).toBe(withdrawnLater);
    expect(c.list().map((s) => s.id)).toEqual(['nl-2030', 'nl-2031', 'withdrawn-2030', 'withdrawn-2032']);
  });
});

describe('a rule set passed in', () => {
  it('is used as is when it came from loadRuleSet', () => {
    const other = set('elsewhere', '2040-01-01', '2040-12-31');
    expect(catalog().resolve(other)).toBe(other);
  });

  it('is refused when it did not', () => {
    const lookAlike = { ...y2030() };
    expect(choiceError(() => catalog().resolve(lookAlike)).code).toBe('unchecked_rule_set');
    // Parsed and cross-checked, but never compiled and swept.
    expect(choiceError(() => catalog().resolve(parseRuleSet(miniFiles()))).code).toBe('unchecked_rule_set');
  });
});

describe('dates', () => {
  it.each(['2026-02-30', '2026-2-1', '2023-02-29', '2026-13-01', '26-01-01', '2026-01-01T00:00:00Z', ''])(
    'refuses %j',
    (date) => {
      expect(choiceError(() => referenceDate(date)).code).toBe('invalid_date');
      expect(choiceError(() => catalog().forDate(date)).code).toBe('invalid_date');
    },
  );

  it('refuses an invalid Date', () => {
    expect(choiceError(() => referenceDate(new Date('not a date'))).code).toBe('invalid_date');
  });

  it('returns a valid YYYY-MM-DD as is', () => {
    expect(referenceDate('2024-02-29')).toBe('2024-02-29');
  });

  it.each([
    ['2025-12-31T23:30:00Z', '2026-01-01', 'CET is UTC+1'],
    ['2025-12-31T22:59:59Z', '2025-12-31', 'one second before midnight in Amsterdam'],
    ['2026-06-30T22:30:00Z', '2026-07-01', 'CEST is UTC+2'],
    ['2026-06-30T21:59:59Z', '2026-06-30', 'summer, just before midnight'],
    ['2026-03-29T00:30:00Z', '2026-03-29', 'the night clocks go forward'],
  ])('referenceDate(%s) is %s (%s)', (instant, day) => {
    expect(referenceDate(new Date(instant))).toBe(day);
  });

  /** The time-zone database's calendar days in Amsterdam (made once: a formatter costs ICU's set-up). */
  const amsterdam = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });

  /** Expects referenceDate to give the database's day for each instant (ms); how many were compared. */
  function expectDatabaseDays(instants: readonly number[]): number {
    for (const instant of instants) {
      const day = referenceDate(new Date(instant));
      // The comparison first: `expect` for every one of some 200,000 instants would dominate the test.
      if (day !== amsterdam.format(instant))
        expect(day, new Date(instant).toISOString()).toBe(amsterdam.format(instant));
    }
    return instants.length;
  }

  it("writes an instant's day before 22:00 UTC as Date#toISOString does, over every year a Date can hold (its own arithmetic, not toISOString)", () => {
    const DAY = 86_400_000;
    const iso = Date.prototype.toISOString;
    // Around year 0, 0000-03-01 (the arithmetic's epoch), 10000, a leap day, 2100-03-01.
    const edges = [-62_167_219_200_000, -62_162_035_200_000, 253_402_300_800_000, 951_782_400_000, 4_107_542_400_000];
    const toIso = vi.spyOn(Date.prototype, 'toISOString');
    try {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.integer({ min: -100_000_000, max: 100_000_000 - 1 }),
            fc.constantFrom(...edges.map((ms) => ms / DAY)).chain((d) => fc.integer({ min: d - 400, max: d + 400 })),
          ),
          fc.integer({ min: 0, max: 22 * 3_600_000 - 1 }),
          (day, into) => {
            const when = new Date(day * DAY + into);
            toIso.mockClear();
            const ours = referenceDate(when);
            const year = when.getUTCFullYear();
            // Its own arithmetic for the years written YYYY; toISOString only for the others.
            expect(toIso.mock.calls.length).toBe(year >= 0 && year <= 9999 ? 0 : 1);
            expect(ours).toBe(iso.call(when).slice(0, 10));
          },
        ),
        { numRuns: runs(20_000) },
      );
    } finally {
      toIso.mockRestore();
    }
  });

  it('agrees with the time-zone database on every hour of 2020 to 2040 (the formatter is skipped before 22:00 UTC)', () => {
    const hour = 3_600_000;
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2041, 0, 1); t += hour) expectDatabaseDays([t, t + hour - 1]);
  });

  it("agrees with the time-zone database in the two hours before midnight UTC of every day from 1990 to 2110, the summer time law's years and the years on either side", () => {
    const hour = 3_600_000;
    let compared = 0;
    for (let midnight = Date.UTC(1990, 0, 2); midnight <= Date.UTC(2111, 0, 1); midnight += 24 * hour) {
      // 22:00, the last millisecond before 23:00, 23:00 and the last before midnight: every
      // instant whose day depends on the offset, and the ones on either side of a change.
      compared += expectDatabaseDays([midnight - 2 * hour, midnight - hour - 1, midnight - hour, midnight - 1]);
    }
    expect(compared).toBe(4 * 44_194);
  });

  it('makes no time-zone formatter in the years the summer time law fixes the offset (its first costs a cold start ~30 ms), and one outside them', async () => {
    vi.resetModules();
    const original = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = new Proxy(original, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        made += 1;
        return new target(...args);
      },
    });
    try {
      const fresh = await import('../../src/rules/choose.js');
      expect(fresh.referenceDate(new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-28');
      expect(fresh.referenceDate(new Date('2026-11-27T22:30:00Z'))).toBe('2026-11-27');
      expect(fresh.referenceDate(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
      expect(fresh.referenceDate(new Date('2099-12-31T23:00:00Z'))).toBe('2100-01-01');
      expect(made).toBe(0);
      // 1995: summer time still ended in September, and the database says so.
      expect(fresh.referenceDate(new Date('1995-10-20T22:30:00Z'))).toBe('1995-10-20');
      expect(made).toBe(1);
    } finally {
      Intl.DateTimeFormat = original;
    }
  });

  it('defaults to today in the Netherlands', () => {
    const before = referenceDate(new Date());
    const today = referenceDate(undefined);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([before, referenceDate(new Date())]).toContain(today);
  });
});

/**
 * Today's day is worked out once per UTC hour and kept for the rest of it: each step below moves
 * the (fake) clock and expects what the clock's own Date gives, whichever way the clock moved.
 */
describe('today, kept per hour', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** referenceDate() with the clock at `instant`, checked against the day of that Date. */
  function todayAt(instant: string): string {
    vi.setSystemTime(new Date(instant));
    const day = referenceDate(undefined);
    expect(day, instant).toBe(referenceDate(new Date(instant)));
    return day;
  }

  it.each([
    ['winter (UTC+1)', '2026-01-15', '2026-01-16', '23'],
    ['summer (UTC+2)', '2026-07-15', '2026-07-16', '22'],
  ])('in %s the day turns at midnight in Amsterdam, also with the hour before it kept', (_, day, next, midnight) => {
    vi.useFakeTimers();
    const before = String(Number(midnight) - 1).padStart(2, '0');
    expect(todayAt(`${day}T21:00:00.000Z`)).toBe(day);
    expect(todayAt(`${day}T${before}:00:00.000Z`)).toBe(day);
    expect(todayAt(`${day}T${before}:59:59.999Z`)).toBe(day);
    expect(todayAt(`${day}T${midnight}:00:00.000Z`)).toBe(next);
    expect(todayAt(`${day}T${midnight}:59:59.999Z`)).toBe(next);
    // Back across midnight: the day kept for the later hour is not given for the earlier one.
    expect(todayAt(`${day}T${before}:59:59.999Z`)).toBe(day);
    expect(todayAt(`${day}T${midnight}:30:00.000Z`)).toBe(next);
  });

  it('follows the clock moved back by a day, a year, or a millisecond into the hour before', () => {
    vi.useFakeTimers();
    expect(todayAt('2026-07-16T10:00:00.000Z')).toBe('2026-07-16');
    expect(todayAt('2026-07-15T10:30:00.000Z')).toBe('2026-07-15');
    expect(todayAt('2025-07-15T10:30:00.000Z')).toBe('2025-07-15');
    expect(todayAt('2025-12-31T23:00:00.000Z')).toBe('2026-01-01');
    expect(todayAt('2025-12-31T22:59:59.999Z')).toBe('2025-12-31');
  });

  it('agrees with the Date of the moment every 10 minutes around both changes of the clocks in 2026, forwards and back', () => {
    vi.useFakeTimers();
    const step = 600_000;
    for (const [from, until] of [
      [Date.UTC(2026, 2, 28, 12), Date.UTC(2026, 2, 30, 12)],
      [Date.UTC(2026, 9, 24, 12), Date.UTC(2026, 9, 26, 12)],
    ] as const) {
      for (let t = from; t < until; t += step) todayAt(new Date(t).toISOString());
      for (let t = until; t > from; t -= step) todayAt(new Date(t - 1).toISOString());
    }
  });

  it('chooses the set of the day by date', () => {
    vi.useFakeTimers();
    const c = catalog();
    vi.setSystemTime(new Date('2030-12-31T22:59:59.999Z'));
    expect(c.forDate()).toBe(y2030());
    expect(c.resolve(undefined)).toBe(y2030());
    vi.setSystemTime(new Date('2030-12-31T23:00:00.000Z'));
    expect(c.forDate()).toBe(y2031());
    vi.setSystemTime(new Date('2030-12-31T12:00:00.000Z'));
    expect(c.resolve(undefined)).toBe(y2030());
    expect(c.forDate('2031-06-01')).toBe(y2031());
    vi.setSystemTime(new Date('2032-01-01T00:00:00.000Z'));
    expect(choiceError(() => c.forDate()).code).toBe('no_rule_set_for_date');
  });
});
