/**
 * The explanation's technical words in Dutch: the rule-set status, the rounding mode and
 * policy, fact names, enumeration values, units, the names of post sums, and the conditions
 * of `because`. Pure, so every translation is unit-tested (test/advisor/explanation-text.test.ts).
 *
 * The library records a rule's condition in `because` as data (fact, operator, value, what the
 * household had, the outcome; `all` / `any` / `not` of the parts that decided), so this module
 * only words it in Dutch. An operator it has no Dutch for is shown by its name. The rule set's
 * own texts (descriptions, source titles) are data and are not translated here: beside them the
 * page writes its own Dutch line per amount and per rule from the data (which rules applied,
 * what they gave, from which figures; `amountSummaryText`, `ruleSummaryText`).
 */
import type { AmountTrace, ComparisonTrace, ConditionTrace, FigureUse, RuleTrace } from '../contract/explanation.js';
import { type TraceWording, wordTrace } from '../contract/condition-trace-text.js';
import { RULE_SET_STATUS_IN_DUTCH } from '../contract/rule-set-status.js';
import { formatDecimal } from './format.js';

/** The facts of docs/rules.md as the form calls them. */
const FACT_LABELS: Readonly<Record<string, string>> = {
  age: 'leeftijd hoofdpersoon',
  adults: 'aantal hoofdpersonen',
  children: 'aantal kinderen',
  cars: "aantal auto's",
  householdSize: 'aantal personen in het huishouden',
  hasPartner: 'heeft een partner',
  householdType: 'soort huishouden',
  men: 'aantal mannen (hoofdpersonen)',
  women: 'aantal vrouwen (hoofdpersonen)',
  income: 'netto besteedbaar inkomen',
  tenure: 'soort woning',
  rent: 'huur',
  rentGiven: 'huur opgegeven',
  serviceCosts: 'servicekosten',
  serviceCostsGiven: 'servicekosten opgegeven',
  mortgageCosts: 'bruto hypotheeklasten',
  mortgageCostsGiven: 'bruto hypotheeklasten opgegeven',
  ownersAssociation: 'bijdrage VvE',
  ownersAssociationGiven: 'bijdrage VvE opgegeven',
  healthcareCosts: 'zorgkosten',
  partnerAlimony: 'partneralimentatie',
  childAlimony: 'kinderalimentatie',
  childcareCosts: 'kosten kinderopvang',
  otherRepayments: 'overige lopende aflossingen',
  dwellingType: 'type woning',
  wozValue: 'WOZ-waarde',
  wozValueGiven: 'WOZ-waarde opgegeven',
  wozCategory: 'WOZ-categorie',
  'person.gender': 'geslacht hoofdpersoon',
  'child.age': 'leeftijd kind',
  'child.gender': 'geslacht kind',
  'car.class': 'type auto',
  'car.status': 'nieuw of tweedehands',
  'car.mileage': 'kilometers per jaar',
};

/** A fact's Dutch label (`cars` → `aantal auto's`); a parameter compared with: `parameter <name>`. */
export function factLabel(name: string): string {
  if (name.startsWith('param:')) return `parameter ${name.slice('param:'.length)}`;
  return FACT_LABELS[name] ?? name;
}

/** The rules' enumeration values as the contract names them (docs/contract.md). */
const VALUE_NAMES: Readonly<Record<string, string>> = {
  rent: 'Huurwoning',
  own: 'Koopwoning',
  male: 'Man',
  female: 'Vrouw',
  unknown: 'onbekend',
  apartment: 'Appartement',
  terraced: 'Tussenwoning',
  corner: 'Hoekwoning',
  detached: 'Vrijstaand',
  below150k: 'WozKleinerDan150K',
  from150kTo300k: 'WozVan150KTot300K',
  from300kTo450k: 'WozVan300KTot450K',
  from450k: 'WozGroterDan450K',
  small: 'Klein',
  compact: 'Compact',
  compactMidsize: 'CompactMiddenklasse',
  midsize: 'Middenklasse',
  new: 'Nieuw',
  used: 'Tweedehands',
  under10k: 'Minderdan10K',
  from10kTo20k: 'Tussen10Ken20K',
  over20k: 'Meerdan20K',
  single: 'alleenstaand',
  singleWithChildren: 'alleenstaand met kinderen',
  couple: 'met partner',
  coupleWithChildren: 'met partner en kinderen',
};

/** A value the rules saw, in Dutch: `small` → `Klein`, `true` → `ja`, `2400` → `2.400`. */
export function valueText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'ja' : 'nee';
  if (typeof value === 'number') return formatDecimal(String(value));
  if (typeof value === 'string') return VALUE_NAMES[value] ?? formatDecimal(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (value === undefined) return 'niet opgegeven';
  if (value === null) return 'leeg';
  return JSON.stringify(value);
}

