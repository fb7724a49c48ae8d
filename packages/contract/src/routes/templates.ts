import { success } from '../models/envelope.js';
import { FormTemplateList, TemplateListQuery } from '../models/template.js';
import { meta } from './metadata.js';
import { API_KEY_ERRORS, c, errorResponses } from './shared.js';

const read = meta({ auth: 'apiKey', scope: 'FORMS_READ', permission: 'forms.read', minPlan: 'STARTER' });

/** The library of form templates: the same for every account, so its answer may be cached. */
export const templatesRouter = c.router({
  listTemplates: {
    method: 'GET',
    path: '/v1/templates',
    query: TemplateListQuery,
    summary: 'List form templates',
    description:
      'Ready forms to start from, each with its schema in the six languages (English base, the others as translations). ' +
      'Create a draft from one with `POST /v1/forms {templateId, title?}`. ' +
      'The list changes only with a new server version, so it answers `Cache-Control: private, max-age=3600`.',
    responses: { 200: success(FormTemplateList, 'The templates'), ...errorResponses(API_KEY_ERRORS) },
    metadata: read,
  },
});
