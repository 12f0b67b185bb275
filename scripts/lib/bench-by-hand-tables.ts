/**
 * Reading a rule set's figures as someone writing a method by hand would: a parameter as money,
 * and a table as a lookup by key, a numeric key resolved to its band (bounds read once). Shared
 * by the hand-written baselines of `npm run bench`.
 */
import { Money, type Decimal } from '../../src/contract/money.js';
import type { RuleSet } from '../../src/rules/rule-set.js';

export function handFigures(ruleSet: RuleSet) {
  const p = (name: string): Decimal => new Money(ruleSet.parameters[name]!.value);
  const n = (name: string): number => Number(ruleSet.parameters[name]!.value);
  /** A table's cells by key, a numeric key resolved to its band (bounds read once). */
  const table = (name: string) => {
    const t = ruleSet.tables[name]!;
    const dims = Object.entries(t.dimensions).map(([d, values]) => ({
      d,
      bands: Array.isArray(values)
        ? undefined
        : values.bands.map((b) => ({
            key: b.key,
            from: Number(b.from),
            below: b.below === undefined ? Number.POSITIVE_INFINITY : Number(b.below),
          })),
    }));
    const cells = new Map(t.cells.map((c) => [dims.map(({ d }) => c.key[d]).join('|'), new Money(c.value)]));
    const part = (k: string | number, i: number): string => {
      const bands = dims[i]!.bands;
      if (typeof k === 'string' || bands === undefined) return String(k);
      return bands.find((b) => k >= b.from && k < b.below)!.key;
    };
    return (k0: string | number, k1?: string | number): Decimal =>
      cells.get(k1 === undefined ? part(k0, 0) : `${part(k0, 0)}|${part(k1, 1)}`)!;
  };
  return { p, n, table };
}

/** The energy and water prices and a tenant's local taxes, as both operations derive them from the household budget model (hb.*). */
export function handPrices(p: (name: string) => Decimal) {
  const btw = p('hb.btwFactor');
  const stroomkosten = p('hb.cbsStroomverbruik')
    .times(p('hb.stroomLeveringsprijs').plus(p('hb.energiebelastingStroom')))
    .times(btw)
    .plus(p('hb.stroomVastrecht'))
    .minus(p('hb.verminderingEnergiebelasting').times(btw));
  const gasprijs = p('hb.cbsEnergierekening').minus(stroomkosten).dividedBy(p('hb.cbsGasverbruik'));
  const waterprijs = p('hb.waterrekeningReferentie')
    .minus(p('hb.waterVastrecht'))
    .dividedBy(p('hb.waterReferentieverbruik'));
  // Electricity per connection: the use at the delivery price and tax, the standing charge and the tax reduction once.
  const stroomPerKwh = p('hb.stroomLeveringsprijs').plus(p('hb.energiebelastingStroom')).times(btw);
  const stroomPerAansluiting = p('hb.stroomVastrecht').minus(p('hb.verminderingEnergiebelasting').times(btw));
  const twelve = p('maandenPerJaar');
  const lokaleLastenHuurder = p('hb.coeloHuurder').minus(p('hb.provincieDeelHuurder')).dividedBy(twelve);
  const lokaleLastenEenpersoons = p('hb.coeloHuurder')
    .minus(p('hb.provincieDeelHuurder'))
    .times(p('hb.lokaleLastenFactorEenpersoons'))
    .dividedBy(twelve);
  return { gasprijs, waterprijs, stroomPerKwh, stroomPerAansluiting, lokaleLastenHuurder, lokaleLastenEenpersoons };
}

/** The main persons' participation (leisure, memberships) in single-person units: 1, or a couple's factor (hb.participatieFactorPaar). */
export function handParticipation(p: (name: string) => Decimal, adults: Decimal): Decimal {
  return new Money(1).plus(adults.minus(1).times(p('hb.participatieFactorPaar').minus(1)));
}
