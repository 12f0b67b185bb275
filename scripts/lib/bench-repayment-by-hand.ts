/**
 * The nl-2026 repayment-capacity method (afloscapaciteit) written directly with decimal.js from
 * the raw body: what the arithmetic of the same result costs by hand. `npm run bench` measures
 * the library call against it and `npm run bench:batch` a batch of it, one thread, against the
 * batch command; each checks it agrees with the library on every household it measures.
 */
import { Money, type Decimal } from '../../src/contract/money.js';
import type { RuleSet } from '../../src/rules/rule-set.js';

/** A rule-set figure as money. */
function figures(ruleSet: RuleSet) {
  const parameter = (name: string) => new Money(ruleSet.parameters[name]!.value);
  const cell = (table: string, key: Record<string, string>) =>
    new Money(ruleSet.tables[table]!.cells.find((c) => Object.entries(key).every(([k, v]) => c.key[k] === v))!.value);
  return { parameter, cell };
}

/** The numbers of a repayment result: every post and total, as a caller reads them. */
export interface RepaymentFigures {
  readonly posts: readonly number[];
  /** Each post's minimum, rounded: the norm without the income supplement, the other posts as they are. */
  readonly minimal: readonly number[];
  readonly totaalLasten: number;
  readonly totaalMinimaleLasten: number;
  readonly afloscapaciteit: number;
  readonly maximaleAfloscapaciteit: number;
  readonly tekort: number;
  readonly minimaalTekort: number;
}

/**
 * The nl-2026 repayment method written directly with decimal.js, from the raw body (no
 * validation, no engine): what the arithmetic of the same result costs by hand. It yields
 * every figure the library's result holds (the eight posts rounded, by the norm and at the
 * minimum, TotaalLasten, Afloscapaciteit, Tekort and their counterparts at the minimum:
 * TotaalMinimaleLasten, MaximaleAfloscapaciteit, MinimaalTekort), and the bench checks it agrees with the library on every
 * household it measures. Figures that depend only on the household's make-up (the norms per
 * household type and tenure, the car costs) are computed once, as anyone writing this by
 * hand would. Over 80 lines because it is the bench's method by hand, written straight through:
 * split into the engine's pieces it would measure the engine.
 */
