'use strict';

const { baseUrl, dataOf } = require('../lib/api.js');
const { hookOperations } = require('./hooks.js');

const sample = {
  id: '0b7e2d8c-1a2b-4c3d-9e8f-7a6b5c4d3e2f',
  formId: '0b7e2d8c-1a2b-4c3d-9e8f-7a6b5c4d3e2f',
  title: 'Contact',
};

/**
 * A form was created. Also the forms dropdown of the other operations (`new_form.id.title`),
 * which Zapier fills from `performList`.
 */
module.exports = {
  key: 'new_form',
  noun: 'Form',
  display: {
    label: 'New Form',
    description: 'Triggers when a form is created in the account.',
  },
  operation: {
    type: 'hook',
    ...hookOperations('FORM_CREATED'),
    perform: (_z, bundle) => {
      const { data } = bundle.cleanedRequest;
      return [{ id: data.formId, formId: data.formId, title: data.formTitle }];
    },
    async performList(z, bundle) {
      const page = dataOf(await z.request({ url: `${baseUrl(bundle)}/v1/forms`, params: { limit: 100 } }));
      return page.forms.map((form) => ({ id: form.id, formId: form.id, title: form.title }));
    },
    sample,
    outputFields: [
      { key: 'formId', label: 'Form ID' },
      { key: 'title', label: 'Title' },
    ],
  },
};
