import { LANGUAGES } from '@formloom/contract';
import type { CreateFormBody } from '@formloom/sdk';
import type { INodeProperties } from 'n8n-workflow';
import {
  idParameter,
  isoInstant,
  jsonParameter,
  listItems,
  optionalString,
  paginationParameters,
  parseJsonValue,
  showFor,
} from '../shared/parameters';
import { type ResourceDefinition, toItems } from '../shared/types';

const RESOURCE = 'form';

const properties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: { resource: [RESOURCE] } },
    options: [
      { name: 'Create', value: 'create', action: 'Create a form', description: 'Create a draft form' },
      {
        name: 'Delete',
        value: 'delete',
        action: 'Delete a form',
        description: 'Delete a form and its responses',
      },
      { name: 'Get', value: 'get', action: 'Get a form', description: 'Get a form with its schema' },
      {
        name: 'Get Many',
        value: 'getAll',
        action: 'Get many forms',
        description: 'List forms, newest first',
      },
      { name: 'Publish', value: 'publish', action: 'Publish a form', description: 'Make a form public' },
      {
        name: 'Unpublish',
        value: 'unpublish',
        action: 'Unpublish a form',
        description: 'Take a form back to draft',
      },
      {
        name: 'Update',
        value: 'update',
        action: 'Update a form',
        description: 'Change some properties of a form',
      },
    ],
    default: 'getAll',
  },
  idParameter('formId', 'Form ID', RESOURCE, ['get', 'update', 'delete', 'publish', 'unpublish'], 'The form'),
  ...paginationParameters(RESOURCE, ['getAll']),
  {
    displayName: 'Filters',
    name: 'filters',
    type: 'collection',
    placeholder: 'Add Filter',
    default: {},
    displayOptions: showFor(RESOURCE, ['getAll']),
    options: [
      {
        displayName: 'Search',
        name: 'search',
        type: 'string',
        default: '',
        description: 'Only forms whose title contains this text (case-insensitive)',
      },
      {
        displayName: 'Updated Since',
        name: 'since',
        type: 'dateTime',
        default: '',
        description: 'Only forms updated after this instant',
      },
    ],
  },
  {
    displayName: 'Create From',
    name: 'createFrom',
    type: 'options',
    options: [
      { name: 'Blank', value: 'blank', description: 'One section and no fields' },
      { name: 'Schema', value: 'schema', description: 'A complete form schema as JSON' },
    ],
    default: 'blank',
    displayOptions: showFor(RESOURCE, ['create']),
  },
  {
    displayName: 'Title',
    name: 'title',
    type: 'string',
    required: true,
    default: '',
    displayOptions: showFor(RESOURCE, ['create']),
    description: 'At most 200 characters',
  },
  {
    displayName: 'Schema',
    name: 'schema',
    type: 'json',
    required: true,
    default:
      '{\n  "version": "1.0",\n  "schemaVersion": "2025-01-01",\n  "meta": { "title": "Contact us", "language": "en" },\n  "sections": [{ "id": "main", "title": "About you", "order": 0 }],\n  "fields": [{ "id": "email", "sectionId": "main", "type": "email", "label": "Email", "order": 0 }]\n}',
    displayOptions: showFor(RESOURCE, ['create'], { createFrom: ['schema'] }),
    description: 'The complete form schema: sections, fields, validation and conditional logic',
  },
  {
    displayName: 'Additional Fields',
    name: 'additionalFields',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    displayOptions: showFor(RESOURCE, ['create'], { createFrom: ['blank'] }),
    options: [
      {
        displayName: 'Description',
        name: 'description',
        type: 'string',
        default: '',
        description: 'At most 500 characters',
      },
      {
        displayName: 'Language',
        name: 'language',
        type: 'options',
        options: LANGUAGES.map((code) => ({ name: code, value: code })),
        default: 'en',
        description: 'Language of the built-in texts',
      },
    ],
  },
  {
    displayName: 'Update Fields',
    name: 'updateFields',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    displayOptions: showFor(RESOURCE, ['update']),
    options: [
      { displayName: 'Description', name: 'description', type: 'string', default: '' },
      {
        displayName: 'Expires At',
        name: 'expiresAt',
        type: 'dateTime',
        default: '',
        description: 'When the published form is archived',
      },
      {
        displayName: 'Max Responses',
        name: 'maxResponses',
        type: 'number',
        typeOptions: { minValue: 1 },
        default: 100,
        description: 'Archive the form once this many responses are stored',
      },
      {
        displayName: 'Schema',
        name: 'schema',
        type: 'json',
        default: '{}',
        description: 'Replaces the whole schema',
      },
      { displayName: 'Title', name: 'title', type: 'string', default: '' },
    ],
  },
];

export const form: ResourceDefinition = {
  properties,
  operations: {
    async getAll(context, i, client) {
      const filters = context.getNodeParameter('filters', i, {}) as { search?: string; since?: string };
      const query = { search: optionalString(filters.search), since: isoInstant(filters.since) };
      return toItems(await listItems(context, i, (limit) => client.forms.list({ ...query, limit })));
    },
    async get(context, i, client) {
      return toItems(await client.forms.retrieve(context.getNodeParameter('formId', i) as string));
    },
    async create(context, i, client) {
      const title = context.getNodeParameter('title', i) as string;
      let body: CreateFormBody;
      if (context.getNodeParameter('createFrom', i) === 'schema') {
        body = {
          title,
          schema: jsonParameter(context, 'schema', i) as Extract<
            CreateFormBody,
            { schema: unknown }
          >['schema'],
        };
      } else {
        const extra = context.getNodeParameter('additionalFields', i, {}) as {
          description?: string;
          language?: (typeof LANGUAGES)[number];
        };
        body = {
          title,
          ...(optionalString(extra.description) === undefined ? {} : { description: extra.description }),
          language: extra.language ?? 'en',
        };
      }
      return toItems(await client.forms.create(body));
    },
    async update(context, i, client) {
      const fields = context.getNodeParameter('updateFields', i, {}) as Record<string, unknown>;
      const body: Record<string, unknown> = {};
      if (fields.title !== undefined) body.title = fields.title;
      if (fields.description !== undefined) body.description = optionalString(fields.description) ?? null;
      if (fields.expiresAt !== undefined) body.expiresAt = isoInstant(fields.expiresAt) ?? null;
      if (fields.maxResponses !== undefined) body.settings = { maxResponses: fields.maxResponses };
      if (fields.schema !== undefined) {
        body.schema = parseJsonValue(context, 'Schema', fields.schema, i);
      }
      const formId = context.getNodeParameter('formId', i) as string;
      return toItems(await client.forms.update(formId, body as Parameters<typeof client.forms.update>[1]));
    },
    async delete(context, i, client) {
      return toItems(await client.forms.delete(context.getNodeParameter('formId', i) as string));
    },
    async publish(context, i, client) {
      return toItems(await client.forms.publish(context.getNodeParameter('formId', i) as string));
    },
    async unpublish(context, i, client) {
      return toItems(await client.forms.unpublish(context.getNodeParameter('formId', i) as string));
    },
  },
};
