import { TEXT_LIMITS } from '@formloom/contract';
import { COLLECT_DEFAULTS } from '@formloom/sdk';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** `displayOptions.show` for one resource and some of its operations. */
export function showFor(resource: string, operations: string[], extra: IDataObject = {}) {
  return { show: { resource: [resource], operation: operations, ...extra } };
}

/** A required string parameter (an id) shown for the given operations. */
export function idParameter(
  name: string,
  displayName: string,
  resource: string,
  operations: string[],
  description: string,
): INodeProperties {
  return {
    displayName,
    name,
    type: 'string',
    required: true,
    default: '',
    displayOptions: showFor(resource, operations),
    description,
  };
}

/** `Return All` and `Limit`, as n8n's list operations have them. */
export function paginationParameters(resource: string, operations: string[]): INodeProperties[] {
  return [
    {
      displayName: 'Return All',
      name: 'returnAll',
      type: 'boolean',
      default: false,
      displayOptions: showFor(resource, operations),
      description: 'Whether to return all results or only up to a given limit',
      hint: 'All stops at 50 pages or 5,000 records',
    },
    {
      displayName: 'Limit',
      name: 'limit',
      type: 'number',
      default: 50,
      typeOptions: { minValue: 1, maxValue: 100 },
      displayOptions: showFor(resource, operations, { returnAll: [false] }),
      description: 'Max number of results to return',
    },
  ];
}

/** "a, b ,c" as ["a", "b", "c"]: a list typed into one text parameter (undefined when not text). */
export function commaList(value: unknown): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** A parameter as a trimmed string; empty means absent. */
export function optionalString(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * A JSON parameter: n8n hands over a string (typed in) or an object (from an expression).
 * Anything that is not JSON is the user's to fix, so it is a NodeOperationError naming the field.
 */
export function jsonParameter(context: IExecuteFunctions, name: string, itemIndex: number): unknown {
  return parseJsonValue(context, name, context.getNodeParameter(name, itemIndex) as unknown, itemIndex);
}

/** `value` parsed when it is JSON text, as it is otherwise (see {@link jsonParameter}). */
export function parseJsonValue(
  context: IExecuteFunctions,
  label: string,
  value: unknown,
  itemIndex: number,
): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new NodeOperationError(
      context.getNode(),
      `"${label}" is not valid JSON: ${(error as Error).message}`,
      {
        itemIndex,
      },
    );
  }
}

/** An ISO 8601 instant from a dateTime parameter (n8n may give it without a zone: read as UTC). */
export function isoInstant(value: unknown): string | undefined {
  const text = optionalString(value);
  if (text === undefined) return undefined;
  // A bare date keeps its meaning on the server (a start date's first instant, an end date's whole day).
  if (!text.includes('T')) return text;
  const withZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? text : new Date(ms).toISOString();
}

/**
 * One page of `limit` items, or with Return All every page, stopping at 50 pages or 5,000 records
 * (the SDK's collect defaults, `CollectOptions`).
 */
export async function listItems<Item>(
  context: IExecuteFunctions,
  itemIndex: number,
  list: (limit: number | undefined) => {
    collect(options?: { maxPages?: number; maxItems?: number }): Promise<{ items: Item[] }>;
    then: PromiseLike<{ items: Item[] }>['then'];
  },
): Promise<Item[]> {
  const returnAll = context.getNodeParameter('returnAll', itemIndex, false) as boolean;
  if (returnAll) {
    const { items } = await list(undefined).collect(COLLECT_DEFAULTS);
    return items;
  }
  const limit = context.getNodeParameter('limit', itemIndex, 50) as number;
  const page = await list(limit);
  return page.items;
}

/**
 * The `message` parameter of a chat, trimmed: 1 to 500 characters (the chats' limit, docs/ai.md), checked
 * before any call.
 */
export function chatMessage(context: IExecuteFunctions, itemIndex: number): string {
  const message = (context.getNodeParameter('message', itemIndex) as string).trim();
  if (message.length === 0 || message.length > TEXT_LIMITS.chatMessage) {
    throw new NodeOperationError(
      context.getNode(),
      `The message must be 1 to ${TEXT_LIMITS.chatMessage} characters; it has ${message.length}`,
      { itemIndex },
    );
  }
  return message;
}
