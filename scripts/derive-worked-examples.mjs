#!/usr/bin/env node
/**
 * Re-derives every figure of a rule set's worked examples from its parameters and tables alone,
 * with the formulas of the reference-budget method written out by hand (docs/methods/*.md, the
 * descriptions in afloscapaciteit.json and pensioenuitgaven.json): not the library, not its
 * expression language. A worked example is then checked twice, by the engine (npm test) and
 * by this independent reading of the method.
 *
 *   node scripts/derive-worked-examples.mjs rules/nl-2026 [rules/nl-2025 …] [--mismatches]
 *   npm run derive:examples                      (both bundled nl sets, the rows that differ)
 *
 * Prints one row per figure (example, figure, expected, derived, match) and a summary; exits 1
 * when any figure differs, 2 on a usage or file error. `--mismatches` prints only the rows that differ.
 * The lending-norm sets (vfn-*) are a method of their own and are not derived here.
 *
 * `--write-derivations` rewrites the `derivation` lines of the folders' repayment examples from
 * these formulas (after figures change; then `npx biome format --write` on them). Their expected
 * figures come from the engine (`budgetnorm rules test <folder> --update`), and this script then
 * checks them.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal as BaseDecimal } from 'decimal.js';

// The library's precision (src/contract/money.ts): 34 significant digits, half-even on overflow.
const D = BaseDecimal.clone({ precision: 34, rounding: BaseDecimal.ROUND_HALF_EVEN });
const ZERO = new D(0);
const sum = (xs) => xs.reduce((a, b) => a.plus(b), ZERO);
/** The main persons' participation (leisure, memberships) in single-person units: 1, or a couple's factor. */
const participationUnits = (p, adults) =>
  new D(1).plus(new D(adults - 1).times(p('hb.participatieFactorPaar').minus(1)));
const clamp01 = (x) => D.min(1, D.max(0, x));

// ---------------------------------------------------------------------------------------------
// The rule set's figures: parameters and table cells by name, nothing else.

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Every parameter and table of the folder (parameters*.json, tables*.json), and the manifest. */
export function readFigures(folder) {
  const files = readdirSync(folder).filter((f) => f.endsWith('.json'));
  const parameters = {};
  const tables = {};
  for (const f of files) {
    if (f.startsWith('parameters')) Object.assign(parameters, readJson(join(folder, f)).parameters);
    if (f.startsWith('tables')) Object.assign(tables, readJson(join(folder, f)).tables);
  }
  return { manifest: readJson(join(folder, 'manifest.json')), parameters, tables };
}

export function figuresApi({ parameters, tables }) {
  const p = (name) => {
    const found = parameters[name];
    if (found === undefined) throw new Error(`no parameter ${name}`);
    return new D(found.value);
  };
  /** A table cell; a number for a banded dimension picks the band (from ≤ n < below). */
  const t = (name, key) => {
    const table = tables[name];
    if (table === undefined) throw new Error(`no table ${name}`);
    const wanted = {};
    for (const [dim, v] of Object.entries(key)) {
      const bands = table.dimensions[dim]?.bands;
      if (typeof v !== 'number') wanted[dim] = v;
      else {
        const band = bands?.find((b) => v >= Number(b.from) && (b.below === undefined || v < Number(b.below)));
        if (band === undefined) throw new Error(`${name}: no band of ${dim} for ${v}`);
        wanted[dim] = band.key;
      }
    }
    const cell = table.cells.find((c) => Object.entries(wanted).every(([k, v]) => c.key[k] === v));
    if (cell === undefined) throw new Error(`${name}: no cell ${JSON.stringify(wanted)}`);
    return new D(cell.value);
  };
  return { p, t, has: (name) => parameters[name] !== undefined };
}

// ---------------------------------------------------------------------------------------------
// The request, read as the contract defines it (enumerations as codes or names, any case).

const ENUMS = {
  gender: ['male', 'female'],
  genderNames: ['man', 'vrouw'],
  tenure: ['rent', 'own'],
  tenureNames: ['huurwoning', 'koopwoning'],
  dwelling: ['apartment', 'terraced', 'corner', 'detached'],
  dwellingNames: ['appartement', 'tussenwoning', 'hoekwoning', 'vrijstaand'],
  carClass: ['small', 'compact', 'compactMidsize', 'midsize'],
  carClassNames: ['klein', 'compact', 'compactmiddenklasse', 'middenklasse'],
  carStatus: ['new', 'used'],
  carStatusNames: ['nieuw', 'tweedehands'],
  mileage: ['under10k', 'from10kTo20k', 'over20k'],
  mileageNames: ['minderdan10k', 'tussen10ken20k', 'meerdan20k'],
  woz: ['below150k', 'from150kTo300k', 'from300kTo450k', 'from450k'],
  wozNames: ['wozkleinerdan150k', 'wozvan150ktot300k', 'wozvan300ktot450k', 'wozgroterdan450k'],
};

function enumOf(kind, value) {
  if (value === undefined || value === null) return 'unknown';
  const i = typeof value === 'number' ? value : ENUMS[`${kind}Names`].indexOf(String(value).toLowerCase());
  const key = ENUMS[kind][i];
  if (key === undefined) throw new Error(`not a ${kind}: ${JSON.stringify(value)}`);
  return key;
}

/** The standard or reference level between a minimum and a top: min + share × (top − min). */
const between = (min, top, share) => min.plus(share.times(top.minus(min)));

/** Where the income lies between the social minimum (0) and hb.voorbeeldInkomensgrens times it (1). */
function incomeIndex(p, income, minimumIncome) {
  return clamp01(income.minus(minimumIncome).div(minimumIncome.times(p('hb.voorbeeldInkomensgrens').minus(1))));
}

