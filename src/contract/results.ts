/**
 * The result bodies of both operations, as zod schemas: the single description from which
 * the TypeScript types, the tests' shape checks and (later) the OpenAPI document come.
 * Amounts are JSON numbers in euros per month, rounded as the rule set says.
 */
import * as z from 'zod';
import type { Explanation, ProvenanceKind } from './explanation.js';
import { deferredDescribedSchema, deferredSchema, once } from './deferred-shape.js';
import { ExplanationSchema } from './explanation-schema.js';
import { RuleSetStatus } from './rule-set-status.js';
import type {
  NoticeCode,
  RepaymentPostCode,
  RetirementGroupCode,
  RetirementPostCode,
} from './result-codes.generated.js';

/**
 * A code field: at run time any string (an institution's own rule set has codes of its own),
 * typed as the bundled sets' codes (src/contract/result-codes.generated.ts, as the OpenAPI
 * document lists them) so an editor offers them, with any other string still accepted.
 */
const knownCode = <Code extends string>() => z.string() as unknown as z.ZodType<Code | (string & {})>;

/**
 * How well founded one amount is (`provenance: true`, `?onderbouwing=true`): the weakest
 * provenance among the rule-set figures it used for this household, and the names of the
 * estimates and to-verify values among them. See docs/contract.md, "Onderbouwing".
 */
const ONDERBOUWING = {
  description: 'how well founded the amount is: weakest provenance and the uncertain figures behind it',
};
export const OnderbouwingSchema = deferredDescribedSchema(ONDERBOUWING, () =>
  z
    .object({
      /**
       * The weakest provenance among the figures the amount used, from best to worst `read`,
       * `derived`, `to-verify`, `estimate` (the rule files' own words). `read` too when the amount
       * used no rule-set figure at all (only the household's own figures).
       */
      Zwakst: z
        .enum(['read', 'derived', 'to-verify', 'estimate'])
        .describe(
          'weakest provenance among the figures used: read < derived < to-verify < estimate',
        ) as unknown as z.ZodType<ProvenanceKind>,
      /** The estimates it used: a parameter's name, or `table [dimension=key, …]` for a table cell. */
      Schattingen: z.array(z.string()).describe('names of the estimates used (parameter, or table [dim=key, …])'),
      /** The to-verify values it used, named the same way. */
      TeVerifieren: z.array(z.string()).describe('names of the to-verify values used'),
    })
    .meta(ONDERBOUWING),
);
/**
 * How well founded one amount of a result is, as `provenance: true` (`?onderbouwing=true`) adds
 * it to every post, group and total: `Zwakst`, the weakest provenance among the rule-set figures
 * the amount used for this household (`read` < `derived` < `to-verify` < `estimate`), and the
 * names of the estimates (`Schattingen`) and to-verify values (`TeVerifieren`) among them.
 * `docs/contract.md` describes it; `docs/explanation.md` how it is derived.
 *
 * @useDeclaredType
 * @example Which estimates a post rests on
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { retirementExpenditure, type Onderbouwing } from 'budgetnorm';
 *
 * const result = retirementExpenditure(
 *   {
 *     Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
 *     Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Huurwoning' },
 *     NettoBesteedbaarInkomenPerMaand: 2200,
 *   },
 *   { date: '2026-03-01', provenance: true },
 * );
 * const food: Onderbouwing | undefined = result.Posten.find((p) => p.Code === 'Voeding')?.Onderbouwing;
 * assert.equal(food?.Zwakst, 'estimate');
 * assert.ok((food?.Schattingen.length ?? 0) > 0);
 * // The total rests on every post's figures, so it is as weak as the weakest post.
 * assert.equal(result.Totaal.Onderbouwing?.Zwakst, 'estimate');
 * for (const name of food?.Schattingen ?? []) assert.ok(result.Totaal.Onderbouwing?.Schattingen.includes(name));
 * ```
 */
export type Onderbouwing = z.infer<typeof OnderbouwingSchema>;

