/**
 * A result's JSON text, byte for byte what `JSON.stringify(result)` writes, with the parts that
 * are the same in every result of a rule set prepared once per set: each post's code and
 * description (and group), each group's, `Rekenregels` and the rule set's status warning. About
 * three quarters of a repayment result is such text; `JSON.stringify` walked and escaped it
 * again for every household of a batch and every answer of the service (issue 14).
 *
 * The writers write into a {@link JsonSink}: one string for the service, the batch's output
 * bytes for a batch (src/calculations/json-sink.ts). A repayment result is a template of some
 * 25 constant pieces with an amount after each, so a byte sink copies each piece's bytes and
 * writes the amount's digits: in a batch's worker, 6–13 % less CPU per record than building
 * the string and encoding it, measured chunk by chunk side by side over 200,000 households.
 * (Copying the pieces one by one, some fifty with a bounds check each, had been measured
 * slower than the string.)
 *
 * A writer here only sees an ordinary result (no `Uitleg`, no `Onderbouwing`) that its own
 * operation has just computed with `ruleSet` (`writeJson` in src/calculations/operations.ts
 * decides), so it knows the fields and their order; the repayment writer reads the evaluation
 * itself, without the result object being built. What it can check cheaply it still checks:
 * a post, group or warning other than the rule set's own is written by `JSON.stringify`, and
 * so is the whole result when an amount is not a finite number.
 * test/calculations/result-json.test.ts compares the text and the bytes with `JSON.stringify`
 * on generated households of both operations and both bundled rule sets.
 */
import { type Decimal, moneyToNumber } from '../contract/money.js';
import type { RetirementExpenditureResult } from '../contract/results.js';
import type { Evaluation } from '../engine/compile.js';
import type { RuleSet } from '../rules/rule-set.js';
import { type JsonPiece, type JsonSink, jsonPiece } from './json-sink.js';
import { rekenregels, statusNoticeOf } from './options.js';

/** A post (or group) as the rule set names it, and its JSON up to its first amount. */
interface Head {
  readonly code: string;
  readonly description: string;
  readonly group?: string;
  /** `{"Code":"…","Omschrijving":"…",…,"<first amount>":` */
  readonly text: JsonPiece;
  /** The same after a comma: `,{"Code":…` (every item but the first of its array). */
  readonly next: JsonPiece;
}

/** What is the same in every result of one calculation of one rule set, as JSON text. */
interface Constants {
  readonly posts: readonly Head[];
  readonly groups: ReadonlyMap<string, Head>;
  /** `,"Rekenregels":{…},"Meldingen":[` */
  readonly rekenregels: JsonPiece;
  readonly status: { readonly Code: string; readonly Tekst: string } | undefined;
  /** The status warning's JSON, or '' when the set is final. */
  readonly statusText: string;
  /** `]}`, after the warnings, and the status warning's JSON and `]}` (the status warning alone, the usual case). */
  readonly close: JsonPiece;
  readonly statusAndClose: JsonPiece;
  /** The repayment result's template, for the repayment calculation. */
  readonly repayment: RepaymentTemplate | undefined;
}

/**
 * A repayment result up to `Meldingen`, as the text before each amount: `pieces[i]` comes before
 * amount `i`, and the last piece after the last amount (ending in `,"Meldingen":[`); then the
 * warnings follow. So a result is its pieces and amounts in turn, some 25 pieces in all.
 */
interface RepaymentTemplate {
  readonly pieces: readonly JsonPiece[];
  /** The last piece with the usual warnings after it: none, or the set's status warning alone. */
  readonly end: JsonPiece;
  readonly endWithStatus: JsonPiece;
  /** Room for the amounts of one result, checked before any is written. */
  readonly amounts: Float64Array;
}

const cache = new WeakMap<RuleSet, Map<string, Constants>>();

/** The constants of `calculation` in `ruleSet` (its first amount's key as the result names it), made once. */
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
      const pieces = { text: jsonPiece(text), next: jsonPiece(`,${text}`) };
      return group === undefined ? { code, description, ...pieces } : { code, description, group, ...pieces };
    };
    const status = statusNoticeOf(ruleSet);
    const statusText = status === undefined ? '' : JSON.stringify(status);
    const rekenregelsText = `,"Rekenregels":${JSON.stringify(rekenregels(ruleSet, calculation))},"Meldingen":[`;
    // A retirement post always names its group ('' when the rules give none), a repayment post never.
    const posts = (calc?.posts ?? []).map((p) =>
      head(p.code, p.description, calculation === 'pensioenuitgaven' ? (p.group ?? '') : undefined),
    );
    constants = {
      posts,
      groups: new Map((calc?.groups ?? []).map((g) => [g.code, head(g.code, g.description)])),
      rekenregels: jsonPiece(rekenregelsText),
      status,
      statusText,
      close: jsonPiece(']}'),
      statusAndClose: jsonPiece(`${statusText}]}`),
      repayment: calculation === 'afloscapaciteit' ? repaymentTemplate(posts, rekenregelsText, statusText) : undefined,
    };
    byCalculation.set(calculation, constants);
  }
  return constants;
}