/** The energy and water prices both operations derive from the CBS bill and the reference water bill. */
function prices(p) {
  const electricityBill = p('hb.cbsStroomverbruik')
    .times(p('hb.stroomLeveringsprijs').plus(p('hb.energiebelastingStroom')))
    .times(p('hb.btwFactor'))
    .plus(p('hb.stroomVastrecht'))
    .minus(p('hb.verminderingEnergiebelasting').times(p('hb.btwFactor')));
  return {
    gas: p('hb.cbsEnergierekening').minus(electricityBill).div(p('hb.cbsGasverbruik')),
    water: p('hb.waterrekeningReferentie').minus(p('hb.waterVastrecht')).div(p('hb.waterReferentieverbruik')),
  };
}

/** The posts whose amount depends only on the household size (minimum = reference). */
function utilities(f, size, gasUse) {
  const { p, t } = f;
  const price = prices(p);
  const months = p('maandenPerJaar');
  const waterUse = t('hb.waterverbruik', { huishoudgrootte: size }).plus(
    p('hb.waterverbruikPerExtraPersoon').times(D.max(0, new D(size).minus(p('hb.waterverbruikGrootsteHuishouden')))),
  );
  return {
    Gas: gasUse.times(price.gas).div(months),
    // Per connection: the household's use at the variable price, plus the fixed charges, less the tax reduction.
    Elektriciteit: p('hb.stroomverbruikBasis')
      .plus(p('hb.stroomverbruikPerPersoon').times(size))
      .times(p('hb.stroomLeveringsprijs').plus(p('hb.energiebelastingStroom')))
      .times(p('hb.btwFactor'))
      .plus(p('hb.stroomVastrecht'))
      .minus(p('hb.verminderingEnergiebelasting').times(p('hb.btwFactor')))
      .div(months),
    Water: p('hb.waterVastrecht').plus(waterUse.times(price.water)).div(months),
  };
}

/**
 * Local taxes: a tenant's COELO charges without the provincial part (a one-person household's
 * times hb.lokaleLastenFactorEenpersoons, where the set has that figure); an owner's with OZB on the WOZ value.
 */
function localTaxes(f, h) {
  const { p, has } = f;
  const months = p('maandenPerJaar');
  if (!h.owner) {
    const tenant = p('hb.coeloHuurder').minus(p('hb.provincieDeelHuurder'));
    const onePerson = h.size === 1 && has('hb.lokaleLastenFactorEenpersoons');
    return (onePerson ? tenant.times(p('hb.lokaleLastenFactorEenpersoons')) : tenant).div(months);
  }
  return p('hb.coeloEigenaarGemeente')
    .plus(p('hb.coeloEigenaarWaterschap'))
    .plus(p('hb.ozbTarief').times(h.woz.minus(p('hb.wozReferentie'))))
    .div(months);
}

/** Liability insurance by household: single, couple without children, household with children. */
function liability(p, size, children) {
  const name = size === 1 ? 'Alleenstaande' : children === 0 ? 'Paar' : 'Gezin';
  return p(`hb.aansprakelijkheid2014${name}`).times(p('hb.prijsindex2014'));
}

/** One car per month: fixed costs by class × the status factor, plus fuel and wear for the kilometres. */
function carCost(f, klasse, status, kilometers) {
  const { p, t } = f;
  const running = t('hb.autoKilometers', { kilometers }).times(
    t('hb.autoVerbruik', { klasse }).times(p('hb.brandstofprijs')).plus(p('hb.autoSlijtagePerKm')),
  );
  return t('hb.autoVasteLasten', { klasse })
    .times(t('hb.autoStatusfactor', { status }))
    .plus(running.div(p('maandenPerJaar')));
}

// ---------------------------------------------------------------------------------------------
// Repayment capacity (afloscapaciteit), reference budgets: docs/methods/afloscapaciteit.md.

/** Posts both operations compute alike from the make-up: [minimum, reference] each. */
function sharedPosts(f, h, gasUse) {
  const { p, t } = f;
  const util = utilities(f, h.size, gasUse);
  const { adults, size, insured, minors, owner, type } = h;
  const months = p('maandenPerJaar');
  const liabilityCost = liability(p, size, h.children);
  const health = p('hb.eigenRisico')
    .times(insured)
    .div(months)
    .plus(p('hb.eigenBijdragen').times(insured))
    .plus(p('hb.ziektekostenPerKind').times(minors));
  let upkeep = t('hb.onderhoudBasis', { woningtype: type });
  if (owner) upkeep = upkeep.plus(t('hb.onderhoudEigenaarTarief', { woningtype: type }).times(h.woz).div(months));
  const fixed = {
    Gas: [util.Gas, util.Gas],
    Elektriciteit: [util.Elektriciteit, util.Elektriciteit],
    Water: [util.Water, util.Water],
    LokaleLasten: [localTaxes(f, h), localTaxes(f, h)],
    TelefoonTvInternet: [
      p('hb.tvInternetBasis').plus(p('hb.mobielBasis').times(adults)),
      p('hb.tvInternetTelefoonVoorbeeld').plus(p('hb.mobielVoorbeeld').times(adults)),
    ],
    Verzekeringen: [
      p('hb.zorgpremie')
        .times(insured)
        .plus(liabilityCost)
        .plus(p('hb.inboedelBasis'))
        .plus(owner ? t('hb.opstalverzekering', { woningtype: type }) : ZERO),
      p('hb.zorgpremie')
        .plus(p('hb.aanvullendeVerzekering'))
        .times(insured)
        .plus(liabilityCost)
        .plus(p('hb.inboedelVoorbeeld'))
        .plus(owner ? t('hb.opstalverzekeringVoorbeeld', { woningtype: type }) : ZERO)
        .plus(p('hb.uitvaartverzekering').times(adults)),
    ],
  };
  return {
    fixed,
    contributions: p('hb.contributiesPerHoofdpersoon').times(participationUnits(p, adults)),
    inventory: p('hb.inventarisPerHuishouden').plus(p('hb.inventarisPerPersoon').times(size)),
    other: p('hb.overigPerHuishouden').plus(p('hb.overigPerPersoon').times(size)),
    upkeep,
    NietVergoedeZiektekosten: [health, health.plus(p('hb.ziektekostenExtraVoorbeeld').times(adults))],
  };
}