export const Rekenregels = deferredSchema(() =>
  z.object({
    /** The rule set's id, e.g. `nl-2026`. */
    Id: z.string().describe('rule set id, e.g. nl-2026'),
    /** The first day the rule set applies (`YYYY-MM-DD`). */
    GeldigVanaf: z.string().describe('first day the rule set applies (YYYY-MM-DD)'),
    /** The last day the rule set applies (`YYYY-MM-DD`, inclusive). */
    GeldigTot: z.string().describe('last day the rule set applies (YYYY-MM-DD, inclusive)'),
    /** SHA-256 (hex) of the canonical JSON of the rule files: equal hashes, equal figures and rules. */
    Hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe('SHA-256 of the canonical JSON of the rule files'),
    /**
     * How far the rule set has come: `draft`, `reviewed`, `approved` (final) or `withdrawn`. A
     * result of a set that is not `approved` also carries the warning `RekenregelsNietVastgesteld`.
     */
    Status: RuleSetStatus.describe(
      'the rule set status: draft, reviewed, approved (final) or withdrawn; not approved also gives the warning RekenregelsNietVastgesteld',
    ),
    /**
     * The method the calculation implements, as its rule file names it: `Id` (e.g.
     * `vfn-leennorm`, `referentiebudget`) and `Naam`. Every bundled set names one; absent only
     * for an own rule set whose calculation file names none.
     */
    Methode: z
      .object({
        /** The method's stable id, e.g. `vfn-leennorm`. */
        Id: z.string().describe('method id, e.g. vfn-leennorm or referentiebudget'),
        /** The method's name for people. */
        Naam: z.string().describe('method name, e.g. VFN-leennorm (consumptief krediet)'),
      })
      .optional()
      .describe(
        'the method the calculation implements (docs/methods/README.md); absent only when an own rule set names none',
      ),
  }),
);

export const Melding = deferredSchema(() =>
  z.object({
    /** Stable code, e.g. `OnbekendVeld` (an unknown request field was ignored) or a rule set's own notice. */
    Code: knownCode<NoticeCode>().describe('stable code, e.g. OnbekendVeld'),
    /** The warning in plain Dutch. */
    Tekst: z.string().describe('plain Dutch text'),
  }),
);

/**
 * The explanation (`?uitleg=true`): see docs/explanation.md; shape versioned by its `format`.
 * Checked field by field ({@link ExplanationSchema}), and so described in the OpenAPI
 * document; its type is the documented {@link Explanation}, which that schema agrees with.
 */
export const Uitleg: z.ZodType<Explanation> = ExplanationSchema;

/**
 * The schema of a repayment capacity result (`POST /Afloscapaciteit/Resultaat`), as a zod
 * schema: the same description the OpenAPI document is generated from. A client of the HTTP
 * service can check a response with it; the type of the same name is what it accepts.
 *
 * @example Checking a response body
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { RepaymentCapacityResult } from 'budgetnorm';
 *
 * const body: unknown = JSON.parse(
 *   '{"Afloscapaciteit":134,"MaximaleAfloscapaciteit":214,"NettoBesteedbaarInkomenPerMaand":2200,"Posten":[],' +
 *     '"TotaalLasten":2066,"TotaalMinimaleLasten":1986,"Tekort":0,"MinimaalTekort":0,' +
 *     '"Rekenregels":{"Id":"nl-2026","GeldigVanaf":"2026-01-01","GeldigTot":"2026-12-31","Hash":"' + '0'.repeat(64) + '","Status":"draft"},' +
 *     '"Meldingen":[]}',
 * );
 * const checked = RepaymentCapacityResult.safeParse(body);
 * assert.ok(checked.success);
 * assert.equal(checked.data.Afloscapaciteit, 134);
 * assert.equal(RepaymentCapacityResult.safeParse({ ...(body as object), Tekort: -1 }).success, false);
 * ```
 */
