/**
 * Field paths as the caller wrote them: `Autos[1].TypeAuto`, `Woning.WoningSoort`, `` for
 * the body itself. Keys are the caller's own keys (so an alias stays an alias). A key that is
 * not a plain identifier is written in JSON bracket form, `Woning["huur prijs"]`, so that the
 * path stays unambiguous when a key contains a dot, a bracket or a space.
 */

export type PathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function formatPath(segments: readonly PathSegment[]): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) path += path === '' ? segment : `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}
