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
 * - Any other type must be the `Request` type, so a TypeScript caller who writes the body out
 *   gets a compile error for a misspelled field, a wrong enumeration name or a missing field.
 *
 * @inline
 */
export type RequestBody<Body, Request> = unknown extends Body ? Body : string extends keyof Body ? Body : Request;
