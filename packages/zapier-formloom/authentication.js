'use strict';

const { baseUrl, dataOf } = require('./lib/api.js');

/**
 * A Formloom API key on the user's own server (the hosted one or a self-hosted one): the key is
 * checked, and the connection named after its account, by `GET /v1/me`.
 */
module.exports = {
  type: 'custom',
  fields: [
    {
      key: 'baseUrl',
      label: 'Server address',
      type: 'string',
      required: true,
      helpText: 'The address of your Formloom server, such as `https://forms.example.com`.',
    },
    {
      key: 'apiKey',
      label: 'API key',
      type: 'password',
      required: true,
      helpText:
        'An API key from the dashboard (Settings, API keys) with the scopes the Zap uses: forms, responses and webhooks.',
    },
  ],
  test: async (z, bundle) => dataOf(await z.request({ url: `${baseUrl(bundle)}/v1/me` })),
  connectionLabel: (_z, bundle) => bundle.inputData.account?.name ?? 'Formloom',
};
