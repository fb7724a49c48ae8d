import { DeleteResult } from '../models/common.js';
import { success } from '../models/envelope.js';
import {
  CreateFormBody,
  Form,
  FormListItem,
  FormListQuery,
  FormPage,
  PublishFormResult,
  UpdateFormBody,
} from '../models/form.js';
import {
  FormDraft,
  FormRevisionDetail,
  FormRevisionList,
  PutFormDraftBody,
  RevisionParams,
} from '../models/form-revision.js';
import { creates, meta } from './metadata.js';
import {
  API_KEY_ERRORS,
  BODY_ERRORS,
  c,
  errorResponses,
  FormIdParams,
  IdempotencyHeaders,
  IfMatchHeaders,
} from './shared.js';

const read = meta({ auth: 'apiKey', scope: 'FORMS_READ', permission: 'forms.read', minPlan: 'STARTER' });
const write = meta({ auth: 'apiKey', scope: 'FORMS_WRITE', permission: 'forms.write', minPlan: 'STARTER' });
const notFound = { 404: 'Form not found, deleted, or owned by another account' };

export const formsRouter = c.router({
  listForms: {
    method: 'GET',
    path: '/v1/forms',
    query: FormListQuery,
    summary: 'List forms',
    description: 'Newest first. `since` returns the forms updated after it, for incremental sync.',
    responses: { 200: success(FormPage, 'A page of forms'), ...errorResponses(API_KEY_ERRORS) },
    metadata: read,
  },
  getForm: {
    method: 'GET',
    path: '/v1/forms/:id',
    pathParams: FormIdParams,
    summary: 'Get a form',
    description:
      'The form with its schema: sections, fields, validation rules and conditional logic. ' +
      'The `ETag` header names this version of the form: send it as `If-Match` with an edit so it does not overwrite a change made meanwhile.',
    responses: { 200: success(Form, 'The form'), ...errorResponses([...API_KEY_ERRORS, 404], notFound) },
    metadata: read,
  },
  createForm: {
    method: 'POST',
    path: '/v1/forms',
    body: CreateFormBody,
    summary: 'Create a form',
    description:
      'From a complete schema (`{title, schema}`), from a template (`{templateId, title?}`, ids from `GET /v1/templates`; an unknown id is a 400), ' +
      'or blank (`{title, description?, language?}`: one section, no fields). ' +
      'The schema must pass the integrity checks; each problem is listed in `issues`. The form starts as DRAFT and emits FORM_CREATED.',
    responses: {
      201: success(Form, 'The created form'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 409], {
        409: "Another form of the account has the schema's `settings.slug`, or the Idempotency-Key was used with another request",
        413: 'The schema is larger than the limit (64 KB)',
      }),
    },
    headers: IdempotencyHeaders,
    metadata: creates(write),
  },
  updateForm: {
    method: 'PATCH',
    path: '/v1/forms/:id',
    pathParams: FormIdParams,
    body: UpdateFormBody,
    summary: 'Update a form',
    description:
      'Only the properties sent change; `null` clears `description`, `expiresAt` or `settings.maxResponses`. ' +
      '`schema` replaces the whole schema and must pass the integrity checks. ' +
      'Answers the new `ETag`; with `If-Match`, a form changed since that ETag is not written (412).',
    responses: {
      200: success(Form, 'The updated form'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 409, 412], {
        ...notFound,
        409: "Another form of the account has the schema's `settings.slug`",
        412: 'The form was changed since the `If-Match` ETag: read it again',
        413: 'The schema is larger than the limit',
      }),
    },
    headers: IfMatchHeaders,
    metadata: write,
  },
  deleteForm: {
    method: 'DELETE',
    path: '/v1/forms/:id',
    pathParams: FormIdParams,
    summary: 'Delete a form',
    description:
      'The form and its responses disappear from every route at once and are purged after the retention window; ' +
      'uploaded files are deleted at once. Emits FORM_DELETED.',
    responses: {
      200: success(DeleteResult, 'Deleted'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: write,
  },
  publishForm: {
    method: 'POST',
    path: '/v1/forms/:id/publish',
    pathParams: FormIdParams,
    body: c.noBody(),
    summary: 'Publish a form',
    description:
      'DRAFT or ARCHIVED to PUBLISHED: the public page and submission route work, under the same share code as before. ' +
      'Emits FORM_PUBLISHED.',
    responses: {
      200: success(PublishFormResult, 'Published'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: write,
  },
  unpublishForm: {
    method: 'POST',
    path: '/v1/forms/:id/unpublish',
    pathParams: FormIdParams,
    body: c.noBody(),
    summary: 'Unpublish a form',
    description:
      'PUBLISHED to DRAFT: the public page and submission route answer 404 until the form is published again. ' +
      'Emits FORM_UNPUBLISHED.',
    responses: {
      200: success(FormListItem, 'Unpublished'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: write,
  },
  listFormRevisions: {
    method: 'GET',
    path: '/v1/forms/:id/revisions',
    pathParams: FormIdParams,
    summary: 'List revisions',
    description:
      'Every change to the live schema of a form that has been published makes a revision, numbered from 1 (publishing, an edit while published, ' +
      'a draft published, a revision restored). Newest first, with who made each.',
    responses: {
      200: success(FormRevisionList, 'The revisions'),
      ...errorResponses([...API_KEY_ERRORS, 404], notFound),
    },
    metadata: read,
  },
  getFormRevision: {
    method: 'GET',
    path: '/v1/forms/:id/revisions/:revision',
    pathParams: FormIdParams.merge(RevisionParams),
    summary: 'Get a revision',
    description: 'One revision with the title and schema it had: what its responses answered.',
    responses: {
      200: success(FormRevisionDetail, 'The revision'),
      ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'Form or revision not found' }),
    },
    metadata: read,
  },
  restoreFormRevision: {
    method: 'POST',
    path: '/v1/forms/:id/revisions/:revision/restore',
    pathParams: FormIdParams.merge(RevisionParams),
    body: c.noBody(),
    summary: 'Restore a revision',
    description:
      "Makes the revision's title and schema the live form again, as a new revision (the history is kept). A draft is left as it is.",
    responses: {
      200: success(Form, 'The form, restored'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 409], {
        404: 'Form or revision not found',
        409: "Another form of the account has the revision's `settings.slug` now",
      }),
    },
    metadata: write,
  },
  getFormDraft: {
    method: 'GET',
    path: '/v1/forms/:id/draft',
    pathParams: FormIdParams,
    summary: 'Get the draft',
    description:
      'The changes kept apart from the live form until published (the builder edits a published form here); null when it has none.',
    responses: {
      200: success(FormDraft.nullable(), 'The draft, or null'),
      ...errorResponses([...API_KEY_ERRORS, 404], notFound),
    },
    metadata: read,
  },
  putFormDraft: {
    method: 'PUT',
    path: '/v1/forms/:id/draft',
    pathParams: FormIdParams,
    body: PutFormDraftBody,
    summary: 'Save the draft',
    description:
      'Replaces the draft (checked as a form is: 400 with the problems). The first save records the live revision the draft begins from.',
    responses: {
      200: success(FormDraft, 'The draft'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: write,
  },
  deleteFormDraft: {
    method: 'DELETE',
    path: '/v1/forms/:id/draft',
    pathParams: FormIdParams,
    body: c.noBody(),
    summary: 'Discard the draft',
    description: 'The live form stays as it is.',
    responses: {
      200: success(DeleteResult, 'Discarded'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], {
        404: 'Form not found, or it has no draft',
      }),
    },
    metadata: write,
  },
  publishFormDraft: {
    method: 'POST',
    path: '/v1/forms/:id/draft/publish',
    pathParams: FormIdParams,
    body: c.noBody(),
    summary: 'Publish the draft',
    description:
      'Applies the draft to the live form as one revision and discards the draft. 409 when the live form changed since the draft began ' +
      '(another revision): read both and save the draft again.',
    responses: {
      200: success(Form, 'The form'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 409], {
        404: 'Form not found, or it has no draft',
        409: "The live form changed since the draft began, or another form of the account has the draft's `settings.slug`",
      }),
    },
    metadata: write,
  },
});
