/**
 * The fixed sample of households the sensitivity report (`budgetnorm rules sensitivity`) runs on.
 * It is drawn once from a seeded generator, stratum by stratum, so every run and every rule set
 * see the same households, and every household type, tenure, age band and income band is in it.
 * docs/rules/sensitivity-<id>.md prints this description ({@link SAMPLE_DESCRIPTION}).
 */

/** The seed of the sample: change it and every sensitivity page changes. */
export const SAMPLE_SEED = 19;

/** A deterministic pseudo-random generator (an LCG), so the sample never changes between runs. */
function generator(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** One household of the sample: the request body, and the strata it was drawn for. */
export interface SampleHousehold {
  readonly body: Readonly<Record<string, unknown>>;
  readonly strata: Readonly<Record<string, string>>;
}

export const HOUSEHOLD_TYPES = ['single', 'singleWithChildren', 'couple', 'coupleWithChildren'] as const;
export const TENURES = ['rent', 'own'] as const;

/** Age bands of the main person (repayment capacity): the bands the minimum income depends on. */
export const REPAYMENT_AGE_BANDS = [
  { key: 'under21', from: 18, to: 20 },
  { key: '21toAow', from: 21, to: 66 },
  { key: 'aowAndOver', from: 67, to: 90 },
] as const;

/** Income bands of the repayment sample, € a month: below the minimum, up to the surcharge cap, above it. */
export const REPAYMENT_INCOME_BANDS = [
  { key: 'belowMinimum', from: 600, to: 1300 },
  { key: 'minimumToCap', from: 1500, to: 4300 },
  { key: 'aboveCap', from: 5000, to: 9000 },
] as const;

/** Age bands of a child (retirement expenditure): the bands of clothing, leisure, food and insurance. */
export const CHILD_AGE_BANDS = [
  { key: '0to3', from: 0, to: 3 },
  { key: '4to11', from: 4, to: 11 },
  { key: '12to17', from: 12, to: 17 },
  { key: '18plus', from: 18, to: 25 },
] as const;

export const DWELLING_TYPES = ['Appartement', 'Tussenwoning', 'Hoekwoning', 'Vrijstaand'] as const;

/**
 * Income bands of the retirement sample, € a month, for one and for two main persons: below the
 * social minimum at AOW age, between it and twice it (where Voorbeeld rises), above twice it.
 */
export const RETIREMENT_INCOME_BANDS = [
  { key: 'belowMinimum', single: [0, 1400], couple: [0, 1950] },
  { key: 'minimumToTwice', single: [1600, 2900], couple: [2200, 4000] },
  { key: 'aboveTwice', single: [3200, 7000], couple: [4400, 9000] },
] as const;

/** Households per stratum of the repayment sample. */
const REPAYMENT_PER_STRATUM = 2;

export const SAMPLE_DESCRIPTION = [
  `The sample is fixed: drawn from a seeded generator (seed ${SAMPLE_SEED}) stratum by stratum, the same for every rule set.`,
  `- Repayment capacity: ${REPAYMENT_PER_STRATUM} households for each of the ${HOUSEHOLD_TYPES.length * TENURES.length * REPAYMENT_AGE_BANDS.length * REPAYMENT_INCOME_BANDS.length} strata household type (${HOUSEHOLD_TYPES.join(', ')}) × tenure (${TENURES.join(', ')}) × age band of the main person (${REPAYMENT_AGE_BANDS.map((b) => `${b.from}–${b.to}`).join(', ')}) × income band (€ ${REPAYMENT_INCOME_BANDS.map((b) => `${b.from}–${b.to}`).join(', ')} a month). Within a stratum: 1–6 children where the type has children, 0–2 cars, rent 450–1300 or mortgage costs 400–1900 (left out for one household in four, so the norm rent and the missing-mortgage rule are exercised), some healthcare and childcare costs.`,
  `- Retirement expenditure: one household for each of the ${HOUSEHOLD_TYPES.length * TENURES.length * DWELLING_TYPES.length * RETIREMENT_INCOME_BANDS.length} strata household type × tenure × dwelling type (${DWELLING_TYPES.join(', ')}) × income band (below the social minimum, between it and twice it, above twice it: single € ${RETIREMENT_INCOME_BANDS.map((b) => `${b.single[0]}–${b.single[1]}`).join(', ')}, couple € ${RETIREMENT_INCOME_BANDS.map((b) => `${b.couple[0]}–${b.couple[1]}`).join(', ')} a month). Children (1–4) take the age bands ${CHILD_AGE_BANDS.map((b) => `${b.from}–${b.to}`).join(', ')} in turn, so every band occurs; sex of each person drawn (man, woman, not given); 0–2 cars of any class, status and kilometre band; owners give a WOZ value, a WOZ category or neither.`,
].join('\n');

function draw(r: () => number) {
  const int = (from: number, to: number) => from + Math.floor(r() * (to - from + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  return { int, pick, chance: (p: number) => r() < p };
}

/** The repayment-capacity sample (144 households). */
export function repaymentSample(): SampleHousehold[] {
  const { int, chance } = draw(generator(SAMPLE_SEED));
  const out: SampleHousehold[] = [];
  for (const type of HOUSEHOLD_TYPES)
    for (const tenure of TENURES)
      for (const age of REPAYMENT_AGE_BANDS)
        for (const income of REPAYMENT_INCOME_BANDS)
          for (let i = 0; i < REPAYMENT_PER_STRATUM; i += 1) {
            const children = type.endsWith('WithChildren') ? int(1, 6) : 0;
            const woning =
              tenure === 'rent'
                ? { WoningSoort: 'Huurwoning', ...(chance(0.25) ? {} : { HuurPerMaand: int(450, 1300) }) }
                : {
                    WoningSoort: 'Koopwoning',
                    ...(chance(0.25) ? {} : { BrutoHypotheeklasten: int(400, 1900) }),
                    ...(chance(0.3) ? { BijdrageVve: int(50, 250) } : {}),
                  };
            out.push({
              body: {
                LeeftijdHoofdpersoon: int(age.from, age.to),
                HeeftPartner: type.startsWith('couple'),
                AantalThuiswonendeKinderen: children,
                AantalAutos: int(0, 2),
                NettoBesteedbaarInkomenPerMaand: int(income.from, income.to),
                BijzondereUitgaven: {
                  KostenZorg: chance(0.3) ? int(10, 150) : 0,
                  ...(children > 0 && chance(0.4) ? { KostenKinderOpvang: int(100, 600) } : {}),
                },
                Woning: woning,
              },
              strata: { householdType: type, tenure, ageBand: age.key, incomeBand: income.key },
            });
          }
  return out;
}

/** The retirement-expenditure sample (96 households). */
export function retirementSample(): SampleHousehold[] {
  const { int, pick } = draw(generator(SAMPLE_SEED + 1));
  const sex = () => pick([{ Geslacht: 'Man' }, { Geslacht: 'Vrouw' }, {}]);
  const out: SampleHousehold[] = [];
  let stratum = 0;
  for (const type of HOUSEHOLD_TYPES)
    for (const tenure of TENURES)
      for (const dwelling of DWELLING_TYPES)
        for (const income of RETIREMENT_INCOME_BANDS) {
          const couple = type.startsWith('couple');
          const [from, to] = couple ? income.couple : income.single;
          const childCount = type.endsWith('WithChildren') ? int(1, 4) : 0;
          const kinderen = Array.from({ length: childCount }, (_, i) => {
            const band = CHILD_AGE_BANDS[(stratum + i) % CHILD_AGE_BANDS.length] as (typeof CHILD_AGE_BANDS)[number];
            return { Leeftijd: int(band.from, band.to), ...sex() };
          });
          const autos = Array.from({ length: int(0, 2) }, () => ({
            TypeAuto: pick(['Klein', 'Compact', 'CompactMiddenklasse', 'Middenklasse']),
            StatusAuto: pick(['Nieuw', 'Tweedehands']),
            KilometersPerJaar: pick(['Minderdan10K', 'Tussen10Ken20K', 'Meerdan20K']),
          }));
          const woz =
            tenure === 'own'
              ? pick([
                  { WozWaarde: int(100, 700) * 1000 },
                  {
                    WozWaardeCategorie: pick([
                      'WozKleinerDan150K',
                      'WozVan150KTot300K',
                      'WozVan300KTot450K',
                      'WozGroterDan450K',
                    ]),
                  },
                  {},
                ])
              : {};
          out.push({
            body: {
              Hoofdpersonen: couple ? [sex(), sex()] : [sex()],
              ...(kinderen.length > 0 ? { Kinderen: kinderen } : {}),
              ...(autos.length > 0 ? { Autos: autos } : {}),
              Woning: { TypeWoning: dwelling, SoortWoning: tenure === 'rent' ? 'Huurwoning' : 'Koopwoning', ...woz },
              NettoBesteedbaarInkomenPerMaand: int(from, to),
            },
            strata: { householdType: type, tenure, dwellingType: dwelling, incomeBand: income.key },
          });
          stratum += 1;
        }
  return out;
}