const OPERATORS: Readonly<Record<string, string>> = {
  equal: 'is',
  notEqual: 'is niet',
  lessThan: 'is kleiner dan',
  lessThanInclusive: 'is hoogstens',
  greaterThan: 'is groter dan',
  greaterThanInclusive: 'is minstens',
  in: 'is een van',
  notIn: 'is geen van',
  contains: 'bevat',
  doesNotContain: 'bevat niet',
};

const outcome = (result: boolean): string => (result ? 'dus ja' : 'dus nee');

/** A fact with its path, labelled: `aantal auto's`, `parameter aowLeeftijd`, `o$.a`. */
const factText = (fact: string, path: string | undefined): string => `${factLabel(fact)}${path ?? ''}`;

/** One comparison in Dutch: what was compared, what the household had, and the outcome. */
function comparisonText(trace: ComparisonTrace): string {
  const op = OPERATORS[trace.operator] ?? trace.operator;
  const label = factText(trace.fact, trace.path);
  const value = trace.value;
  const reference = typeof value === 'object' && value !== null && 'fact' in value ? value : undefined;
  if (reference === undefined) {
    return `${label} ${op} ${valueText(value)}: ${label} is ${valueText(trace.receivedValue)}, ${outcome(trace.result)}`;
  }
  const other = factText(reference.fact, reference.path);
  return `${label} ${op} ${other}: ${valueText(trace.receivedValue)} ${op} ${valueText(reference.receivedValue)}, ${outcome(trace.result)}`;
}

const DUTCH: TraceWording = {
  comparison: comparisonText,
  noneOf: (parts) => `geen van deze geldt: ${parts}`,
  not: (part) => `niet (${part})`,
};

const conditionText = (trace: ConditionTrace): string => wordTrace(trace, DUTCH);

/** Why a rule did or did not apply, in Dutch, from the condition the library recorded (none: it always applies). */
export function becauseText(because: ConditionTrace | undefined): string {
  if (because === undefined) return 'altijd (de regel heeft geen voorwaarde)';
  return conditionText(because);
}

/** A rule set's status in Dutch (`draft` → `concept`), as the contract words it. */
export function statusText(status: string): string {
  return (RULE_SET_STATUS_IN_DUTCH as Readonly<Record<string, string>>)[status] ?? status;
}

const ROUNDING_MODES: Readonly<Record<string, string>> = {
  'half-up': 'half naar boven',
  'half-down': 'half naar beneden',
  'half-even': 'bankiersafronding (half naar even)',
  up: 'naar boven',
  down: 'naar beneden',
  floor: 'altijd naar beneden',
  ceiling: 'altijd naar boven',
};

/** A rounding mode in Dutch (`half-up` → `half naar boven`). */
export function roundingModeText(mode: string): string {
  return ROUNDING_MODES[mode] ?? mode;
}

const POLICIES: Readonly<Record<string, string>> = {
  post: 'de afrondingsregel voor posten',
  afloscapaciteit: 'de afrondingsregel voor de afloscapaciteit',
  tekort: 'de afrondingsregel voor het tekort',
};

/** A rounding policy of the manifest, named in a Dutch phrase. */
export function roundingPolicyText(policy: string): string {
  return POLICIES[policy] ?? `de afrondingsregel ‘${policy}’`;
}

/** How a post was rounded: `op hele euro's, half naar boven, volgens de afrondingsregel voor posten`. */
export function roundingText(rounding: {
  readonly policy: string;
  readonly decimals: number;
  readonly mode: string;
}): string {
  const places =
    rounding.decimals === 0
      ? 'op hele getallen'
      : `op ${rounding.decimals} ${rounding.decimals === 1 ? 'decimaal' : 'decimalen'}`;
  return `${places}, ${roundingModeText(rounding.mode)}, volgens ${roundingPolicyText(rounding.policy)}`;
}

/** The name of a post figure: `(all posts)` → `(alle posten)`, `(group X)` → `(groep X)`. */
export function postName(name: string): string {
  if (name === '(all posts)') return '(alle posten)';
  const group = /^\(group (.+)\)$/.exec(name);
  return group === null ? name : `(groep ${group[1]})`;
}

const UNIT_PARTS: Readonly<Record<string, string>> = {
  EUR: '€',
  l: 'liter',
  km: 'km',
  kWh: 'kWh',
  m3: 'm³',
  year: 'jaar',
  month: 'maand',
  day: 'dag',
  week: 'week',
};
const UNIT_PLURALS: Readonly<Record<string, string>> = { year: 'jaar', month: 'maanden', day: 'dagen', week: 'weken' };

