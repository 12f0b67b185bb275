/**
 * Deferred shapes (src/contract/deferred-shape.ts): a zod object whose shape is built on first
 * read is the same schema as one built at once (the same parse results, issues and JSON Schema),
 * and making, describing, wrapping or putting it in a union does not build it; that is what
 * keeps the result, explanation and rule-file schemas out of a cold start (issue 14).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { deferredDescribedSchema, deferredSchema, deferredShape, once } from '../../src/contract/deferred-shape.js';
import { RepaymentCapacityResult } from '../../src/contract/results.js';
import { repaymentRequestSchema } from '../../src/contract/repayment-request.js';
import { SINGLE_TENANT_REPAYMENT } from '../support/request-bodies.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

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

describe('deferredDescribedSchema', () => {
  const DESCRIBED = { description: 'a dwelling' };
  const make = () => z.object({ rent: z.number().min(0).describe('rent') }).meta(DESCRIBED);

  it('carries its description wherever it is looked up, and gives the JSON Schema of the schema written out', () => {
    let calls = 0;
    const add = vi.spyOn(z.globalRegistry, 'add');
    const deferred = deferredDescribedSchema(DESCRIBED, () => {
      calls += 1;
      return make();
    });
    const inObject = z.object(deferredShape(() => ({ home: deferred.optional() })));
    expect(calls).toBe(0);
    // Created, it touches no part of zod (in Node zod is loaded when first used).
    expect(add).not.toHaveBeenCalled();
    add.mockRestore();
    // Read by the identity the generators meet (zod's registry reads the schema's parent, so this makes it).
    expect(z.globalRegistry.get(deferred)).toEqual(DESCRIBED);
    expect(z.toJSONSchema(deferred)).toEqual(z.toJSONSchema(make()));
    expect(z.toJSONSchema(inObject)).toEqual(z.toJSONSchema(z.object({ home: make().optional() })));
    expect(deferred.description).toBe('a dwelling');
    expect(calls).toBe(1);
  });

  it('refuses a wrapper, whose JSON Schema step would look for the schema made where the stand-in was filed', () => {
    const wrappers: (() => z.ZodType)[] = [
      () => z.number().optional(),
      () => z.lazy(() => z.number()),
      () => z.string().default('x'),
    ];
    for (const make of wrappers) {
      const deferred = deferredSchema(make);
      expect(() => deferred.parse(1)).toThrow(/may not be a (optional|lazy|default) wrapper/);
    }
    const recursive: z.ZodType = deferredSchema(() => z.union([z.number(), z.array(recursive)]));
    expect(recursive.safeParse([1, [2, [3]]]).success).toBe(true);
    expect(recursive.safeParse([1, ['x']]).success).toBe(false);
    expect(JSON.stringify(z.toJSONSchema(recursive))).toContain('"$ref":"#"');
  });

  it('refuses a schema made with another description than it was given', () => {
    const deferred = deferredDescribedSchema({ description: 'one' }, () => z.number().describe('another'));
    expect(() => deferred.parse(1)).toThrow(/described as "one" was made with the description "another"/);
  });

  it('is what the contract exports: its request and result objects described, the same JSON Schema as before', () => {
    expect(z.globalRegistry.get(repaymentRequestSchema)?.description).toMatch(/^Repayment capacity request/);
    const json = z.toJSONSchema(RepaymentCapacityResult, { io: 'output' }) as { properties: Record<string, unknown> };
    expect(Object.keys(json.properties)).toContain('Afloscapaciteit');
  });
});

describe('the exported result schemas, stand-ins since issue 14', () => {
  it('behave as the zod objects they stand for: extended, picked, wrapped, a method read off and called, Standard Schema', () => {
    const R = RepaymentCapacityResult;
    expect(R).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(R.shape)).toContain('Afloscapaciteit');
    const extended = R.extend({ Extra: z.string() });
    expect(Object.keys(extended.shape)).toEqual([...Object.keys(R.shape), 'Extra']);
    expect(Object.keys(R.pick({ Afloscapaciteit: true }).shape)).toEqual(['Afloscapaciteit']);
    expect(R.keyof().options).toEqual(Object.keys(R.shape));
    const { optional } = R;
    expect(optional().safeParse(undefined).success).toBe(true);
    expect(R.nullable().safeParse(null).success).toBe(true);
    expect(R['~standard'].vendor).toBe('zod');
    const checked = R['~standard'].validate({}) as { issues?: readonly unknown[] };
    expect(checked.issues?.length).toBeGreaterThan(0);
  });
});

describe('importing the package', () => {
  /**
   * zod calls the global post-processor on every schema it makes. Built without it, the first
   * schema a process makes paid for zod's own first use: some 4 ms of a cold start (issue 14).
   */
  const schemasMade = (script: string): (number | string)[] => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as (number | string)[];
  };

  it('builds no zod schema; a first result builds its request’s, and a refused body is refused with every problem', () => {
    const counts = schemasMade(`
      let made = 0;
      globalThis.__zod_globalConfig = { postProcessor: () => { made += 1; } };
      const counts = [];
      const { repaymentCapacity, retirementExpenditure, ValidationError } = await import(${JSON.stringify(join(ROOT, 'src/index.ts'))});
      counts.push(made);
      repaymentCapacity(${JSON.stringify(SINGLE_TENANT_REPAYMENT)});
      counts.push(made);
      repaymentCapacity(${JSON.stringify(SINGLE_TENANT_REPAYMENT)});
      counts.push(made);
      try { repaymentCapacity({ ...${JSON.stringify(SINGLE_TENANT_REPAYMENT)}, AantalAutos: -1, LeeftijdHoofdpersoon: 'x' }); } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        counts.push(error.issues.map((i) => i.path).sort().join(','));
      }
      console.log(JSON.stringify(counts));
    `);
    expect(counts[0]).toBe(0);
    // The hook does count: the first body's check builds the request's fields, once.
    expect(counts[1]).toBeGreaterThan(0);
    expect(counts[2]).toBe(counts[1]);
    expect(counts[3]).toBe('AantalAutos,LeeftijdHoofdpersoon');
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
