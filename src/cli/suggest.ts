/**
 * The nearest of the names a command knows to a mistyped one, for a usage error to suggest:
 * `--formaat` → `--format`, `aflos` → `afloscapaciteit`, `sensitivty` → `sensitivity`.
 */

/** Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] ?? 0) + 1);
      current.push(d);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The name `given` most likely meant: the only one it is the start of (three characters at
 * least), else the nearest within a third of its length (at least one edit); none when unclear.
 */
export function nearest(given: string, names: readonly string[]): string | undefined {
  const typed = given.toLowerCase();
  const starting = names.filter((n) => typed.replace(/^-+/, '').length >= 3 && n.toLowerCase().startsWith(typed));
  if (starting.length === 1) return starting[0];
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const name of names) {
    const distance = editDistance(typed, name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  const limit = Math.max(1, Math.floor(typed.replace(/^-+/, '').length / 3));
  return bestDistance <= limit ? best : undefined;
}

/** ` (did you mean X?)`, or nothing when no name is near. */
export function didYouMean(given: string, names: readonly string[]): string {
  const near = nearest(given, names);
  return near === undefined ? '' : ` (did you mean ${near}?)`;
}
