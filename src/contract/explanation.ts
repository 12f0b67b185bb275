/**
 * The explanation (`explain: true`, `?uitleg=true`): for every amount, the rules tried and
 * why they did or did not apply, the amount each produced, and every figure used with its
 * value, unit, source and provenance — enough to recompute the number by hand. All amounts
 * are decimal strings, so the document is plain JSON. Its shape is part of the API and is
 * versioned by `format`.
 */

/**
 * How sure we are of a value. `read`: read in the cited source; `derived`: computed from
 * read values by `formula`; `estimate`: our own estimate, with `reasoning`; `to-verify`:
 * inferred from a secondary source and still to be checked, with `reasoning`.
 *
 * @inline
 */
export type ProvenanceKind = 'read' | 'derived' | 'estimate' | 'to-verify';

/**
 * The explanation format and its version: a reader checks {@link Explanation.format} before
 * reading further.
 */
export const EXPLANATION_FORMAT = 'budgetnorm-explanation/3';

/**
 * What a parameter and a table cell both say about themselves: value, unit, source, provenance.
 *
 * @inline
 */
export interface SourcedFigure {
  /** The parameter's or table's name in the rule set. */
  readonly name: string;
  /** The value, as an exact decimal string. */
  readonly value: string;
  /** Its unit, e.g. `EUR/month`, `1` (a factor), `year`. */
  readonly unit: string;
  /** Where the value comes from: the entry of the rule set's sources register. */
  readonly source: SourceRef;
  /** How sure the value is: `read`, `derived` (see `formula`), `estimate` or `to-verify` (see `reasoning`). */
  readonly provenance: ProvenanceKind;
  /** For a `derived` value: how it was computed from read ones. */
  readonly formula?: string;
  /** For an `estimate` or a `to-verify` value: why this value. */
  readonly reasoning?: string;
}

/**
 * A figure an amount used, told apart by `kind`: a `parameter`, a `table` cell, a `fact` of the
 * household used as a number, an intermediate `value`, another `post`'s amount, or a `const`
 * written in the rule. Amounts are exact decimal strings; facts are the JSON values the rules saw.
 *
 * @example The figures of one rule, told apart by kind
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity, type Explanation, type FigureUse } from 'budgetnorm';
 *
 * // rules/vfn-2026/tests/afloscapaciteit/alleenstaand-huur-aow.json (the lending norm), explained
 * const result = repaymentCapacity(
 *   {
 *     LeeftijdHoofdpersoon: 67,
 *     HeeftPartner: false,
 *     AantalThuiswonendeKinderen: 0,
 *     AantalAutos: 0,
 *     NettoBesteedbaarInkomenPerMaand: 1650,
 *     BijzondereUitgaven: {},
 *     Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 690, HuurServiceKosten: 45 },
 *   },
 *   { date: '2026-03-01', family: 'vfn', explain: true },
 * );
 * const explanation = result.Uitleg;
 * assert.ok(explanation !== undefined); // there with `explain: true`
 * const rule = explanation.posts[0]?.rules.find((r) => r.id === 'levensonderhoud-basisnorm');
 * const figures: readonly FigureUse[] = rule?.figures ?? [];
 * const cell = figures.find((f) => f.kind === 'table');
 * assert.ok(cell?.kind === 'table');
 * assert.equal(cell.name, 'vfnBasisnorm2021');
 * assert.deepEqual(cell.key, { huishouden: 'single', woning: 'rent' });
 * assert.equal(cell.value, '1071');
 * assert.equal(cell.unit, 'EUR/month');
 * assert.equal(cell.provenance, 'read');
 * assert.ok(figures.some((f) => f.kind === 'parameter' && f.name === 'vfnIndexatie2024' && f.value === '1.048'));
 * ```
 */
export type FigureUse =
  | (SourcedFigure & {
      /** A parameter of the rule set. */
      readonly kind: 'parameter';
      /** The parameter's description from the rule set. */
      readonly description: string;
    })
  | (SourcedFigure & {
      /** A cell of one of the rule set's tables. */
      readonly kind: 'table';
      /** The cell's key: per dimension, its category (for a banded dimension, the band's key). */
      readonly key: Readonly<Record<string, string>>;
    })
  | {
      /** A fact of the household used as a number (facts only compared are in a rule's `because`). */
      readonly kind: 'fact';
      /** The fact's name, e.g. `income`, `persons[0].person.age`. */
      readonly name: string;
      /** Its value as the rules saw it. */
      readonly value: string | number | boolean;
    }
  | {
      /** An intermediate value of the calculation; its own rules are in {@link Explanation.values}. */
      readonly kind: 'value';
      /** The value's id. */
      readonly name: string;
      /** Its exact amount, a decimal string. */
      readonly value: string;
    }
  | {
      /** Another post's amount (or the sum of several: `(all posts)`, `(group <code>)`). */
      readonly kind: 'post';
      /** The post's code. */
      readonly name: string;
      /** Which of the post's measures, e.g. `bedrag`, `basis`. */
      readonly measure: string;
      /** Whether the rounded (shown) amount was read rather than the exact one. */
      readonly rounded: boolean;
      /** The amount read, a decimal string. */
      readonly value: string;
    }
  | {
      /** A literal in the rule; `unit` only where the rule gives one (otherwise it takes its neighbours'). */
      readonly kind: 'const';
      /** The literal, a decimal string. */
      readonly value: string;
      /** Its unit, when the rule gives one. */
      readonly unit?: string;
    };

