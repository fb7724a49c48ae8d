import { TEXT_LIMITS } from '@formloom/contract';
import type { INodeProperties } from 'n8n-workflow';
import {
  chatMessage,
  idParameter,
  jsonParameter,
  listItems,
  optionalString,
  paginationParameters,
  showFor,
} from '../shared/parameters';
import { type ResourceDefinition, toItems } from '../shared/types';

const RESOURCE = 'smartForm';
type SmartForms = import('@formloom/sdk').SmartForms;
type CreateBody = Parameters<SmartForms['create']>[0];
type UpdateBody = Parameters<SmartForms['update']>[1];

/** Export formats the node offers: a spreadsheet file for the next node (spec 4.4: csv or xlsx). */
const EXPORT_FILES = {
  csv: { mimeType: 'text/csv', extension: 'csv' },
  xlsx: { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
} as const;

const smartFormFields: INodeProperties[] = [
  {
    displayName: 'Description',
    name: 'description',
    type: 'string',
    default: '',
    description: 'Shown on the welcome screen',
  },
  {
    displayName: 'Is Private',
    name: 'isPrivate',
    type: 'boolean',
    default: false,
    description: 'Whether respondents must verify their email with a one-time code',
  },
  {
    displayName: 'Languages',
    name: 'languages',
    type: 'string',
    default: '',
    description: 'ISO 639-1 codes separated by commas; empty detects the respondent language',
  },
  {
    displayName: 'Max Questions',
    name: 'maxQuestions',
    type: 'number',
    typeOptions: { minValue: 5, maxValue: 15 },
    default: 10,
  },
  {
    displayName: 'Reference JSON',
    name: 'referenceJson',
    type: 'json',
    default: '{}',
    description: 'A JSON structure the AI maps the interview answers onto',
  },
  {
    displayName: 'Target Audience',
    name: 'targetAudience',
    type: 'string',
    default: '',
    description: 'Guides the tone',
  },
];

const properties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: { resource: [RESOURCE] } },
    options: [
      {
        name: 'Aggregate Analytics',
        value: 'analytics',
        action: 'Analyse the sessions of a smart form',
        description: 'Trends, sentiment and key insights over the completed sessions',
      },
      {
        name: 'Chat',
        value: 'chat',
        action: 'Ask about the interviews of a smart form',
        description: 'Ask a question about the 50 most recent completed sessions',
      },
      {
        name: 'Create',
        value: 'create',
        action: 'Create a smart form',
        description: 'Create a draft AI interview',
      },
      {
        name: 'Delete',
        value: 'delete',
        action: 'Delete a smart form',
        description: 'Delete a smart form and its sessions',
      },
      {
        name: 'Export',
        value: 'export',
        action: 'Export the sessions of a smart form',
        description: 'Every session as a CSV or XLSX file',
      },
      {
        name: 'Get',
        value: 'get',
        action: 'Get a smart form',
        description: 'Get a smart form with its session statistics',
      },
      { name: 'Get Many', value: 'getAll', action: 'Get many smart forms', description: 'List smart forms' },
      {
        name: 'Get Session',
        value: 'getSession',
        action: 'Get a session',
        description: 'Get a session with its transcript',
      },
      {
        name: 'Get Sessions',
        value: 'getSessions',
        action: 'Get many sessions',
        description: 'List the sessions of a smart form',
      },
      {
        name: 'Publish',
        value: 'publish',
        action: 'Publish a smart form',
        description: 'Start accepting sessions',
      },
      {
        name: 'Unpublish',
        value: 'unpublish',
        action: 'Unpublish a smart form',
        description: 'Stop accepting new sessions',
      },
      {
        name: 'Update',
        value: 'update',
        action: 'Update a smart form',
        description: 'Change some properties',
      },
    ],
    default: 'getAll',
  },
  idParameter(
    'smartFormId',
    'Smart Form ID',
    RESOURCE,
    [
      'get',
      'update',
      'delete',
      'publish',
      'unpublish',
      'getSessions',
      'getSession',
      'chat',
      'analytics',
      'export',
    ],
    'The smart form',
  ),
  idParameter('sessionId', 'Session ID', RESOURCE, ['getSession'], 'The session'),
  ...paginationParameters(RESOURCE, ['getAll', 'getSessions']),
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
        description: 'Only titles containing this text',
      },
      {
        displayName: 'Status',
        name: 'status',
        type: 'options',
        options: [
          { name: 'All', value: 'all' },
          { name: 'Draft', value: 'draft' },
          { name: 'Published', value: 'published' },
        ],
        default: 'all',
      },
    ],
  },
  {
    displayName: 'Session Status',
    name: 'sessionStatus',
    type: 'options',
    options: [
      { name: 'Abandoned', value: 'abandoned' },
      { name: 'Active', value: 'active' },
      { name: 'All', value: 'all' },
      { name: 'Completed', value: 'completed' },
    ],
    default: 'all',
    displayOptions: showFor(RESOURCE, ['getSessions']),
  },
  {
    displayName: 'Purpose',
    name: 'purpose',
    type: 'string',
    typeOptions: { rows: 3 },
    required: true,
    default: '',
    displayOptions: showFor(RESOURCE, ['create']),
    description: 'What the interview is for (10 to 3,000 characters); every question is built from it',
  },
  {
    displayName: 'Additional Fields',
    name: 'additionalFields',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    displayOptions: showFor(RESOURCE, ['create']),
    options: [{ displayName: 'Title', name: 'title', type: 'string', default: '' }, ...smartFormFields],
  },
  {
    displayName: 'Update Fields',
    name: 'updateFields',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    displayOptions: showFor(RESOURCE, ['update']),
    options: [
      { displayName: 'Purpose', name: 'purpose', type: 'string', default: '' },
      { displayName: 'Title', name: 'title', type: 'string', default: '' },
      ...smartFormFields,
    ],
  },
  {
    displayName: 'Mode',
    name: 'unpublishMode',
    type: 'options',
    options: [
      { name: 'Soft', value: 'soft', description: 'Active sessions may finish' },
      { name: 'Hard', value: 'hard', description: 'Active sessions are ended (abandoned) at once' },
    ],
    default: 'soft',
    displayOptions: showFor(RESOURCE, ['unpublish']),
  },
  {
    displayName: 'Message',
    name: 'message',
    type: 'string',
    typeOptions: { rows: 2 },
    required: true,
    default: '',
    displayOptions: showFor(RESOURCE, ['chat']),
    description: `Your question, at most ${TEXT_LIMITS.chatMessage} characters`,
  },
  {
    displayName: 'Conversation History',
    name: 'conversationHistory',
    type: 'json',
    default: '[]',
    displayOptions: showFor(RESOURCE, ['chat']),
    description: 'Earlier turns, as [{"role": "user" or "assistant", "content": "..."}]',
  },
  {
    displayName: 'Session IDs',
    name: 'sessionIds',
    type: 'string',
    default: '',
    displayOptions: showFor(RESOURCE, ['analytics']),
    description: 'Only these sessions, separated by commas; empty analyses every completed session',
  },
  {
    displayName: 'Format',
    name: 'format',
    type: 'options',
    options: [
      { name: 'CSV', value: 'csv' },
      { name: 'XLSX', value: 'xlsx' },
    ],
    default: 'csv',
    displayOptions: showFor(RESOURCE, ['export']),
  },
  {
    displayName: 'Put Output File in Field',
    name: 'binaryPropertyName',
    type: 'string',
    required: true,
    default: 'data',
    displayOptions: showFor(RESOURCE, ['export']),
    hint: 'The name of the output binary field to put the file in',
  },
];

