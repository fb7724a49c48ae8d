import type { FormSchema } from '@formloom/contract';
import { type CompiledForm, compileForm } from '@formloom/contract/engine';
import type { FormRow } from '../../db/database.js';
import { fromJson } from '../../db/json.js';

/**
 * Compiled validators of recently submitted-to forms, keyed by id and version, so a burst of
 * submissions parses and compiles a schema once. An edit bumps the version, so a stale entry is
 * never used; old entries age out.
 */
export function createCompiledForms(capacity = 500) {
  const cache = new Map<string, CompiledForm>();
  return {
    get(row: FormRow): CompiledForm {
      const key = `${row.id}:${row.version}`;
      let compiled = cache.get(key);
      if (compiled !== undefined) {
        // Re-insert: Map keeps insertion order, so the first key is the least recently used.
        cache.delete(key);
      } else {
        compiled = compileForm(fromJson<FormSchema>(row.schema));
        if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
      }
      cache.set(key, compiled);
      return compiled;
    },
  };
}

export type CompiledForms = ReturnType<typeof createCompiledForms>;
