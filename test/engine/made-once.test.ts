/** madeOnce (src/engine/made-once.ts): the engine's compile-time caches. */
import { describe, expect, it } from 'vitest';
import { madeOnce } from '../../src/engine/made-once.js';

describe('madeOnce', () => {
  it('makes a value the first time its key is asked for and keeps it, per key, in a Map or a WeakMap', () => {
    const made: string[] = [];
    const lengths = new Map<string, number>();
    const length = (s: string) =>
      madeOnce(lengths, s, () => {
        made.push(s);
        return s.length;
      });
    expect([length('abc'), length('de'), length('abc')]).toEqual([3, 2, 3]);
    expect(made).toEqual(['abc', 'de']);
    const key = {};
    const byObject = new WeakMap<object, number[]>();
    const first = madeOnce(byObject, key, () => [1]);
    expect(madeOnce(byObject, key, () => [2])).toBe(first);
    expect(madeOnce(byObject, {}, () => [2])).toEqual([2]);
  });
});