function list(text: unknown): string[] | undefined {
  if (typeof text !== 'string') return undefined;
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The collection values as an API body: empty strings dropped, lists split, JSON parsed. */
function smartFormBody(values: Record<string, unknown>, clearEmpty: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'languages') body.languages = list(value) ?? [];
    else if (key === 'referenceJson') {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      body.referenceJson = optionalString(text) ?? (clearEmpty ? null : undefined);
    } else if (typeof value === 'string') {
      const text = optionalString(value);
      if (text !== undefined) body[key] = text;
      else if (clearEmpty && (key === 'description' || key === 'targetAudience')) body[key] = null;
    } else body[key] = value;
  }
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

export const smartForm: ResourceDefinition = {
  properties,
  operations: {
    async getAll(context, i, client) {
      const filters = context.getNodeParameter('filters', i, {}) as { search?: string; status?: 'all' };
      const query = { search: optionalString(filters.search), status: filters.status ?? 'all' };
      return toItems(await listItems(context, i, (limit) => client.smartForms.list({ ...query, limit })));
    },
    async get(context, i, client) {
      return toItems(await client.smartForms.retrieve(context.getNodeParameter('smartFormId', i) as string));
    },
    async create(context, i, client) {
      const extra = context.getNodeParameter('additionalFields', i, {}) as Record<string, unknown>;
      const body = {
        purpose: context.getNodeParameter('purpose', i) as string,
        ...smartFormBody(extra, false),
      } as CreateBody;
      return toItems(await client.smartForms.create(body));
    },
    async update(context, i, client) {
      const id = context.getNodeParameter('smartFormId', i) as string;
      const changes = context.getNodeParameter('updateFields', i, {}) as Record<string, unknown>;
      return toItems(await client.smartForms.update(id, smartFormBody(changes, true) as UpdateBody));
    },
    async delete(context, i, client) {
      return toItems(await client.smartForms.delete(context.getNodeParameter('smartFormId', i) as string));
    },
    async publish(context, i, client) {
      return toItems(await client.smartForms.publish(context.getNodeParameter('smartFormId', i) as string));
    },
    async unpublish(context, i, client) {
      const id = context.getNodeParameter('smartFormId', i) as string;
      const mode = context.getNodeParameter('unpublishMode', i, 'soft') as 'soft' | 'hard';
      return toItems(await client.smartForms.unpublish(id, { mode }));
    },
    async getSessions(context, i, client) {
      const id = context.getNodeParameter('smartFormId', i) as string;
      const status = context.getNodeParameter('sessionStatus', i, 'all') as 'all';
      return toItems(
        await listItems(context, i, (limit) => client.smartForms.sessions.list(id, { status, limit })),
      );
    },
    async getSession(context, i, client) {
      const id = context.getNodeParameter('smartFormId', i) as string;
      const sessionId = context.getNodeParameter('sessionId', i) as string;
      return toItems(await client.smartForms.sessions.retrieve(id, sessionId));
    },
    async chat(context, i, client) {
      const id = context.getNodeParameter('smartFormId', i) as string;
      const message = chatMessage(context, i);
      const history = jsonParameter(context, 'conversationHistory', i);
      const body = {
        message,
        ...(Array.isArray(history) && history.length > 0 ? { conversationHistory: history } : {}),
      } as Parameters<SmartForms['chat']>[1];
      return toItems(await client.smartForms.chat(id, body));
    },
    async analytics(context, i, client) {
      const id = context.getNodeParameter('smartFormId', i) as string;
      const sessionIds = list(context.getNodeParameter('sessionIds', i, ''));
      const body = sessionIds && sessionIds.length > 0 ? { sessionIds } : {};
      return toItems(await client.smartForms.analytics(id, body as Parameters<SmartForms['analytics']>[1]));
    },
    async export(context, i, client) {
      const id = context.getNodeParameter('smartFormId', i) as string;
      const format = context.getNodeParameter('format', i, 'csv') as keyof typeof EXPORT_FILES;
      const property = context.getNodeParameter('binaryPropertyName', i, 'data') as string;
      const file = EXPORT_FILES[format];
      const answer = await client.smartForms.export(id, { format });
      const bytes = Buffer.from(await answer.arrayBuffer());
      const binary = await context.helpers.prepareBinaryData(
        bytes,
        `smart-form-${id}.${file.extension}`,
        answer.headers.get('content-type')?.split(';')[0] ?? file.mimeType,
      );
      return [{ json: { smartFormId: id, format, bytes: bytes.length }, binary: { [property]: binary } }];
    },
  },
};
