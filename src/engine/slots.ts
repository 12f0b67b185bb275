/**
 * Numbered slots for string keys, handed out at compile time so that evaluation reads a list by
 * index instead of a map by string: the remembered keys of `amountMemo` (by the facts they read)
 * and the `sumPosts` totals (by group, measure and roundedness).
 */

/**
 * The slot of `key` in `slots`: the one it was given before, or the next free one.
 *
 * @example
 * ```ts
 * const slots = new Map<string, number>();
 * slotOf(slots, 'a'); // 0
 * slotOf(slots, 'b'); // 1
 * slotOf(slots, 'a'); // 0
 * ```
 */
export function slotOf(slots: Map<string, number>, key: string): number {
  let slot = slots.get(key);
  if (slot === undefined) {
    slot = slots.size;
    slots.set(key, slot);
  }
  return slot;
}
