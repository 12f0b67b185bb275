/**
 * One family check and one list of "the sets that have" a calculation (src/rules/choose.ts),
 * used by the library, the service's configuration and the CLI alike: every bundled set against
 * every family is refused by each of them exactly when the one check says so.
 */
import { describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../src/calculations/bundled-catalog.js';
import { chooseRuleSet } from '../../src/calculations/options.js';
import { RuleSetChoiceError } from '../../src/contract/errors.js';
import { createApp } from '../../src/http/app.js';
import { familyMismatch, knownFamily, setsThatHave } from '../../src/rules/choose.js';
import { ConfigError, readServiceConfig } from '../../src/node/service-config.js';

const catalog = bundledCatalog();
const pairs = catalog.list().flatMap((set) => catalog.families().map((family) => ({ set, family })));

describe('familyMismatch', () => {
  it('agrees when no family is asked for or the set is of it', () => {
    for (const set of catalog.list()) {
      expect(familyMismatch(set, undefined)).toBeUndefined();
      expect(familyMismatch(set, set.family)).toBeUndefined();
    }
  });

  it('names the set, both families and the fix in the caller’s terms', () => {
    const nl = catalog.byId('nl-2026');
    const error = familyMismatch(nl, 'vfn', 'leave out --family', './my-rules');
    expect(error).toBeInstanceOf(RuleSetChoiceError);
    expect(error?.code).toBe('family_mismatch');
    expect(error?.message).toBe('rule set ./my-rules is of family nl, not vfn: leave out --family');
  });

  it.each(pairs)(
    '$set.id in family $family: the library and the service refuse it exactly when it says so',
    ({ set, family }) => {
      const mismatch = familyMismatch(set, family);
      let library: unknown;
      try {
        catalog.resolve(set.id, undefined, family);
      } catch (error) {
        library = error;
      }
      expect(library).toEqual(mismatch);
      let service: unknown;
      try {
        readServiceConfig({ BUDGETNORM_API_KEYS: 'k', BUDGETNORM_RULESET: set.id, BUDGETNORM_FAMILY: family });
      } catch (error) {
        service = error;
      }
      expect(service instanceof ConfigError).toBe(mismatch !== undefined);
    },
  );
});

describe('setsThatHave', () => {
  it('lists the ids of the sets that have it, or none', () => {
    const sets = catalog.list();
    expect(setsThatHave(sets, (s) => s.calculations.pensioenuitgaven !== undefined)).toBe(
      sets
        .filter((s) => s.family === 'nl')
        .map((s) => s.id)
        .join(', '),
    );
    expect(setsThatHave(sets, () => false)).toBe('none');
  });

  it('is what the library names when a set lacks the calculation', () => {
    const lending = catalog.list().find((s) => s.calculations.pensioenuitgaven === undefined);
    if (lending === undefined) throw new Error('no bundled set without retirement rules');
    expect(() => chooseRuleSet({ ruleSet: lending.id }, 'pensioenuitgaven')).toThrow(
      `the rule sets that have: ${setsThatHave(catalog.list(), (s) => s.calculations.pensioenuitgaven !== undefined)}`,
    );
  });
});

describe('knownFamily', () => {
  it('the library and the app refuse an unknown family with its one error', () => {
    expect(knownFamily('vfn', catalog.families())).toBe('vfn');
    let error: unknown;
    try {
      knownFamily('nibud', catalog.families());
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(RuleSetChoiceError);
    expect((error as RuleSetChoiceError).code).toBe('unknown_family');
    expect(() => catalog.forDate(undefined, 'nibud')).toThrow(error as Error);
    expect(() => createApp({ keys: ['k'], family: 'nibud' })).toThrow(error as Error);
  });
});
