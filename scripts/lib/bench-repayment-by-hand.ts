/**
 * The nl-2026 repayment-capacity method (afloscapaciteit on the household budget model) written
 * directly with decimal.js from the raw body: what the arithmetic of the same result costs by
 * hand. `npm run bench` measures the library call against it and `npm run bench:batch` a batch of
 * it, one thread, against the batch command; each checks it agrees with the library on every
 * household it measures.
 */
import { Money, type Decimal } from '../../src/contract/money.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { handFigures, handParticipation, handPrices } from './bench-by-hand-tables.js';

/** The numbers of a repayment result: every post and total, as a caller reads them. */
export interface RepaymentFigures {
  /** Each post at the standard level (`Bedrag`), rounded. */
  readonly posts: readonly number[];
  /** Each post at the minimum level (`Minimaal`), rounded. */
  readonly minimal: readonly number[];
  readonly totaalLasten: number;
  readonly totaalMinimaleLasten: number;
  readonly afloscapaciteit: number;
  readonly maximaleAfloscapaciteit: number;
  readonly tekort: number;
  readonly minimaalTekort: number;
}

/** A living-cost post of one household shape: its minimum, and the room up to its reference level (per rule). */
type Post = readonly (readonly [minimum: Decimal, room: Decimal])[];

/**
 * The nl-2026 repayment method written directly with decimal.js, from the raw body (no
 * validation, no engine): the fifteen living-cost posts at the minimum and at the standard level
 * (the minimum plus standaardNiveau × the income index × the room up to the reference), the
 * household's own housing, cars and special expenditures, and the totals. What depends only on the
 * household's make-up (size, tenure, cars, life stage) is computed once per make-up, as anyone
 * writing this by hand would; per body only the income index and the sums. The operations follow
 * the rule file's expressions in the engine's order (fixed factors first), so every rounding at
 * decimal.js's 34 digits is the same. Bodies are read as the bench writes them: enumerations as
 * codes. Over 80 lines because it is the bench's method by hand, written straight through: split
 * into the engine's pieces it would measure the engine.
 */
