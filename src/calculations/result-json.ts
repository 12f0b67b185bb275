/**
 * A result's JSON text, byte for byte what `JSON.stringify(result)` writes, with the parts that
 * are the same in every result of a rule set prepared once per set: each post's code and
 * description (and group), each group's, `Rekenregels` and the rule set's status warning, most
 * of a result's text, which `JSON.stringify` would walk and escape again for every answer.
 * How each operation's result is laid out is its registry entry's ({@link ResultJsonLayout} in
 * src/calculations/operations.ts): nothing here names an operation.
 *
 * The writers write into a {@link JsonSink}: one string for the service, the batch's output
 * bytes for a batch (src/calculations/json-sink.ts). A result from an evaluation is a template
 * of constant pieces with an amount after each, so a byte sink copies each piece's bytes and
 * writes the amount's digits (docs/fast-paths.md has the gain).
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
import type { CalculationId } from '../rules/format/calculation.js';
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

/**
 * How an operation's result is written, held by its registry entry (src/calculations/operations.ts):
 * the writers here name no operation.
 */
export interface ResultJsonLayout {
  /** The calculation the result is of. */
  readonly calculation: CalculationId;
  /** The key of a post's (and group's) first amount, which ends its head: `Bedrag`. */
  readonly firstAmount: string;
  /** Whether every post names its group (`''` when its rules give none). */
  readonly postGroup: boolean;
  /**
   * The result up to `Rekenregels`, for {@link writeEvaluationJson}: text, and where each amount
   * comes from; `posts` is one post's parts after its head, repeated for every post (then `}`).
   */
  readonly evaluation?: readonly LayoutPart[];
}

/** A part of a {@link ResultJsonLayout}: text, a total, the income, the posts (each its measures' rounded amounts and text). */
export type LayoutPart =
  | string
  | { readonly total: string }
  | { readonly income: true }
  | { readonly posts: readonly (string | { readonly measure: string })[] };

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
  /** The template of the layout's `evaluation`, when it has one. */
  readonly template: EvaluationTemplate | undefined;
}

/** Where an amount of a template comes from: the income, a total, or a post's rounded amount of a measure (its index). */
type AmountSource =
  | { readonly total: string }
  | { readonly income: true }
  | { readonly post: number; readonly measure: number };

/**
 * A result up to `Meldingen`, as the text before each amount: `pieces[i]` comes before amount
 * `i`, and the last piece after the last amount (ending in `,"Meldingen":[`); then the warnings
 * follow.
 */
interface EvaluationTemplate {
  readonly pieces: readonly JsonPiece[];
  readonly sources: readonly AmountSource[];
  /** The last piece with the usual warnings after it: none, or the set's status warning alone. */
  readonly end: JsonPiece;
  readonly endWithStatus: JsonPiece;
  /** Room for the amounts of one result, checked before any is written. */
  readonly amounts: Float64Array;
}

const cache = new WeakMap<RuleSet, Map<ResultJsonLayout, Constants>>();

/** The constants of a layout's calculation in `ruleSet`, made once. */
function constantsOf(ruleSet: RuleSet, layout: ResultJsonLayout): Constants {
  let byLayout = cache.get(ruleSet);
  if (byLayout === undefined) {
    byLayout = new Map();
    cache.set(ruleSet, byLayout);
  }
  let constants = byLayout.get(layout);
  if (constants === undefined) {
    const calc = ruleSet.calculations[layout.calculation];
    const head = (code: string, description: string, group?: string): Head => {
      const groupText = group === undefined ? '' : `,"Groep":${JSON.stringify(group)}`;
      const text = `{"Code":${JSON.stringify(code)},"Omschrijving":${JSON.stringify(description)}${groupText},"${layout.firstAmount}":`;
      const pieces = { text: jsonPiece(text), next: jsonPiece(`,${text}`) };
      return group === undefined ? { code, description, ...pieces } : { code, description, group, ...pieces };
    };
    const status = statusNoticeOf(ruleSet);
    const statusText = status === undefined ? '' : JSON.stringify(status);
    const rekenregelsText = `,"Rekenregels":${JSON.stringify(rekenregels(ruleSet, layout.calculation))},"Meldingen":[`;
    const posts = (calc?.posts ?? []).map((p) =>
      head(p.code, p.description, layout.postGroup ? (p.group ?? '') : undefined),
    );
    constants = {
      posts,
      groups: new Map((calc?.groups ?? []).map((g) => [g.code, head(g.code, g.description)])),
      rekenregels: jsonPiece(rekenregelsText),
      status,
      statusText,
      close: jsonPiece(']}'),
      statusAndClose: jsonPiece(`${statusText}]}`),
      template:
        layout.evaluation === undefined
          ? undefined
          : evaluationTemplate(layout.evaluation, posts, calc?.measures ?? [], rekenregelsText, statusText),
    };
    byLayout.set(layout, constants);
  }
  return constants;
}

