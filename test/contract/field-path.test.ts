import { describe, expect, it } from 'vitest';
import { formatPath } from '../../src/contract/field-path.js';

describe('formatPath', () => {
  it.each([
    [[], ''],
    [['Woning'], 'Woning'],
    [['Woning', 'WoningSoort'], 'Woning.WoningSoort'],
    [['Autos', 1, 'TypeAuto'], 'Autos[1].TypeAuto'],
    [['Autos', 0, 'AutoKilometersPerJaar'], 'Autos[0].AutoKilometersPerJaar'],
    [['Woning', 'huur prijs'], 'Woning["huur prijs"]'],
    [['a.b'], '["a.b"]'],
    [[''], '[""]'],
    [['__proto__'], '__proto__'],
    [['x', 'say "hi"'], 'x["say \\"hi\\""]'],
  ] as const)('%j is %s', (segments, path) => {
    expect(formatPath(segments)).toBe(path);
  });
});
