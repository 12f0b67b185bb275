/**
 * The nl-2026 retirement-expenditure method (pensioenuitgaven) written directly with
 * decimal.js from the raw body: no validation, no engine, no rule interpretation. What the
 * arithmetic of the same result costs by hand, the baseline `npm run bench` measures the
 * library against. It yields every figure of the result (each post's Basis and Voorbeeld
 * rounded, the groups, the total); the bench checks it agrees with the library on every
 * household it measures. Figures that are the same for every household are computed once,
 * as anyone writing this by hand would; the rest per household.
 *
 * The operations follow the rule file's expressions in the order the engine evaluates them
 * (constants combined first), so that every rounding at decimal.js's 34 digits is the same.
 * Bodies are read as the bench writes them: enumerations as codes.
 */
import { Money, type Decimal } from '../../src/contract/money.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { handFigures, handParticipation, handPrices } from './bench-by-hand-tables.js';

/** The numbers of a retirement result, as a caller reads them. */
export interface RetirementFigures {
  readonly posts: readonly (readonly [basis: number, voorbeeld: number])[];
  readonly groups: readonly (readonly [basis: number, voorbeeld: number])[];
  readonly total: readonly [basis: number, voorbeeld: number];
}

const GENDERS = ['male', 'female'];
const DWELLING_TYPES = ['apartment', 'terraced', 'corner', 'detached'];
const CAR_CLASSES = ['small', 'compact', 'compactMidsize', 'midsize'];
const CAR_STATUSES = ['new', 'used'];
const MILEAGES = ['under10k', 'from10kTo20k', 'over20k'];
const WOZ_CATEGORIES = ['below150k', 'from150kTo300k', 'from300kTo450k', 'from450k'];

type Body = Record<string, unknown>;
type Item = Record<string, unknown>;