export const RepaymentCapacityResult = deferredSchema(
  // Over 80 lines because it is a declarative literal: the result's fields, each with its TSDoc.
  () =>
    z.object({
      /**
       * What is left each month to repay debts: the income minus the expenditure (the posts'
       * `Bedrag`), never below 0. With the reference-budget sets (`nl`) the living costs are at
       * the standard level, a limited economy: the amount for a long arrangement. With the lending
       * norm (`vfn`) they are the norm with its income surcharge. The bundled rule sets subtract
       * the exact (unrounded) posts and round down.
       */
      Afloscapaciteit: z
        .number()
        .min(0)
        .describe(
          "what is left each month to repay debts: income minus the expenditure (the posts' Bedrag), at least 0; reference budgets (nl): with the living costs at the standard level, for a long arrangement",
        ),
      /**
       * What the household could repay each month if it cut its spending to the minimum: the income
       * minus the minimum necessary expenditure (the posts' `Minimaal`), never below 0, never below
       * `Afloscapaciteit`. With the reference-budget sets (`nl`) every living-cost post is at its
       * minimum level (docs/methods/afloscapaciteit.md): the amount for a short arrangement. With
       * the lending norm (`vfn`) it is the norm without its income surcharge
       * (docs/methods/vfn-leennorm.md). Rounded down.
       */
      MaximaleAfloscapaciteit: z
        .number()
        .min(0)
        .describe(
          "what the household could repay with its spending cut to the minimum: income minus the minimum necessary expenditure (the posts' Minimaal), at least Afloscapaciteit; reference budgets (nl): every living-cost post at its minimum level, for a short arrangement",
        ),
      /** The net disposable income per month, as given in the request. */
      NettoBesteedbaarInkomenPerMaand: z.number().min(0),
      /** Every expenditure post of the rule set, in its order; a post that does not apply is there with 0. */
      Posten: z.array(
        z.object({
          /**
           * The post's stable code: with the reference-budget sets (`nl`) the fifteen living-cost
           * posts (`Voeding`, `Gas`, …) then `Woonlasten`, `Autokosten` and the special
           * expenditures; with the lending norm (`vfn`) one `Levensonderhoud`, then the same. An
           * institution's own set may have others.
           */
          Code: knownCode<RepaymentPostCode>(),
          /** The post in plain Dutch. */
          Omschrijving: z.string(),
          /**
           * Euros per month, rounded as the rule set says. Reference budgets (`nl`): a living-cost
           * post at the standard level (a limited economy, between the minimum and what comparable
           * households spend); lending norm (`vfn`): the norm with its income surcharge. The
           * household's own costs (housing, special expenditures) as given.
           */
          Bedrag: z
            .number()
            .min(0)
            .describe(
              'the post, euros per month: reference budgets (nl) at the standard level (a limited economy); lending norm (vfn) the norm with its income surcharge',
            ),
          /**
           * The minimum necessary amount of the post, euros per month, rounded as `Bedrag`; at most
           * `Bedrag`. Reference budgets (`nl`): the post at the minimum level (what is necessary),
           * below `Bedrag` for most living-cost posts and for cars; the household's own costs as
           * given. Lending norm (`vfn`): it differs only for `Levensonderhoud` (the norm without
           * its income surcharge).
           */
          Minimaal: z
            .number()
            .min(0)
            .describe(
              'the post at its minimum level, euros per month, at most Bedrag; the lending norm (vfn) differs only for Levensonderhoud (no income surcharge)',
            ),
          /** Only with `provenance: true` (`?onderbouwing=true`): how well founded `Bedrag` and `Minimaal` are (together). */
          Onderbouwing: OnderbouwingSchema.optional(),
        }),
      ),
      /** The expenditure per month (the posts' `Bedrag`); with the bundled rule sets the sum of the rounded `Posten`, so it adds up. */
      TotaalLasten: z.number().min(0).describe("the expenditure per month (the sum of the posts' Bedrag)"),
      /** The minimum necessary expenditure per month; with the bundled rule sets the sum of the posts' `Minimaal`. */
      TotaalMinimaleLasten: z
        .number()
        .min(0)
        .describe("the minimum necessary expenditure per month (the sum of the posts' Minimaal)"),
      /** How much the necessary expenditure exceeds the income, per month; 0 when it does not. The bundled sets round it up. */
      Tekort: z
        .number()
        .min(0)
        .describe('how far the necessary expenditure exceeds the income per month; 0 when it does not'),
      /**
       * How much even the minimum necessary expenditure exceeds the income, per month; 0 when it
       * does not (then `MaximaleAfloscapaciteit` says what is left). Never above `Tekort`.
       */
      MinimaalTekort: z
        .number()
        .min(0)
        .describe('how far even the minimum necessary expenditure exceeds the income per month; 0 when it does not'),
      /** The rule set that computed the result: its id, validity and content hash. */
      Rekenregels,
      /** Warnings: request fields that were ignored, assumptions the rules made (e.g. `HuurOntbreekt`). */
      Meldingen: z.array(Melding),
      /**
       * Only with `provenance: true` (`?onderbouwing=true`): how well founded each total is, by the
       * total's name.
       */
      OnderbouwingTotalen: z
        .object({
          /** How well founded `TotaalLasten` is. */
          TotaalLasten: OnderbouwingSchema,
          /** How well founded `TotaalMinimaleLasten` is. */
          TotaalMinimaleLasten: OnderbouwingSchema,
          /** How well founded `Afloscapaciteit` is. */
          Afloscapaciteit: OnderbouwingSchema,
          /** How well founded `MaximaleAfloscapaciteit` is. */
          MaximaleAfloscapaciteit: OnderbouwingSchema,
          /** How well founded `Tekort` is. */
          Tekort: OnderbouwingSchema,
          /** How well founded `MinimaalTekort` is. */
          MinimaalTekort: OnderbouwingSchema,
        })
        .optional(),
      /** Only with `explain: true` (`?uitleg=true`): how every amount came about; see {@link Explanation}. */
      Uitleg: Uitleg.optional(),
    }),
);
/**
 * A repayment capacity result, as {@link repaymentCapacity} returns it and
 * `POST /Afloscapaciteit/Resultaat` answers it. Amounts are whole euros per month (as the rule
 * set rounds them), never negative.
 *
 * @useDeclaredType
 * @example Reading a result
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity, type RepaymentCapacityResult } from 'budgetnorm';
 *
 * const result: RepaymentCapacityResult = repaymentCapacity(
 *   {
 *     LeeftijdHoofdpersoon: 28,
 *     HeeftPartner: false,
 *     AantalThuiswonendeKinderen: 0,
 *     AantalAutos: 0,
 *     NettoBesteedbaarInkomenPerMaand: 2500,
 *     BijzondereUitgaven: {},
 *     Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: null, HuurServiceKosten: 25 },
 *   },
 *   { date: '2026-03-01' },
 * );
 * // rules/nl-2026/tests/afloscapaciteit/huurder-zonder-huur.json: no rent given, so the rule set
 * // assumes the norm rent (the huurtoeslag rent limit, 932.93) and says so.
 * assert.ok(result.Meldingen.some((m) => m.Code === 'HuurOntbreekt'));
 * assert.equal(result.Posten.find((p) => p.Code === 'Woonlasten')?.Bedrag, 958); // 932.93 + 25
 * assert.ok(result.Afloscapaciteit > 0 && result.Tekort === 0);
 * assert.equal(result.Posten.reduce((sum, p) => sum + p.Bedrag, 0), result.TotaalLasten);
 * // At the minimum level of every living-cost post more is left to repay.
 * assert.equal(result.Posten.reduce((sum, p) => sum + p.Minimaal, 0), result.TotaalMinimaleLasten);
 * assert.ok(result.MaximaleAfloscapaciteit >= result.Afloscapaciteit);
 * ```
 */