/**
 * The average child of the repayment request: the age mix of kindJaren* (toddler, child and
 * teenage years), per table cell by age band.
 */
function averageChild(f) {
  const { p, t } = f;
  const years = { peuter: p('kindJarenPeuter'), kind: p('kindJarenKind'), tiener: p('kindJarenTiener') };
  const allYears = years.peuter.plus(years.kind).plus(years.tiener);
  const overMix = (cellOf) =>
    sum(['peuter', 'kind', 'tiener'].map((band) => years[band].times(cellOf(band)))).div(allYears);
  const food = (band) => t('hb.voedingKind', { leeftijd: band, geslacht: 'unknown' });
  // Within an age group every year counts alike: 4-8 is 5 of the 8 child years, 9-11 three;
  // 12-13 two of the 6 teenage years, 14-17 four; under 1 one of the 4 toddler years, 1-3 three.
  return {
    food: years.kind
      .times(food('van4tot9').times(5).plus(food('van9tot14').times(3)).div(8))
      .plus(years.tiener.times(food('van9tot14').times(2).plus(food('van14tot51').times(4)).div(6)))
      .div(allYears),
    toddlerFood: years.peuter.times(food('jongerDan1').plus(food('van1tot4').times(3)).div(4)).div(allYears),
    nappies: nappiesPerToddlerMonth(p).times(years.peuter).div(allYears),
    clothing: overMix((band) => t('hb.kledingKind', { leeftijd: band, geslacht: 'unknown' })),
    leisure: overMix((band) => t('hb.vrijetijdKind', { leeftijd: band })),
  };
}

/** Nappies a month for a child under hb.peuterleeftijd: their total spread over the toddler years' months. */
const nappiesPerToddlerMonth = (p) => p('hb.luiersTotaal').div(p('hb.peuterleeftijd').times(p('maandenPerJaar')));

/** The living-cost posts of a repayment household: [minimum, reference top] each. */
function repaymentLivingCosts(f, h) {
  const { p, t } = f;
  const { adults, children, size, retired, cars } = h;
  const child = averageChild(f);
  const adultFood = retired
    ? t('hb.voedingHoofdpersoon', { geslacht: 'unknown' })
    : t('hb.voedingKind', { leeftijd: h.age >= 51 ? 'van51tot70' : 'van14tot51', geslacht: 'unknown' });
  const ageEffect = retired ? p('hb.leeftijdseffectPensioen') : new D(1);
  const times = (x, factor) => [x, x.times(factor)];
  const shared = sharedPosts(f, h, t('hb.gasverbruikHuishoudgrootte', { huishoudgrootte: size }));
  const clothing = t('hb.kledingHoofdpersoon', { geslacht: 'unknown' })
    .times(adults)
    .plus(child.clothing.times(children));
  const leisure = p('hb.vrijetijdHoofdpersoon')
    .times(participationUnits(p, adults))
    .plus(child.leisure.times(children));
  const foodMin = p('dagenPerMaand')
    .times(
      t('hb.voedingSchaalfactor', { huishoudgrootte: size })
        .times(adultFood.times(adults).plus(child.food.times(children)))
        .plus(child.toddlerFood.times(children)),
    )
    .times(p('hb.voedingPrijsindex'));
  const transport = cars === 0 ? 'ovFietsZonderAuto' : 'fietsOvMetAuto';
  const parts = { woz: h.woz, adultFood, ageEffect, child };
  const posts = {
    ...shared.fixed,
    ContributiesAbonnementen: times(shared.contributions, p('hb.topfactorContributies')),
    Vervoer: [p(`hb.${transport}Basis`).times(adults), p(`hb.${transport}Voorbeeld`).times(adults)],
    KledingSchoenen: times(clothing, p('hb.verhoudingKledingHoogLaag').times(ageEffect)),
    Inventaris: times(shared.inventory, p('hb.verhoudingInventarisHoogLaag')),
    OnderhoudHuisTuin: times(shared.upkeep, p('hb.topfactorOnderhoud')),
    NietVergoedeZiektekosten: shared.NietVergoedeZiektekosten,
    Vrijetijdsuitgaven: times(leisure, p('hb.verhoudingVrijetijdHoogLaag').times(ageEffect)),
    Voeding: times(foodMin, p('hb.topfactorVoeding')),
    OverigeHuishoudelijkeUitgaven: times(shared.other.plus(child.nappies.times(children)), p('hb.topfactorOverig')),
    Autokosten: [
      carCost(f, 'unknown', 'used', 'unknown').times(cars),
      carCost(f, 'unknown', 'unknown', 'unknown').times(cars),
    ],
  };
  return { posts, parts };
}

const given = (v) => v !== undefined && v !== null;
const amountOr0 = (v) => new D(given(v) ? v : 0);

