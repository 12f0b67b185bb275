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
 * operation has just computed with `ruleSet` (`calculateJson` in src/calculations/operations.ts
 * decides), so it knows the fields and their order; the repayment writer reads the evaluation
 * itself, without the result object being built. What it can check cheaply it still checks:
 * a post, group or warning other than the rule set's own is written by `JSON.stringify`, and
 * so is the whole result when an amount is not a finite number.
 * test/calculations/result-json.test.ts compares the text with `JSON.stringify` on generated
 * households of both operations and both bundled rule sets.
 */
import { type Decimal, moneyToNumber } from '../contract/money.js';
import type { RetirementExpenditureResult } from '../contract/results.js';
import type { Evaluation } from '../engine/compile.js';
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

/** The totals of a repayment result, in the order the result has them after `Posten`. */
const REPAYMENT_TOTALS_AFTER_POSTS = ['TotaalLasten', 'TotaalMinimaleLasten', 'Tekort', 'MinimaalTekort'] as const;

/**
 * The JSON text of the repayment result of an evaluation, byte for byte what
 * `JSON.stringify` writes of the result src/calculations/repayment-capacity.ts builds from it,
 * without building that result: its objects were a tenth of what a call allocates, the
 * result that a batch and the service only write out. `undefined` when an amount is not a finite
 * number or a post is not the rule set's: the caller then builds the result and stringifies it.
 * test/calculations/result-json.test.ts holds both to `JSON.stringify` on generated households.
 */
export function repaymentEvaluationJson(
  income: number,
  evaluation: Evaluation,
  meldingen: readonly { readonly Code: string; readonly Tekst: string }[],
  ruleSet: RuleSet,
): string | undefined {
  const c = constantsOf(ruleSet, 'afloscapaciteit', 'Bedrag');
  const { posts, totals } = evaluation;
  if (posts.length !== c.posts.length || !Number.isFinite(income)) return undefined;
  const bedrag = evaluation.measures.indexOf('bedrag');
  const minimaal = evaluation.measures.indexOf('minimaal');
  const total = (name: string): number => moneyToNumber(totals[name] as Decimal);
  const afloscapaciteit = total('Afloscapaciteit');
  const maximaal = total('MaximaleAfloscapaciteit');
  if (!Number.isFinite(afloscapaciteit + maximaal)) return undefined;
  let text = `{"Afloscapaciteit":${n(afloscapaciteit)},"MaximaleAfloscapaciteit":${n(maximaal)},"NettoBesteedbaarInkomenPerMaand":${n(income)},"Posten":[`;
  for (let i = 0; i < posts.length; i += 1) {
    const p = posts[i] as Evaluation['posts'][number];
    const head = c.posts[i] as Head;
    const b = moneyToNumber(p.rounded[bedrag] as Decimal);
    const m = moneyToNumber(p.rounded[minimaal] as Decimal);
    if (p.code !== head.code || p.description !== head.description || !Number.isFinite(b + m)) return undefined;
    text += `${i > 0 ? ',' : ''}${head.text}${n(b)},"Minimaal":${n(m)}}`;
  }
  text += ']';
  for (const name of REPAYMENT_TOTALS_AFTER_POSTS) {
    const value = total(name);
    if (!Number.isFinite(value)) return undefined;
    text += `,"${name}":${n(value)}`;
  }
  return text + tail(meldingen, c);
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
