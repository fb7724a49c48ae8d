'use strict';

const { baseUrl, dataOf, responseItem } = require('../lib/api.js');

/** One response of a form by its id; none found is an empty result, not an error. */
module.exports = {
  key: 'find_response',
  noun: 'Response',
  display: {
    label: 'Find Response',
    description: 'Finds a response of a form by its ID.',
  },
  operation: {
    inputFields: [
      { key: 'formId', label: 'Form', required: true, dynamic: 'new_form.id.title' },
      { key: 'responseId', label: 'Response ID', required: true },
    ],
    async perform(z, bundle) {
      const form = encodeURIComponent(bundle.inputData.formId);
      const id = encodeURIComponent(bundle.inputData.responseId);
      const found = await z.request({
        url: `${baseUrl(bundle)}/v1/forms/${form}/responses/${id}`,
        skipThrowForStatus: true,
      });
      if (found.status === 404) return [];
      found.throwForStatus();
      const owner = dataOf(await z.request({ url: `${baseUrl(bundle)}/v1/forms/${form}` }));
      return [responseItem({ form: owner, response: dataOf(found) })];
    },
    sample: {
      id: '6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b',
      responseId: '6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b',
      formId: '0b7e2d8c-1a2b-4c3d-9e8f-7a6b5c4d3e2f',
      formTitle: 'Contact',
      submittedAt: '2026-11-30T12:00:00.000Z',
      answers: { name: { question: 'Your name', answer: 'Ada Lovelace' } },
    },
  },
};
