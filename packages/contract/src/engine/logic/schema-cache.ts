import type { FormSchema } from '../../models/form-schema.js';

/**
 * Wraps a compile step so each schema object is compiled once and kept only while the object
 * lives. A schema is treated as immutable once used: a changed object is not recompiled.
 */
export function cachedPerSchema<T>(compile: (schema: FormSchema) => T): (schema: FormSchema) => T {
  const cache = new WeakMap<FormSchema, T>();
  return (schema) => {
    let compiled = cache.get(schema);
    if (compiled === undefined) {
      compiled = compile(schema);
      cache.set(schema, compiled);
    }
    return compiled;
  };
}
