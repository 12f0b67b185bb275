/**
 * The households the benchmarks measure (`npm run bench`, `npm run bench:batch`): drawn from a
 * seeded generator, so every run and both scripts measure the same kind of household.
 */

/** A deterministic pseudo-random generator (an LCG), so every run measures the same households. */
export function random(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** One repayment-capacity body drawn from `r`: tenants and owners, 0–4 children, 0–2 cars. */
export function randomRepaymentBody(r: () => number): Record<string, unknown> {
  const int = (max: number) => Math.floor(r() * (max + 1));
  const own = r() < 0.5;
  return {
    LeeftijdHoofdpersoon: 18 + int(70),
    HeeftPartner: r() < 0.5,
    AantalThuiswonendeKinderen: int(4),
    AantalAutos: int(2),
    NettoBesteedbaarInkomenPerMaand: 800 + int(6000),
    BijzondereUitgaven: { KostenZorg: int(100), KostenKinderOpvang: r() < 0.3 ? int(500) : 0 },
    Woning: own
      ? { WoningSoort: 1, BrutoHypotheeklasten: 500 + int(1500), BijdrageVve: int(150) }
      : { WoningSoort: 0, HuurPerMaand: 400 + int(900), HuurServiceKosten: int(60) },
  };
}
