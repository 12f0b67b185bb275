/**
 * Request bodies drawn from a seeded generator, for the tests that compare two paths on many
 * bodies (issue 14): mostly valid households of every shape (optional fields absent, null or
 * given, enumerations as codes and as names in any case, unknown fields at every level, -0,
 * amounts at their bounds), and `damage`, which gives a body one defect (a wrong type, a value
 * out of range, a float, a bad enumeration name, an alias clash, a missing field, too many
 * items).
 */

/** A seeded generator (an LCG), so a failure names a household that can be produced again. */
export function random(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

export type Draw = () => number;
const int = (r: Draw, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const pick = <T>(r: Draw, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

/** A case mix of a name: `Huurwoning`, `HUURWONING`, `huurWoning`… */
function mixedCase(r: Draw, name: string): string {
  return [...name].map((c) => (r() < 0.3 ? c.toUpperCase() : r() < 0.3 ? c.toLowerCase() : c)).join('');
}

/** An enumeration value as a caller may send it: the code or the name. */
function enumValue(r: Draw, names: readonly string[]): number | string {
  const code = int(r, 0, names.length - 1);
  return r() < 0.5 ? code : mixedCase(r, names[code] as string);
}

/** An amount: usually ordinary, sometimes at a bound or -0. */
function amount(r: Draw, typical: number): number {
  const u = r();
  if (u < 0.03) return 0;
  if (u < 0.05) return -0;
  if (u < 0.07) return 1_000_000;
  return int(r, 0, typical);
}

/** Sets an optional field: absent, null, or given. */
function optional(r: Draw, target: Record<string, unknown>, key: string, value: () => unknown): void {
  const u = r();
  if (u < 0.25) return;
  target[key] = u < 0.35 ? null : value();
}

const UNKNOWN_VALUES: readonly unknown[] = [1, 'x', null, { Diep: { Dieper: [1, 2] } }, [{ a: 1 }], true];

/** Unknown keys, sometimes: each becomes an `OnbekendVeld` warning. */
function unknownFields(r: Draw, target: Record<string, unknown>): void {
  if (r() < 0.85) return;
  const n = r() < 0.9 ? int(r, 1, 3) : int(r, 45, 60);
  for (let i = 0; i < n; i += 1)
    target[pick(r, ['Extra', 'huurPerMaand', 'Opmerking', 'constructor']) + i] = pick(r, UNKNOWN_VALUES);
}

const TENURES = ['Huurwoning', 'Koopwoning'];

export function repaymentBody(r: Draw): Record<string, unknown> {
  const special: Record<string, unknown> = {};
  for (const key of [
    'KostenZorg',
    'KostenPartnerAlimentatie',
    'KostenKinderAlimentatie',
    'KostenKinderOpvang',
    'KostenOverigeAflossingen',
  ])
    optional(r, special, key, () => amount(r, 600));
  unknownFields(r, special);
  const woning: Record<string, unknown> = { WoningSoort: enumValue(r, TENURES) };
  for (const key of ['BrutoHypotheeklasten', 'HuurPerMaand', 'HuurServiceKosten', 'BijdrageVve'])
    optional(r, woning, key, () => amount(r, 2000));
  unknownFields(r, woning);
  const body: Record<string, unknown> = {
    LeeftijdHoofdpersoon: r() < 0.05 ? pick(r, [0, 125, -0]) : int(r, 16, 95),
    HeeftPartner: r() < 0.5,
    AantalThuiswonendeKinderen: r() < 0.05 ? int(r, 5, 20) : int(r, 0, 4),
    AantalAutos: r() < 0.05 ? int(r, 3, 10) : int(r, 0, 2),
    NettoBesteedbaarInkomenPerMaand: amount(r, 9000),
    BijzondereUitgaven: special,
    Woning: woning,
  };
  unknownFields(r, body);
  return body;
}

const GENDERS = ['Man', 'Vrouw'];
const MILEAGES = ['Minderdan10K', 'Tussen10Ken20K', 'Meerdan20K'];
const CAR_CLASSES = ['Klein', 'Compact', 'CompactMiddenklasse', 'Middenklasse'];
const CAR_STATUSES = ['Nieuw', 'Tweedehands'];
const DWELLING_TYPES = ['Appartement', 'Tussenwoning', 'Hoekwoning', 'Vrijstaand'];
const WOZ_CATEGORIES = ['WozKleinerDan150K', 'WozVan150KTot300K', 'WozVan300KTot450K', 'WozGroterDan450K'];

export function retirementBody(r: Draw): Record<string, unknown> {
  const person = () => {
    const p: Record<string, unknown> = {};
    optional(r, p, 'Geslacht', () => enumValue(r, GENDERS));
    unknownFields(r, p);
    return p;
  };
  const child = () => {
    const c: Record<string, unknown> = { Leeftijd: int(r, 0, 30) };
    optional(r, c, 'Geslacht', () => enumValue(r, GENDERS));
    return c;
  };
  const car = () => {
    const c: Record<string, unknown> = { TypeAuto: enumValue(r, CAR_CLASSES), StatusAuto: enumValue(r, CAR_STATUSES) };
    c[r() < 0.7 ? 'KilometersPerJaar' : 'AutoKilometersPerJaar'] = enumValue(r, MILEAGES);
    unknownFields(r, c);
    return c;
  };
  const woning: Record<string, unknown> = {
    TypeWoning: enumValue(r, DWELLING_TYPES),
    SoortWoning: enumValue(r, TENURES),
  };
  const woz = r();
  if (woz < 0.4)
    woning['WozWaarde'] = r() < 0.1 ? pick(r, [0, 150_000, 300_000, 450_000, 100_000_000]) : int(r, 50_000, 2_000_000);
  else if (woz < 0.7) woning['WozWaardeCategorie'] = enumValue(r, WOZ_CATEGORIES);
  else if (woz < 0.8) woning['WozWaarde'] = null;
  unknownFields(r, woning);
  const body: Record<string, unknown> = {
    Hoofdpersonen: Array.from({ length: int(r, 1, 2) }, person),
    Woning: woning,
    NettoBesteedbaarInkomenPerMaand: amount(r, 7000),
  };
  optional(r, body, 'Kinderen', () => Array.from({ length: r() < 0.9 ? int(r, 0, 3) : int(r, 4, 20) }, child));
  optional(r, body, 'Autos', () => Array.from({ length: r() < 0.9 ? int(r, 0, 2) : int(r, 3, 10) }, car));
  unknownFields(r, body);
  return body;
}

/** The objects of a body, each with the keys it has, to pick a place for a defect. */
function objectsOf(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) objectsOf(v, out);
  else if (value !== null && typeof value === 'object') {
    out.push(value as Record<string, unknown>);
    for (const v of Object.values(value)) objectsOf(v, out);
  }
  return out;
}

const DEFECTS: readonly unknown[] = [
  'x',
  '12',
  1.5,
  -1,
  1_000_001,
  1e20,
  2.5e-7,
  Number.NaN,
  true,
  null,
  {},
  [],
  'Onbekend',
  7,
  undefined,
];

/** One defect at a random place: a value replaced, a key removed, or an alias pair given twice. */
export function damage(r: Draw, body: Record<string, unknown>): Record<string, unknown> {
  const damaged = structuredClone(body);
  const objects = objectsOf(damaged);
  const target = pick(r, objects);
  const keys = Object.keys(target);
  const u = r();
  if (u < 0.1 && keys.length > 0) delete target[pick(r, keys)];
  else if (u < 0.15 && 'TypeAuto' in target) {
    target['KilometersPerJaar'] = 0;
    target['AutoKilometersPerJaar'] = 1;
  } else if (u < 0.2 && 'TypeWoning' in target) {
    target['WozWaarde'] = 200_000;
    target['WozWaardeCategorie'] = 1;
  } else if (u < 0.22) {
    return pick<unknown>(r, [[], 'body', 3, null]) as Record<string, unknown>;
  } else if (u < 0.25 && Array.isArray(damaged['Hoofdpersonen'])) {
    damaged['Hoofdpersonen'] = [{}, {}, {}];
  } else if (keys.length > 0) target[pick(r, keys)] = pick(r, DEFECTS);
  return damaged;
}
