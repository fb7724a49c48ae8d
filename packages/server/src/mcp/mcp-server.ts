import { AI_JOB_POLLING, contract } from '@formloom/contract';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { deriveTools, JOBS_WAIT_TOOL, type McpTool } from './mcp-tools.js';

export interface McpServerOptions {
  /** Origin of the Formloom server whose REST routes the tools call (`FORMLOOM_URL`). */
  baseUrl: string;
  /** The caller's API key: every call is a REST request with it. */
  apiKey: string;
  /** Polling interval of `jobs_wait` (default the contract's `AI_JOB_POLLING`). */
  pollIntervalMs?: number;
}

const { tools: TOOLS } = deriveTools();
const BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));
/** Below the server's default request timeout (120 s), so `POST /mcp` answers; call again to wait more. */
const MAX_WAIT_SECONDS = 90;

const JOBS_WAIT: Tool = {
  name: JOBS_WAIT_TOOL,
  title: 'Wait for an AI job',
  description:
    'Waits until an AI job (generate a form, translate a form) is DONE or FAILED and returns it, ' +
    `polling \`${contract.ai.getAiJob.path}\`. Answers the job as it is when \`timeoutSeconds\` pass.`,
  inputSchema: {
    type: 'object',
    properties: {
      jobId: { type: 'string', format: 'uuid', description: 'The job id a tool answered with' },
      timeoutSeconds: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_WAIT_SECONDS,
        default: AI_JOB_POLLING.timeoutMs / 1000,
        description: 'How long to wait at most',
      },
    },
    required: ['jobId'],
  },
};

/**
 * An MCP server (the official SDK's) whose tools are the contract's API-key routes, each call a
 * REST request to `baseUrl` with `apiKey`. One per stdio process, or one per HTTP request.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const server = new Server(
    { name: 'formloom', version: '1.0.0' },
    {
      capabilities: { tools: {} },
      instructions:
        'Formloom forms, responses, AI form generation and analytics. Every answer is the REST ' +
        'envelope `{message, data, error}`. Jobs (generate, translate) answer a job id: call jobs_wait.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...TOOLS.map(listed), JOBS_WAIT],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = request.params.arguments ?? {};
    if (request.params.name === JOBS_WAIT_TOOL) return waitForJob(options, args);
    const tool = BY_NAME.get(request.params.name);
    if (tool === undefined) return failure(`Unknown tool ${request.params.name}`);
    return callRoute(options, tool, args);
  });
  return server;
}

function listed(tool: McpTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
  };
}

/** The REST request of a tool call: path parameters in the path, the query, the body as JSON. */
export async function callRoute(
  options: McpServerOptions,
  tool: McpTool,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  let path = tool.route.path;
  for (const name of tool.pathParams) {
    const value = args[name];
    if (value === undefined || value === null || value === '') return failure(`${name} is required`);
    path = path.replace(new RegExp(`:${name}(?=/|$)`), encodeURIComponent(String(value)));
  }
  const query = new URLSearchParams();
  for (const name of tool.queryParams) {
    const value = args[name];
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const url = `${options.baseUrl.replace(/\/+$/, '')}${path}${query.size > 0 ? `?${query}` : ''}`;
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.apiKey}`,
    // JSON mode of a route that can also stream (analytics chat): one final answer.
    accept: 'application/json',
  };
  const body = tool.hasBody && args.body !== undefined ? JSON.stringify(args.body) : undefined;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { method: tool.route.method, headers, body });
    text = await response.text();
  } catch (error) {
    return failure(`Cannot reach the Formloom server at ${options.baseUrl}: ${(error as Error).message}`);
  }
  return response.ok
    ? { content: [{ type: 'text', text }] }
    : { content: [{ type: 'text', text: `HTTP ${response.status}: ${text}` }], isError: true };
}

async function waitForJob(options: McpServerOptions, args: Record<string, unknown>): Promise<CallToolResult> {
  const tool = TOOLS.find((t) => t.route === contract.ai.getAiJob);
  if (tool === undefined) return failure('This server has no AI jobs');
  const seconds = Math.min(
    Math.max(Number(args.timeoutSeconds ?? AI_JOB_POLLING.timeoutMs / 1000), 1),
    MAX_WAIT_SECONDS,
  );
  const deadline = Date.now() + seconds * 1000;
  const interval = options.pollIntervalMs ?? AI_JOB_POLLING.intervalMs;
  for (;;) {
    const result = await callRoute(options, tool, { jobId: args.jobId });
    const first = result.content[0];
    const status = first?.type === 'text' && !result.isError ? jobStatus(first.text) : undefined;
    if (result.isError || status === 'DONE' || status === 'FAILED' || Date.now() + interval > deadline) {
      return result;
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

function jobStatus(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { data?: { status?: string } }).data?.status;
  } catch {
    return undefined;
  }
}

function failure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
