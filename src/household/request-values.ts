/**
 * Turning validated request values into household values: whole euros into money (the one
 * pinned decimal.js configuration of contract/money.ts, so no calculation on a household
 * amount falls back to decimal.js's defaults), codes and names into household enumeration
 * values, and "not given" into an absent key.
 */
import type { Decimal } from 'decimal.js';
import { decodeEnum, describeEnumMembers, type EnumDefinition } from '../contract/enums.js';
import { ValidationError } from '../contract/errors.js';
import { ISSUE_CODES } from '../contract/issue-codes.js';
import { money } from '../contract/money.js';

/** A JSON number can be -0; a household should never show "-0" anywhere. */
export function wholeNumber(value: number): number {
  return value === 0 ? 0 : value;
}

/** Whole euros from the request as money. */
export function wholeEuros(euros: number): Decimal {
  return money(wholeNumber(euros));
}

/**
 * How a household holds a request's whole euros: as money (`wholeEuros`, the public
 * household) or as the number itself (`wholeNumber`, what the calculations read).
 */
export type AmountOf<Amount> = (euros: number) => Amount;

/** Sets `target[key]` to the amount when the request gave one (absent and null mean "not given"). */
export function setGivenAmount<Amount, K extends string>(
  target: { [P in K]?: Amount },
  key: K,
  euros: number | null | undefined,
  amount: AmountOf<Amount>,
): void {
  if (euros !== null && euros !== undefined) target[key] = amount(euros);
}

/**
 * The household value of an enumeration field that already passed the schema. The schema's
 * pattern and the decoder accept the same codes and names, so the throw is unreachable; it is
 * a ValidationError all the same, because parsing promises to throw nothing else.
 */
export function decodeValidatedEnum<V extends string>(
  definition: EnumDefinition<V>,
  input: string | number,
  path: string,
): V {
  const value = decodeEnum(definition, input);
  if (value === undefined) {
    throw new ValidationError([
      { path, code: ISSUE_CODES.invalidEnum, message: `expected one of ${describeEnumMembers(definition)}` },
    ]);
  }
  return value;
}

export function decodeOptionalEnum<V extends string>(
  definition: EnumDefinition<V>,
  input: string | number | null | undefined,
  path: string,
): V | undefined {
  return input === null || input === undefined ? undefined : decodeValidatedEnum(definition, input, path);
}
