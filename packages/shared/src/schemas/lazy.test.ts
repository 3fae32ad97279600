import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { requiredText } from './common';
import { deferredSchema, lazySchema } from './lazy';

/** A schema like the shared ones, and a count of how often it was built. */
function counted() {
  const build = vi.fn(() =>
    z.object({ name: requiredText('El nombre', { max: 20 }), kcal: z.number().min(0) }),
  );
  return { build, schema: deferredSchema(build) };
}

describe('a schema built on first use', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is not built until something reads it, and then once', () => {
    const { build, schema } = counted();
    expect(build).not.toHaveBeenCalled();

    expect(schema.parse({ name: 'Avena', kcal: 372 })).toEqual({ name: 'Avena', kcal: 372 });
    schema.safeParse({ name: 'Arroz', kcal: 130 });
    expect(schema.shape.name).toBeDefined();
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('answers every read of a method with one function, bound to the schema', () => {
    const { schema } = counted();
    const read = (key: string) => Reflect.get(schema, key) as (value: unknown) => unknown;
    const parse = read('parse');
    expect(read('parse')).toBe(parse);
    expect(read('safeParse')).not.toBe(parse);
    // Called apart from the stand-in, the method still runs on the schema.
    expect(parse({ name: 'Avena', kcal: 372 })).toEqual({ name: 'Avena', kcal: 372 });
    // A method the schema is given later is the one read from then on.
    const own = vi.fn(() => 'own');
    Reflect.set(schema, 'describe', own);
    expect(read('describe')(undefined)).toBe('own');
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('accepts and refuses what the schema itself does, with the same messages', () => {
    const { build, schema } = counted();
    const eager = build();
    for (const input of [
      { name: 'Avena', kcal: 372 },
      { name: '   ', kcal: 372 },
      { name: 'Avena', kcal: -1 },
      { name: 'x'.repeat(21) },
      'avena',
    ]) {
      const deferred = schema.safeParse(input);
      const built = eager.safeParse(input);
      expect(deferred.success).toBe(built.success);
      expect(deferred.error?.issues).toEqual(built.error?.issues);
    }
  });

  it('is a zod schema to zod, to form resolvers and to JSON Schema', async () => {
    const { build, schema } = counted();
    expect(schema).toBeInstanceOf(z.ZodType);
    expect(schema).toBeInstanceOf(z.ZodObject);
    // @hookform/resolvers tells zod 4 from zod 3 by this member.
    expect('_zod' in schema).toBe(true);
    expect(z.toJSONSchema(schema)).toEqual(z.toJSONSchema(build()));
    await expect(schema.parseAsync({ name: 'Avena', kcal: 372 })).resolves.toEqual({
      name: 'Avena',
      kcal: 372,
    });
  });

  it('can be extended, made optional and placed inside other schemas', () => {
    const { schema } = counted();
    const entry = z.object({ food: schema, grams: z.number() });
    expect(entry.parse({ food: { name: 'Avena', kcal: 372 }, grams: 40 })).toEqual({
      food: { name: 'Avena', kcal: 372 },
      grams: 40,
    });
    expect(entry.safeParse({ food: { name: '', kcal: 372 }, grams: 40 }).error?.issues).toEqual([
      expect.objectContaining({
        path: ['food', 'name'],
        message: 'El nombre no puede estar vacío',
      }),
    ]);
    const withFibre = schema.extend({ fibre: z.number() });
    expect(withFibre.parse({ name: 'Avena', kcal: 372, fibre: 10 })).toEqual({
      name: 'Avena',
      kcal: 372,
      fibre: 10,
    });
    expect(schema.optional().parse(undefined)).toBeUndefined();
    expect(z.array(schema).parse([{ name: 'Avena', kcal: 372 }])).toHaveLength(1);
  });

  it('is deferred in a browser and built at once elsewhere', () => {
    const build = vi.fn(() => z.string());
    lazySchema(build);
    expect(build).toHaveBeenCalledTimes(1);

    vi.stubGlobal('document', {});
    const inBrowser = vi.fn(() => z.string());
    const schema = lazySchema(inBrowser);
    expect(inBrowser).not.toHaveBeenCalled();
    expect(schema.parse('avena')).toBe('avena');
    expect(inBrowser).toHaveBeenCalledTimes(1);
  });
});
