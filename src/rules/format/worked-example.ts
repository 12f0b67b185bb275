/**
 * A worked example (`tests/<calculation>/<name>.json`): a request, the date to compute on,
 * the expected figures, and a one-line derivation per post so a reviewer can follow the
 * arithmetic. The test suite and `budgetnorm rules test` run every one.
 */
import * as z from 'zod';
import { deferredSchema } from '../../contract/deferred-shape.js';

export const WorkedExample = deferredSchema(() => {
  const Amount = z.number();
  return z.strictObject({
    $schema: z.string().optional(),
    description: z.string().min(1),
    /** The request body, exactly as a caller would send it. */
    request: z.record(z.string(), z.unknown()),
    /**
     * Expected result figures. `Posten` maps each post code to its amount (repayment: its
     * `Bedrag`, or `{ "Bedrag": …, "Minimaal": … }` to check both) or to
     * `{ "Basis": …, "Voorbeeld": … }` (retirement); other keys are result fields compared
     * exactly (e.g. `Afloscapaciteit`, `Tekort`, `Totaal`), and `MeldingCodes` lists the codes
     * of the expected warnings, sorted. Only the keys given are compared.
     */
    expected: z
      .strictObject({
        Posten: z.record(z.string(), z.union([Amount, z.record(z.string(), Amount)])),
      })
      .catchall(z.unknown()),
    /** One line per post: how its amount follows from the figures. */
    derivation: z.record(z.string(), z.string().min(1)),
  });
});
export type WorkedExample = z.infer<typeof WorkedExample>;
