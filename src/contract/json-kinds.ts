/**
 * Telling JSON values apart, and naming their kind in an error message.
 *
 * Messages name the kind of value a caller sent, and echo it only when it is a number or a
 * boolean: strings can be long and can carry personal data that has no business in a log.
 */

/** A JSON object: not null, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a string`, `an array`, `1.5`, `null`…, for "got …" in an error message. */
export function describeJsonValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'number':
    case 'boolean':
      return String(value);
    case 'string':
      return 'a string';
    case 'object':
      return 'an object';
    default:
      return `a value of type ${typeof value}`;
  }
}