/**
 * An entry of a rule set's sources register, as an explanation cites it.
 *
 * @inline
 */
export interface SourceRef {
  /** The key in the rule set's sources register. */
  readonly key: string;
  /** Who published the source. */
  readonly publisher: string;
  /** The publication's title. */
  readonly title: string;
  /** Its web address, when it has one. */
  readonly url?: string;
  /** A paper or licensed document, when it has no web address (or besides it). */
  readonly document?: string;
  /** The period its figures are for, e.g. `2026`. */
  readonly period: string;
  /** When budgetnorm read the source. */
  readonly read: string;
  /** The register's note on the source, when it has one. */
  readonly note?: string;
  /** Where in the source the figure stands (page, table), when the parameter or cell says. */
  readonly locator?: string;
}

/**
 * A value a condition compared, as the rules saw it: a JSON scalar or a list of them (the
 * literal of an `in`). Numbers are JavaScript numbers, so at most 17 significant digits: within
 * the stated precision, and never rounded.
 *
 * @inline
 */
export type ComparedValue = string | number | boolean | null | readonly (string | number | boolean | null)[];

/**
 * A fact (or `param:<name>`, a parameter) on the value side of a comparison, with the value
 * it had.
 *
 * @inline
 */
export interface ReferenceTrace {
  /** The fact's name, or `param:<name>` for a parameter of the rule set. */
  readonly fact: string;
  /** The JSONPath into the fact, as written in the rule. */
  readonly path?: string;
  /** The value it had; absent when it had none (a path that leads nowhere). */
  readonly receivedValue?: ComparedValue;
}

/**
 * The fact or parameter on the value side of a comparison, or undefined when the value is a
 * literal.
 *
 * @param value - A {@link ComparisonTrace}'s `value`.
 * @returns The reference with the value it had, or undefined for a literal.
 */
export function referenceIn(value: ComparedValue | ReferenceTrace): ReferenceTrace | undefined {
  return typeof value === 'object' && value !== null && 'fact' in value ? value : undefined;
}

/**
 * One comparison as it was evaluated, in the shape of json-rules-engine's condition results:
 * the fact (`param:<name>` for a parameter), the operator and the value as written in the rule,
 * what the fact was (`receivedValue`) and the outcome.
 *
 * @inline
 */
export interface ComparisonTrace {
  /** The fact compared, or `param:<name>` for a parameter. */
  readonly fact: string;
  /** The JSONPath into the fact, as written in the rule. */
  readonly path?: string;
  /** json-rules-engine's operator, as written in the rule: `equal`, `lessThan`, `in`, … */
  readonly operator: string;
  /** The value compared with: a literal as written, or another fact or parameter with the value it had. */
  readonly value: ComparedValue | ReferenceTrace;
  /** The fact's value; absent when it had none (a path that leads nowhere). */
  readonly receivedValue?: ComparedValue;
  /** Whether the comparison held. */
  readonly result: boolean;
}

/**
 * A rule's condition as it was evaluated, as far as it decided: a comparison, or `all`, `any`
 * and `not` holding the parts that decided. `all` that holds and `any` that fails list every
 * part; `all` that fails lists only the first part that failed, and `any` that holds only the
 * first part that held (evaluation stops there, as in json-rules-engine).
 *
 * @example A rule that did not apply, and why, as data
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity, type ConditionTrace } from 'budgetnorm';
 *
 * const result = repaymentCapacity(
 *   {
 *     LeeftijdHoofdpersoon: 67,
 *     HeeftPartner: false,
 *     AantalThuiswonendeKinderen: 0,
 *     AantalAutos: 0,
 *     NettoBesteedbaarInkomenPerMaand: 1650,
 *     BijzondereUitgaven: {},
 *     Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 690, HuurServiceKosten: 45 },
 *   },
 *   { date: '2026-03-01', explain: true },
 * );
 * const minimum = result.Uitleg?.values.find((v) => v.code === 'minimumInkomen');
 * const rule = minimum?.rules.find((r) => r.id === 'minimum-21-tot-aow-alleenstaand');
 * const because: ConditionTrace | undefined = rule?.because;
 * assert.deepEqual(because, {
 *   all: [
 *     { fact: 'age', operator: 'lessThan', value: { fact: 'param:aowLeeftijd', receivedValue: 67 }, receivedValue: 67, result: false },
 *   ],
 *   result: false,
 * });
 * ```
 */
