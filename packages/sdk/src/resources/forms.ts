import { type Contract, contract } from '@formloom/contract';
import type { ListPromise } from '../client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, QueryOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';
import { FormDestinations } from './destinations.js';

const routes = contract.forms;
const fieldRoutes = contract.fields;
const partialRoutes = contract.partials;
const responseRoutes = contract.responses;
const accessRoutes = contract.access;
const transferRoutes = contract.transfer;
const linkRoutes = contract.links;
// Types name the exported `Contract`, so declaration files reference it instead of inlining it.
type R = Contract['forms'];
type F = Contract['fields'];
type P = Contract['partials'];
type S = Contract['responses'];
type A = Contract['access'];
type T = Contract['transfer'];
type L = Contract['links'];

/** Regular forms: create from a schema (or blank), edit, publish, delete. */
export class Forms extends APIResource {
  /** Editing one field of a form. */
  readonly fields: Fields = new Fields(this._client);
  /** The unfinished partial responses (save and resume) of a form. */
  readonly partials: FormPartials = new FormPartials(this._client);
  /** The numbered history of a published form's live schema. */
  readonly revisions: FormRevisions = new FormRevisions(this._client);
  /** Changes to a published form kept apart until published as one revision. */
  readonly draft: FormDraft = new FormDraft(this._client);
  /** Who may answer and when: a password and an opening time, kept apart from the schema. */
  readonly access: FormAccessRules = new FormAccessRules(this._client);
  /** Personal links: one per recipient, each answering once. */
  readonly links: FormLinks = new FormLinks(this._client);
  /** Where responses are written besides webhooks: an Airtable table. */
  readonly destinations: FormDestinations = new FormDestinations(this._client);

  /**
   * A page of forms, newest first; `for await` it to walk every form.
   *
   * ```ts
   * const page = await client.forms.list({ limit: 100, search: 'survey' });
   * for await (const form of client.forms.list()) console.log(form.id, form.title);
   * ```
   */
  list(query: QueryOf<R['listForms']> = {}, options?: RequestOptions): ListPromise<R['listForms'], 'forms'> {
    return this._client._list(routes.listForms, { query }, 'forms', options);
  }

  /** The form with its full schema. */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResultOf<R['getForm']>> {
    return this._client._call(routes.getForm, { params: { id } }, options);
  }

  /**
   * Creates a DRAFT form from a complete schema (`{title, schema}`), from a template
   * (`{templateId, title?}`, see `templates.list()`) or blank (`{title, description?, language?}`).
   *
   * ```ts
   * const form = await client.forms.create({ title: 'Feedback', description: 'Tell us' });
   * const nps = await client.forms.create({ templateId: 'nps-survey' });
   * ```
   */
  create(body: BodyOf<R['createForm']>, options?: RequestOptions): APIPromise<ResultOf<R['createForm']>> {
    return this._client._call(routes.createForm, { body }, options);
  }

  /**
   * The form as a portable document: import it on any Formloom server with `import`.
   *
   * ```ts
   * const definition = await client.forms.definition(formId);
   * const { form, report } = await otherServer.forms.import({ source: 'formloom', definition });
   * ```
   */
  definition(id: string, options?: RequestOptions): APIPromise<ResultOf<T['getFormDefinition']>> {
    return this._client._call(transferRoutes.getFormDefinition, { params: { id } }, options);
  }

  /**
   * Creates a DRAFT form from a document; `report` lists each part that could not come along.
   */
  import(body: BodyOf<T['importForm']>, options?: RequestOptions): APIPromise<ResultOf<T['importForm']>> {
    return this._client._call(transferRoutes.importForm, { body }, options);
  }