export type RepaymentCapacityResult = z.infer<typeof RepaymentCapacityResult>;

const basisVoorbeeld = once(() => ({
  /** What the household type minimally needs, euros per month. */
  Basis: z.number().min(0),
  /** What comparable households spend, euros per month. */
  Voorbeeld: z.number().min(0),
  /** Only with `provenance: true` (`?onderbouwing=true`): how well founded `Basis` and `Voorbeeld` are (together). */
  Onderbouwing: OnderbouwingSchema.optional(),
}));

/**
 * The schema of a retirement expenditure result (`POST /pensioenuitgaven/Resultaat`), as a zod
 * schema: the same description the OpenAPI document is generated from. A client of the HTTP
 * service can check a response with it; the type of the same name is what it accepts.
 *
 * @example Checking a result
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { retirementExpenditure, RetirementExpenditureResult } from 'budgetnorm';
 *
 * const result = retirementExpenditure(
 *   {
 *     Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
 *     Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Huurwoning' },
 *     NettoBesteedbaarInkomenPerMaand: 2200,
 *   },
 *   { date: '2026-03-01' },
 * );
 * const sent: unknown = JSON.parse(JSON.stringify(result)); // as a client receives it
 * assert.deepEqual(RetirementExpenditureResult.parse(sent), result);
 * ```
 */
