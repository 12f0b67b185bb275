/**
 * Unit algebra for the loader's unit check: `EUR/month` is EUR¹·month⁻¹, `1` is a plain
 * number. Two amounts may be added, compared or chosen between only when their units are
 * equal; multiplying and dividing combine them. So `EUR/year ÷ month/year` is `EUR/month`,
 * and adding a yearly amount to a monthly one is an error at load time.
 */

/** A unit as base → exponent, with no zero exponents. */
export type UnitPowers = ReadonlyMap<string, number>;

export function parseUnit(unit: string): UnitPowers {
  const powers = new Map<string, number>();
  if (unit === '1') return powers;
  const tokens = unit.split(/(?=[*/])/);
  for (const token of tokens) {
    const sign = token.startsWith('/') ? -1 : 1;
    const base = token.replace(/^[*/]/, '');
    if (base === '1') continue;
    powers.set(base, (powers.get(base) ?? 0) + sign);
  }
  return normalise(powers);
}

function normalise(powers: Map<string, number>): UnitPowers {
  for (const [k, v] of powers) if (v === 0) powers.delete(k);
  return powers;
}

export function combineUnits(a: UnitPowers, b: UnitPowers, sign: 1 | -1): UnitPowers {
  const out = new Map(a);
  for (const [k, v] of b) out.set(k, (out.get(k) ?? 0) + sign * v);
  return normalise(out);
}

/** A canonical spelling: numerator bases sorted, then `/` denominators, e.g. `EUR/month`, `1`. */
export function formatUnit(powers: UnitPowers): string {
  const num: string[] = [];
  const den: string[] = [];
  for (const [base, exp] of [...powers].sort(([a], [b]) => a.localeCompare(b))) {
    const list = exp > 0 ? num : den;
    for (let i = 0; i < Math.abs(exp); i += 1) list.push(base);
  }
  const head = num.length === 0 ? '1' : num.join('*');
  return den.length === 0 ? head : `${head}/${den.join('/')}`;
}

export function sameUnit(a: string, b: string): boolean {
  return formatUnit(parseUnit(a)) === formatUnit(parseUnit(b));
}
