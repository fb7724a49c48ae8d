import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import type { Response } from 'express';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import { formETag } from './form-etag.js';
import type { FormsService, VersionedForm } from './forms-service.js';

const s = initServer();

/** The form as the answer's body, its version as the answer's `ETag`. */
function withETag(res: Response, { form, version }: VersionedForm) {
  res.setHeader('ETag', formETag(version));
  return form;
}

export function createFormsRouter(forms: FormsService): RouterImplementation<typeof contract.forms> {
  return s.router(contract.forms, {
    listForms: async ({ query, req }) => ({
      status: 200,
      body: successBody(await forms.list(authOf(req).accountId, query), 'Forms'),
    }),
    getForm: async ({ params, req, res }) => ({
      status: 200,
      body: successBody(withETag(res, await forms.getVersioned(authOf(req).accountId, params.id)), 'Form'),
    }),
    createForm: async ({ body, req }) => ({
      status: 201,
      body: successBody(await forms.create(authOf(req).accountId, body), 'Form created'),
    }),
    updateForm: async ({ params, body, headers, req, res }) => ({
      status: 200,
      body: successBody(
        withETag(res, await forms.update(authOf(req).accountId, params.id, body, headers['if-match'])),
        'Form updated',
      ),
    }),
    deleteForm: async ({ params, req }) => ({
      status: 200,
      body: successBody(await forms.remove(authOf(req).accountId, params.id), 'Form deleted'),
    }),
    publishForm: async ({ params, req }) => ({
      status: 200,
      body: successBody(await forms.publish(authOf(req).accountId, params.id), 'Form published'),
    }),
    unpublishForm: async ({ params, req }) => ({
      status: 200,
      body: successBody(await forms.unpublish(authOf(req).accountId, params.id), 'Form unpublished'),
    }),
    listFormRevisions: async ({ params, req }) => ({
      status: 200,
      body: successBody(await forms.listRevisions(authOf(req).accountId, params.id), 'Revisions'),
    }),
    getFormRevision: async ({ params, req }) => ({
      status: 200,
      body: successBody(
        await forms.getRevision(authOf(req).accountId, params.id, params.revision),
        'Revision',
      ),
    }),
    restoreFormRevision: async ({ params, req }) => ({
      status: 200,
      body: successBody(
        await forms.restoreRevision(authOf(req).accountId, params.id, params.revision),
        'Revision restored',
      ),
    }),
    getFormDraft: async ({ params, req }) => ({
      status: 200,
      body: successBody(await forms.getDraft(authOf(req).accountId, params.id), 'Draft'),
    }),
    putFormDraft: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(await forms.putDraft(authOf(req).accountId, params.id, body), 'Draft saved'),
    }),
    deleteFormDraft: async ({ params, req }) => {
      await forms.deleteDraft(authOf(req).accountId, params.id);
      return { status: 200, body: successBody({ id: params.id, deleted: true as const }, 'Draft discarded') };
    },
    publishFormDraft: async ({ params, req }) => ({
      status: 200,
      body: successBody(await forms.publishDraft(authOf(req).accountId, params.id), 'Draft published'),
    }),
  });
}

export function createFieldsRouter(forms: FormsService): RouterImplementation<typeof contract.fields> {
  return s.router(contract.fields, {
    addField: async ({ params, body, headers, req, res }) => ({
      status: 201,
      body: successBody(
        withETag(res, await forms.addField(authOf(req).accountId, params.id, body, headers['if-match'])),
        'Field added',
      ),
    }),
    updateField: async ({ params, body, headers, req, res }) => ({
      status: 200,
      body: successBody(
        withETag(
          res,
          await forms.updateField(
            authOf(req).accountId,
            params.id,
            params.fieldId,
            body,
            headers['if-match'],
          ),
        ),
        'Field updated',
      ),
    }),
    deleteField: async ({ params, headers, req, res }) => ({
      status: 200,
      body: successBody(
        withETag(
          res,
          await forms.deleteField(authOf(req).accountId, params.id, params.fieldId, headers['if-match']),
        ),
        'Field removed',
      ),
    }),
  });
}
