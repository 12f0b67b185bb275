/**
 * What the OpenAPI document says about values from closed lists, so a generated client
 * (openapi-typescript, openapi-generator) types them as those lists rather than as `string`:
 * - a request enumeration: its integer codes and its names as the contract spells them, each
 *   as an `enum` (the service accepts a name in any letter case; the description says so);
 * - a result's codes (`Code` of posts and groups, `Groep`, `Code` of `Meldingen`): the codes of
 *   the rule sets this service computes with, plus the library's own warnings. Posts, groups
 *   and most warnings are data of a rule set, so the list is worked out from the rule sets the
 *   service has: the document a deployment serves promises exactly what that deployment can
 *   answer, and a deployment with an institution's own rule set lists that set's codes.
 */
import type { z } from 'zod';
import { ruleOf, unwrapPresence } from '../contract/field-rules.js';
import { calculationFile, type OperationRegistry } from '../calculations/operations.js';
import type { RuleSet } from '../rules/rule-set.js';
import { LIBRARY_NOTICE_CODES } from '../calculations/notice-codes.js';

type JsonObject = Record<string, unknown>;

/** The codes of one operation's calculation files: its posts and its groups, each list sorted. */
interface OperationCodes {
  readonly posts: readonly string[];
  readonly groups: readonly string[];
}

/** The codes a set of rule sets can put in a result, each list sorted. */
export interface ResultCodes {
  /** By operation id. */
  readonly operations: Readonly<Record<string, OperationCodes>>;
  readonly notices: readonly string[];
}

export function resultCodes(ruleSets: readonly RuleSet[], operations: OperationRegistry): ResultCodes {
  const notices = new Set<string>(LIBRARY_NOTICE_CODES);
  const sorted = (codes: Iterable<string>) => [...new Set(codes)].sort();
  const byOperation: Record<string, OperationCodes> = {};
  for (const id of Object.keys(operations)) {
    const files = ruleSets.map((set) => calculationFile(set, id)).filter((file) => file !== undefined);
    byOperation[id] = {
      posts: sorted(files.flatMap((file) => file.posts.map((post) => post.code))),
      groups: sorted(files.flatMap((file) => (file.groups ?? []).map((group) => group.code))),
    };
    for (const file of files) {
      for (const item of [...file.posts, ...(file.values ?? [])]) {
        for (const rule of item.rules) if (rule.notice !== undefined) notices.add(rule.notice.code);
      }
    }
  }
  return { operations: byOperation, notices: sorted(notices) };
}

/**
 * A `toJSONSchema` override for the request schemas: an enumeration field becomes `anyOf` its
 * integer codes and its names (each an `enum`) instead of codes and a letter-case pattern, so a
 * generated client offers the names. Other schemas are left as zod renders them.
 */
export function enumerationAsNamesAndCodes(ctx: { zodSchema: unknown; jsonSchema: JsonObject }): void {
  const schema = ctx.zodSchema as z.ZodType;
  // An optional field's wrapper shares the rule; only the enumeration itself is rewritten.
  if (unwrapPresence(schema) !== schema) return;
  const rule = ruleOf(schema);
  if (rule?.kind !== 'enum') return;
  const { description } = ctx.jsonSchema;
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  Object.assign(ctx.jsonSchema, {
    ...(description === undefined ? {} : { description }),
    anyOf: [
      { type: 'integer', enum: rule.definition.members.map((member) => member.code), description: 'the code' },
      {
        type: 'string',
        enum: rule.definition.members.map((member) => member.name),
        description: 'the name, case-insensitive: the service also accepts it in any other letter case',
      },
    ],
  });
}

const CODES_NOTE =
  'the codes of the rule sets this service computes with when the document was made (a rule set installed later can add codes, and the document served then lists them)';

/** Narrows a result's code fields in the rendered component schemas to the codes there are. */
export function narrowResultCodes(
  schemas: Record<string, JsonObject>,
  codes: ResultCodes,
  operations: OperationRegistry,
): void {
  const codeField = (values: readonly string[], what: string) => ({
    type: 'string',
    enum: [...values],
    description: `${what}: one of ${CODES_NOTE}`,
  });
  const itemProperties = (schema: string, array: string): JsonObject => {
    const items = (property(schemas[schema], array)?.['items'] ?? {}) as JsonObject;
    const properties = items['properties'] as JsonObject | undefined;
    if (properties === undefined) throw new Error(`OpenAPI: ${schema}.${array} has no item properties`);
    return properties;
  };
  for (const spec of Object.values(operations)) {
    const codesOf = codes.operations[spec.id];
    for (const field of spec.http.resultCodes) {
      itemProperties(spec.http.result.name, field.array)[field.field] = codeField(
        codesOf?.[field.from] ?? [],
        field.what,
      );
    }
  }
  const melding = schemas['Melding']?.['properties'] as JsonObject | undefined;
  if (melding === undefined) throw new Error('OpenAPI: no Melding schema');
  melding['Code'] = {
    type: 'string',
    enum: [...codes.notices],
    description: `stable code of the warning: one of the library's own (${LIBRARY_NOTICE_CODES.join(', ')}) and ${CODES_NOTE}`,
  };
}

function property(schema: JsonObject | undefined, name: string): JsonObject | undefined {
  return (schema?.['properties'] as Record<string, JsonObject> | undefined)?.[name];
}
