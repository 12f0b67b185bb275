/**
 * Values made on first need and kept: the compile-time caches of the engine (per rule set,
 * calculation, table or program), each a map from what it is made from to what was made.
 */

/**
 * The value of `key` in `map`: the one made before, or the one `make` makes now (and `map` keeps).
 * For what compiling asks for; the caches a call reads (`programFor`) do without the closure.
 *
 * @example
 * ```ts
 * const lengths = new Map<string, number>();
 * madeOnce(lengths, 'abc', () => 'abc'.length); // 3, made
 * madeOnce(lengths, 'abc', () => 0); // 3, kept
 * ```
 */
export function madeOnce<K, V>(
  map: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  make: () => V,
): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
