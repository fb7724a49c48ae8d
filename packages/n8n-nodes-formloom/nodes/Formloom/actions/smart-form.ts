import { chatMessage, commaList, jsonParameter, listItems, optionalString } from '../shared/parameters';
import { type ResourceDefinition, toItems } from '../shared/types';
import { smartFormProperties } from './smart-form-properties';

type SmartForms = import('@formloom/sdk').SmartForms;
type CreateBody = Parameters<SmartForms['create']>[0];
type UpdateBody = Parameters<SmartForms['update']>[1];

/** Export formats the node offers: a spreadsheet file (csv or xlsx) for the next node. */
const EXPORT_FILES = {
  csv: { mimeType: 'text/csv', extension: 'csv' },
  xlsx: { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
} as const;

/** The collection values as an API body: empty strings dropped, lists split, JSON parsed. */
function smartFormBody(values: Record<string, unknown>, clearEmpty: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'languages') body.languages = commaList(value) ?? [];
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
  properties: smartFormProperties,
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
      const sessionIds = commaList(context.getNodeParameter('sessionIds', i, ''));
      const body = sessionIds && sessionIds.length > 0 ? { sessionIds } : {};
      return toItems(await client.smartForms.analytics(id, body as Parameters<SmartForms['analytics']>[1]));
    },
    async export(context, i, client) {
      const id = context.getNodeParameter('smartFormId', i) as string;
      const format = context.getNodeParameter('format', i, 'csv') as keyof typeof EXPORT_FILES;
      const property = context.getNodeParameter('binaryPropertyName', i, 'data') as string;
      const file = EXPORT_FILES[format];
      const exported = await client.smartForms.export(id, { format });
      const bytes = Buffer.from(await exported.response.arrayBuffer());
      const binary = await context.helpers.prepareBinaryData(
        bytes,
        exported.fileName ?? `smart-form-${id}.${file.extension}`,
        exported.contentType.split(';')[0] || file.mimeType,
      );
      return [{ json: { smartFormId: id, format, bytes: bytes.length }, binary: { [property]: binary } }];
    },
  },
};