/** The figures of a repayment example: per post [Bedrag, Minimaal] exact, the totals, the notice codes. */
export function deriveRepayment(f, manifest, request) {
  const { p } = f;
  const w = request.Woning;
  const owner = enumOf('tenure', w.WoningSoort) === 'own';
  const h = {
    age: request.LeeftijdHoofdpersoon,
    adults: request.HeeftPartner ? 2 : 1,
    children: request.AantalThuiswonendeKinderen,
    cars: request.AantalAutos,
    owner,
    retired: new D(request.LeeftijdHoofdpersoon).gte(p('aowLeeftijd')),
    type: 'unknown',
    woz: f.t('hb.wozRepresentatief', { categorie: 'unknown' }),
  };
  // The request gives no ages: every child is counted as under the adult age of health insurance.
  Object.assign(h, { size: h.adults + h.children, insured: h.adults, minors: h.children });
  const income = new D(request.NettoBesteedbaarInkomenPerMaand);
  const couple = request.HeeftPartner;
  const minimumIncome = h.retired
    ? p(couple ? 'hb.minimumInkomenPaar' : 'hb.minimumInkomenAlleenstaande')
    : p(couple ? 'minimumInkomenPaar' : 'minimumInkomenAlleenstaand');
  // The standard level: standaardNiveau of the way from the minimum to the reference level at this income.
  const share = p('standaardNiveau').times(incomeIndex(p, income, minimumIncome));
  const posts = {};
  const living = repaymentLivingCosts(f, h);
  for (const [code, [min, top]] of Object.entries(living.posts))
    posts[code] = { Bedrag: between(min, top, share), Minimaal: min, Referentie: top };
  const notices = [];
  let housing;
  if (owner) {
    housing = amountOr0(w.BrutoHypotheeklasten).plus(amountOr0(w.BijdrageVve));
    if (!given(w.BrutoHypotheeklasten)) notices.push('HypotheekOntbreekt');
    if (amountOr0(w.HuurPerMaand).gt(0) || amountOr0(w.HuurServiceKosten).gt(0))
      notices.push('WoonlastenAndereWoonvorm');
  } else {
    housing = (given(w.HuurPerMaand) ? new D(w.HuurPerMaand) : p('normHuurPerMaand')).plus(
      amountOr0(w.HuurServiceKosten),
    );
    if (!given(w.HuurPerMaand)) notices.push('HuurOntbreekt');
    if (amountOr0(w.BrutoHypotheeklasten).gt(0) || amountOr0(w.BijdrageVve).gt(0))
      notices.push('WoonlastenAndereWoonvorm');
  }
  if (h.cars > 0) notices.push('AutoAangenomen');
  if (manifest.status !== 'approved') notices.push('RekenregelsNietVastgesteld');
  const special = request.BijzondereUitgaven ?? {};
  const own = {
    Woonlasten: housing,
    Zorgkosten: amountOr0(special.KostenZorg),
    Partneralimentatie: amountOr0(special.KostenPartnerAlimentatie),
    Kinderalimentatie: amountOr0(special.KostenKinderAlimentatie),
    Kinderopvang: amountOr0(special.KostenKinderOpvang),
    OverigeAflossingen: amountOr0(special.KostenOverigeAflossingen),
  };
  for (const [code, amount] of Object.entries(own)) posts[code] = { Bedrag: amount, Minimaal: amount };
  const shown = (m) => sum(Object.values(posts).map((x) => round(manifest, 'post', x[m])));
  const exact = (m) => sum(Object.values(posts).map((x) => x[m]));
  return {
    posts,
    context: {
      h,
      income,
      minimumIncome,
      share,
      parts: living.parts,
      exact: { Bedrag: exact('Bedrag'), Minimaal: exact('Minimaal') },
    },
    totals: {
      TotaalLasten: shown('Bedrag'),
      TotaalMinimaleLasten: shown('Minimaal'),
      Afloscapaciteit: round(manifest, 'afloscapaciteit', D.max(0, income.minus(exact('Bedrag')))),
      MaximaleAfloscapaciteit: round(manifest, 'afloscapaciteit', D.max(0, income.minus(exact('Minimaal')))),
      Tekort: round(manifest, 'tekort', D.max(0, exact('Bedrag').minus(income))),
      MinimaalTekort: round(manifest, 'tekort', D.max(0, exact('Minimaal').minus(income))),
      NettoBesteedbaarInkomenPerMaand: income,
    },
    notices,
    measures: ['Bedrag', 'Minimaal'],
  };
}

// ---------------------------------------------------------------------------------------------
// Retirement expenditure (pensioenuitgaven): docs/methods/pensioenuitgaven.md.

/** The retirement household as its request states it: persons, children, cars and dwelling. */
function retirementHousehold(f, request) {
  const { p, t } = f;
  const w = request.Woning;
  const persons = request.Hoofdpersonen.map((x) => enumOf('gender', x.Geslacht));
  const kids = (request.Kinderen ?? []).map((k) => ({ age: k.Leeftijd, gender: enumOf('gender', k.Geslacht) }));
  const adults = persons.length;
  const insured = adults + kids.filter((k) => k.age >= Number(p('hb.volwassenLeeftijd'))).length;
  const h = {
    persons,
    kids,
    adults,
    children: kids.length,
    size: adults + kids.length,
    insured,
    minors: kids.length - (insured - adults),
    owner: enumOf('tenure', w.SoortWoning) === 'own',
    type: enumOf('dwelling', w.TypeWoning),
    cars: (request.Autos ?? []).map((c) => ({
      klasse: enumOf('carClass', c.TypeAuto),
      status: enumOf('carStatus', c.StatusAuto),
      kilometers: enumOf('mileage', c.KilometersPerJaar ?? c.AutoKilometersPerJaar),
    })),
    woz: ZERO,
    wozAssumed: false,
  };
  if (h.owner && given(w.WozWaarde)) h.woz = new D(w.WozWaarde);
  else if (h.owner) {
    h.woz = t('hb.wozRepresentatief', { categorie: enumOf('woz', w.WozWaardeCategorie) });
    h.wozAssumed = !given(w.WozWaardeCategorie);
  }
  return h;
}

