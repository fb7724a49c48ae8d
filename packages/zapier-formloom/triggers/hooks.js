'use strict';

const { baseUrl, dataOf } = require('../lib/api.js');

/**
 * REST hook subscription for one event type: Zapier calls `subscribe` when a Zap is turned on
 * (with the URL it listens on) and `unsubscribe` when it is turned off. Formloom keeps the hook as
 * a webhook endpoint and deletes it by itself if Zapier ever answers 410 Gone.
 */
function hookOperations(event) {
  return {
    async performSubscribe(z, bundle) {
      const body = { targetUrl: bundle.targetUrl, event };
      if (bundle.inputData.formId) body.formId = bundle.inputData.formId;
      return dataOf(await z.request({ url: `${baseUrl(bundle)}/v1/hooks`, method: 'POST', body }));
    },
    async performUnsubscribe(z, bundle) {
      const id = encodeURIComponent(bundle.subscribeData.id);
      return dataOf(await z.request({ url: `${baseUrl(bundle)}/v1/hooks/${id}`, method: 'DELETE' }));
    },
  };
}

module.exports = { hookOperations };
