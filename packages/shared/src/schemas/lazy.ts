/*
 * The shared schemas are module constants, and a browser builds every one of them when it
 * runs the module that holds them: on a slow phone, building the 1,600 zod schemas of the
 * daily screens' data layer was, after React's work, the largest cost before a screen showed
 * (decision 085). In the browser a schema constant is built the first time it is used; on the
 * server, which uses every route's schemas at start anyway, it is built at once.
 */

type Method = (...args: unknown[]) => unknown;

/**
 * `build()`'s schema, built on first use: a stand-in that builds it when any of its members is
 * read, then answers for it (parsing, `instanceof`, `in`, extending it, placing it in another
 * schema). Every use after the first reads the built schema. The type is the schema's own.
 */
export function deferredSchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  // Methods run on the schema itself, whose fields zod keeps on the object: each is bound once
  // and the same function answers every later read (while the schema keeps that method).
  const bound = new Map<PropertyKey, { method: Method; onSchema: Method }>();
  return new Proxy({} as T, {
    get(_target, key) {
      const target = schema();
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function' || key === 'constructor') return value;
      const kept = bound.get(key);
      if (kept?.method === value) return kept.onSchema;
      const onSchema = (value as Method).bind(target);
      bound.set(key, { method: value as Method, onSchema });
      return onSchema;
    },
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}

/** A schema constant: deferred in the browser, built at once elsewhere (the server, tests in Node). */
export function lazySchema<T extends object>(build: () => T): T {
  return 'document' in globalThis ? deferredSchema(build) : build();
}
