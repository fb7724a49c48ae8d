import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpServerOptions } from './mcp-server.js';

/**
 * `formloom mcp`: the MCP server over stdin/stdout, for an MCP client that starts it as a
 * subprocess; resolves when the client closes the stream. Nothing else may write to stdout.
 */
export async function serveMcpStdio(options: McpServerOptions): Promise<void> {
  const server = createMcpServer(options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', () => void server.close());
  });
  await server.connect(transport);
  await closed;
}
