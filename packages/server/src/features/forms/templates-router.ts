import { contract, formTemplates, successBody, templateView } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import type { RouterImplementation } from '../../http/ts-rest-types.js';

const s = initServer();

/**
 * The library of form templates: the same for every account and changed only by a new server
 * version, so a browser may keep it an hour (private: the answer still needs a credential).
 */
export function createTemplatesRouter(): RouterImplementation<typeof contract.templates> {
  return s.router(contract.templates, {
    listTemplates: async ({ query, res }) => {
      res.setHeader('Cache-Control', 'private, max-age=3600');
      const templates = formTemplates().map((template) => templateView(template, query.language));
      return { status: 200, body: successBody({ templates }, 'Form templates') };
    },
  });
}
