/**
 * The type of a calculation's body parameter: the request type when TypeScript knows the
 * body's fields, anything when it does not.
 */

/**
 * What {@link repaymentCapacity} and {@link retirementExpenditure} take as `body`; `Body` is
 * inferred from the argument.
 * - `unknown` or `any` (a parsed JSON text, a message from a queue), or an object type that
 *   names no fields, only an index signature (`Record<string, unknown>`): accepted as it is,
 *   and checked by the calculation at run time.
 * - Any other type must be the `Request` type (read-only objects and arrays, as `as const`
 *   gives, are fine), so a TypeScript caller who writes the body out gets a compile error for a
 *   misspelled field, a wrong enumeration name or a missing field.
 *
 * @inline
 * @example Which bodies a calculation takes, by their type
 * ```ts runnable
 * import assert from 'node:assert/strict';
 * import { repaymentCapacity, type RepaymentCapacityRequest, type RequestBody, ValidationError } from 'budgetnorm';
 *
 * // Parsed JSON (unknown) passes through and is checked at run time.
 * type FromJson = RequestBody<unknown, RepaymentCapacityRequest>;
 * const anything: FromJson = { HeeftPartner: 'nee' };
 * assert.throws(() => repaymentCapacity(anything), ValidationError);
 *
 * // A known type must be the request type: this body is checked by the compiler.
 * const body: RequestBody<{ LeeftijdHoofdpersoon: number }, RepaymentCapacityRequest> = {
 *   LeeftijdHoofdpersoon: 66,
 *   HeeftPartner: false,
 *   AantalThuiswonendeKinderen: 0,
 *   AantalAutos: 0,
 *   NettoBesteedbaarInkomenPerMaand: 2200,
 *   BijzondereUitgaven: {},
 *   Woning: { WoningSoort: 'Huurwoning', HuurPerMaand: 700 },
 * };
 * assert.equal(repaymentCapacity(body, { date: '2026-03-01' }).Rekenregels.Id, 'nl-2026');
 * ```
 */
export type RequestBody<Body, Request> = unknown extends Body
  ? Body
  : string extends keyof Body
    ? Body
    : ReadonlyRequest<Request>;

/**
 * The request type with every object and array read-only, so a body declared `as const` (which
 * keeps the names as literals) is accepted as well as an ordinary one; nothing is written to it.
 *
 * @inline
 */
type ReadonlyRequest<T> = T extends readonly (infer Item)[]
  ? readonly ReadonlyRequest<Item>[]
  : T extends object
    ? { readonly [K in keyof T]: ReadonlyRequest<T[K]> }
    : T;
