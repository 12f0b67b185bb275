/**
 * Zod schemas built when first used rather than when their module loads.
 *
 * Every zod schema made at a module's top level is built when the package is imported, used or
 * not: the result and explanation schemas (some 150 zod instances, read only by the OpenAPI
 * document and by clients checking a response), the rule-file format (read only when a rule set
 * is loaded from its files) and the request schemas' fields cost a cold start more than a third
 * of its time (issue 14: import and one result ≤ 60 ms beyond Node's own start).
 *
 * - {@link deferredShape}: zod resolves an object's shape on first read and keeps what it read
 *   (`$ZodObject` freezes a shape's getters), so a shape that builds its fields on first read
 *   gives the same schema, built later. For schemas whose identity matters (described ones,
 *   which zod's metadata registry holds by identity).
 * - {@link deferredSchema}: the whole schema made on first use, for the rule-file format, which
 *   has no descriptions.
 */

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
 * import (the rule-file format is read only when a set is loaded from its files). Everything is
 * passed on to the schema made, `this` included, so it parses, describes itself and wraps as
 * that schema; only its identity differs, and zod's only identity lookup, the metadata registry,
 * must not hold it: `make` must not `.describe()` or `.meta()` what it returns.
 */
export function deferredSchema<Schema extends object>(make: () => Schema): Schema {
  const made = once(make);
  return new Proxy({} as Schema, {
    get: (_, key) => Reflect.get(made(), key, made()),
    has: (_, key) => Reflect.has(made(), key),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(made(), key);
      // A proxy may report a property its (empty) target lacks only as configurable.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(made()),
    set: (_, key, value) => Reflect.set(made(), key, value, made()),
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}
