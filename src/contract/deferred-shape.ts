/**
 * Zod schemas built when first used rather than when their module loads.
 *
 * Every zod schema made at a module's top level is built when the package is imported, used or
 * not: the result and explanation schemas (read only by the OpenAPI
 * document and by clients checking a response), the rule-file format (read only when a rule set
 * is loaded from its files) and the request schemas' fields would make a cold start pay for all.
 *
 * - {@link deferredShape}: zod resolves an object's shape on first read and keeps what it read
 *   (`$ZodObject` freezes a shape's getters), so a shape that builds its fields on first read
 *   gives the same schema, built later: an object that is made, its fields not yet.
 * - {@link deferredSchema}: the whole schema made on first use, for the rule-file format, which
 *   has no descriptions, and the results' plain objects; a stand-in takes its place.
 * - {@link deferredDescribedSchema}: the same for a described schema (the request and result
 *   objects, the explanation): its stand-in is entered in zod's metadata registry with the
 *   schema's description when it is first used, which is before anything can look it up there.
 *
 * With these, importing the package builds no zod schema at all: the first one built paid for
 * zod's own first use.
 */
import * as z from 'zod';

/**
 * The shape `make` returns, as an object that calls `make` (once) when it is first read: pass it
 * to `z.object` / `z.strictObject` in place of the literal. `make` must not read the shape it
 * builds. Reading is all zod does with a shape; writing to this one is refused.
 *
 * `known`: fields that can be read without building the rest, the same schemas `make` puts in
 * its shape (a discriminated union checks each option's discriminator when it is made).
 */
export function deferredShape<Shape extends object>(
  make: () => Shape,
  known: Readonly<Record<string, unknown>> = {},
): Shape {
  let shape: Shape | undefined;
  const built = (): Shape => {
    if (shape === undefined) {
      const made = make();
      for (const key of Object.keys(known)) {
        if ((made as Record<string, unknown>)[key] !== known[key]) {
          throw new Error(`internal: deferred shape field ${key} differs from the one known before`);
        }
      }
      shape = made;
    }
    return shape;
  };
  const isKnown = (key: string | symbol): key is string => typeof key === 'string' && Object.hasOwn(known, key);
  return new Proxy({} as Shape, {
    get: (_, key) => (isKnown(key) ? known[key] : Reflect.get(built(), key)),
    has: (_, key) => isKnown(key) || Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = isKnown(key)
        ? Reflect.getOwnPropertyDescriptor(known, key)
        : Reflect.getOwnPropertyDescriptor(built(), key);
      // A proxy may report a property its (empty) target lacks only as configurable.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}

/** `make`'s value, made on the first call and the same value afterwards. */
export function once<T>(make: () => T): () => T {
  let made = false;
  let value: T | undefined;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}

/**
 * The schema `make` returns, made when it is first used (read, called, wrapped, checked with
 * `instanceof`) rather than when its module loads: for exported schemas that nothing reads at
 * import (the rule-file format is read only when a set is loaded from its files). Every read is
 * passed on to the schema made, with the stand-in as `this`, so it parses and describes itself as
 * that schema, and what it wraps holds the stand-in. Only its identity differs from the schema
 * made, and zod's identity lookup, the metadata registry, must not hold that one: `make` must not
 * `.describe()` or `.meta()` what it returns
 * ({@link deferredDescribedSchema} is for a schema that does).
 *
 * Nor may it return a wrapper (`.optional()`, `z.lazy`, …: {@link WRAPPER_TYPES}), which is
 * refused when made: zod's JSON Schema generator files each schema it meets under that schema,
 * the stand-in here, and a wrapper's own step then looks itself up under the schema made, which
 * it never met. A recursive schema refers to its stand-in instead of going through `z.lazy`: the
 * stand-in is what defers it.
 */
export function deferredSchema<Schema extends object>(make: () => Schema): Schema {
  const made = once(() => unwrapped(make()));
  // The stand-in is the receiver of every read: zod binds a method to the schema it is first read
  // from, so `.optional()`, `.describe()` and the like wrap the stand-in, the identity the other
  // schemas and the registries hold. What zod keeps on a schema that way (the bound method, as an
  // own property) lands on the stand-in's target, which every read looks at first.
  return new Proxy({} as Schema, {
    get: (target, key, receiver) =>
      Object.hasOwn(target, key) ? Reflect.get(target, key) : Reflect.get(made(), key, receiver),
    has: (target, key) => Reflect.has(target, key) || Reflect.has(made(), key),
    ownKeys: (target) => [...new Set([...Reflect.ownKeys(made()), ...Reflect.ownKeys(target)])],
    getOwnPropertyDescriptor: (target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key) ?? Reflect.getOwnPropertyDescriptor(made(), key);
      // A proxy may report a property its target lacks only as configurable.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(made()),
    set: (_, key, value, receiver) => Reflect.set(made(), key, value, receiver),
    defineProperty: (target, key, descriptor) =>
      Reflect.defineProperty(target, key, { ...descriptor, configurable: true }),
    deleteProperty: (target, key) => Reflect.deleteProperty(target, key),
  });
}

/**
 * The schema kinds whose JSON Schema step looks the schema up by its own identity
 * (zod/v4/core/json-schema-processors.js): not to be made by {@link deferredSchema}.
 */
export const WRAPPER_TYPES: ReadonlySet<string> = new Set([
  'optional',
  'nullable',
  'nonoptional',
  'default',
  'prefault',
  'catch',
  'readonly',
  'promise',
  'lazy',
]);

function unwrapped<Schema extends object>(schema: Schema): Schema {
  const type = (schema as { _zod?: { def?: { type?: unknown } } })._zod?.def?.type;
  if (typeof type === 'string' && WRAPPER_TYPES.has(type)) {
    throw new Error(`internal: a deferred schema may not be a ${type} wrapper (see deferredSchema)`);
  }
  return schema;
}

/** What a described schema carries in zod's metadata registry: here, its description. */
export interface SchemaDescription {
  readonly description: string;
}

/**
 * {@link deferredSchema} for a schema `make` describes (`.describe(text)` or
 * `.meta({ description })`). zod's metadata registry holds descriptions by schema identity, and
 * the JSON Schema and OpenAPI generators look them up by the schema they meet, which is the
 * stand-in wherever it was used: so the stand-in is entered in the registry with `description`
 * when it is first used, and the schema made must carry the very same (checked then).
 *
 * @example A request object described once, built when first used
 * ```ts
 * const Woning = deferredDescribedSchema({ description: 'The dwelling' }, () =>
 *   z.object({ HuurPerMaand: z.number() }).meta({ description: 'The dwelling' }),
 * );
 * z.toJSONSchema(Woning).description; // 'The dwelling', and only now is the object built
 * ```
 */
export function deferredDescribedSchema<Schema extends z.ZodType>(
  description: SchemaDescription,
  make: () => Schema,
): Schema {
  const schema: Schema = deferredSchema(() => {
    const made = make();
    const carried = z.globalRegistry.get(made)?.description;
    if (carried !== description.description) {
      throw new Error(
        `internal: a deferred schema described as ${JSON.stringify(description.description)} was made with the description ${JSON.stringify(carried)}`,
      );
    }
    // The stand-in enters the registry when it is first used, not when its module loads, so that
    // loading the package touches no part of zod. Whatever looks the stand-in up in the registry
    // has used it first: zod's JSON Schema generator reads a schema's definition before its
    // metadata, and reading `description` off the stand-in makes it.
    z.globalRegistry.add(schema, { description: description.description });
    return made;
  });
  return schema;
}
