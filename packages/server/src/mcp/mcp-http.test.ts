import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, it } from 'vitest';
import { mcpToolTests } from '../../test/support/mcp-kit.js';
import { describeEachDialect } from '../../test/support/test-server.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

describeEachDialect(
  'MCP over Streamable HTTP (POST /mcp)',
  (t) => {
    mcpToolTests(t, async (key) => {
      const client = new Client({ name: 'formloom-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${key}` } },
        }),
      );
      return client;
    });

    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${t.url}/mcp`, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      });

    it('refuses a request without a valid API key before reading it', async () => {
      const none = await post(JSON.stringify(INITIALIZE));
      expect(none.status).toBe(401);
      expect(await none.json()).toMatchObject({ data: null, error: 'UNAUTHORIZED' });
      const wrong = await post(JSON.stringify(INITIALIZE), {
        authorization: 'Bearer formloom_000000000000.x',
      });
      expect(wrong.status).toBe(401);
    });

    it('takes at most the server body limit', async () => {
      const { key } = await t.account('MAX');
      const huge = JSON.stringify({ ...INITIALIZE, padding: 'x'.repeat(2 * 1024 * 1024) });
      const answer = await post(huge, { authorization: `Bearer ${key}` });
      expect(answer.status).toBe(413);
      expect(await answer.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
    });

    it('is stateless: GET (a server stream) is 405', async () => {
      const { key } = await t.account('MAX');
      const answer = await fetch(`${t.url}/mcp`, { headers: { authorization: `Bearer ${key}` } });
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
    });
  },
  { bodyLimitBytes: 1024 * 1024 },
);