export type ConditionTrace =
  | ComparisonTrace
  | {
      /** The parts that decided: every part when all held, else the first that failed. */
      readonly all: readonly ConditionTrace[];
      /** Whether every part held. */
      readonly result: boolean;
    }
  | {
      /** The parts that decided: the first that held, else every part. */
      readonly any: readonly ConditionTrace[];
      /** Whether some part held. */
      readonly result: boolean;
    }
  | {
      /** The condition negated, as it was evaluated. */
      readonly not: ConditionTrace;
      /** The opposite of its result. */
      readonly result: boolean;
    };

/**
 * One rule of a post or value as it was tried: whether it applied and why, and for a rule that
 * applied the amount it produced with every figure it read.
 *
 * @example Why one rule applied and another did not
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity, type Explanation, type RuleTrace } from 'budgetnorm';
 *
 * const result = repaymentCapacity(
 *   {
 *     LeeftijdHoofdpersoon: 67,
 *     HeeftPartner: false,
 *     AantalThuiswonendeKinderen: 0,
 *     AantalAutos: 0,
 *     NettoBesteedbaarInkomenPerMaand: 1650,
 *     BijzondereUitgaven: {},
 *     Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 690, HuurServiceKosten: 45 },
 *   },
 *   { date: '2026-03-01', family: 'vfn', explain: true },
 * );
 * const rules: readonly RuleTrace[] = result.Uitleg?.posts[0]?.rules ?? [];
 * const [basis, extraChildren] = rules;
 * assert.equal(basis?.id, 'levensonderhoud-basisnorm');
 * assert.equal(basis?.because, undefined); // no condition: it always applies
 * assert.equal(basis?.amounts?.['bedrag'], '1285.74081216');
 * assert.equal(extraChildren?.applied, false);
 * assert.deepEqual(extraChildren?.because, {
 *   all: [{ fact: 'children', operator: 'greaterThanInclusive', value: 2, receivedValue: 0, result: false }],
 *   result: false,
 * });
 * assert.equal(extraChildren?.figures, undefined);
 * ```
 */
export interface RuleTrace {
  /** The rule's id in the calculation file: look it up there to see the rule. */
  readonly id: string;
  /** The rule's description from the calculation file. */
  readonly description: string;
  /** Whether its condition held. */
  readonly applied: boolean;
  /** Its condition as evaluated, as far as it decided (the comparisons with their values); absent for a rule without one, which always applies. */
  readonly because?: ConditionTrace;
  /** Per measure, the rule's exact amount (only for rules that applied). */
  readonly amounts?: Readonly<Record<string, string>>;
  /** Per measure, the amount expression as written in the rule file: with `figures`, enough to recompute. */
  readonly expressions?: Readonly<Record<string, unknown>>;
  /** Each figure read, once, however often the expression uses it. */
  readonly figures?: readonly FigureUse[];
}

/**
 * How one post or intermediate value came about: its rules as they were tried, how they
 * combine, its exact amount and, for a post, the rounded amount the result shows.
 *
 * @example The post Levensonderhoud of the lending norm: exact, then rounded as the result shows it
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity, type AmountTrace, type Explanation } from 'budgetnorm';
 *
 * const result = repaymentCapacity(
 *   {
 *     LeeftijdHoofdpersoon: 67,
 *     HeeftPartner: false,
 *     AantalThuiswonendeKinderen: 0,
 *     AantalAutos: 0,
 *     NettoBesteedbaarInkomenPerMaand: 1650,
 *     BijzondereUitgaven: {},
 *     Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 690, HuurServiceKosten: 45 },
 *   },
 *   { date: '2026-03-01', family: 'vfn', explain: true },
 * );
 * const post: AmountTrace | undefined = result.Uitleg?.posts[0];
 * assert.equal(post?.code, 'Levensonderhoud');
 * assert.equal(post?.combine, 'sum');
 * assert.equal(post?.exact['bedrag'], '1294.27181216');
 * assert.equal(post?.rounded?.['bedrag'], String(result.Posten[0]?.Bedrag));
 * assert.equal(result.Posten[0]?.Bedrag, 1294);
 * ```
 */