export function handWrittenRepayment(ruleSet: RuleSet): (body: Record<string, unknown>) => RepaymentFigures {
  const { p, n, table } = handFigures(ruleSet);
  const zero = new Money(0);
  const twelve = p('maandenPerJaar');
  const aow = n('aowLeeftijd');
  const s = p('standaardNiveau');
  const g1 = p('hb.voorbeeldInkomensgrens').minus(1);
  const { gasprijs, waterprijs, stroomPerKwh, stroomPerAansluiting, lokaleLastenHuurder, lokaleLastenEenpersoons } =
    handPrices(p);
  const woz = table('hb.wozRepresentatief')('unknown');
  const [kp, kk, kt] = [p('kindJarenPeuter'), p('kindJarenKind'), p('kindJarenTiener')];
  const kTotaal = kp.plus(kk).plus(kt);
  // Nappies: their total over the toddler years' months, times the toddler share of the age mix.
  const luiersPerKind = p('hb.luiersTotaal')
    .dividedBy(p('hb.peuterleeftijd').times(p('maandenPerJaar')))
    .times(kp.dividedBy(kTotaal));
  const voedingKind = table('hb.voedingKind');
  const vk = (band: string) => voedingKind(band, 'unknown');
  const vKind = kk
    .times(new Money(5).times(vk('van4tot9')).plus(new Money(3).times(vk('van9tot14'))))
    .dividedBy(8)
    .plus(kt.times(new Money(2).times(vk('van9tot14')).plus(new Money(4).times(vk('van14tot51')))).dividedBy(6))
    .dividedBy(kTotaal);
  const vPeuter = kp
    .times(vk('jongerDan1').plus(new Money(3).times(vk('van1tot4'))))
    .dividedBy(4)
    .dividedBy(kTotaal);
  const perChildMix = (name: string, key?: string) => {
    const t = table(name);
    const at = (band: string) => (key === undefined ? t(band) : t(band, key));
    return kp
      .times(at('peuter'))
      .plus(kk.times(at('kind')))
      .plus(kt.times(at('tiener')));
  };
  const kledingMix = perChildMix('hb.kledingKind', 'unknown');
  const vrijetijdMix = perChildMix('hb.vrijetijdKind');
  const autoFuel = table('hb.autoKilometers')('unknown')
    .times(table('hb.autoVerbruik')('unknown').times(p('hb.brandstofprijs')).plus(p('hb.autoSlijtagePerKm')))
    .dividedBy(twelve);
  const autoVast = table('hb.autoVasteLasten')('unknown');
  const minAuto = autoVast.times(table('hb.autoStatusfactor')('used')).plus(autoFuel);
  const refAuto = autoVast.times(table('hb.autoStatusfactor')('unknown')).plus(autoFuel);
  const prijsindex2014 = p('hb.prijsindex2014');
  const room = (minimum: Decimal, reference: Decimal) => [minimum, reference.minus(minimum)] as const;
  const fixed = (minimum: Decimal) => [minimum, minimum.minus(minimum)] as const;
  const topped = (minimum: Decimal, factor: Decimal) => room(minimum, minimum.times(factor));

  // Over 80 lines because it writes the fifteen posts' rules straight through, one after another;
  // split up it would only scatter the rule file's order. Each post as its rules' [minimum, room].
  const livingPosts = (adults: number, children: number, own: boolean, cars: number, age: number): Post[] => {
    const size = adults + children;
    const a = new Money(adults);
    const c = new Money(children);
    const deelname = handParticipation(p, a);
    const sz = new Money(size);
    const retired = age >= aow;
    const leeftijdseffect = retired ? p('hb.leeftijdseffectPensioen') : new Money(1);
    const gas = table('hb.gasverbruikHuishoudgrootte')(size).times(gasprijs).dividedBy(twelve);
    const stroom = p('hb.stroomverbruikBasis')
      .plus(p('hb.stroomverbruikPerPersoon').times(sz))
      .times(stroomPerKwh)
      .plus(stroomPerAansluiting)
      .dividedBy(twelve);
    const extra = Money.max(zero, sz.minus(p('hb.waterverbruikGrootsteHuishouden')));
    const water = p('hb.waterVastrecht')
      .plus(table('hb.waterverbruik')(size).plus(p('hb.waterverbruikPerExtraPersoon').times(extra)).times(waterprijs))
      .dividedBy(twelve);
    const lokaal = own
      ? p('hb.coeloEigenaarGemeente')
          .plus(p('hb.coeloEigenaarWaterschap'))
          .plus(p('hb.ozbTarief').times(woz.minus(p('hb.wozReferentie'))))
          .dividedBy(twelve)
      : size === 1
        ? lokaleLastenEenpersoons
        : lokaleLastenHuurder;
    const telefoonMin = p('hb.tvInternetBasis').plus(p('hb.mobielBasis').times(a));
    const aansprakelijkheid = children > 0 ? 'Gezin' : size > 1 ? 'Paar' : 'Alleenstaande';
    const verzekeringen: (readonly [Decimal, Decimal])[] = [
      room(p('hb.zorgpremie').times(a), p('hb.zorgpremie').plus(p('hb.aanvullendeVerzekering')).times(a)),
      fixed(p(`hb.aansprakelijkheid2014${aansprakelijkheid}`).times(prijsindex2014)),
      room(p('hb.inboedelBasis'), p('hb.inboedelVoorbeeld')),
      ...(own
        ? [room(table('hb.opstalverzekering')('unknown'), table('hb.opstalverzekeringVoorbeeld')('unknown'))]
        : []),
      room(zero, p('hb.uitvaartverzekering').times(a)),
    ];
    const vervoer =
      cars === 0
        ? ['hb.ovFietsZonderAutoBasis', 'hb.ovFietsZonderAutoVoorbeeld']
        : ['hb.fietsOvMetAutoBasis', 'hb.fietsOvMetAutoVoorbeeld'];
    const kleding = a.times(table('hb.kledingHoofdpersoon')('unknown')).plus(c.times(kledingMix).dividedBy(kTotaal));
    const inventaris = p('hb.inventarisPerHuishouden').plus(p('hb.inventarisPerPersoon').times(sz));
    const onderhoudBasis = table('hb.onderhoudBasis')('unknown');
    const onderhoud = own
      ? onderhoudBasis.plus(table('hb.onderhoudEigenaarTarief')('unknown').times(woz).dividedBy(twelve))
      : onderhoudBasis;
    const ziekte = p('hb.eigenRisico')
      .times(a)
      .dividedBy(twelve)
      .plus(p('hb.eigenBijdragen').times(a))
      .plus(p('hb.ziektekostenPerKind').times(c));
    const vrijetijd = p('hb.vrijetijdHoofdpersoon').times(deelname).plus(c.times(vrijetijdMix).dividedBy(kTotaal));
    const volwassene = retired
      ? table('hb.voedingHoofdpersoon')('unknown')
      : age >= 51
        ? vk('van51tot70')
        : vk('van14tot51');
    // The engine combines the fixed factors of the food product (days, then price index) first.
    const voeding = p('dagenPerMaand')
      .times(p('hb.voedingPrijsindex'))
      .times(
        table('hb.voedingSchaalfactor')(size)
          .times(a.times(volwassene).plus(c.times(vKind)))
          .plus(c.times(vPeuter)),
      );
    const contributies = p('hb.contributiesPerHoofdpersoon').times(deelname);
    const overig = p('hb.overigPerHuishouden').plus(p('hb.overigPerPersoon').times(sz)).plus(c.times(luiersPerKind));
    return [
      [fixed(gas)],
      [fixed(stroom)],
      [fixed(water)],
      [fixed(lokaal)],
      [room(telefoonMin, p('hb.tvInternetTelefoonVoorbeeld').plus(p('hb.mobielVoorbeeld').times(a)))],
      verzekeringen,
      [topped(contributies, p('hb.topfactorContributies'))],
      [room(p(vervoer[0]!).times(a), p(vervoer[1]!).times(a))],
      [topped(kleding, p('hb.verhoudingKledingHoogLaag').times(leeftijdseffect))],
      [topped(inventaris, p('hb.verhoudingInventarisHoogLaag'))],
      [topped(onderhoud, p('hb.topfactorOnderhoud'))],
      [room(ziekte, ziekte.plus(p('hb.ziektekostenExtraVoorbeeld').times(a)))],
      [topped(vrijetijd, p('hb.verhoudingVrijetijdHoogLaag').times(leeftijdseffect))],
      [topped(voeding, p('hb.topfactorVoeding'))],
      [topped(overig, p('hb.topfactorOverig'))],
      cars > 0 ? [room(new Money(cars).times(minAuto), new Money(cars).times(refAuto))] : [fixed(zero)],
    ];
  };
  const shapes = new Map<string, Post[]>();
  const minima = [
    p('minimumInkomenAlleenstaand'),
    p('minimumInkomenPaar'),
    p('hb.minimumInkomenAlleenstaande'),
    p('hb.minimumInkomenPaar'),
  ];
  const amount = (v: unknown) => (typeof v === 'number' ? new Money(v) : zero);
  const round = (d: Decimal) => d.toDecimalPlaces(0, Money.ROUND_HALF_UP).toNumber();
  return (body) => {
    const woning = body['Woning'] as Record<string, unknown>;
    const special = body['BijzondereUitgaven'] as Record<string, unknown>;
    const partner = body['HeeftPartner'] === true;
    const children = body['AantalThuiswonendeKinderen'] as number;
    const cars = body['AantalAutos'] as number;
    const age = body['LeeftijdHoofdpersoon'] as number;
    const own = woning['WoningSoort'] === 1;
    const stage = age >= aow ? 2 : age >= 51 ? 1 : 0;
    const key = `${partner ? 2 : 1}/${children}/${own}/${cars}/${stage}`;
    let posts = shapes.get(key);
    if (posts === undefined) {
      posts = livingPosts(partner ? 2 : 1, children, own, cars, age);
      shapes.set(key, posts);
    }
    const income = new Money(body['NettoBesteedbaarInkomenPerMaand'] as number);
    const minimum = minima[(age >= aow ? 2 : 0) + (partner ? 1 : 0)]!;
    const index = Money.min(1, Money.max(0, income.minus(minimum).dividedBy(minimum.times(g1))));
    const share = s.times(index);
    const housing = own
      ? amount(woning['BrutoHypotheeklasten']).plus(amount(woning['BijdrageVve']))
      : (typeof woning['HuurPerMaand'] === 'number' ? amount(woning['HuurPerMaand']) : p('normHuurPerMaand')).plus(
          amount(woning['HuurServiceKosten']),
        );
    const own5 = [
      housing,
      amount(special['KostenZorg']),
      amount(special['KostenPartnerAlimentatie']),
      amount(special['KostenKinderAlimentatie']),
      amount(special['KostenKinderOpvang']),
      amount(special['KostenOverigeAflossingen']),
    ];
    const standard: Decimal[] = [];
    const minimal: Decimal[] = [];
    for (const rules of posts) {
      let b: Decimal = zero;
      let m: Decimal = zero;
      for (const [min, up] of rules) {
        b = b.plus(min.plus(share.times(up)));
        m = m.plus(min);
      }
      standard.push(b);
      minimal.push(m);
    }
    // The result's order: the living costs, housing, cars, then the special expenditures.
    const order = (xs: Decimal[]) => [...xs.slice(0, 15), own5[0]!, xs[15]!, ...own5.slice(1)];
    const exact = order(standard);
    const exactMin = order(minimal);
    const shown = exact.map(round);
    const shownMin = exactMin.map(round);
    const total = exact.reduce((a, d) => a.plus(d), zero);
    const totalMin = exactMin.reduce((a, d) => a.plus(d), zero);
    const sum = (xs: number[]) => xs.reduce((a, x) => a + x, 0);
    return {
      posts: shown,
      minimal: shownMin,
      totaalLasten: sum(shown),
      totaalMinimaleLasten: sum(shownMin),
      afloscapaciteit: Money.max(zero, income.minus(total)).toDecimalPlaces(0, Money.ROUND_FLOOR).toNumber(),
      maximaleAfloscapaciteit: Money.max(zero, income.minus(totalMin)).toDecimalPlaces(0, Money.ROUND_FLOOR).toNumber(),
      tekort: Money.max(zero, total.minus(income)).toDecimalPlaces(0, Money.ROUND_CEIL).toNumber(),
      minimaalTekort: Money.max(zero, totalMin.minus(income)).toDecimalPlaces(0, Money.ROUND_CEIL).toNumber(),
    };
  };
}
