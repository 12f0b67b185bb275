/**
 * Turning validated request values into household values: whole euros into money (the one
 * pinned decimal.js configuration of contract/money.ts, so no calculation on a household
 * amount falls back to decimal.js's defaults), codes and names into household enumeration
 * values, and "not given" into an absent key.
 */
import type { Decimal } from 'decimal.js';
import { decodeEnum, describeEnumMembers, type EnumDefinition } from '../../../../src/contract/enums.js';
import { ValidationError } from '../../../../src/contract/errors.js';
import { ISSUE_CODES } from '../../../../src/contract/issue-codes.js';
import { money } from '../../../../src/contract/money.js';

/** A JSON number can be -0; a household should never show "-0" anywhere. */
export function wholeNumber(value: number): number {
  return value === 0 ? 0 : value;
}

/** Whole euros from the request as money. */
export function wholeEuros(euros: number): Decimal {
  return money(wholeNumber(euros));
}

/** Money when given; `undefined` for absent or null (both mean "not given"). */
export function optionalWholeEuros(euros: number | null | undefined): Decimal | undefined {
  return euros === null || euros === undefined ? undefined : wholeEuros(euros);
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

/**
 * `{ [key]: value }` when the value is given, `{}` otherwise: spread it into an object literal
 * so that an absent value leaves the key out altogether (the household never holds
 * `undefined`, see household.ts).
 */
export function optionalEntry<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
