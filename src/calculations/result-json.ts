/**
 * A result's JSON text, byte for byte what `JSON.stringify(result)` writes, with the parts that
 * are the same in every result of a rule set written once per set: each post's code and
 * description (and group), each group's, `Rekenregels` and the rule set's status warning. About
 * three quarters of a repayment result is such text; `JSON.stringify` walked and escaped it
 * again for every household of a batch and every answer of the service (issue 14).
 *
 * The text is one string, which a batch encodes once: copying each constant piece's bytes
 * (encoded once) into the batch's buffer was tried and measured slower, 2.6 µs per repayment
 * result against 1.6 µs for this string and its encoding (JSON.stringify and encoding: 4.6 µs).
 *
 * A serializer here only sees an ordinary result (no `Uitleg`, no `Onderbouwing`) that its own
 * operation has just built with `ruleSet` (`calculateJson` in src/calculations/operations.ts
 * decides), so it knows the fields and their order. What it can check cheaply it still checks:
 * a post, group or warning other than the rule set's own is written by `JSON.stringify`, and
 * so is the whole result when an amount is not a finite number.
 * test/calculations/result-json.test.ts compares the text with `JSON.stringify` on generated
 * households of both operations and both bundled rule sets.
 */
import type { RepaymentCapacityResult, RetirementExpenditureResult } from '../contract/results.js';
import type { RuleSet } from '../rules/rule-set.js';
import { rekenregels, statusNoticeOf } from './options.js';

/** A post (or group) as the rule set names it, and its JSON up to its first amount. */
interface Head {
  readonly code: string;
  readonly description: string;
  readonly group?: string;
  /** `{"Code":"…","Omschrijving":"…",…,"<first amount>":` */
  readonly text: string;
}

/** What is the same in every result of one calculation of one rule set, as JSON text. */
interface Constants {
  readonly posts: readonly Head[];
  readonly groups: ReadonlyMap<string, Head>;
  /** `,"Rekenregels":{…},"Meldingen":[` */
  readonly rekenregels: string;
  readonly status: { readonly Code: string; readonly Tekst: string } | undefined;
  /** The status warning's JSON, or '' when the set is final. */
  readonly statusText: string;
}

const cache = new WeakMap<RuleSet, Map<string, Constants>>();

/** The constants of `calculation` in `ruleSet` (its first and last amount's keys as the result names them), made once. */
function constantsOf(ruleSet: RuleSet, calculation: 'afloscapaciteit' | 'pensioenuitgaven', first: string): Constants {
  let byCalculation = cache.get(ruleSet);
  if (byCalculation === undefined) {
    byCalculation = new Map();
    cache.set(ruleSet, byCalculation);
  }
  let constants = byCalculation.get(calculation);
  if (constants === undefined) {
    const calc = ruleSet.calculations[calculation];
    const head = (code: string, description: string, group?: string): Head => {
      const groupText = group === undefined ? '' : `,"Groep":${JSON.stringify(group)}`;
      const text = `{"Code":${JSON.stringify(code)},"Omschrijving":${JSON.stringify(description)}${groupText},"${first}":`;
      return group === undefined ? { code, description, text } : { code, description, group, text };
    };
    const status = statusNoticeOf(ruleSet);
    constants = {
      // A retirement post always names its group ('' when the rules give none), a repayment post never.
      posts: (calc?.posts ?? []).map((p) =>
        head(p.code, p.description, calculation === 'pensioenuitgaven' ? (p.group ?? '') : undefined),
      ),
      groups: new Map((calc?.groups ?? []).map((g) => [g.code, head(g.code, g.description)])),
      rekenregels: `,"Rekenregels":${JSON.stringify(rekenregels(ruleSet))},"Meldingen":[`,
      status,
      statusText: status === undefined ? '' : JSON.stringify(status),
    };
    byCalculation.set(calculation, constants);
  }
  return constants;
}

/**
 * A value as `JSON.stringify` writes it. A finite number is its `String` (which writes -0 as
 * `0`, as JSON does), NaN and the infinities `null`.
 */
function numberText(value: unknown): string | undefined {
  if (typeof value !== 'number') return JSON.stringify(value) as string | undefined;
  return Number.isFinite(value) ? `${value}` : 'null';
}

/** Whether every value is a finite number: then `${value}` is its JSON. */
function allNumbers(values: readonly unknown[]): boolean {
  for (const v of values) if (typeof v !== 'number' || !Number.isFinite(v)) return false;
  return true;
}

