/**
 * MCP (docs/mcp.md): the contract's API-key routes as tools, over stdio (`formloom mcp`) and `POST /mcp`.
 * Only what loads no SDK is imported here; the SDK loads on first use.
 */
export { createMcpRouter, MCP_PATH } from './mcp-http.js';
export type { McpServerOptions } from './mcp-server.js';
export { serveMcpStdio } from './mcp-stdio.js';