export const RetirementExpenditureResult = deferredSchema(() =>
  z.object({
    /** Every expenditure post of the rule set, in its order, each with the group it counts in. */
    Posten: z.array(
      z.object({
        /** The post's stable code, e.g. `Voeding`, `Gas`: one of the bundled sets', or another of an institution's own set. */
        Code: knownCode<RetirementPostCode>(),
        /** The post in plain Dutch. */
        Omschrijving: z.string(),
        /** The code of the group the post belongs to (an entry of `Groepen`). */
        Groep: knownCode<RetirementGroupCode>(),
        ...basisVoorbeeld(),
      }),
    ),
    /** Per group of posts (e.g. housing costs), the sums of its rounded posts. */
    Groepen: z.array(
      z.object({
        /** The group's stable code. */
        Code: knownCode<RetirementGroupCode>(),
        /** The group in plain Dutch. */
        Omschrijving: z.string(),
        ...basisVoorbeeld(),
      }),
    ),
    /** The sums of all rounded posts. */
    Totaal: z.object(basisVoorbeeld()),
    /** The rule set that computed the result: its id, validity and content hash. */
    Rekenregels,
    /** Warnings: request fields that were ignored, assumptions the rules made. */
    Meldingen: z.array(Melding),
    /** Only with `explain: true` (`?uitleg=true`): how every amount came about; see {@link Explanation}. */
    Uitleg: Uitleg.optional(),
  }),
);
/**
 * A retirement expenditure result, as {@link retirementExpenditure} returns it and
 * `POST /pensioenuitgaven/Resultaat` answers it. Amounts are whole euros per month, never
 * negative; group subtotals and the total are sums of the rounded posts.
 *
 * @useDeclaredType
 * @example Reading a result
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { retirementExpenditure, type RetirementExpenditureResult } from 'budgetnorm';
 *
 * // rules/nl-2026/tests/pensioenuitgaven/02-alleenstaande-vrouw-huur-tussenwoning.json
 * const result: RetirementExpenditureResult = retirementExpenditure(
 *   {
 *     Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
 *     Woning: { TypeWoning: 'Tussenwoning', SoortWoning: 'Huurwoning' },
 *     NettoBesteedbaarInkomenPerMaand: 2200,
 *   },
 *   { date: '2026-03-01' },
 * );
 * assert.deepEqual(result.Totaal, { Basis: 1103, Voorbeeld: 1421 });
 * for (const post of result.Posten) assert.ok(post.Voorbeeld >= post.Basis, post.Code);
 * // The bundled sets are drafts, and every result says so.
 * assert.deepEqual(result.Meldingen.map((m) => m.Code), ['RekenregelsNietVastgesteld']);
 * ```
 */
export type RetirementExpenditureResult = z.infer<typeof RetirementExpenditureResult>;