/** Food, clothing and leisure of the persons and children as they are (sex and age given). */
function retirementPersonal(f, h) {
  const { p, t } = f;
  const toddler = Number(p('hb.peuterleeftijd'));
  const food = (k) => t('hb.voedingKind', { leeftijd: k.age, geslacht: k.gender });
  const adultFood = sum(h.persons.map((g) => t('hb.voedingHoofdpersoon', { geslacht: g })));
  return {
    food: p('dagenPerMaand')
      .times(
        t('hb.voedingSchaalfactor', { huishoudgrootte: h.size })
          .times(adultFood.plus(sum(h.kids.filter((k) => k.age >= toddler).map(food))))
          .plus(sum(h.kids.filter((k) => k.age < toddler).map(food))),
      )
      .times(p('hb.voedingPrijsindex')),
    clothing: sum(h.persons.map((g) => t('hb.kledingHoofdpersoon', { geslacht: g }))).plus(
      sum(h.kids.map((k) => t('hb.kledingKind', { leeftijd: k.age, geslacht: k.gender }))),
    ),
    leisure: p('hb.vrijetijdHoofdpersoon')
      .times(participationUnits(p, h.adults))
      .plus(sum(h.kids.map((k) => t('hb.vrijetijdKind', { leeftijd: k.age })))),
  };
}

/** The figures of a retirement example: per post [Basis, Voorbeeld] exact, the total, the notice codes. */
export function deriveRetirement(f, manifest, request) {
  const { p, t } = f;
  const h = retirementHousehold(f, request);
  const { adults, cars } = h;
  const income = new D(request.NettoBesteedbaarInkomenPerMaand);
  const index = incomeIndex(p, income, p(adults === 2 ? 'hb.minimumInkomenPaar' : 'hb.minimumInkomenAlleenstaande'));
  const rising = (basis, top) => [basis, basis.times(new D(1).plus(top.minus(1).times(index)))];
  const ageEffect = p('hb.leeftijdseffectPensioen');
  const shared = sharedPosts(f, h, t('hb.gasverbruik', { woningtype: h.type }));
  const personal = retirementPersonal(f, h);
  const withCars = (status, bike) =>
    sum(cars.map((c) => carCost(f, c.klasse, status(c), c.kilometers))).plus(p(bike).times(adults));
  const transport =
    cars.length === 0
      ? [p('hb.ovFietsZonderAutoBasis').times(adults), p('hb.ovFietsZonderAutoVoorbeeld').times(adults)]
      : [withCars(() => 'used', 'hb.fietsOvMetAutoBasis'), withCars((c) => c.status, 'hb.fietsOvMetAutoVoorbeeld')];
  const posts = {
    ...shared.fixed,
    ContributiesAbonnementen: rising(shared.contributions, p('hb.topfactorContributies')),
    Vervoer: transport,
    KledingSchoenen: rising(personal.clothing, p('hb.verhoudingKledingHoogLaag').times(ageEffect)),
    Inventaris: rising(shared.inventory, p('hb.verhoudingInventarisHoogLaag')),
    OnderhoudHuisTuin: rising(shared.upkeep, p('hb.topfactorOnderhoud')),
    NietVergoedeZiektekosten: shared.NietVergoedeZiektekosten,
    Vrijetijdsuitgaven: rising(personal.leisure, p('hb.verhoudingVrijetijdHoogLaag').times(ageEffect)),
    Voeding: rising(personal.food, p('hb.topfactorVoeding')),
    OverigeHuishoudelijkeUitgaven: rising(
      shared.other.plus(
        nappiesPerToddlerMonth(p).times(h.kids.filter((k) => k.age < Number(p('hb.peuterleeftijd'))).length),
      ),
      p('hb.topfactorOverig'),
    ),
  };
  const out = {};
  for (const [code, [basis, voorbeeld]] of Object.entries(posts)) out[code] = { Basis: basis, Voorbeeld: voorbeeld };
  const notices = h.wozAssumed ? ['WozWaardeAangenomen'] : [];
  if (manifest.status !== 'approved') notices.push('RekenregelsNietVastgesteld');
  const shown = (m) => sum(Object.values(out).map((x) => round(manifest, 'post', x[m])));
  return {
    posts: out,
    totals: { Totaal: { Basis: shown('Basis'), Voorbeeld: shown('Voorbeeld') } },
    notices,
    measures: ['Basis', 'Voorbeeld'],
    woz: h.woz,
  };
}

// ---------------------------------------------------------------------------------------------
// Derivation lines of the repayment examples, written from the same formulas (--write-derivations).

const eur = (x) => x.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
const num = (x, dp = 4) => x.toDecimalPlaces(dp, D.ROUND_HALF_UP).toString();

/** One post's line: how its minimum and reference are made, the standard between them, and the shown amounts. */
function postLine(manifest, share, post, minText, topText) {
  const shown = `-> ${round(manifest, 'post', post.Bedrag)} / ${round(manifest, 'post', post.Minimaal)}`;
  if (topText === undefined) return `${minText} = ${eur(post.Minimaal)}; minimum = reference = standard ${shown}`;
  return `minimum ${minText} = ${eur(post.Minimaal)}; reference ${topText} = ${eur(post.Referentie)}; standard = minimum + ${num(share)} x (reference - minimum) = ${eur(post.Bedrag)} ${shown}`;
}

