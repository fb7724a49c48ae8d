import type { INodeProperties } from 'n8n-workflow';
import { idParameter, isoInstant, listItems, paginationParameters, showFor } from '../shared/parameters';
import { type ResourceDefinition, toItems } from '../shared/types';

const RESOURCE = 'response';

const properties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: { resource: [RESOURCE] } },
    options: [
      {
        name: 'Count',
        value: 'count',
        action: 'Count responses',
        description: 'How many responses a form has',
      },
      {
        name: 'Get',
        value: 'get',
        action: 'Get a response',
        description: 'Get one response with its answers',
      },
      {
        name: 'Get Many',
        value: 'getAll',
        action: 'Get many responses',
        description: 'List the responses of a form',
      },
    ],
    default: 'getAll',
  },
  idParameter('formId', 'Form ID', RESOURCE, ['getAll', 'get', 'count'], 'The form the responses belong to'),
  idParameter('responseId', 'Response ID', RESOURCE, ['get'], 'The response'),
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
        displayName: 'End Date',
        name: 'endDate',
        type: 'dateTime',
        default: '',
        description: 'Only responses submitted at or before this instant (a bare date: its whole day, UTC)',
      },
      {
        displayName: 'Since',
        name: 'since',
        type: 'dateTime',
        default: '',
        description: 'Only responses submitted strictly after this instant (incremental sync)',
      },
      {
        displayName: 'Start Date',
        name: 'startDate',
        type: 'dateTime',
        default: '',
        description: 'Only responses submitted at or after this instant (a bare date: its start, UTC)',
      },
    ],
  },
];

export const response: ResourceDefinition = {
  properties,
  operations: {
    async getAll(context, i, client) {
      const formId = context.getNodeParameter('formId', i) as string;
      const filters = context.getNodeParameter('filters', i, {}) as Record<string, unknown>;
      const query = {
        since: isoInstant(filters.since),
        startDate: isoInstant(filters.startDate),
        endDate: isoInstant(filters.endDate),
      };
      return toItems(
        await listItems(context, i, (limit) => client.responses.list(formId, { ...query, limit })),
      );
    },
    async get(context, i, client) {
      const formId = context.getNodeParameter('formId', i) as string;
      const responseId = context.getNodeParameter('responseId', i) as string;
      return toItems(await client.responses.retrieve(formId, responseId));
    },
    async count(context, i, client) {
      const formId = context.getNodeParameter('formId', i) as string;
      return toItems({ formId, ...(await client.responses.count(formId)) });
    },
  },
};
