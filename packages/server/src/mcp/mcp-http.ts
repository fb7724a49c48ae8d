import type { IncomingMessage } from 'node:http';
import { contract } from '@formloom/contract';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { jsonBody, requireJson } from '../http/body-parsing.js';
import { routedAs } from '../http/request-context.js';

/** Where the Streamable HTTP transport answers (docs/mcp.md). */
export const MCP_PATH = '/mcp';

/**
 * A key is checked as `GET /v1/me` checks it (any scope, an account with API access), before the
 * body is read. The POST itself is not counted: each tool call is a REST request, counted there.
 */
const ROUTE = { method: 'POST', path: MCP_PATH, metadata: contract.account.getAccount.metadata };
const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

/**
 * `POST /mcp`: the MCP server over Streamable HTTP, stateless (a server and a transport per
 * request, JSON answers). The tools call this same server's REST routes over loopback HTTP with
 * the caller's key, on the address and port the request came in on.
 */
export function createMcpRouter(deps: {
  /** The API-key authentication of the contract's routes (not the rate limits). */
  authenticate: RequestHandler;
  bodyLimitBytes: number;
  bodyTimeoutMs?: number;
}): Router {
  const router = express.Router();
  router.post(
    MCP_PATH,
    routedAs(ROUTE),
    deps.authenticate,
    requireJson(),
    ...jsonBody(deps.bodyLimitBytes, deps.bodyTimeoutMs),
    async (req, res, next) => {
      try {
        const apiKey = BEARER.exec(req.get('authorization') ?? '')?.[1] ?? '';
        // Loaded on the first MCP request: a server that never serves one never loads the SDK.
        const [{ createMcpServer }, { StreamableHTTPServerTransport }] = await Promise.all([
          import('./mcp-server.js'),
          import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
        ]);
        const server = createMcpServer({ baseUrl: ownOrigin(req), apiKey });
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        res.on('close', () => {
          void transport.close();
          void server.close();
        });
        await server.connect(transport);
        // `req.auth` is our caller, not the SDK's OAuth AuthInfo: the tools never read it.
        await transport.handleRequest(req as unknown as IncomingMessage, res, req.body);
      } catch (error) {
        next(error);
      }
    },
  );
  // Stateless: no server-sent stream to open (GET) and no session to end (DELETE).
  router.all(MCP_PATH, (_req, res) => {
    res
      .set('allow', 'POST')
      .status(405)
      .json({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this MCP server is stateless, use POST' },
        id: null,
      });
  });
  return router;
}

/** `http://<local address>:<local port>`: an address this server certainly listens on. */
function ownOrigin(req: Request): string {
  const socket = req.socket;
  let host = socket.localAddress ?? '127.0.0.1';
  if (host.startsWith('::ffff:') && host.includes('.')) host = host.slice('::ffff:'.length);
  else if (host.includes(':')) host = `[${host}]`;
  return `http://${host}:${socket.localPort}`;
}
