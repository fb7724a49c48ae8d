import { generateSchema } from '@anatine/zod-openapi';
import {
  type ContractRoute,
  contractRoutes,
  GenerateFormAccepted,
  type JsonValue,
  toJsonSchema2020,
} from '@formloom/contract';
import { type AppRoute, isAppRouteOtherResponse } from '@ts-rest/core';
import type { ZodTypeAny } from 'zod';

/**
 * MCP tools derived from the contract (docs/mcp.md "The tools"), the way the SDK is: one tool per API-key
 * route, so a route added to the contract is a tool without an edit here. A call is a real HTTP request to
 * that REST route with the caller's API key (mcp-client.ts), so scopes, plans, limits, credits and
 * idempotency are the REST route's own.
 */
export interface McpTool {
  /** The route's key path: `forms_createForm` for `contract.forms.createForm`. */
  name: string;
  title: string;
  description: string;
  /** JSON Schema 2020-12: the path parameters and query at the top level, the JSON body under `body`. */
  inputSchema: { type: 'object'; properties: Record<string, JsonValue>; required?: string[] };
  route: AppRoute;
  pathParams: readonly string[];
  queryParams: readonly string[];
  hasBody: boolean;
}

/**
 * Which API-key routes have no tool, and why; the only exceptions. A tool answers JSON text, so:
 * - a route whose success answer is not JSON (a file download, e.g. an export) has none;
 * - a route whose body is not JSON (a multipart upload) has none;
 * - a deprecated route is an alias of another route, which has the tool.
 * A route that can also stream (analytics chat) is called in its JSON mode: the tool returns the
 * final answer. Routes of other credentials (public, session, interview) are not API routes.
 */
export function exclusionOf(route: AppRoute): string | undefined {
  const ok = Object.entries(route.responses).filter(([status]) => Number(status) < 300);
  if (ok.some(([, response]) => isAppRouteOtherResponse(response))) return 'its answer is a file, not JSON';
  if ('contentType' in route && route.contentType === 'multipart/form-data')
    return 'its body is a file upload';
  if (route.deprecated === true) return 'deprecated: an alias of another route';
  return undefined;
}

/** The tool that waits for an AI job; the routes that start one say so in their description. */
export const JOBS_WAIT_TOOL = 'jobs_wait';

/** Every tool of the contract's API-key routes, in contract order, and the routes left out. */
export function deriveTools(routes: readonly ContractRoute[] = contractRoutes): {
  tools: McpTool[];
  excluded: { name: string; reason: string }[];
} {
  const tools: McpTool[] = [];
  const excluded: { name: string; reason: string }[] = [];
  for (const { name, group, route, metadata } of routes) {
    if (metadata.auth !== 'apiKey') continue;
    const toolName = `${group.replaceAll('.', '_')}_${name}`;
    const reason = exclusionOf(route);
    if (reason !== undefined) {
      excluded.push({ name: toolName, reason });
      continue;
    }
    tools.push(toolOf(toolName, route));
  }
  return { tools, excluded };
}

function toolOf(name: string, route: AppRoute): McpTool {
  const properties: Record<string, JsonValue> = {};
  const required: string[] = [];
  const add = (schema: ZodTypeAny | undefined): string[] => {
    if (schema === undefined) return [];
    const object = jsonSchemaOf(schema) as { properties?: Record<string, JsonValue>; required?: string[] };
    Object.assign(properties, object.properties);
    required.push(...(object.required ?? []));
    return Object.keys(object.properties ?? {});
  };
  const pathParams = add(route.pathParams as ZodTypeAny | undefined);
  const queryParams = add(
    'query' in route ? ((route.query as ZodTypeAny | null | undefined) ?? undefined) : undefined,
  );
  const body = 'body' in route && isZod(route.body) ? route.body : undefined;
  if (body !== undefined) {
    properties.body = jsonSchemaOf(body);
    if (!body.isOptional()) required.push('body');
  }
  const text = [route.summary, route.description].filter(Boolean).join('. ');
  return {
    name,
    title: route.summary ?? name,
    description: startsAiJob(route)
      ? `${text}\n\nAnswers at once with a job id: call \`${JOBS_WAIT_TOOL}\` with it for the result.`
      : text,
    inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
    route,
    pathParams,
    queryParams,
    hasBody: body !== undefined,
  };
}

/** The zod-to-OpenAPI conversion docs/openapi.json is built with, then the 3.1 dialect. */
export function jsonSchemaOf(schema: ZodTypeAny): JsonValue {
  return toJsonSchema2020(generateSchema(schema) as JsonValue);
}

function isZod(value: unknown): value is ZodTypeAny {
  return typeof (value as ZodTypeAny | undefined)?.safeParse === 'function';
}

/** A route answering 202 with an AI job (generate, translate): `GET /v1/ai/jobs/:jobId` reads it. */
function startsAiJob(route: AppRoute): boolean {
  const accepted = (route.responses as Record<number, unknown>)[202] as
    | { shape?: { data?: unknown } }
    | undefined;
  return accepted?.shape?.data === GenerateFormAccepted;
}
