/** MCP (issue 34): the contract's API-key routes as tools, over stdio (`formloom mcp`) and `POST /mcp`. */
export { createMcpRouter, MCP_PATH } from './mcp-http.js';
export { createMcpServer, type McpServerOptions } from './mcp-server.js';
export { serveMcpStdio } from './mcp-stdio.js';
export { deriveTools, exclusionOf, JOBS_WAIT_TOOL, type McpTool } from './mcp-tools.js';
