/** `list[i]` for an index the compiler produced itself: a miss is a bug here, never a rule-set problem. */
export function at<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`internal: index ${i} out of range`);
  return item;
}