/** The lines of the standard level and of the posts of energy, local taxes, telephone and insurance. */
function fixedCostLines(f, d, line) {
  const { p, t } = f;
  const { h, income, minimumIncome, share, parts } = d.context;
  const { adults, children, size, owner } = h;
  const price = prices(p);
  const unknown = (table) => t(table, { woningtype: 'unknown' }).toString();
  const out = {};
  const grens = p('hb.voorbeeldInkomensgrens');
  out.Standaardniveau = `social minimum ${minimumIncome} (${h.retired ? 'AOW age' : 'below AOW age'}, ${adults === 2 ? 'couple' : 'single'}); index = clamp((${income} - ${minimumIncome}) / (${minimumIncome} x (${grens} - 1)), 0, 1) = ${num(share.div(p('standaardNiveau')))}; share of the room to the reference = standaardNiveau ${p('standaardNiveau')} x index = ${num(share)}`;
  out.Gas = line(
    'Gas',
    `${t('hb.gasverbruikHuishoudgrootte', { huishoudgrootte: size })} m3/year (CBS, household of ${size}, dwelling type unknown) x ${num(price.gas)} EUR/m3 / 12`,
  );
  out.Elektriciteit = line(
    'Elektriciteit',
    `((${p('hb.stroomverbruikBasis')} + ${p('hb.stroomverbruikPerPersoon')} x ${size}) kWh x (${p('hb.stroomLeveringsprijs')} + ${p('hb.energiebelastingStroom')}) x ${p('hb.btwFactor')} + fixed ${p('hb.stroomVastrecht')} - reduction ${p('hb.verminderingEnergiebelasting')} x ${p('hb.btwFactor')}) / 12, per connection`,
  );
  out.Water = line(
    'Water',
    `(${p('hb.waterVastrecht')} + ${t('hb.waterverbruik', { huishoudgrootte: size })} m3 (household of ${size}) x ${num(price.water)} EUR/m3) / 12`,
  );
  out.LokaleLasten = line(
    'LokaleLasten',
    owner
      ? `owner, WOZ ${parts.woz} assumed: (${p('hb.coeloEigenaarGemeente')} + ${p('hb.coeloEigenaarWaterschap')} + ${p('hb.ozbTarief')} x (${parts.woz} - ${p('hb.wozReferentie')})) / 12`
      : size === 1 && f.has('hb.lokaleLastenFactorEenpersoons')
        ? `tenant, one person: (${p('hb.coeloHuurder')} - ${p('hb.provincieDeelHuurder')}) x ${p('hb.lokaleLastenFactorEenpersoons')} / 12`
        : `tenant: (${p('hb.coeloHuurder')} - ${p('hb.provincieDeelHuurder')}) / 12`,
  );
  out.TelefoonTvInternet = line(
    'TelefoonTvInternet',
    `${p('hb.tvInternetBasis')} + ${p('hb.mobielBasis')} x ${adults}`,
    `${p('hb.tvInternetTelefoonVoorbeeld')} + ${p('hb.mobielVoorbeeld')} x ${adults}`,
  );
  const liabilityText = `liability ${eur(liability(p, size, children))}`;
  out.Verzekeringen = line(
    'Verzekeringen',
    `health ${p('hb.zorgpremie')} x ${adults} + ${liabilityText} + contents ${p('hb.inboedelBasis')}${owner ? ` + buildings ${unknown('hb.opstalverzekering')}` : ''}`,
    `health (${p('hb.zorgpremie')} + ${p('hb.aanvullendeVerzekering')}) x ${adults} + ${liabilityText} + contents ${p('hb.inboedelVoorbeeld')}${owner ? ` + buildings ${unknown('hb.opstalverzekeringVoorbeeld')}` : ''} + funeral ${p('hb.uitvaartverzekering')} x ${adults}`,
  );
  return out;
}

/** The lines of the posts that rise with the household's persons (and its cars). */
function personalLines(f, d, line) {
  const { p, t } = f;
  const { h, parts } = d.context;
  const { adults, children, size, owner, cars } = h;
  const unknown = (table) => t(table, { woningtype: 'unknown' }).toString();
  const kids = children === 0 ? '' : ` + ${children} x `;
  const out = {};
  out.ContributiesAbonnementen = line(
    'ContributiesAbonnementen',
    `${p('hb.contributiesPerHoofdpersoon')} x ${participationUnits(p, adults)}`,
    `minimum x ${p('hb.topfactorContributies')}`,
  );
  const transport = cars === 0 ? 'ovFietsZonderAuto' : 'fietsOvMetAuto';
  out.Vervoer = line(
    'Vervoer',
    `${cars === 0 ? 'no car: public transport and bicycle' : 'with a car: bicycle and some public transport'} ${p(`hb.${transport}Basis`)} x ${adults}`,
    `${p(`hb.${transport}Voorbeeld`)} x ${adults}`,
  );
  const ageEffect = h.retired ? ` x ${parts.ageEffect}` : '';
  out.KledingSchoenen = line(
    'KledingSchoenen',
    `${t('hb.kledingHoofdpersoon', { geslacht: 'unknown' })} x ${adults}${kids}${children === 0 ? '' : `${eur(parts.child.clothing)} (child over the age mix)`}`,
    `minimum x ${p('hb.verhoudingKledingHoogLaag')}${ageEffect}`,
  );
  out.Inventaris = line(
    'Inventaris',
    `${p('hb.inventarisPerHuishouden')} + ${p('hb.inventarisPerPersoon')} x ${size}`,
    `minimum x ${p('hb.verhoudingInventarisHoogLaag')}`,
  );
  out.OnderhoudHuisTuin = line(
    'OnderhoudHuisTuin',
    `${unknown('hb.onderhoudBasis')} (dwelling type unknown)${owner ? ` + ${unknown('hb.onderhoudEigenaarTarief')} x WOZ ${parts.woz} / 12` : ''}`,
    `minimum x ${p('hb.topfactorOnderhoud')}`,
  );
  out.NietVergoedeZiektekosten = line(
    'NietVergoedeZiektekosten',
    `${p('hb.eigenRisico')} / 12 x ${adults} + ${p('hb.eigenBijdragen')} x ${adults} + ${p('hb.ziektekostenPerKind')} x ${children}`,
    `minimum + ${p('hb.ziektekostenExtraVoorbeeld')} x ${adults}`,
  );
  out.Vrijetijdsuitgaven = line(
    'Vrijetijdsuitgaven',
    `${p('hb.vrijetijdHoofdpersoon')} x ${participationUnits(p, adults)}${kids}${children === 0 ? '' : `${eur(parts.child.leisure)} (child over the age mix)`}`,
    `minimum x ${p('hb.verhoudingVrijetijdHoogLaag')}${ageEffect}`,
  );
  const childFood = children === 0 ? '' : ` + ${children} x ${num(parts.child.food)} (child from 4 over the age mix)`;
  const toddlers = children === 0 ? '' : ` + ${children} x ${num(parts.child.toddlerFood)} (toddler years)`;
  out.Voeding = line(
    'Voeding',
    `${p('dagenPerMaand')} days x (${t('hb.voedingSchaalfactor', { huishoudgrootte: size })} (household of ${size}) x (${adults} x ${parts.adultFood}${childFood})${toddlers}) x price index ${p('hb.voedingPrijsindex')}`,
    `minimum x ${p('hb.topfactorVoeding')}`,
  );
  out.OverigeHuishoudelijkeUitgaven = line(
    'OverigeHuishoudelijkeUitgaven',
    `${p('hb.overigPerHuishouden')} + ${p('hb.overigPerPersoon')} x ${size}${children === 0 ? '' : ` + ${children} x ${num(parts.child.nappies)} (nappies ${p('hb.luiersTotaal')} / ${p('hb.peuterleeftijd')} years / 12 over the toddler years of the age mix)`}`,
    `minimum x ${p('hb.topfactorOverig')}`,
  );
  const car = (status) =>
    `(${t('hb.autoVasteLasten', { klasse: 'unknown' })} x ${t('hb.autoStatusfactor', { status })} + ${t('hb.autoKilometers', { kilometers: 'unknown' })} km x (${t('hb.autoVerbruik', { klasse: 'unknown' })} l/km x ${p('hb.brandstofprijs')} + ${p('hb.autoSlijtagePerKm')}) / 12)`;
  out.Autokosten =
    cars === 0
      ? line('Autokosten', 'no car: 0')
      : line(
          'Autokosten',
          `${cars} x ${car('used')} (typical car second-hand)`,
          `${cars} x ${car('unknown')} (as the table, new)`,
        );
  return out;
}

