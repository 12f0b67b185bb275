/**
 * The stable `code` of every issue a request parser can report. Programs branch on these, so
 * they are part of the public contract: add new ones, never rename or reuse one.
 */
export const ISSUE_CODES = Object.freeze({
  /** The body itself is not a JSON object (an array, a string, a number, null…). Path ``. */
  invalidBody: 'invalid_body',
  /** A required field is absent or null. */
  required: 'required',
  /** The value has the wrong JSON type (a string for an integer, an array for an object…). */
  invalidType: 'invalid_type',
  /** A number where a whole number is required. */
  notInteger: 'not_integer',
  /** A number below the field's minimum. */
  tooSmall: 'too_small',
  /** A number above the field's maximum. */
  tooBig: 'too_big',
  /** Neither one of the enumeration's codes nor one of its names. */
  invalidEnum: 'invalid_enum',
  /** An array with fewer entries than required (an empty `Hoofdpersonen`). */
  tooFewItems: 'too_few_items',
  /** An array with more entries than allowed. */
  tooManyItems: 'too_many_items',
  /** Two fields of which only one may be given were both given. */
  mutuallyExclusive: 'mutually_exclusive',
  /** Anything the schema rejects that none of the above describes; not expected to occur. */
  invalidValue: 'invalid_value',
} as const);

export type IssueCode = (typeof ISSUE_CODES)[keyof typeof ISSUE_CODES];
