/**
 * How a person reads the two amounts of a repayment result (`Bedrag`, `Minimaal`): they mean
 * something else per method, so the CLI table and the advisor page take the words from here, by
 * the method the result names (`Rekenregels.Methode.Id`), and say the same.
 */

/** The two amounts of a repayment post, in Dutch, for one method. */
export interface RepaymentMeasureTexts {
  /** What `Bedrag` (and TotaalLasten, Afloscapaciteit) stands for. */
  readonly bedrag: string;
  /** What `Minimaal` (and TotaalMinimaleLasten, MaximaleAfloscapaciteit) stands for. */
  readonly minimaal: string;
  /** The short column words: `standaardniveau`, `minimumniveau`, or generic ones. */
  readonly bedragKort: string;
  readonly minimaalKort: string;
}

const BY_METHOD: Readonly<Record<string, RepaymentMeasureTexts>> = {
  referentiebudget: {
    bedrag: 'elke post op het standaardniveau (een beperkte bezuiniging): de afloscapaciteit voor een lange regeling',
    minimaal:
      'elke post op het minimumniveau (wat noodzakelijk is): de maximale afloscapaciteit, voor een korte regeling',
    bedragKort: 'standaardniveau',
    minimaalKort: 'minimumniveau',
  },
  'vfn-leennorm': {
    bedrag: 'de lasten volgens de VFN-leennorm, met de inkomensafhankelijke opslag',
    minimaal: 'de leennorm zonder de inkomensafhankelijke opslag: de maximale afloscapaciteit',
    bedragKort: 'volgens de leennorm',
    minimaalKort: 'zonder opslag',
  },
};

/** For an own rule set's method, or none: what every repayment calculation's amounts are. */
const GENERIC: RepaymentMeasureTexts = {
  bedrag: 'de lasten volgens de rekenregels',
  minimaal: 'elke post op zijn minimum: de maximale afloscapaciteit',
  bedragKort: 'volgens de rekenregels',
  minimaalKort: 'minimum',
};

/** The words for `Bedrag` and `Minimaal` of a result computed by `method` (its `Rekenregels.Methode`). */
export function repaymentMeasureTexts(method: { readonly Id: string } | undefined): RepaymentMeasureTexts {
  return (method !== undefined && Object.hasOwn(BY_METHOD, method.Id) ? BY_METHOD[method.Id] : undefined) ?? GENERIC;
}