/** The derivation lines of a repayment example, by post, plus the standard level and the totals. */
export function repaymentDerivation(f, manifest, request) {
  const { p } = f;
  const d = deriveRepayment(f, manifest, request);
  const { income, share } = d.context;
  const line = (code, minText, topText) => postLine(manifest, share, d.posts[code], minText, topText);
  const out = { ...fixedCostLines(f, d, line), ...personalLines(f, d, line) };
  Object.assign(out, ownCostLines(request, p));
  const { Bedrag, Minimaal } = d.context.exact;
  out.Afloscapaciteit = `floor(max(0, ${income} - exact costs at the standard ${eur(Bedrag)})) = ${d.totals.Afloscapaciteit}; TotaalLasten = sum of the shown posts = ${d.totals.TotaalLasten}; Tekort = ceiling(max(0, ${eur(Bedrag)} - ${income})) = ${d.totals.Tekort}`;
  out.MaximaleAfloscapaciteit = `floor(max(0, ${income} - exact costs at the minimum ${eur(Minimaal)})) = ${d.totals.MaximaleAfloscapaciteit}; TotaalMinimaleLasten = sum of the shown minimal posts = ${d.totals.TotaalMinimaleLasten}; MinimaalTekort = ceiling(max(0, ${eur(Minimaal)} - ${income})) = ${d.totals.MinimaalTekort}`;
  return out;
}

/** The lines of the household's own costs, as given (minimum = standard). */
function ownCostLines(request, p) {
  const w = request.Woning;
  const s = request.BijzondereUitgaven ?? {};
  const v = (x) => (given(x) ? x : 0);
  const owner = enumOf('tenure', w.WoningSoort) === 'own';
  const housing = owner
    ? `gross mortgage costs ${given(w.BrutoHypotheeklasten) ? w.BrutoHypotheeklasten : '0 (not given)'} + VvE ${v(w.BijdrageVve)}`
    : given(w.HuurPerMaand)
      ? `rent ${w.HuurPerMaand} + service costs ${v(w.HuurServiceKosten)}`
      : `no rent given: norm rent ${p('normHuurPerMaand')} + service costs ${v(w.HuurServiceKosten)}`;
  const otherTenure = owner
    ? v(w.HuurPerMaand) > 0 || v(w.HuurServiceKosten) > 0
    : v(w.BrutoHypotheeklasten) > 0 || v(w.BijdrageVve) > 0;
  const ignored = otherTenure
    ? `; ${owner ? 'rent and service costs' : 'mortgage costs and VvE'} of the other tenure not counted`
    : '';
  return {
    Woonlasten: `${housing}${ignored}; minimum = standard`,
    Zorgkosten: `KostenZorg as given: ${v(s.KostenZorg)}`,
    Partneralimentatie: `KostenPartnerAlimentatie as given: ${v(s.KostenPartnerAlimentatie)}`,
    Kinderalimentatie: `KostenKinderAlimentatie as given: ${v(s.KostenKinderAlimentatie)}`,
    Kinderopvang: `KostenKinderOpvang as given: ${v(s.KostenKinderOpvang)}`,
    OverigeAflossingen: `KostenOverigeAflossingen as given: ${v(s.KostenOverigeAflossingen)}`,
  };
}