/** Where an amount goes in a result's text. */
const AMOUNT = Symbol('amount');

/** The template of a repayment result of these posts, their heads' text ending in `"Bedrag":` (see {@link RepaymentTemplate}). */
function repaymentTemplate(posts: readonly Head[], rekenregelsText: string, statusText: string): RepaymentTemplate {
  const parts: (string | typeof AMOUNT)[] = [
    '{"Afloscapaciteit":',
    AMOUNT,
    ',"MaximaleAfloscapaciteit":',
    AMOUNT,
    ',"NettoBesteedbaarInkomenPerMaand":',
    AMOUNT,
    ',"Posten":[',
  ];
  posts.forEach((p, i) => {
    parts.push((i === 0 ? p.text : p.next).text, AMOUNT, ',"Minimaal":', AMOUNT, '}');
  });
  parts.push(']');
  for (const name of REPAYMENT_TOTALS_AFTER_POSTS) parts.push(`,"${name}":`, AMOUNT);
  parts.push(rekenregelsText);
  const pieces = templatePieces(parts);
  const last = (pieces[pieces.length - 1] as JsonPiece).text;
  return {
    pieces,
    end: jsonPiece(`${last}]}`),
    endWithStatus: jsonPiece(`${last}${statusText}]}`),
    amounts: new Float64Array(pieces.length - 1),
  };
}

/** The pieces of a template: the text before each amount, and after the last. */
function templatePieces(parts: readonly (string | typeof AMOUNT)[]): JsonPiece[] {
  const pieces: JsonPiece[] = [];
  let text = '';
  for (const part of parts) {
    if (part === AMOUNT) {
      pieces.push(jsonPiece(text));
      text = '';
    } else text += part;
  }
  pieces.push(jsonPiece(text));
  return pieces;
}

/** Whether a value is a finite number: then `${value}` is its JSON. */
function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

type Melding = { readonly Code: string; readonly Tekst: string };

/** Whether a warning is the rule set's status warning, whose text is written once per set. */
function isStatus(m: Melding, constants: Constants): boolean {
  const { status } = constants;
  return status !== undefined && m.Code === status.Code && m.Tekst === status.Tekst;
}

/** The warnings, after `"Meldingen":[`, and the end of the result. */
function writeWarnings(sink: JsonSink, meldingen: readonly Melding[], constants: Constants): void {
  if (meldingen.length === 0) sink.piece(constants.close);
  else if (meldingen.length === 1 && isStatus(meldingen[0] as Melding, constants)) sink.piece(constants.statusAndClose);
  else {
    let text = '';
    for (let i = 0; i < meldingen.length; i += 1) {
      const m = meldingen[i] as Melding;
      if (i > 0) text += ',';
      text += isStatus(m, constants) ? constants.statusText : JSON.stringify(m);
    }
    sink.text(text);
    sink.piece(constants.close);
  }
}

/** The rest of the result: `Rekenregels` (the set's own, built by `rekenregels`) and `Meldingen`, closing the result. */
function writeTail(sink: JsonSink, meldingen: readonly Melding[], constants: Constants): void {
  sink.piece(constants.rekenregels);
  writeWarnings(sink, meldingen, constants);
}

const piece = {
  voorbeeld: jsonPiece(',"Voorbeeld":'),
  closeItem: jsonPiece('}'),
  retirementStart: jsonPiece('{"Posten":['),
  groepen: jsonPiece('],"Groepen":['),
  totaalBasis: jsonPiece('],"Totaal":{"Basis":'),
};

/** The totals of a repayment result, in the order the result has them after `Posten`. */
const REPAYMENT_TOTALS_AFTER_POSTS = ['TotaalLasten', 'TotaalMinimaleLasten', 'Tekort', 'MinimaalTekort'] as const;

/**
 * Writes the JSON text of the repayment result of an evaluation, byte for byte what
 * `JSON.stringify` writes of the result src/calculations/repayment-capacity.ts builds from it,
 * without building that result: its objects were a tenth of what a call allocates, the
 * result that a batch and the service only write out. Writes nothing and returns `false` when
 * an amount is not a finite number or a post is not the rule set's: the caller then builds the
 * result and stringifies it. test/calculations/result-json.test.ts holds both to
 * `JSON.stringify` on generated households.
 */
