'use strict';

const { baseUrl, dataOf } = require('../lib/api.js');

/** A draft form with a title, and a description when given: the builder finishes it. */
module.exports = {
  key: 'create_form',
  noun: 'Form',
  display: {
    label: 'Create Form',
    description: 'Creates a draft form with a title.',
  },
  operation: {
    inputFields: [
      { key: 'title', label: 'Title', required: true },
      { key: 'description', label: 'Description', required: false },
    ],
    async perform(z, bundle) {
      const body = { title: bundle.inputData.title };
      if (bundle.inputData.description) body.description = bundle.inputData.description;
      const form = dataOf(await z.request({ url: `${baseUrl(bundle)}/v1/forms`, method: 'POST', body }));
      return {
        id: form.id,
        title: form.title,
        description: form.description,
        publishStatus: form.publishStatus,
      };
    },
    sample: {
      id: '0b7e2d8c-1a2b-4c3d-9e8f-7a6b5c4d3e2f',
      title: 'Contact',
      description: null,
      publishStatus: 'DRAFT',
    },
  },
};
