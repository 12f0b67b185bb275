/**
 * The fast paths' switches are set in one call (src/calculations/fast-paths.ts): it changes the
 * switches it names and no other, returns them all as they were so a caller (a test, a bench
 * section) restores them, and programs follow the memos switch, one cached program per choice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fastPaths, LIBRARY_DEFAULT, setFastPaths } from '../../src/calculations/fast-paths.js';
import { programFor } from '../../src/engine/compile.js';
import { bundledCatalog } from '../../src/index.js';

afterEach(() => {
  setFastPaths(LIBRARY_DEFAULT);
});

describe('setFastPaths', () => {
  it('starts from the library default: no memos', () => {
    expect(fastPaths()).toEqual(LIBRARY_DEFAULT);
    expect(LIBRARY_DEFAULT).toEqual({ memos: false });
  });

  it('changes only the switches it names and returns every switch as it was', () => {
    const before = setFastPaths({ memos: true });
    expect(before).toEqual(LIBRARY_DEFAULT);
    expect(fastPaths()).toEqual({ memos: true });
    expect(setFastPaths({})).toEqual({ memos: true });
    expect(fastPaths()).toEqual({ memos: true });
    setFastPaths(before);
    expect(fastPaths()).toEqual(LIBRARY_DEFAULT);
  });

  it('programs compiled from then on follow the memos switch, one cached program per choice', () => {
    const ruleSet = bundledCatalog().byId('nl-2026');
    const plain = programFor(ruleSet, 'afloscapaciteit');
    setFastPaths({ memos: true });
    const remembering = programFor(ruleSet, 'afloscapaciteit');
    expect([plain.options.memos, remembering.options.memos]).toEqual([false, true]);
    expect(programFor(ruleSet, 'afloscapaciteit')).toBe(remembering);
    setFastPaths({ memos: false });
    expect(programFor(ruleSet, 'afloscapaciteit')).toBe(plain);
    expect(programFor(ruleSet, 'pensioenuitgaven')).not.toBe(plain);
  });
});