export function writeRepaymentEvaluation(
  sink: JsonSink,
  income: number,
  evaluation: Evaluation,
  meldingen: readonly { readonly Code: string; readonly Tekst: string }[],
  ruleSet: RuleSet,
): boolean {
  const c = constantsOf(ruleSet, 'afloscapaciteit', 'Bedrag');
  const template = c.repayment as RepaymentTemplate;
  const { posts, totals } = evaluation;
  if (posts.length !== c.posts.length) return false;
  // Every amount is read and checked before the first is written: the sink may be a file's bytes.
  // The template's amounts are this rule set's scratch; nothing between here and the writes calls back in.
  const amounts = template.amounts;
  amounts[0] = moneyToNumber(totals['Afloscapaciteit'] as Decimal);
  amounts[1] = moneyToNumber(totals['MaximaleAfloscapaciteit'] as Decimal);
  amounts[2] = income;
  const bedrag = evaluation.measures.indexOf('bedrag');
  const minimaal = evaluation.measures.indexOf('minimaal');
  let at = 3;
  for (let i = 0; i < posts.length; i += 1) {
    const p = posts[i] as Evaluation['posts'][number];
    const head = c.posts[i] as Head;
    if (p.code !== head.code || p.description !== head.description) return false;
    amounts[at++] = moneyToNumber(p.rounded[bedrag] as Decimal);
    amounts[at++] = moneyToNumber(p.rounded[minimaal] as Decimal);
  }
  for (const name of REPAYMENT_TOTALS_AFTER_POSTS) amounts[at++] = moneyToNumber(totals[name] as Decimal);
  for (let i = 0; i < at; i += 1) if (!Number.isFinite(amounts[i] as number)) return false;

  const pieces = template.pieces;
  for (let i = 0; i < at; i += 1) {
    sink.piece(pieces[i] as JsonPiece);
    sink.number(amounts[i] as number);
  }
  if (meldingen.length === 0) sink.piece(template.end);
  else if (meldingen.length === 1 && isStatus(meldingen[0] as Melding, c)) sink.piece(template.endWithStatus);
  else {
    sink.piece(pieces[at] as JsonPiece);
    writeWarnings(sink, meldingen, c);
  }
  return true;
}

type Amounts = { readonly Basis: number; readonly Voorbeeld: number };
type Item = Amounts & { readonly Code: string; readonly Omschrijving: string };

/** Whether a post or group of a retirement result is the rule set's own, with finite amounts: then its head's text is its start. */
function isOwn(item: Item, head: Head | undefined, group?: string): head is Head {
  return (
    head !== undefined &&
    item.Code === head.code &&
    item.Omschrijving === head.description &&
    group === head.group &&
    isFiniteNumber(item.Basis) &&
    isFiniteNumber(item.Voorbeeld)
  );
}

/** Writes a post or group of a retirement result: its head's text and its amounts when it is the set's own, else its JSON. */
function writeRetirementItem(sink: JsonSink, first: boolean, item: Item, head: Head | undefined, group?: string): void {
  if (isOwn(item, head, group)) {
    sink.piece(first ? head.text : head.next);
    sink.number(item.Basis);
    sink.piece(piece.voorbeeld);
    sink.number(item.Voorbeeld);
    sink.piece(piece.closeItem);
  } else sink.text(`${first ? '' : ','}${JSON.stringify(item)}`);
}

/**
 * Writes the JSON text of a retirement expenditure result of `ruleSet`: `JSON.stringify(result)`,
 * byte for byte, the rule set's constant parts written once per set. The result is whole when
 * this is called, so every part can be written as it is reached.
 */
export function writeRetirementResult(sink: JsonSink, result: RetirementExpenditureResult, ruleSet: RuleSet): void {
  const r = result;
  const c = constantsOf(ruleSet, 'pensioenuitgaven', 'Basis');
  const totaal = r.Totaal;
  if (!isFiniteNumber(totaal.Basis) || !isFiniteNumber(totaal.Voorbeeld)) {
    sink.text(JSON.stringify(result));
    return;
  }
  sink.piece(piece.retirementStart);
  for (let i = 0; i < r.Posten.length; i += 1) {
    const p = r.Posten[i] as RetirementExpenditureResult['Posten'][number];
    writeRetirementItem(sink, i === 0, p, c.posts[i], p.Groep);
  }
  sink.piece(piece.groepen);
  for (let i = 0; i < r.Groepen.length; i += 1) {
    const g = r.Groepen[i] as RetirementExpenditureResult['Groepen'][number];
    writeRetirementItem(sink, i === 0, g, c.groups.get(g.Code));
  }
  sink.piece(piece.totaalBasis);
  sink.number(totaal.Basis);
  sink.piece(piece.voorbeeld);
  sink.number(totaal.Voorbeeld);
  sink.piece(piece.closeItem);
  writeTail(sink, r.Meldingen, c);
}
