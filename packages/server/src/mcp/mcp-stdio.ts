import type { McpServerOptions } from './mcp-server.js';

/**
 * `formloom mcp`: the MCP server over stdin/stdout, for an MCP client that starts it as a
 * subprocess; resolves when the client closes the stream. Nothing else may write to stdout.
 * The SDK is loaded here, not when the server package is.
 */
export async function serveMcpStdio(options: McpServerOptions): Promise<void> {
  const [{ createMcpServer }, { StdioServerTransport }] = await Promise.all([
    import('./mcp-server.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
  ]);
  const server = createMcpServer(options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', () => void server.close());
  });
  await server.connect(transport);
  await closed;
}