  /** Changes only the properties sent; `null` clears a nullable one. */
  update(
    id: string,
    body: BodyOf<R['updateForm']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['updateForm']>> {
    return this._client._call(routes.updateForm, { params: { id }, body }, options);
  }

  /** Soft-deletes the form: it and its responses disappear from every route at once. */
  delete(id: string, options?: RequestOptions): APIPromise<ResultOf<R['deleteForm']>> {
    return this._client._call(routes.deleteForm, { params: { id } }, options);
  }

  /** Publishes the form; the result carries `shareUrl` and `publicUrl`. */
  publish(id: string, options?: RequestOptions): APIPromise<ResultOf<R['publishForm']>> {
    return this._client._call(routes.publishForm, { params: { id } }, options);
  }

  /** Back to DRAFT: the public page answers 404 until published again (same link). */
  unpublish(id: string, options?: RequestOptions): APIPromise<ResultOf<R['unpublishForm']>> {
    return this._client._call(routes.unpublishForm, { params: { id } }, options);
  }

  /**
   * What the form's responses say, counted by the server's database: the count, responses per
   * day (or `bucket: 'week'`), per field its completion, options chosen, number statistics
   * (count, mean, median, min, max), dates per month and text lengths, and the drop-off funnel of
   * its saved partial responses by page. `startDate` / `endDate` narrow it (inclusive).
   *
   * ```ts
   * const figures = await client.forms.figures(formId, { startDate: '2026-11-01' });
   * console.log(figures.responseCount, figures.dropOff.completed);
   * ```
   */
  figures(
    id: string,
    query: QueryOf<S['getFormFigures']> = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<S['getFormFigures']>> {
    return this._client._call(responseRoutes.getFormFigures, { params: { id }, query }, options);
  }
}

/**
 * Every change to the live schema of a form that has been published is a numbered revision; a
 * response records the one it answered (`formRevision`).
 *
 * ```ts
 * const { revisions } = await client.forms.revisions.list(formId);
 * await client.forms.revisions.restore(formId, revisions.at(-1)!.revision);
 * ```
 */
export class FormRevisions extends APIResource {
  /** Newest first, with who made each. */
  list(formId: string, options?: RequestOptions): APIPromise<ResultOf<R['listFormRevisions']>> {
    return this._client._call(routes.listFormRevisions, { params: { id: formId } }, options);
  }

  /** One revision with the title and schema it had. */
  retrieve(
    formId: string,
    revision: number,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['getFormRevision']>> {
    return this._client._call(routes.getFormRevision, { params: { id: formId, revision } }, options);
  }

  /** Makes that revision the live form again, as a new revision. */
  restore(
    formId: string,
    revision: number,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['restoreFormRevision']>> {
    return this._client._call(routes.restoreFormRevision, { params: { id: formId, revision } }, options);
  }
}

/**
 * A published form's draft: saved as often as wanted, published as one revision (refused with a
 * 409 when the live form changed since the draft began), or discarded.
 *
 * ```ts
 * await client.forms.draft.save(formId, { schema });
 * await client.forms.draft.publish(formId);
 * ```
 */
export class FormDraft extends APIResource {
  retrieve(formId: string, options?: RequestOptions): APIPromise<ResultOf<R['getFormDraft']>> {
    return this._client._call(routes.getFormDraft, { params: { id: formId } }, options);
  }

  save(
    formId: string,
    body: BodyOf<R['putFormDraft']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['putFormDraft']>> {
    return this._client._call(routes.putFormDraft, { params: { id: formId }, body }, options);
  }

  discard(formId: string, options?: RequestOptions): APIPromise<ResultOf<R['deleteFormDraft']>> {
    return this._client._call(routes.deleteFormDraft, { params: { id: formId } }, options);
  }

  publish(formId: string, options?: RequestOptions): APIPromise<ResultOf<R['publishFormDraft']>> {
    return this._client._call(routes.publishFormDraft, { params: { id: formId } }, options);
  }
}

/** The fields of a form; each call answers the whole updated form. */
export class Fields extends APIResource {
  /** Adds one field to an existing section. */
  create(
    formId: string,
    field: BodyOf<F['addField']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<F['addField']>> {
    return this._client._call(fieldRoutes.addField, { params: { id: formId }, body: field }, options);
  }

  /** Changes only the properties sent; `null` removes an optional one. */
  update(
    formId: string,
    fieldId: string,
    body: BodyOf<F['updateField']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<F['updateField']>> {
    return this._client._call(fieldRoutes.updateField, { params: { id: formId, fieldId }, body }, options);
  }

  delete(formId: string, fieldId: string, options?: RequestOptions): APIPromise<ResultOf<F['deleteField']>> {
    return this._client._call(fieldRoutes.deleteField, { params: { id: formId, fieldId } }, options);
  }
}

/** Partial responses respondents saved and have not completed yet: never their tokens or answers. */
export class FormPartials extends APIResource {
  /**
   * A page of a form's unfinished partials, most recently saved first; `for await` it to walk them all.
   *
   * ```ts
   * for await (const p of client.forms.partials.list(formId)) console.log(p.page, p.answeredCount);
   * ```
   */
  list(
    formId: string,
    query: QueryOf<P['listPartials']> = {},
    options?: RequestOptions,
  ): ListPromise<P['listPartials'], 'partials'> {
    return this._client._list(
      partialRoutes.listPartials,
      { params: { id: formId }, query },
      'partials',
      options,
    );
  }
}

/**
 * A form's access rules: a password respondents unlock it with (write-only: reads say
 * `hasPassword`), and an opening time before which it answers 409 `FORM_CLOSED` with its message.
 *
 * ```ts
 * await client.forms.access.put(formId, { password: 'open sesame', closedMessage: 'Opens Monday' });
 * const { hasPassword } = await client.forms.access.get(formId);
 * ```
 */
export class FormAccessRules extends APIResource {
  get(formId: string, options?: RequestOptions): APIPromise<ResultOf<A['getFormAccess']>> {
    return this._client._call(accessRoutes.getFormAccess, { params: { id: formId } }, options);
  }

  /** Changes only what is sent; `password: null` removes the password and ends every unlock. */
  put(
    formId: string,
    body: BodyOf<A['putFormAccess']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<A['putFormAccess']>> {
    return this._client._call(accessRoutes.putFormAccess, { params: { id: formId }, body }, options);
  }
}

/**
 * A form's personal links: `/f/:code?t=<token>`, one per recipient (at most 1,000 a call), each
 * answering once; optionally e-mailed. The URLs are in the create answer only.
 *
 * ```ts
 * const { links } = await client.forms.links.create(formId, {
 *   recipients: [{ email: 'ann@example.com', prefill: { name: 'Ann' } }],
 *   send: true,
 * });
 * for await (const link of client.forms.links.list(formId)) console.log(link.email, link.usedAt);
 * ```
 */
export class FormLinks extends APIResource {
  create(
    formId: string,
    body: BodyOf<L['createFormLinks']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<L['createFormLinks']>> {
    return this._client._call(linkRoutes.createFormLinks, { params: { id: formId }, body }, options);
  }

  /** Newest first, with when each was used and its response; `for await` it to walk every link. */
  list(
    formId: string,
    query: QueryOf<L['listFormLinks']> = {},
    options?: RequestOptions,
  ): ListPromise<L['listFormLinks'], 'links'> {
    return this._client._list(linkRoutes.listFormLinks, { params: { id: formId }, query }, 'links', options);
  }

  /** The link takes no submission any more; a response it gave stays. */
  revoke(
    formId: string,
    linkId: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<L['revokeFormLink']>> {
    return this._client._call(linkRoutes.revokeFormLink, { params: { id: formId, linkId } }, options);
  }
}
