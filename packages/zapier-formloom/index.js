'use strict';

const { version } = require('./package.json');
const { version: platformVersion } = require('zapier-platform-core');
const authentication = require('./authentication.js');
const createForm = require('./creates/create-form.js');
const { addApiKey, explainErrors } = require('./lib/api.js');
const findResponse = require('./searches/find-response.js');
const newForm = require('./triggers/new-form.js');
const newResponse = require('./triggers/new-response.js');

/** The Formloom app for Zapier (README.md): what `zapier push` uploads and the app tester runs. */
module.exports = {
  version,
  platformVersion,
  authentication,
  beforeRequest: [addApiKey],
  afterResponse: [explainErrors],
  triggers: { [newResponse.key]: newResponse, [newForm.key]: newForm },
  creates: { [createForm.key]: createForm },
  searches: { [findResponse.key]: findResponse },
};
