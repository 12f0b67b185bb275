/**
 * Generators of valid request bodies for both operations, shared by the calculation
 * invariants, the memo tests and the fuzzing of the HTTP service, so that all of them draw
 * from one definition of "a valid household".
 */
import fc from 'fast-check';

/** Any valid repayment body, where a test needs one and not its figures: a single tenant of 66. */
export const SINGLE_TENANT_REPAYMENT = {
  LeeftijdHoofdpersoon: 66,
  HeeftPartner: false,
  AantalThuiswonendeKinderen: 0,
  AantalAutos: 0,
  NettoBesteedbaarInkomenPerMaand: 2200,
  BijzondereUitgaven: {},
  Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
} as const;

/** TypeWoning codes from small to large: Appartement < Tussenwoning < Hoekwoning < Vrijstaand. */
export const DWELLING_NAMES = ['Appartement', 'Tussenwoning', 'Hoekwoning', 'Vrijstaand'];
export const WOZ_CATEGORY_NAMES = ['WozKleinerDan150K', 'WozVan150KTot300K', 'WozVan300KTot450K', 'WozGroterDan450K'];

export type RetirementBody = {
  Hoofdpersonen: { Geslacht?: string | number }[];
  Kinderen?: { Leeftijd: number; Geslacht?: string | number }[];
  Autos?: Record<string, string | number>[];
  Woning: {
    TypeWoning: string | number;
    SoortWoning: string | number;
    WozWaarde?: number;
    WozWaardeCategorie?: string | number;
  };
  NettoBesteedbaarInkomenPerMaand: number;
};

export const amount = (max = 3_000) => fc.integer({ min: 0, max });
export const optionalAmount = (max = 3_000) => fc.option(amount(max), { nil: null });

/** A valid repayment request body: every field of the contract, within its bounds; enumerations as codes and names in any case. */
export const repaymentBody = fc.record({
  LeeftijdHoofdpersoon: fc.integer({ min: 0, max: 125 }),
  HeeftPartner: fc.boolean(),
  AantalThuiswonendeKinderen: fc.integer({ min: 0, max: 20 }),
  AantalAutos: fc.integer({ min: 0, max: 10 }),
  NettoBesteedbaarInkomenPerMaand: fc.oneof(amount(15_000), fc.integer({ min: 0, max: 1_000_000 })),
  BijzondereUitgaven: fc.record(
    {
      KostenZorg: amount(500),
      KostenPartnerAlimentatie: amount(1_000),
      KostenKinderAlimentatie: amount(800),
      KostenKinderOpvang: amount(1_500),
      KostenOverigeAflossingen: amount(1_000),
    },
    { requiredKeys: [] },
  ),
  Woning: fc.record(
    {
      WoningSoort: fc.constantFrom<string | number>(0, 1, 'Huurwoning', 'Koopwoning', 'huurwoning', 'KOOPWONING'),
      BrutoHypotheeklasten: amount(3_000),
      HuurPerMaand: optionalAmount(),
      HuurServiceKosten: optionalAmount(300),
      BijdrageVve: amount(400),
    },
    { requiredKeys: ['WoningSoort'] },
  ),
});
export type RepaymentBody = typeof repaymentBody extends fc.Arbitrary<infer T> ? T : never;

export const gender = fc.constantFrom<string | number>('Man', 'Vrouw', 0, 1, 'man', 'VROUW');
export const person = fc.record({ Geslacht: gender }, { requiredKeys: [] });
export const child = fc.record(
  {
    Leeftijd: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 0, max: 25 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 125 }) },
    ),
    Geslacht: gender,
  },
  { requiredKeys: ['Leeftijd'] },
);
export const mileage = fc.constantFrom<string | number>('Minderdan10K', 'Tussen10Ken20K', 'Meerdan20K', 0, 1, 2);
export const car = fc
  .tuple(
    fc.boolean(),
    mileage,
    fc.constantFrom<string | number>('Klein', 'Compact', 'CompactMiddenklasse', 'Middenklasse', 0, 1, 2, 3),
    fc.constantFrom<string | number>('Nieuw', 'Tweedehands', 0, 1),
  )
  .map(([alias, km, type, status]) => ({
    [alias ? 'AutoKilometersPerJaar' : 'KilometersPerJaar']: km,
    TypeAuto: type,
    StatusAuto: status,
  }));
export const dwellingType = fc.integer({ min: 0, max: 3 });
export const woning = fc
  .tuple(
    dwellingType,
    fc.boolean(),
    fc.boolean(),
    fc.oneof(
      fc.constant({}),
      fc.integer({ min: 0, max: 3_000_000 }).map((v) => ({ WozWaarde: v })),
      fc.integer({ min: 0, max: 100_000_000 }).map((v) => ({ WozWaarde: v })),
      fc.integer({ min: 0, max: 3 }).map((c) => ({ WozWaardeCategorie: c })),
      fc.integer({ min: 0, max: 3 }).map((c) => ({ WozWaardeCategorie: WOZ_CATEGORY_NAMES[c] as string })),
    ),
  )
  .map(([type, asName, own, woz]) => ({
    TypeWoning: asName ? (DWELLING_NAMES[type] as string) : type,
    SoortWoning: asName ? (own ? 'Koopwoning' : 'Huurwoning') : own ? 1 : 0,
    ...woz,
  }));
export const income = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 8_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 1_000_000 }) },
);
/** A valid retirement request body, within every bound of the contract. */
export const retirementBody: fc.Arbitrary<RetirementBody> = fc.record(
  {
    Hoofdpersonen: fc.array(person, { minLength: 1, maxLength: 2 }),
    // Mostly the sizes real households have; one in eight reaches for the bounds (20 children, 10 cars).
    Kinderen: fc.oneof(
      { weight: 7, arbitrary: fc.array(child, { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.array(child, { maxLength: 20 }) },
    ),
    Autos: fc.oneof(
      { weight: 7, arbitrary: fc.array(car, { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.array(car, { maxLength: 10 }) },
    ),
    Woning: woning,
    NettoBesteedbaarInkomenPerMaand: income,
  },
  { requiredKeys: ['Hoofdpersonen', 'Woning', 'NettoBesteedbaarInkomenPerMaand'] },
);
