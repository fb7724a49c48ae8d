'use strict';

const { baseUrl, dataOf, responseItem } = require('../lib/api.js');
const { hookOperations } = require('./hooks.js');

const sample = {
  id: '6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b',
  responseId: '6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b',
  formId: '0b7e2d8c-1a2b-4c3d-9e8f-7a6b5c4d3e2f',
  formTitle: 'Contact',
  submittedAt: '2026-11-30T12:00:00.000Z',
  answers: {
    name: { question: 'Your name', answer: 'Ada Lovelace' },
    email: { question: 'E-mail', answer: 'ada@example.com' },
  },
};

/** A response arrived: the webhook event's data, and `id` (the response's) for de-duplication. */
module.exports = {
  key: 'new_response',
  noun: 'Response',
  display: {
    label: 'New Response',
    description: 'Triggers when someone submits a response to a form.',
  },
  operation: {
    type: 'hook',
    inputFields: [
      {
        key: 'formId',
        label: 'Form',
        required: true,
        dynamic: 'new_form.id.title',
        helpText: 'The form whose responses start the Zap.',
      },
    ],
    ...hookOperations('FORM_RESPONSE_CREATED'),
    perform: (_z, bundle) => {
      const { data } = bundle.cleanedRequest;
      return [{ id: data.responseId, submittedAt: bundle.cleanedRequest.created_at, ...data }];
    },
    /** The latest responses, for the Zap editor's samples (and when hooks cannot reach Zapier). */
    async performList(z, bundle) {
      const id = encodeURIComponent(bundle.inputData.formId);
      const form = dataOf(await z.request({ url: `${baseUrl(bundle)}/v1/forms/${id}` }));
      const page = dataOf(
        await z.request({ url: `${baseUrl(bundle)}/v1/forms/${id}/responses`, params: { limit: 10 } }),
      );
      return page.responses.map((response) => responseItem({ form, response }));
    },
    sample,
    outputFields: [
      { key: 'responseId', label: 'Response ID' },
      { key: 'formId', label: 'Form ID' },
      { key: 'formTitle', label: 'Form title' },
      { key: 'submittedAt', label: 'Submitted at', type: 'datetime' },
    ],
  },
};
