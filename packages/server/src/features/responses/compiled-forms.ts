import type { FormSchema, Language } from '@formloom/contract';
import { translateSchema } from '@formloom/contract';
import type { CompiledForm } from '@formloom/contract/engine';
import type { FormRow } from '../../db/database.js';
import { fromJson } from '../../db/json.js';
import { compileServerForm } from '../../util/server-form.js';

/** A cached validator with the schema text it was compiled from. */
interface Entry {
  compiled: CompiledForm;
  schema: string;
}

/**
 * Compiled validators of recently submitted-to forms, keyed by id and version, so a burst of
 * submissions parses and compiles a schema once. An edit bumps the version (the schema changes
 * only through versioned edits), so a stale entry is never used; old entries age out.
 */
export function createCompiledForms(capacity = 500) {
  const cache = new Map<string, Entry>();

  /** The entry under `key`, made most recently used; undefined when not cached. */
  function touch(key: string): Entry | undefined {
    const entry = cache.get(key);
    if (entry !== undefined) {
      // Re-insert: Map keeps insertion order, so the first key is the least recently used.
      cache.delete(key);
      cache.set(key, entry);
    }
    return entry;
  }

  function put(key: string, entry: Entry): void {
    if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
    cache.set(key, entry);
  }

  return {
    /**
     * The form's validator; with a `language` other than its base one, the validator of the form
     * translated into it (`translateSchema`: the same checks, the messages in that language).
     */
    get(row: FormRow, language?: Language): CompiledForm {
      const key = `${row.id}:${row.version}`;
      let entry = touch(key);
      if (entry === undefined) {
        entry = { compiled: compileServerForm(fromJson<FormSchema>(row.schema)), schema: row.schema };
        put(key, entry);
      }
      const base = entry.compiled;
      if (language === undefined || language === base.schema.meta.language) return base;
      const translatedKey = `${key}:${language}`;
      let translated = touch(translatedKey);
      if (translated === undefined) {
        translated = {
          compiled: compileServerForm(translateSchema(base.schema, language)),
          schema: row.schema,
        };
        put(translatedKey, translated);
      }
      return translated.compiled;
    },

    /**
     * The schema text of this version of the form when its validator is cached, so a caller can
     * read the form without its schema; undefined otherwise.
     */
    schemaText(id: string, version: number): string | undefined {
      return touch(`${id}:${version}`)?.schema;
    },
  };
}

export type CompiledForms = ReturnType<typeof createCompiledForms>;