export function handWrittenRepayment(ruleSet: RuleSet): (body: Record<string, unknown>) => RepaymentFigures {
  const { parameter: p, cell } = figures(ruleSet);
  const index = p('vfnIndexatie2023').times(p('vfnIndexatie2024')).times(p('vfnIndexatie2025'));
  const cap = p('plafondFactorModaal').times(p('modaalInkomenNettoPerMaand'));
  const rise = p('prijsstijgingPerJaar');
  const carCost = p('autoVasteLastenPerMaand2023').times(rise.times(rise).times(rise));
  const aow = Number(ruleSet.parameters['aowLeeftijd']!.value);
  const normRent = p('normHuurPerMaand');
  const zero = new Money(0);
  const round = { post: 0, down: Money.ROUND_FLOOR, up: Money.ROUND_CEIL, halfUp: Money.ROUND_HALF_UP };
  const basis = (type: string, tenure: string) => cell('vfnBasisnorm2021', { huishouden: type, woning: tenure });
  /** The norm without the income supplement, per parents, children (0 to 20) and tenure. */
  const norms = new Map<string, Decimal>();
  for (const parents of ['single', 'couple'])
    for (const tenure of ['rent', 'own'])
      for (let n = 0; n <= 20; n += 1) {
        const type = `${parents}${n > 0 ? 'WithChildren' : ''}`;
        let norm = basis(type, tenure).times(index);
        const extra = basis(`${parents}WithChildren`, tenure).minus(basis(parents, tenure));
        const share = (k: string) => cell('kindkostenAandeel', { ouders: parents, kinderen: k });
        if (n >= 2) {
          const ratio = share(String(Math.min(n, 4)))
            .dividedBy(share('1'))
            .minus(1);
          norm = norm.plus(extra.times(ratio).times(index));
        }
        if (n >= 5) {
          const perChild = p(
            parents === 'single' ? 'kindkostenExtraAandeelAlleenstaand' : 'kindkostenExtraAandeelPaar',
          );
          norm = norm.plus(extra.times(new Money(n - 4).times(perChild).dividedBy(share('1'))).times(index));
        }
        norms.set(`${parents}/${n}/${tenure}`, norm);
      }
  const supplement = new Map(
    ['single', 'singleWithChildren', 'couple', 'coupleWithChildren'].map(
      (t) => [t, cell('opslagPercentage', { huishouden: t })] as const,
    ),
  );
  const minimum = (age: number, partner: boolean) =>
    age < 21
      ? p(partner ? 'minimumInkomenJongerDan21Paar' : 'minimumInkomenJongerDan21Alleenstaand')
      : age < aow
        ? p(partner ? 'minimumInkomenPaar' : 'minimumInkomenAlleenstaand')
        : p(partner ? 'minimumInkomenAowPaar' : 'minimumInkomenAowAlleenstaand');
  const minimums = new Map<string, Decimal>();
  for (let age = 0; age <= 125; age += 1)
    for (const partner of [false, true]) minimums.set(`${age}/${partner}`, minimum(age, partner));
  const carCosts = Array.from({ length: 11 }, (_, n) => new Money(n).times(carCost));
  const amount = (v: unknown) => (typeof v === 'number' ? new Money(v) : zero);
  return (body) => {
    const woning = body['Woning'] as Record<string, unknown>;
    const special = body['BijzondereUitgaven'] as Record<string, unknown>;
    const partner = body['HeeftPartner'] === true;
    const n = body['AantalThuiswonendeKinderen'] as number;
    const tenure = woning['WoningSoort'] === 1 ? 'own' : 'rent';
    const parents = partner ? 'couple' : 'single';
    const income = new Money(body['NettoBesteedbaarInkomenPerMaand'] as number);
    const minimumIncome = minimums.get(`${body['LeeftijdHoofdpersoon']}/${partner}`)!;
    const room = Money.max(zero, Money.min(income, cap).minus(minimumIncome));
    const norm = norms.get(`${parents}/${n}/${tenure}`)!;
    const living = norm.plus(supplement.get(`${parents}${n > 0 ? 'WithChildren' : ''}`)!.times(room));
    const housing =
      tenure === 'rent'
        ? (typeof woning['HuurPerMaand'] === 'number' ? amount(woning['HuurPerMaand']) : normRent).plus(
            amount(woning['HuurServiceKosten']),
          )
        : amount(woning['BrutoHypotheeklasten']).plus(amount(woning['BijdrageVve']));
    const exact = [
      living,
      housing,
      carCosts[body['AantalAutos'] as number]!,
      amount(special['KostenZorg']),
      amount(special['KostenPartnerAlimentatie']),
      amount(special['KostenKinderAlimentatie']),
      amount(special['KostenKinderOpvang']),
      amount(special['KostenOverigeAflossingen']),
    ];
    let total = zero;
    let shown = 0;
    const posts = exact.map((d) => {
      total = total.plus(d);
      const rounded = d.toDecimalPlaces(round.post, round.halfUp).toNumber();
      shown += rounded;
      return rounded;
    });
    // At the minimum only the living-cost norm differs: without the income supplement.
    const normShown = norm.toDecimalPlaces(round.post, round.halfUp).toNumber();
    let minimalTotal = norm;
    for (let i = 1; i < exact.length; i += 1) minimalTotal = minimalTotal.plus(exact[i] as Decimal);
    return {
      posts,
      minimal: [normShown, ...posts.slice(1)],
      totaalLasten: shown,
      totaalMinimaleLasten: shown - (posts[0] as number) + normShown,
      afloscapaciteit: Money.max(zero, income.minus(total)).toDecimalPlaces(0, round.down).toNumber(),
      maximaleAfloscapaciteit: Money.max(zero, income.minus(minimalTotal)).toDecimalPlaces(0, round.down).toNumber(),
      tekort: Money.max(zero, total.minus(income)).toDecimalPlaces(0, round.up).toNumber(),
      minimaalTekort: Money.max(zero, minimalTotal.minus(income)).toDecimalPlaces(0, round.up).toNumber(),
    };
  };
}