/** The rest of the result: `Rekenregels` (the set's own, built by `rekenregels`) and `Meldingen`, closing the result. */
function tail(meldingen: readonly { readonly Code: string; readonly Tekst: string }[], constants: Constants): string {
  let text = constants.rekenregels;
  const { status } = constants;
  for (let i = 0; i < meldingen.length; i += 1) {
    const m = meldingen[i] as { readonly Code: string; readonly Tekst: string };
    if (i > 0) text += ',';
    text +=
      status !== undefined && m.Code === status.Code && m.Tekst === status.Tekst
        ? constants.statusText
        : JSON.stringify(m);
  }
  return `${text}]}`;
}

/** A finite number's JSON: its `String` (-0 included, which both write as `0`). */
const n = (value: number): string => `${value}`;

/**
 * The JSON text of a repayment capacity result of `ruleSet`: `JSON.stringify(result)`, byte for
 * byte, the rule set's constant parts written once per set.
 */
export function repaymentResultJson(result: RepaymentCapacityResult, ruleSet: RuleSet): string {
  const r = result;
  const c = constantsOf(ruleSet, 'afloscapaciteit', 'Bedrag');
  const totals = [r.Afloscapaciteit, r.MaximaleAfloscapaciteit, r.TotaalLasten, r.TotaalMinimaleLasten, r.Tekort];
  if (!allNumbers(totals) || !allNumbers([r.MinimaalTekort]) || r.Posten.length !== c.posts.length)
    return JSON.stringify(result);
  const income = numberText(r.NettoBesteedbaarInkomenPerMaand);
  if (income === undefined) return JSON.stringify(result);
  let text = `{"Afloscapaciteit":${n(r.Afloscapaciteit)},"MaximaleAfloscapaciteit":${n(r.MaximaleAfloscapaciteit)},"NettoBesteedbaarInkomenPerMaand":${income},"Posten":[`;
  for (let i = 0; i < r.Posten.length; i += 1) {
    const p = r.Posten[i] as RepaymentCapacityResult['Posten'][number];
    const head = c.posts[i] as Head;
    if (i > 0) text += ',';
    const own =
      p.Code === head.code &&
      p.Omschrijving === head.description &&
      typeof p.Bedrag === 'number' &&
      typeof p.Minimaal === 'number' &&
      Number.isFinite(p.Bedrag + p.Minimaal);
    text += own ? `${head.text}${n(p.Bedrag)},"Minimaal":${n(p.Minimaal)}}` : JSON.stringify(p);
  }
  text += `],"TotaalLasten":${n(r.TotaalLasten)},"TotaalMinimaleLasten":${n(r.TotaalMinimaleLasten)},"Tekort":${n(r.Tekort)},"MinimaalTekort":${n(r.MinimaalTekort)}`;
  return text + tail(r.Meldingen, c);
}

type Amounts = { readonly Basis: number; readonly Voorbeeld: number };

/** A post or group of a retirement result: its head's text and its amounts when they are the set's own, else its JSON. */
function retirementItem(
  item: Amounts & { readonly Code: string; readonly Omschrijving: string },
  head: Head | undefined,
  group?: string,
): string {
  const own =
    head !== undefined &&
    item.Code === head.code &&
    item.Omschrijving === head.description &&
    group === head.group &&
    typeof item.Basis === 'number' &&
    typeof item.Voorbeeld === 'number' &&
    Number.isFinite(item.Basis + item.Voorbeeld);
  return own ? `${head.text}${n(item.Basis)},"Voorbeeld":${n(item.Voorbeeld)}}` : JSON.stringify(item);
}

/**
 * The JSON text of a retirement expenditure result of `ruleSet`: `JSON.stringify(result)`, byte
 * for byte, the rule set's constant parts written once per set.
 */
export function retirementResultJson(result: RetirementExpenditureResult, ruleSet: RuleSet): string {
  const r = result;
  const c = constantsOf(ruleSet, 'pensioenuitgaven', 'Basis');
  const totaal = r.Totaal;
  if (!allNumbers([totaal.Basis, totaal.Voorbeeld])) return JSON.stringify(result);
  let text = '{"Posten":[';
  for (let i = 0; i < r.Posten.length; i += 1) {
    const p = r.Posten[i] as RetirementExpenditureResult['Posten'][number];
    if (i > 0) text += ',';
    text += retirementItem(p, c.posts[i], p.Groep);
  }
  text += '],"Groepen":[';
  for (let i = 0; i < r.Groepen.length; i += 1) {
    const g = r.Groepen[i] as RetirementExpenditureResult['Groepen'][number];
    if (i > 0) text += ',';
    text += retirementItem(g, c.groups.get(g.Code));
  }
  text += `],"Totaal":{"Basis":${n(totaal.Basis)},"Voorbeeld":${n(totaal.Voorbeeld)}}`;
  return text + tail(r.Meldingen, c);
}
