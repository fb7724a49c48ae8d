import { mcpToolTests, useTestServer } from '@formloom/server/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { builtBin, cliIn } from './support.js';

/**
 * `formloom mcp` (docs/mcp.md): the official MCP client starts it as a subprocess, as Claude Desktop
 * or Cursor would, with FORMLOOM_URL and FORMLOOM_API_KEY, against a real server.
 */
describe('formloom mcp over stdio', () => {
  const t = useTestServer('sqlite');
  mcpToolTests(t, async (key) => {
    const client = new Client({ name: 'formloom-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [await builtBin(), 'mcp'],
        env: { ...(process.env as Record<string, string>), FORMLOOM_URL: t.url, FORMLOOM_API_KEY: key },
        stderr: 'pipe',
      }),
    );
    return client;
  });

  it('says what is missing without FORMLOOM_URL or FORMLOOM_API_KEY', async () => {
    const { cli } = cliIn(t.dataDir);
    const noUrl = await cli('mcp');
    expect(noUrl.code).toBe(1);
    expect(noUrl.err).toContain('FORMLOOM_URL');
  });
});