export interface AmountTrace {
  /** The post's code; for an intermediate value, its id. */
  readonly code: string;
  /** The description from the calculation file. */
  readonly description: string;
  /** How the rules combine: `first` (the first that applies; later ones are not listed) or `sum` (all that apply). */
  readonly combine: 'first' | 'sum';
  /**
   * Per measure (`bedrag`; `basis` and `voorbeeld`; `amount` for a value), the exact amount, stated
   * to 20 significant digits (docs/explanation.md, "Precision").
   */
  readonly exact: Readonly<Record<string, string>>;
  /** Posts only: per measure, the exact amount rounded by the post's policy, as the result shows it. */
  readonly rounded?: Readonly<Record<string, string>>;
  /**
   * Posts only, and rarely: per measure, the engine's full value (34 significant digits), where
   * `exact` (stated to 20) would not round to `rounded`, so a recomputation lands on the result.
   */
  readonly full?: Readonly<Record<string, string>>;
  /** Posts only: the rounding policy used, by name, with its decimals and mode. */
  readonly rounding?: {
    /** The policy's name in the manifest, e.g. `post`. */
    readonly policy: string;
    /** Decimals kept. */
    readonly decimals: number;
    /** The rounding mode, e.g. `half-up`. */
    readonly mode: string;
  };
  /** The rules tried, in order. */
  readonly rules: readonly RuleTrace[];
}

/**
 * How one total (`TotaalLasten`, `Afloscapaciteit`, `MaximaleAfloscapaciteit`, …) came about.
 *
 * @inline
 */
export interface TotalTrace {
  /** The total's name, as in the result. */
  readonly name: string;
  /** The description from the calculation file. */
  readonly description: string;
  /** The total as the result shows it, a decimal string. */
  readonly value: string;
  /** Every figure its expression read. */
  readonly figures: readonly FigureUse[];
}

/**
 * The explanation of a result (`Uitleg`, with `explain: true` or `?uitleg=true`): for every
 * amount, the rules tried and why they did or did not apply, the amount each produced, and
 * every figure used with its value, unit, source and provenance — enough to recompute the
 * number by hand. All amounts are exact decimal strings, so it is plain JSON. The result types
 * it as a plain object; cast it to this type after checking {@link Explanation.format}.
 * `docs/explanation.md` describes every field.
 *
 * @example Explaining a calculation
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity, type Explanation } from 'budgetnorm';
 *
 * const result = repaymentCapacity(
 *   {
 *     LeeftijdHoofdpersoon: 67,
 *     HeeftPartner: false,
 *     AantalThuiswonendeKinderen: 0,
 *     AantalAutos: 0,
 *     NettoBesteedbaarInkomenPerMaand: 1650,
 *     BijzondereUitgaven: {},
 *     Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 690, HuurServiceKosten: 45 },
 *   },
 *   { date: '2026-03-01', explain: true },
 * );
 * assert.equal(result.Uitleg?.['format'], 'budgetnorm-explanation/3');
 * const explanation = result.Uitleg;
 * assert.ok(explanation !== undefined);
 * assert.equal(explanation.ruleSet.hash, result.Rekenregels.Hash);
 * assert.equal(explanation.calculation, 'afloscapaciteit');
 * assert.equal(explanation.facts['age'], 67);
 * assert.deepEqual(explanation.posts.map((p) => p.code), result.Posten.map((p) => p.Code));
 * assert.deepEqual(
 *   explanation.totals.map((t) => t.name),
 *   ['TotaalLasten', 'TotaalMinimaleLasten', 'Afloscapaciteit', 'MaximaleAfloscapaciteit', 'Tekort', 'MinimaalTekort'],
 * );
 * assert.equal(explanation.totals.find((t) => t.name === 'Tekort')?.value, String(result.Tekort));
 * ```
 */
export interface Explanation {
  /** `budgetnorm-explanation/3`: the shape's version; a reader should not guess at another. */
  readonly format: typeof EXPLANATION_FORMAT;
  /** The rule set used. */
  readonly ruleSet: {
    /** Its id, as `Rekenregels.Id`. */
    readonly id: string;
    /** Its content hash, as `Rekenregels.Hash`. */
    readonly hash: string;
    /** First day of its validity. */
    readonly validFrom: string;
    /** Last day of its validity. */
    readonly validUntil: string;
    /** Its status: `draft`, `reviewed`, `approved` or `withdrawn`. */
    readonly status: string;
  };
  /** `afloscapaciteit` or `pensioenuitgaven`. */
  readonly calculation: string;
  /** The facts read off the household, as the rules saw them. */
  readonly facts: Readonly<Record<string, string | number | boolean>>;
  /** One entry per post, in the order of the result's `Posten`. */
  readonly posts: readonly AmountTrace[];
  /** One entry per intermediate value that was computed and used. */
  readonly values: readonly AmountTrace[];
  /** One entry per total of the calculation file (none for pensioenuitgaven, whose totals are sums of the posts). */
  readonly totals: readonly TotalTrace[];
}
