import { TEXT_LIMITS } from '@formloom/contract';
import type { INodeProperties } from 'n8n-workflow';
import { chatMessage, idParameter, optionalString, showFor } from '../shared/parameters';
import { type ResourceDefinition, toItems } from '../shared/types';

const RESOURCE = 'analytics';

const properties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: { resource: [RESOURCE] } },
    options: [
      {
        name: 'Chat',
        value: 'chat',
        action: 'Ask about the responses of a form',
        description: 'Ask a question about the responses of a form',
      },
      {
        name: 'Smart Analytics Report',
        value: 'smartAnalytics',
        action: 'Request a smart analytics report',
        description: 'Queue a report that is posted to a callback URL when ready',
      },
    ],
    default: 'chat',
  },
  idParameter(
    'formId',
    'Form ID',
    RESOURCE,
    ['chat', 'smartAnalytics'],
    'The form whose responses are analysed',
  ),
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
    displayName: 'Chat Session ID',
    name: 'chatSessionId',
    type: 'string',
    default: '',
    displayOptions: showFor(RESOURCE, ['chat']),
    description: 'Continue this chat (the sessionId of an earlier answer); empty starts a new one',
  },
  {
    displayName: 'Callback URL',
    name: 'callbackUrl',
    type: 'string',
    required: true,
    default: '',
    placeholder: 'https://example.com/formloom/report',
    displayOptions: showFor(RESOURCE, ['smartAnalytics']),
    description:
      'Where the finished report is POSTed, signed with X-Service-Signature-256 (e.g. the URL of an n8n Webhook node)',
  },
];

export const analytics: ResourceDefinition = {
  properties,
  operations: {
    async chat(context, i, client) {
      const formId = context.getNodeParameter('formId', i) as string;
      const message = chatMessage(context, i);
      const sessionId = optionalString(context.getNodeParameter('chatSessionId', i, ''));
      return toItems(await client.analytics.chat(formId, { message, ...(sessionId ? { sessionId } : {}) }));
    },
    async smartAnalytics(context, i, client) {
      const formId = context.getNodeParameter('formId', i) as string;
      const callbackUrl = (context.getNodeParameter('callbackUrl', i) as string).trim();
      return toItems({
        formId,
        callbackUrl,
        ...(await client.analytics.smartAnalytics(formId, { callbackUrl })),
      });
    },
  },
};
