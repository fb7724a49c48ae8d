import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { FormsService } from './forms-service.js';

const s = initServer();

export function createFormsRouter(forms: FormsService): RouterImplementation<typeof contract.forms> {
  return s.router(contract.forms, {
    listForms: async ({ query, req }) => ({
      status: 200,
      body: successBody(await forms.list(authOf(req).accountId, query), 'Forms'),
    }),
    getForm: async ({ params, req }) => ({
      status: 200,
      body: successBody(await forms.get(authOf(req).accountId, params.id), 'Form'),
    }),
    createForm: async ({ body, req }) => ({
      status: 201,
      body: successBody(await forms.create(authOf(req).accountId, body), 'Form created'),
    }),
    updateForm: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(await forms.update(authOf(req).accountId, params.id, body), 'Form updated'),
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
  });
}

export function createFieldsRouter(forms: FormsService): RouterImplementation<typeof contract.fields> {
  return s.router(contract.fields, {
    addField: async ({ params, body, req }) => ({
      status: 201,
      body: successBody(await forms.addField(authOf(req).accountId, params.id, body), 'Field added'),
    }),
    updateField: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(
        await forms.updateField(authOf(req).accountId, params.id, params.fieldId, body),
        'Field updated',
      ),
    }),
    deleteField: async ({ params, req }) => ({
      status: 200,
      body: successBody(
        await forms.deleteField(authOf(req).accountId, params.id, params.fieldId),
        'Field removed',
      ),
    }),
  });
}
