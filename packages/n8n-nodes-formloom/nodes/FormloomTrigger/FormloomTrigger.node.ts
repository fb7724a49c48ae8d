import { WEBHOOK_EVENT_TYPES, WEBHOOK_HEADERS, type WebhookEventType } from '@formloom/contract';
import { NotFoundError, verifyWebhook, WebhookVerificationError } from '@formloom/sdk';
import {
  type IDataObject,
  type IHookFunctions,
  type INodeType,
  type INodeTypeDescription,
  type IWebhookFunctions,
  type IWebhookResponseData,
  NodeConnectionTypes,
} from 'n8n-workflow';
import { CREDENTIAL_NAME, createClient } from '../Formloom/shared/client';
import { toNodeError } from '../Formloom/shared/errors';

/** What the trigger keeps in the node's static data between activation and deliveries. */
interface EndpointData extends IDataObject {
  endpointId?: string;
  /** The endpoint's signing secret: the API shows it once, when the endpoint is created. */
  secret?: string;
}

const EVENT_LABELS: Record<WebhookEventType, string> = {
  FORM_RESPONSE_CREATED: 'Response Submitted',
  FORM_RESPONSE_UPDATED: 'Response Edited',
  FORM_PUBLISHED: 'Form Published',
  FORM_UNPUBLISHED: 'Form Unpublished',
  FORM_CREATED: 'Form Created',
  FORM_DELETED: 'Form Deleted',
  FORM_EXPIRED: 'Form Expired',
  FORM_RESPONSES_LIMIT_REACHED: 'Form Responses Limit Reached',
  ANALYTICS_REPORT_COMPLETED: 'Analytics Report Completed',
  SMART_FORM_SESSION_COMPLETED: 'Smart Form Session Completed',
};

function sameEvents(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

/**
 * Starts a workflow on Formloom events. Activation registers a webhook endpoint for the chosen
 * events at the workflow's webhook URL and keeps its signing secret in the node's static data;
 * deactivation deletes it. Every delivery's signature is checked before the workflow runs.
 */
export class FormloomTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Formloom Trigger',
    name: 'formloomTrigger',
    icon: { light: 'file:../../icons/formloom.svg', dark: 'file:../../icons/formloom.dark.svg' },
    group: ['trigger'],
    version: 1,
    subtitle: '={{$parameter["events"].join(", ")}}',
    description: 'Starts the workflow when Formloom events occur',
    defaults: { name: 'Formloom Trigger' },
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: CREDENTIAL_NAME, required: true }],
    webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
    properties: [
      {
        displayName: 'Events',
        name: 'events',
        type: 'multiOptions',
        required: true,
        options: [...WEBHOOK_EVENT_TYPES]
          .sort((a, b) => EVENT_LABELS[a].localeCompare(EVENT_LABELS[b]))
          .map((type) => ({ name: EVENT_LABELS[type], value: type })),
        default: ['FORM_RESPONSE_CREATED'],
        description: 'The events that start the workflow',
      },
      {
        displayName: 'Only Form ID',
        name: 'formId',
        type: 'string',
        default: '',
        description:
          'Start only for events of this form (or smart form); empty: every form of the account. Other deliveries are acknowledged and dropped.',
      },
    ],
  };

  webhookMethods = {
    default: {
      /**
       * True when the endpoint this node made is still registered for its URL and events. An
       * endpoint at this URL whose secret this node does not hold cannot be verified: it is
       * replaced. One with other events, or disabled after failures, is brought up to date.
       */
      async checkExists(this: IHookFunctions): Promise<boolean> {
        const data = this.getWorkflowStaticData('node') as EndpointData;
        const url = this.getNodeWebhookUrl('default');
        const events = this.getNodeParameter('events', []) as WebhookEventType[];
        try {
          const client = await createClient(this);
          const { webhooks } = await client.webhooks.list();
          const existing = webhooks.find((endpoint) => endpoint.url === url);
          if (existing === undefined) {
            delete data.endpointId;
            delete data.secret;
            return false;
          }
          if (existing.id !== data.endpointId || data.secret === undefined) {
            await client.webhooks.delete(existing.id);
            delete data.endpointId;
            delete data.secret;
            return false;
          }
          if (!sameEvents(existing.events, events) || !existing.isActive) {
            await client.webhooks.update(existing.id, { events, isActive: true });
          }
          return true;
        } catch (error) {
          throw toNodeError(this.getNode(), error, 0);
        }
      },

      async create(this: IHookFunctions): Promise<boolean> {
        const data = this.getWorkflowStaticData('node') as EndpointData;
        const url = this.getNodeWebhookUrl('default');
        const events = this.getNodeParameter('events', []) as WebhookEventType[];
        if (url === undefined) return false;
        try {
          const client = await createClient(this);
          const created = await client.webhooks.create({
            url,
            events,
            description: `n8n workflow ${this.getWorkflow().id ?? ''} (${this.getNode().name})`.slice(0, 500),
          });
          data.endpointId = created.id;
          data.secret = created.secret;
          return true;
        } catch (error) {
          throw toNodeError(this.getNode(), error, 0);
        }
      },

      async delete(this: IHookFunctions): Promise<boolean> {
        const data = this.getWorkflowStaticData('node') as EndpointData;
        if (data.endpointId !== undefined) {
          try {
            const client = await createClient(this);
            await client.webhooks.delete(data.endpointId);
          } catch (error) {
            // Already gone (deleted by hand, or another account's key now): nothing left to remove.
            if (!(error instanceof NotFoundError)) throw toNodeError(this.getNode(), error, 0);
          }
        }
        delete data.endpointId;
        delete data.secret;
        return true;
      },
    },
  };

  async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
    const data = this.getWorkflowStaticData('node') as EndpointData;
    const request = this.getRequestObject();
    const headers = this.getHeaderData();
    const refuse = (message: string): IWebhookResponseData => {
      this.getResponseObject().status(401).json({ message, data: null, error: 'UNAUTHORIZED' });
      return { noWebhookResponse: true };
    };
    if (data.secret === undefined)
      return refuse('This trigger holds no signing secret: reactivate the workflow');
    if (request.rawBody === undefined) await request.readRawBody();
    let event: Awaited<ReturnType<typeof verifyWebhook>>;
    try {
      event = await verifyWebhook({
        payload: request.rawBody,
        headers: headers as IDataObject as Record<string, string>,
        secret: data.secret,
      });
    } catch (error) {
      if (error instanceof WebhookVerificationError)
        return refuse(`Signature check failed: ${error.message}`);
      throw toNodeError(this.getNode(), error, 0);
    }
    const events = this.getNodeParameter('events', []) as string[];
    const onlyForm = (this.getNodeParameter('formId', '') as string).trim();
    const eventData = event.data as { formId?: string; smartFormId?: string };
    const formOfEvent = eventData.formId ?? eventData.smartFormId;
    if (!events.includes(event.type) || (onlyForm !== '' && formOfEvent !== onlyForm)) return {};
    const delivery = headers[WEBHOOK_HEADERS.delivery];
    return {
      workflowData: [
        this.helpers.returnJsonArray([
          {
            ...(event as unknown as IDataObject),
            deliveryId: typeof delivery === 'string' ? delivery : null,
          },
        ]),
      ],
    };
  }
}