/** Rewrites the derivation lines of a folder's repayment examples (their figures stay as they are). */
function writeDerivations(folder) {
  const figures = readFigures(folder);
  const f = figuresApi(figures);
  const dir = join(folder, 'tests', 'afloscapaciteit');
  const files = readdirSync(dir).filter((x) => x.endsWith('.json'));
  for (const name of files) {
    const path = join(dir, name);
    const example = readJson(path);
    example.derivation = repaymentDerivation(f, figures.manifest, example.request);
    writeFileSync(path, `${JSON.stringify(example, null, 2)}\n`);
  }
  return files.length;
}

// ---------------------------------------------------------------------------------------------
// Rounding by the manifest's named policies, and the comparison with the examples.

const MODES = {
  'half-up': D.ROUND_HALF_UP,
  floor: D.ROUND_FLOOR,
  ceiling: D.ROUND_CEIL,
  'half-even': D.ROUND_HALF_EVEN,
};

function round(manifest, policy, x) {
  const { decimals, mode } = manifest.rounding[policy];
  if (MODES[mode] === undefined) throw new Error(`rounding mode ${mode} is not known to this script`);
  return x.toDecimalPlaces(decimals, MODES[mode]);
}

/** Rows (example, figure, expected, derived) for every figure an example states. */
function rowsOf(file, example, derived, manifest) {
  const rows = [];
  const row = (figure, expected, value) =>
    rows.push({ file, figure, expected: String(expected), derived: String(value) });
  for (const [code, want] of Object.entries(example.expected.Posten ?? {})) {
    const post = derived.posts[code];
    const wanted = typeof want === 'number' ? { [derived.measures[0]]: want } : want;
    for (const [measure, value] of Object.entries(wanted))
      row(
        `Posten.${code}.${measure}`,
        value,
        post === undefined ? '(no such post)' : round(manifest, 'post', post[measure]).toString(),
      );
  }
  for (const [name, want] of Object.entries(example.expected)) {
    if (name === 'Posten' || name === 'MeldingCodes' || name === 'Meldingen') continue;
    if (typeof want === 'object')
      for (const [m, v] of Object.entries(want))
        row(`${name}.${m}`, v, derived.totals[name]?.[m]?.toString() ?? '(none)');
    else row(name, want, derived.totals[name]?.toString() ?? '(none)');
  }
  // Notices are compared as sets of codes: which apply is derived, their order is the engine's.
  const codes = example.expected.MeldingCodes ?? example.expected.Meldingen?.map((m) => m.Code);
  if (codes !== undefined) row('MeldingCodes', [...codes].sort().join(' '), [...derived.notices].sort().join(' '));
  for (const m of example.expected.Meldingen ?? []) {
    if (m.Code === 'WozWaardeAangenomen') {
      const woz = `${Number(derived.woz).toLocaleString('nl-NL')} euro`;
      row('Meldingen.WozWaardeAangenomen (WOZ in the text)', m.Tekst.includes(woz) ? woz : `(not ${woz})`, woz);
    }
    if (m.Code === 'RekenregelsNietVastgesteld') {
      const status = `(status ${manifest.status})`;
      row(
        'Meldingen.RekenregelsNietVastgesteld (status in the text)',
        m.Tekst.includes(status) ? status : `(not ${status})`,
        status,
      );
    }
  }
  return rows;
}

const DERIVE = { afloscapaciteit: deriveRepayment, pensioenuitgaven: deriveRetirement };

/** Every row of every worked example of both operations in a rule-set folder. */
export function deriveFolder(folder) {
  const figures = readFigures(folder);
  const f = figuresApi(figures);
  const rows = [];
  for (const calculation of Object.keys(DERIVE)) {
    const dir = join(folder, 'tests', calculation);
    let files;
    try {
      files = readdirSync(dir)
        .filter((x) => x.endsWith('.json'))
        .sort();
    } catch {
      continue;
    }
    for (const name of files) {
      const example = readJson(join(dir, name));
      const derived = DERIVE[calculation](f, figures.manifest, example.request);
      rows.push(...rowsOf(`${calculation}/${name.replace(/\.json$/, '')}`, example, derived, figures.manifest));
    }
  }
  return rows.map((r) => ({ ...r, match: r.expected === r.derived }));
}

function main(argv) {
  const onlyMismatches = argv.includes('--mismatches');
  const folders = argv.filter((a) => !a.startsWith('--'));
  if (argv.includes('--write-derivations') && folders.length > 0) {
    for (const folder of folders) process.stdout.write(`${folder}: ${writeDerivations(folder)} derivations written\n`);
    return 0;
  }
  if (folders.length === 0) {
    process.stderr.write('usage: node scripts/derive-worked-examples.mjs <rule-set folder>... [--mismatches]\n');
    return 2;
  }
  let failed = 0;
  for (const folder of folders) {
    const rows = deriveFolder(folder);
    const bad = rows.filter((r) => !r.match);
    failed += bad.length;
    const shown = onlyMismatches ? bad : rows;
    const width = (k, title) => Math.max(title.length, ...shown.map((r) => String(r[k]).length));
    const cols = [
      ['file', 'example'],
      ['figure', 'figure'],
      ['expected', 'expected'],
      ['derived', 'derived'],
    ].map(([k, title]) => [k, title, width(k, title)]);
    const line = (cells) => cells.join('  ').trimEnd();
    process.stdout.write(`${folder}\n`);
    if (shown.length > 0) {
      process.stdout.write(`${line([...cols.map(([, title, w]) => title.padEnd(w)), 'match'])}\n`);
      for (const r of shown)
        process.stdout.write(`${line([...cols.map(([k, , w]) => String(r[k]).padEnd(w)), r.match ? 'yes' : 'NO'])}\n`);
    }
    const examples = new Set(rows.map((r) => r.file)).size;
    process.stdout.write(
      `${folder}: ${examples} worked examples, ${rows.length} figures, ${rows.length - bad.length} derived alike, ${bad.length} differ\n\n`,
    );
  }
  return failed > 0 ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  }
}
