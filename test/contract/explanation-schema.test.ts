/**
 * Issue 18: a rule's `because` is data (format budgetnorm-explanation/3). Real explanations,
 * with comparisons against literals and a parameter, and all / any / not, are valid
 * against the zod schema (`Uitleg`) and against the JSON Schema the OpenAPI document gives a
 * client; a `because` in the old sentence form, or a comparison without its outcome, is refused
 * by both.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { ConditionTrace, Explanation } from '../../src/contract/explanation.js';
import { ExplanationSchema } from '../../src/contract/explanation-schema.js';
import { openApiDocument } from '../../src/http/openapi.js';
import { loadRuleSet, repaymentCapacity, retirementExpenditure } from '../../src/index.js';
import { miniFiles } from '../engine/support.js';

const repayment = repaymentCapacity(
  {
    LeeftijdHoofdpersoon: 45,
    HeeftPartner: true,
    AantalThuiswonendeKinderen: 3,
    AantalAutos: 1,
    NettoBesteedbaarInkomenPerMaand: 3200,
    BijzondereUitgaven: { KostenZorg: 40 },
    Woning: { WoningSoort: 'Koopwoning', BrutoHypotheeklasten: 900 },
  },
  { ruleSet: 'nl-2026', explain: true },
).Uitleg as Explanation;
const retirement = retirementExpenditure(
  {
    Hoofdpersonen: [{ Geslacht: 'Vrouw' }],
    Kinderen: [{ Leeftijd: 15 }],
    Autos: [{ AutoKilometersPerJaar: 'Meerdan20K', TypeAuto: 'Middenklasse', StatusAuto: 'Tweedehands' }],
    Woning: { TypeWoning: 'Hoekwoning', SoortWoning: 'Koopwoning', WozWaarde: 350_000 },
    NettoBesteedbaarInkomenPerMaand: 2800,
  },
  { ruleSet: 'nl-2026', explain: true },
).Uitleg as Explanation;
/** The bundled sets have no `not`; the mini fixture's Autos rule is `not (age ≥ param:aowAge)`. */
const mini = repaymentCapacity(
  {
    LeeftijdHoofdpersoon: 70,
    HeeftPartner: false,
    AantalThuiswonendeKinderen: 0,
    AantalAutos: 1,
    NettoBesteedbaarInkomenPerMaand: 3000,
    BijzondereUitgaven: {},
    Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700, HuurServiceKosten: 25 },
  },
  { ruleSet: loadRuleSet(miniFiles()), explain: true },
).Uitleg as Explanation;

function conditions(x: Explanation): ConditionTrace[] {
  return [...x.posts, ...x.values].flatMap((a) => a.rules.flatMap((r) => (r.because === undefined ? [] : [r.because])));
}

/** Every kind of node a trace holds, so the checks below are seen to cover them. */
function kinds(trace: ConditionTrace, into = new Set<string>()): Set<string> {
  if ('all' in trace) {
    into.add('all');
    for (const c of trace.all) kinds(c, into);
  } else if ('any' in trace) {
    into.add('any');
    for (const c of trace.any) kinds(c, into);
  } else if ('not' in trace) {
    into.add('not');
    kinds(trace.not, into);
  } else {
    into.add(
      typeof trace.value === 'object' && trace.value !== null && 'fact' in trace.value ? 'reference' : 'literal',
    );
  }
  return into;
}

/** The explanation with its first rule's `because` replaced. */
function withBecause(x: Explanation, because: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(x)) as { posts: { rules: Record<string, unknown>[] }[] };
  const rule = copy.posts.flatMap((p) => p.rules).find((r) => r['because'] !== undefined);
  if (rule === undefined) throw new Error('no rule with a condition');
  rule['because'] = because;
  return copy;
}

describe('a rule’s because, as data, against the schemas', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'doc', components: (openApiDocument() as { components: unknown }).components });
  const openApi = ajv.getSchema('doc#/components/schemas/Uitleg');
  if (openApi === undefined) throw new Error('the OpenAPI document has no Uitleg schema');

  it('real explanations hold every kind of node, and both schemas accept them as sent', () => {
    const seen = new Set<string>();
    for (const x of [repayment, retirement, mini]) for (const c of conditions(x)) kinds(c, seen);
    expect([...seen].sort()).toEqual(['all', 'any', 'literal', 'not', 'reference']);
    for (const x of [repayment, retirement, mini]) {
      const sent: unknown = JSON.parse(JSON.stringify(x));
      expect(ExplanationSchema.parse(sent)).toEqual(sent);
      expect(openApi(sent), JSON.stringify(openApi.errors)).toBe(true);
    }
  });

  it('refuses a because in the old sentence form, and a comparison without its outcome', () => {
    const old = withBecause(repayment, 'children greaterThanInclusive 2: children is 0, so false');
    const noResult = withBecause(repayment, {
      all: [{ fact: 'children', operator: 'greaterThanInclusive', value: 2, receivedValue: 0 }],
      result: false,
    });
    for (const broken of [old, noResult]) {
      expect(ExplanationSchema.safeParse(broken).success).toBe(false);
      expect(openApi(broken)).toBe(false);
    }
  });
});
