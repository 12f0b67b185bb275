/**
 * The result bodies of both operations, as zod schemas: the single description from which
 * the TypeScript types, the tests' shape checks and (later) the OpenAPI document come.
 * Amounts are JSON numbers in euros per month, rounded as the rule set says.
 */
import { z } from 'zod';

export const Rekenregels = z.object({
  Id: z.string().describe('rule set id, e.g. nl-2026'),
  GeldigVanaf: z.string().describe('first day the rule set applies (YYYY-MM-DD)'),
  GeldigTot: z.string().describe('last day the rule set applies (YYYY-MM-DD, inclusive)'),
  Hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .describe('SHA-256 of the canonical JSON of the rule files'),
});

export const Melding = z.object({
  Code: z.string().describe('stable code, e.g. OnbekendVeld'),
  Tekst: z.string().describe('plain Dutch text'),
});

/** The explanation (`?uitleg=true`): see docs/explanation.md; shape versioned by its `format`. */
export const Uitleg = z
  .record(z.string(), z.unknown())
  .describe('explanation of every amount (format budgetnorm-explanation/1)');

export const RepaymentCapacityResult = z.object({
  Afloscapaciteit: z.number().min(0),
  NettoBesteedbaarInkomenPerMaand: z.number().min(0),
  Posten: z.array(z.object({ Code: z.string(), Omschrijving: z.string(), Bedrag: z.number().min(0) })),
  TotaalLasten: z.number().min(0),
  Tekort: z.number().min(0),
  Rekenregels,
  Meldingen: z.array(Melding),
  Uitleg: Uitleg.optional(),
});
export type RepaymentCapacityResult = z.infer<typeof RepaymentCapacityResult>;

const BasisVoorbeeld = { Basis: z.number().min(0), Voorbeeld: z.number().min(0) };

export const RetirementExpenditureResult = z.object({
  Posten: z.array(z.object({ Code: z.string(), Omschrijving: z.string(), Groep: z.string(), ...BasisVoorbeeld })),
  Groepen: z.array(z.object({ Code: z.string(), Omschrijving: z.string(), ...BasisVoorbeeld })),
  Totaal: z.object(BasisVoorbeeld),
  Rekenregels,
  Meldingen: z.array(Melding),
  Uitleg: Uitleg.optional(),
});
export type RetirementExpenditureResult = z.infer<typeof RetirementExpenditureResult>;