/** A unit in Dutch: `EUR/month` → `€ per maand`, `1/year` → `per jaar`, `1` → ``; unknown units as written. */
export function unitText(unit: string | undefined): string {
  if (unit === undefined || unit === '1') return '';
  const [top = '', bottom, ...rest] = unit.split('/');
  if (rest.length > 0) return unit;
  const head = top === '1' && bottom !== undefined ? '' : (UNIT_PLURALS[top] ?? UNIT_PARTS[top]);
  if (head === undefined) return unit;
  if (bottom === undefined) return head;
  const per = UNIT_PARTS[bottom];
  if (per === undefined) return unit;
  return head === '' ? `per ${per}` : `${head} per ${per}`;
}

/** A table cell's key in Dutch: `klasse = small` → `klasse: Klein`. */
export function tableKeyText(key: Readonly<Record<string, string>>): string {
  return Object.entries(key)
    .map(([dimension, category]) => `${dimension}: ${valueText(category)}`)
    .join(', ');
}

const MEASURES: Readonly<Record<string, string>> = {
  bedrag: 'Bedrag',
  minimaal: 'Minimaal',
  basis: 'Basis',
  voorbeeld: 'Voorbeeld',
  amount: 'Waarde',
};

/** A measure of an amount by the page's column name (`bedrag` → `Bedrag`); an unknown one as written. */
export function measureName(measure: string): string {
  return MEASURES[measure] ?? measure;
}

/**
 * A measure's name with what it means for the result's method, when the page knows it:
 * `Bedrag (standaardniveau)` for a reference budget. By default the column name alone.
 */
export type MeasureLabel = (measure: string) => string;

/** The labels of a repayment result's measures: the column name and the method's short word. */
export function repaymentMeasureLabel(words: {
  readonly bedragKort: string;
  readonly minimaalKort: string;
}): MeasureLabel {
  const short: Readonly<Record<string, string>> = { bedrag: words.bedragKort, minimaal: words.minimaalKort };
  return (measure) =>
    Object.hasOwn(short, measure) ? `${measureName(measure)} (${short[measure]})` : measureName(measure);
}

/** Amounts per measure in Dutch: `Bedrag 1.285,74, Minimaal 1.185,74`. */
export function amountsText(
  values: Readonly<Record<string, string>> | undefined,
  label: MeasureLabel = measureName,
): string {
  return Object.entries(values ?? {})
    .map(([measure, value]) => `${label(measure)} ${formatDecimal(value)}`)
    .join(', ');
}

/** A figure a rule read, in a few Dutch words: its name (a fact by the form's label) and its value. */
export function figureText(figure: FigureUse): string {
  const unit = 'unit' in figure ? unitText(figure.unit) : '';
  const value = figure.kind === 'fact' ? valueText(figure.value) : formatDecimal(figure.value);
  const shown = unit === '' ? value : `${value} ${unit}`;
  switch (figure.kind) {
    case 'fact':
      return `${factLabel(figure.name)} (${shown})`;
    case 'table':
      return `${figure.name} [${tableKeyText(figure.key)}] (${shown})`;
    case 'post':
      return `${postName(figure.name)} ${measureName(figure.measure)} (${shown})`;
    case 'const':
      return `het getal ${shown}`;
    default:
      return `${figure.name} (${shown})`;
  }
}

/**
 * The page's own Dutch line for a rule tried (the rule set's description may be in another
 * language): whether it applied for this household, what it gave and from which figures.
 */
export function ruleSummaryText(rule: RuleTrace, label: MeasureLabel = measureName): string {
  if (!rule.applied) {
    return rule.because === undefined
      ? 'Deze regel is niet toegepast.'
      : 'Deze regel geldt niet voor dit huishouden: de voorwaarde hieronder klopt niet.';
  }
  const when = rule.because === undefined ? 'geldt altijd' : 'geldt voor dit huishouden';
  if (rule.amounts === undefined) return `Deze regel ${when}.`;
  const figures = rule.figures ?? [];
  const from = figures.length === 0 ? '' : `, berekend uit ${figures.map(figureText).join(', ')}`;
  return `Deze regel ${when} en geeft ${amountsText(rule.amounts, label)}${from}.`;
}

const rulesWord = (n: number): string => (n === 1 ? '1 regel' : `${n} regels`);

/** The page's own Dutch line for an amount: which of its rules decided it, and how they combine. */
export function amountSummaryText(trace: AmountTrace): string {
  const applied = trace.rules.filter((r) => r.applied).map((r) => r.id);
  const tried = rulesWord(trace.rules.length);
  if (applied.length === 0) return `Van de ${tried} geldt er geen voor dit huishouden.`;
  if (trace.combine === 'first') {
    return `Bepaald door de regel ${applied[0]}: de eerste van de ${tried} die voor dit huishouden geldt.`;
  }
  const count = applied.length === 1 ? 'geldt er 1' : `gelden er ${applied.length}`;
  return `Het bedrag is de som van de regels die gelden; voor dit huishouden ${count} van de ${trace.rules.length}: ${applied.join(', ')}.`;
}
