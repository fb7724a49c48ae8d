import type { Formloom } from './client.js';

/**
 * Base of the resource namespaces: each method is one contract route. Resources take route
 * objects from `contract` at runtime and name their types through the exported `Contract` type
 * (`Contract['forms']['getForm']`), never `typeof` a local: declaration files then reference the
 * contract instead of inlining its zod types.
 */
export abstract class APIResource {
  constructor(protected readonly _client: Formloom) {}
}
