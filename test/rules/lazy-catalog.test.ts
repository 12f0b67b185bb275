/**
 * Issue 14, cold start: the bundled catalog is made from the manifests alone, and a set is
 * loaded (parsed, checked, hashed, compiled) only when a calculation chooses it.
 */
import { describe, expect, it } from 'vitest';
import { bundledCatalog } from '../../src/calculations/bundled-catalog.js';
import { lazyCatalog, lazyEntry } from '../../src/rules/choose.js';
import type { RuleSet } from '../../src/rules/rule-set.js';

function counted() {
  const loads: string[] = [];
  const entry = (id: string, validFrom: string, validUntil: string) => {
    const set = bundledCatalog().byId(id);
    return lazyEntry({ id, family: set.family, status: set.status, validFrom, validUntil }, () => {
      loads.push(id);
      return set;
    });
  };
  const catalog = lazyCatalog([
    entry('nl-2026', '2026-01-01', '2026-12-31'),
    entry('nl-2025', '2025-01-01', '2025-12-31'),
  ]);
  return { catalog, loads };
}

describe('a catalog of sets loaded when chosen', () => {
  it('loads no set to be made, only the chosen one to compute, and that one once', () => {
    const { catalog, loads } = counted();
    expect(loads).toEqual([]);
    expect(catalog.forDate('2026-03-01').id).toBe('nl-2026');
    expect(catalog.resolve(undefined, '2026-06-01').id).toBe('nl-2026');
    expect(loads).toEqual(['nl-2026']);
    expect(catalog.byId('nl-2025').id).toBe('nl-2025');
    expect(loads).toEqual(['nl-2026', 'nl-2025']);
  });

  it('names the sets in its errors without loading them', () => {
    const { catalog, loads } = counted();
    expect(() => catalog.byId('nl-1999')).toThrow(/available: nl-2026, nl-2025/);
    expect(() => catalog.forDate('1999-01-01')).toThrow(/nl-2025 2025-01-01\.\.2025-12-31, nl-2026/);
    expect(loads).toEqual([]);
  });

  it('lists every set in order of validity, loading them all, the same list each time', () => {
    const { catalog, loads } = counted();
    const list = catalog.list();
    expect(list.map((s: RuleSet) => s.id)).toEqual(['nl-2025', 'nl-2026']);
    expect(loads.sort()).toEqual(['nl-2025', 'nl-2026']);
    expect(catalog.list()).toBe(list);
  });

  it('checks validities from the manifests when it is made, as a catalog of loaded sets does', () => {
    const set = bundledCatalog().byId('nl-2026');
    const about = { id: 'a', family: 'nl', status: set.status, validFrom: '2026-01-01', validUntil: '2026-12-31' };
    expect(() =>
      lazyCatalog([lazyEntry(about, () => set), lazyEntry({ ...about, id: 'b', validFrom: '2026-06-01' }, () => set)]),
    ).toThrow(/both valid on 2026-06-01/);
  });
});
