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
      'Ready forms, each schema in the six languages; `POST /v1/forms {templateId}` makes a draft of one. Cacheable for an hour.',
    responses: { 200: success(FormTemplateList, 'The templates'), ...errorResponses(API_KEY_ERRORS) },
    metadata: read,
  },
});