// Over 80 lines because it is the bench's method by hand: written straight through, as someone
// without the engine would write it; split into the engine's pieces it would measure the engine.
export function retirementByHand(ruleSet: RuleSet): (body: Body) => RetirementFigures {
  const { p, n, table } = handFigures(ruleSet);
  const one = new Money(1);
  const twelve = p('maandenPerJaar');

  // Figures the same for every household.
  const { gasprijs, waterprijs, stroomPerKwh, stroomPerAansluiting, lokaleLastenHuurder, lokaleLastenEenpersoons } =
    handPrices(p);
  const coeloEigenaar = p('hb.coeloEigenaarGemeente').plus(p('hb.coeloEigenaarWaterschap'));
  const grensMinEen = p('hb.voorbeeldInkomensgrens').minus(one);
  const stijging = (factor: Decimal) => factor.minus(one);
  const kledingStijging = stijging(p('hb.verhoudingKledingHoogLaag').times(p('hb.leeftijdseffectPensioen')));
  const vrijetijdStijging = stijging(p('hb.verhoudingVrijetijdHoogLaag').times(p('hb.leeftijdseffectPensioen')));
  const zorgVoorbeeld = p('hb.zorgpremie').plus(p('hb.aanvullendeVerzekering'));
  const volwassen = n('hb.volwassenLeeftijd');
  const peuter = n('hb.peuterleeftijd');
  const luiersPerMaand = p('hb.luiersTotaal').dividedBy(p('hb.peuterleeftijd').times(twelve));
  // The 2014 liability premiums brought to this year (the rule multiplies two fixed figures).
  const prijsindex2014 = p('hb.prijsindex2014');
  const aansprakelijkheid = {
    alleenstaande: p('hb.aansprakelijkheid2014Alleenstaande').times(prijsindex2014),
    paar: p('hb.aansprakelijkheid2014Paar').times(prijsindex2014),
    gezin: p('hb.aansprakelijkheid2014Gezin').times(prijsindex2014),
  };
  // The engine combines the fixed factors of the food product (days, then price index) before the household's part.
  const voedingFactor = p('dagenPerMaand').times(p('hb.voedingPrijsindex'));
  const used = table('hb.autoStatusfactor')('used');
  const tables = {
    gas: table('hb.gasverbruik'),
    water: table('hb.waterverbruik'),
    woz: table('hb.wozRepresentatief'),
    opstal: table('hb.opstalverzekering'),
    opstalVoorbeeld: table('hb.opstalverzekeringVoorbeeld'),
    autoVast: table('hb.autoVasteLasten'),
    autoStatus: table('hb.autoStatusfactor'),
    autoKm: table('hb.autoKilometers'),
    autoVerbruik: table('hb.autoVerbruik'),
    onderhoud: table('hb.onderhoudBasis'),
    onderhoudTarief: table('hb.onderhoudEigenaarTarief'),
    kledingHoofd: table('hb.kledingHoofdpersoon'),
    kledingKind: table('hb.kledingKind'),
    vrijetijdKind: table('hb.vrijetijdKind'),
    voedingHoofd: table('hb.voedingHoofdpersoon'),
    voedingKind: table('hb.voedingKind'),
    schaal: table('hb.voedingSchaalfactor'),
  };
  const params = Object.fromEntries(
    Object.keys(ruleSet.parameters)
      .filter((k) => k.startsWith('hb.'))
      .map((k) => [k.slice(3), p(k)]),
  );
  const q = (name: string): Decimal => params[name]!;
  const round = (d: Decimal) => d.toDecimalPlaces(0, Money.ROUND_HALF_UP).toNumber();
  const groups = ['VasteLasten', 'Reserveringsuitgaven', 'HuishoudelijkeUitgaven'];
  const groupOf = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2];

  // Over 80 lines because it is the per-household part of the method by hand (see above).
  return (body) => {
    const persons = (body['Hoofdpersonen'] as Item[]).map((h) =>
      typeof h['Geslacht'] === 'number' ? (GENDERS[h['Geslacht']] as string) : 'unknown',
    );
    const children = ((body['Kinderen'] as Item[] | undefined) ?? []).map((k) => ({
      age: k['Leeftijd'] as number,
      gender: typeof k['Geslacht'] === 'number' ? (GENDERS[k['Geslacht']] as string) : 'unknown',
    }));
    const cars = ((body['Autos'] as Item[] | undefined) ?? []).map((a) => ({
      class: CAR_CLASSES[a['TypeAuto'] as number] as string,
      status: CAR_STATUSES[a['StatusAuto'] as number] as string,
      mileage: MILEAGES[(a['KilometersPerJaar'] ?? a['AutoKilometersPerJaar']) as number] as string,
    }));
    const woning = body['Woning'] as Item;
    const own = woning['SoortWoning'] === 1;
    const type = DWELLING_TYPES[woning['TypeWoning'] as number] as string;
    const income = new Money(body['NettoBesteedbaarInkomenPerMaand'] as number);
    const adults = new Money(persons.length);
    const size = persons.length + children.length;
    const householdSize = new Money(size);

    const minimum = persons.length === 2 ? q('minimumInkomenPaar') : q('minimumInkomenAlleenstaande');
    let index = income.minus(minimum).dividedBy(minimum.times(grensMinEen));
    if (!index.greaterThan(0)) index = new Money(0);
    if (!index.lessThan(one)) index = one;
    const voorbeeld = (basis: Decimal, rise: Decimal) => basis.times(index.times(rise).plus(one));

    const verzekerden = adults.plus(children.filter((c) => c.age >= volwassen).length);
    const woz = (): Decimal => {
      if (typeof woning['WozWaarde'] === 'number') return new Money(woning['WozWaarde']);
      const category = woning['WozWaardeCategorie'];
      return tables.woz(typeof category === 'number' ? (WOZ_CATEGORIES[category] as string) : 'unknown');
    };

    const gas = tables.gas(type).times(gasprijs).dividedBy(twelve);
    const stroom = householdSize
      .times(q('stroomverbruikPerPersoon'))
      .plus(q('stroomverbruikBasis'))
      .times(stroomPerKwh)
      .plus(stroomPerAansluiting)
      .dividedBy(twelve);
    const extraWater = householdSize.minus(q('waterverbruikGrootsteHuishouden'));
    const water = tables
      .water(size)
      .plus((extraWater.greaterThan(0) ? extraWater : new Money(0)).times(q('waterverbruikPerExtraPersoon')))
      .times(waterprijs)
      .plus(q('waterVastrecht'))
      .dividedBy(twelve);
    const wozValue = own ? woz() : undefined;
    const lokaal =
      wozValue === undefined
        ? size === 1
          ? lokaleLastenEenpersoons
          : lokaleLastenHuurder
        : wozValue.minus(q('wozReferentie')).times(q('ozbTarief')).plus(coeloEigenaar).dividedBy(twelve);
    const telefoon = [
      adults.times(q('mobielBasis')).plus(q('tvInternetBasis')),
      adults.times(q('mobielVoorbeeld')).plus(q('tvInternetTelefoonVoorbeeld')),
    ] as const;
    const aansprakelijk =
      size === 1
        ? aansprakelijkheid.alleenstaande
        : children.length === 0
          ? aansprakelijkheid.paar
          : aansprakelijkheid.gezin;
    const opstal = own ? tables.opstal(type) : new Money(0);
    const opstalVoorbeeld = own ? tables.opstalVoorbeeld(type) : new Money(0);
    const verzekeringen = [
      verzekerden.times(q('zorgpremie')).plus(aansprakelijk).plus(q('inboedelBasis')).plus(opstal),
      verzekerden
        .times(zorgVoorbeeld)
        .plus(aansprakelijk)
        .plus(q('inboedelVoorbeeld'))
        .plus(opstalVoorbeeld)
        .plus(adults.times(q('uitvaartverzekering'))),
    ] as const;
    const deelname = handParticipation(p, adults);
    const contributies = deelname.times(q('contributiesPerHoofdpersoon'));
    const car = (c: (typeof cars)[number], status: Decimal) =>
      tables
        .autoVast(c.class)
        .times(status)
        .plus(
          tables
            .autoKm(c.mileage)
            .times(tables.autoVerbruik(c.class).times(q('brandstofprijs')).plus(q('autoSlijtagePerKm')))
            .dividedBy(twelve),
        );
    const sum = (xs: readonly Decimal[]) => xs.reduce((a, b) => a.plus(b), new Money(0));
    const vervoer =
      cars.length === 0
        ? ([adults.times(q('ovFietsZonderAutoBasis')), adults.times(q('ovFietsZonderAutoVoorbeeld'))] as const)
        : ([
            sum(cars.map((c) => car(c, used))).plus(adults.times(q('fietsOvMetAutoBasis'))),
            sum(cars.map((c) => car(c, tables.autoStatus(c.status)))).plus(adults.times(q('fietsOvMetAutoVoorbeeld'))),
          ] as const);
    const kleding = sum(persons.map((g) => tables.kledingHoofd(g))).plus(
      sum(children.map((c) => tables.kledingKind(c.age, c.gender))),
    );
    const inventaris = householdSize.times(q('inventarisPerPersoon')).plus(q('inventarisPerHuishouden'));
    const onderhoud =
      wozValue === undefined
        ? tables.onderhoud(type)
        : tables.onderhoud(type).plus(tables.onderhoudTarief(type).times(wozValue).dividedBy(twelve));
    const ziektekosten = verzekerden
      .times(q('eigenRisico'))
      .dividedBy(twelve)
      .plus(verzekerden.times(q('eigenBijdragen')))
      .plus(new Money(children.filter((c) => c.age < volwassen).length).times(q('ziektekostenPerKind')));
    const vrijetijd = deelname
      .times(q('vrijetijdHoofdpersoon'))
      .plus(sum(children.map((c) => tables.vrijetijdKind(c.age))));
    const voeding = tables
      .schaal(size)
      .times(
        sum(persons.map((g) => tables.voedingHoofd(g))).plus(
          sum(children.filter((c) => c.age >= peuter).map((c) => tables.voedingKind(c.age, c.gender))),
        ),
      )
      .plus(sum(children.filter((c) => c.age < peuter).map((c) => tables.voedingKind(c.age, c.gender))))
      .times(voedingFactor);
    const overig = householdSize
      .times(q('overigPerPersoon'))
      .plus(q('overigPerHuishouden'))
      .plus(luiersPerMaand.times(children.filter((c) => c.age < peuter).length));

    const exact: (readonly [Decimal, Decimal])[] = [
      [gas, gas],
      [stroom, stroom],
      [water, water],
      [lokaal, lokaal],
      telefoon,
      verzekeringen,
      [contributies, voorbeeld(contributies, stijging(q('topfactorContributies')))],
      vervoer,
      [kleding, voorbeeld(kleding, kledingStijging)],
      [inventaris, voorbeeld(inventaris, stijging(q('verhoudingInventarisHoogLaag')))],
      [onderhoud, voorbeeld(onderhoud, stijging(q('topfactorOnderhoud')))],
      [ziektekosten, ziektekosten.plus(adults.times(q('ziektekostenExtraVoorbeeld')))],
      [vrijetijd, voorbeeld(vrijetijd, vrijetijdStijging)],
      [voeding, voorbeeld(voeding, stijging(q('topfactorVoeding')))],
      [overig, voorbeeld(overig, stijging(q('topfactorOverig')))],
    ];
    const posts = exact.map(([b, v]) => [round(b), round(v)] as const);
    const groupTotals = groups.map(() => [0, 0] as [number, number]);
    const total: [number, number] = [0, 0];
    posts.forEach(([b, v], i) => {
      const g = groupTotals[groupOf[i] as number] as [number, number];
      g[0] += b;
      g[1] += v;
      total[0] += b;
      total[1] += v;
    });
    return { posts, groups: groupTotals, total };
  };
}