/** The template of a layout's `evaluation` for these posts, their heads' text ending in the first amount's key. */
function evaluationTemplate(
  layout: readonly LayoutPart[],
  posts: readonly Head[],
  measures: readonly string[],
  rekenregelsText: string,
  statusText: string,
): EvaluationTemplate {
  const texts: string[] = [];
  const sources: AmountSource[] = [];
  let text = '';
  const amount = (source: AmountSource): void => {
    texts.push(text);
    sources.push(source);
    text = '';
  };
  for (const part of layout) {
    if (typeof part === 'string') text += part;
    else if ('posts' in part) {
      posts.forEach((p, i) => {
        text += (i === 0 ? p.text : p.next).text;
        for (const inner of part.posts) {
          if (typeof inner === 'string') text += inner;
          else amount({ post: i, measure: measures.indexOf(inner.measure) });
        }
        text += '}';
      });
    } else amount(part);
  }
  texts.push(text + rekenregelsText);
  const pieces = texts.map(jsonPiece);
  const last = texts[texts.length - 1] as string;
  return {
    pieces,
    sources,
    end: jsonPiece(`${last}]}`),
    endWithStatus: jsonPiece(`${last}${statusText}]}`),
    amounts: new Float64Array(sources.length),
  };
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

/**
 * Writes the JSON text of the result of an evaluation that `layout` describes, byte for byte
 * what `JSON.stringify` writes of the result its operation builds from it, without building that
 * result (the batch and the service only write it out). Writes nothing and returns `false` when
 * an amount is not a finite number or a post is not the rule set's: the caller then builds the
 * result and stringifies it. test/calculations/result-json.test.ts holds both to
 * `JSON.stringify` on generated households.
 */
export function writeEvaluationJson(
  sink: JsonSink,
  layout: ResultJsonLayout,
  income: number,
  evaluation: Evaluation,
  meldingen: readonly { readonly Code: string; readonly Tekst: string }[],
  ruleSet: RuleSet,
): boolean {
  const c = constantsOf(ruleSet, layout);
  const template = c.template;
  const { posts, totals } = evaluation;
  if (template === undefined || posts.length !== c.posts.length) return false;
  for (let i = 0; i < posts.length; i += 1) {
    const p = posts[i] as Evaluation['posts'][number];
    const head = c.posts[i] as Head;
    if (p.code !== head.code || p.description !== head.description) return false;
  }
  // Every amount is read and checked before the first is written: the sink may be a file's bytes.
  // The template's amounts are this rule set's scratch; nothing between here and the writes calls back in.
  const { amounts, sources, pieces } = template;
  const n = sources.length;
  for (let i = 0; i < n; i += 1) {
    const source = sources[i] as AmountSource;
    const value =
      'post' in source
        ? moneyToNumber((posts[source.post] as Evaluation['posts'][number]).rounded[source.measure] as Decimal)
        : 'total' in source
          ? moneyToNumber(totals[source.total] as Decimal)
          : income;
    if (!Number.isFinite(value)) return false;
    amounts[i] = value;
  }
  for (let i = 0; i < n; i += 1) {
    sink.piece(pieces[i] as JsonPiece);
    sink.number(amounts[i] as number);
  }
  if (meldingen.length === 0) sink.piece(template.end);
  else if (meldingen.length === 1 && isStatus(meldingen[0] as Melding, c)) sink.piece(template.endWithStatus);
  else {
    sink.piece(pieces[n] as JsonPiece);
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
export function writeRetirementResult(
  sink: JsonSink,
  layout: ResultJsonLayout,
  result: RetirementExpenditureResult,
  ruleSet: RuleSet,
): void {
  const r = result;
  const c = constantsOf(ruleSet, layout);
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
