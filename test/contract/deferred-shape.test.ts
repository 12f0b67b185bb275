/**
 * Deferred shapes (src/contract/deferred-shape.ts): a zod object whose shape is built on first
 * read is the same schema as one built at once (the same parse results, issues and JSON Schema),
 * and making, describing, wrapping or putting it in a union does not build it; that is what
 * keeps the result, explanation and rule-file schemas out of a cold start (issue 14).
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { deferredSchema, deferredShape, once } from '../../src/contract/deferred-shape.js';

/** A shape like the rule files' sourced values: an enumeration, a union, an optional, nesting. */
function makeShape() {
  return {
    kind: z.literal('parameter'),
    name: z.string().min(1).describe('the name'),
    value: z.union([z.string().regex(/^\d+$/), z.number()]),
    note: z.string().optional(),
    source: z.strictObject({ key: z.string(), page: z.number().int().min(1) }),
  };
}

function counted() {
  let calls = 0;
  const make = () => {
    calls += 1;
    return makeShape();
  };
  return { make, calls: () => calls };
}

const SAMPLES: unknown[] = [
  { kind: 'parameter', name: 'x', value: '12', source: { key: 'k', page: 3 } },
  { kind: 'parameter', name: 'x', value: 12, note: 'n', source: { key: 'k', page: 3 }, extra: true },
  { kind: 'parameter', name: '', value: 'twelve', source: { key: 'k', page: 0, more: 1 } },
  { kind: 'table', name: 'x', value: 1, source: {} },
  null,
  [],
];

describe('deferredShape', () => {
  it('is not built by making the object, describing it, wrapping it or putting it in a union', () => {
    const { make, calls } = counted();
    const literal = z.literal('parameter');
    const schema = z
      .strictObject(deferredShape(() => ({ ...make(), kind: literal }), { kind: literal }))
      .describe('a sourced value');
    schema.optional();
    schema.nullable();
    z.array(schema).min(1);
    z.discriminatedUnion('kind', [schema, z.strictObject({ kind: z.literal('table') })]);
    expect(calls()).toBe(0);
  });

  it('is built once, on first use, and then parses exactly as the shape written out', () => {
    const { make, calls } = counted();
    const deferred = z.strictObject(deferredShape(make));
    const eager = z.strictObject(makeShape());
    for (const sample of SAMPLES) {
      const [a, b] = [deferred.safeParse(sample), eager.safeParse(sample)];
      expect(a.success).toBe(b.success);
      expect(a.data).toEqual(b.data);
      expect(a.error?.issues).toEqual(b.error?.issues);
    }
    expect(calls()).toBe(1);
    expect(Object.keys(deferred.shape)).toEqual(Object.keys(eager.shape));
  });

  it('gives the JSON Schema of the shape written out, input and output', () => {
    const deferred = z.object(deferredShape(makeShape)).describe('described');
    const eager = z.object(makeShape()).describe('described');
    for (const io of ['input', 'output'] as const) {
      expect(z.toJSONSchema(deferred, { io })).toEqual(z.toJSONSchema(eager, { io }));
    }
  });

  it('refuses a known field that is not the one its shape builds', () => {
    const schema = z.object(deferredShape(makeShape, { kind: z.literal('parameter') }));
    expect(() => schema.parse(SAMPLES[0])).toThrow(/deferred shape field kind differs/);
  });

  it('cannot be written to', () => {
    const shape = deferredShape(makeShape) as Record<string, unknown>;
    expect(() => {
      shape['name'] = z.number();
    }).toThrow(TypeError);
    expect(Reflect.deleteProperty(shape, 'name')).toBe(false);
    expect(shape['name']).toBeInstanceOf(z.ZodString);
  });
});

describe('deferredSchema', () => {
  it('is not made by referring to it from other schemas, only by its first use; then it is the schema written out', () => {
    let calls = 0;
    const key = deferredSchema(() => {
      calls += 1;
      return z.string().regex(/^[a-z]+$/, 'a lowercase key');
    });
    const eagerKey = z.string().regex(/^[a-z]+$/, 'a lowercase key');
    const deferred = z.strictObject(deferredShape(() => ({ keys: z.record(key, z.number()), first: key.optional() })));
    const eager = z.strictObject({ keys: z.record(eagerKey, z.number()), first: eagerKey.optional() });
    expect(calls).toBe(0);
    for (const sample of [{ keys: { a: 1 }, first: 'b' }, { keys: { A: 1 } }, { keys: {}, first: 3 }, {}]) {
      const [a, b] = [deferred.safeParse(sample), eager.safeParse(sample)];
      expect(a.data).toEqual(b.data);
      expect(a.error?.issues).toEqual(b.error?.issues);
    }
    expect(z.toJSONSchema(deferred, { io: 'input' })).toEqual(z.toJSONSchema(eager, { io: 'input' }));
    expect(key).toBeInstanceOf(z.ZodString);
    expect(key.safeParse('abc').success).toBe(true);
    expect(calls).toBe(1);
  });
});

describe('once', () => {
  it('makes its value on the first call only, undefined included', () => {
    let calls = 0;
    const value = once(() => {
      calls += 1;
      return undefined;
    });
    expect(calls).toBe(0);
    expect(value()).toBeUndefined();
    expect(value()).toBeUndefined();
    expect(calls).toBe(1);
  });
});
