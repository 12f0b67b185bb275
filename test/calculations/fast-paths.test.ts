/**
 * The fast paths' switches are set in one call (src/calculations/fast-paths.ts): it changes the
 * switches it names and no other, returns them all as they were so a caller (a test, a bench
 * section) restores them, and programs follow the memos switch, one cached program per choice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_OFF, fastPaths, LIBRARY_DEFAULT, setFastPaths } from '../../src/calculations/fast-paths.js';
import type { CodeLoader } from '../../src/engine/codegen/loader.js';
import { programFor } from '../../src/engine/compile.js';
import { bundledCatalog } from '../../src/index.js';

afterEach(() => {
  setFastPaths(LIBRARY_DEFAULT);
});

describe('setFastPaths', () => {
  it('starts from the library default: no memos, no generated code', () => {
    expect(fastPaths()).toEqual(LIBRARY_DEFAULT);
  });

  it('changes only the switches it names and returns every switch as it was', () => {
    const loader: CodeLoader = () => () => undefined;
    const before = setFastPaths({ generatedCode: loader, memos: true });
    expect(before).toEqual(LIBRARY_DEFAULT);
    expect(fastPaths()).toEqual({ generatedCode: loader, memos: true });
    expect(setFastPaths({ memos: false })).toEqual({ generatedCode: loader, memos: true });
    expect(fastPaths()).toEqual({ generatedCode: loader, memos: false });
    setFastPaths(before);
    expect(fastPaths()).toEqual(LIBRARY_DEFAULT);
  });

  it('removes the loader when it names generatedCode as undefined, and turns every switch off with ALL_OFF', () => {
    setFastPaths({ generatedCode: () => () => undefined, memos: true });
    setFastPaths({ generatedCode: undefined });
    expect(fastPaths().generatedCode).toBeUndefined();
    expect(fastPaths().memos).toBe(true);
    setFastPaths(ALL_OFF);
    expect(fastPaths()).toEqual(ALL_OFF);
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
