import { contractRoutes } from '@formloom/contract';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deriveTools, exclusionOf, JOBS_WAIT_TOOL } from '../../src/mcp/mcp-tools.js';
import { fundedAccount } from './ai-test-kit.js';
import type { TestServer } from './test-server.js';

type ToolResult = { content: { type: string; text?: string }[]; isError?: boolean };

/** The REST envelope a tool answered with (its text), or the failure text. */
export function toolText(result: unknown): string {
  const first = (result as ToolResult).content[0];
  return first?.type === 'text' ? (first.text ?? '') : '';
}

/**
 * The same checks through any MCP transport (docs/mcp.md), with the official MCP client against a
 * real server: the tool list against the contract, a read, a create, a write a read-only key's
 * scope refuses, and an AI job waited for. `connect` opens a client acting with `key`.
 */
export function mcpToolTests(t: TestServer, connect: (key: string) => Promise<Client>): void {
  let full: Client;
  let readOnly: Client;
  beforeAll(async () => {
    const { key } = await fundedAccount(t, 100, 'MAX');
    full = await connect(key);
    readOnly = await connect((await t.account('MAX', ['FORMS_READ'])).key);
  });
  afterAll(async () => {
    await full?.close();
    await readOnly?.close();
  });

  it('lists a tool for every API-key route of the contract, but those its stated rule excludes', async () => {
    const { tools } = await full.listTools();
    const apiKeyRoutes = contractRoutes.filter((r) => r.metadata.auth === 'apiKey');
    const expected = apiKeyRoutes
      .filter((r) => exclusionOf(r.route) === undefined)
      .map((r) => `${r.group}_${r.name}`);
    expect(tools.map((tool) => tool.name).sort()).toEqual([...expected, JOBS_WAIT_TOOL].sort());
    // The rule leaves out few routes, each for a reason; a file download is one.
    const { excluded } = deriveTools();
    expect(excluded.length).toBeLessThan(apiKeyRoutes.length / 5);
    expect(excluded).toContainEqual({
      name: 'smartForms_exportSmartForm',
      reason: 'its answer is a file, not JSON',
    });
    const getForm = tools.find((tool) => tool.name === 'forms_getForm');
    expect(getForm).toMatchObject({
      description: expect.stringContaining('Get a form'),
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', format: 'uuid' } },
        required: ['id'],
      },
    });
    const create = tools.find((tool) => tool.name === 'forms_createForm');
    expect(create?.inputSchema.required).toEqual(['body']);
    expect(tools.find((tool) => tool.name === 'ai_generateForm')?.description).toContain(JOBS_WAIT_TOOL);
  });

  it('reads, creates and reads back through the REST routes', async () => {
    const me = await full.callTool({ name: 'account_getAccount', arguments: {} });
    expect(me.isError ?? false).toBe(false);
    expect(JSON.parse(toolText(me)).data.plan).toBe('MAX');

    const created = await full.callTool({
      name: 'forms_createForm',
      arguments: { body: { title: 'Made by an agent', language: 'en' } },
    });
    expect(created.isError ?? false, toolText(created)).toBe(false);
    const form = JSON.parse(toolText(created)).data;
    expect(form).toMatchObject({ title: 'Made by an agent', publishStatus: 'DRAFT' });

    const list = await full.callTool({ name: 'forms_listForms', arguments: { limit: 5 } });
    expect(JSON.parse(toolText(list)).data.forms.map((f: { id: string }) => f.id)).toContain(form.id);
    const published = await full.callTool({ name: 'forms_publishForm', arguments: { id: form.id } });
    expect(JSON.parse(toolText(published)).data.publishStatus).toBe('PUBLISHED');
  });

  it("refuses a write the key's scope does not allow, as the REST route does", async () => {
    const read = await readOnly.callTool({ name: 'forms_listForms', arguments: {} });
    expect(read.isError ?? false).toBe(false);
    const write = await readOnly.callTool({
      name: 'forms_createForm',
      arguments: { body: { title: 'Not allowed' } },
    });
    expect(write.isError).toBe(true);
    expect(toolText(write)).toMatch(/^HTTP 403: .*"error":"FORBIDDEN"/);
    expect(toolText(write)).toContain('FORMS_WRITE');
  });

  it('answers a validation error of the REST route as a tool error', async () => {
    const bad = await full.callTool({ name: 'forms_getForm', arguments: { id: 'not-a-uuid' } });
    expect(bad.isError).toBe(true);
    expect(toolText(bad)).toMatch(/^HTTP 400: /);
  });

  it('starts an AI job and waits for it', async () => {
    const started = await full.callTool({
      name: 'ai_generateForm',
      arguments: { body: { prompt: 'A three-question feedback form for a bakery', language: 'en' } },
    });
    expect(started.isError ?? false, toolText(started)).toBe(false);
    const { jobId, status } = JSON.parse(toolText(started)).data;
    expect(status).toBe('PENDING');
    const done = await full.callTool({ name: JOBS_WAIT_TOOL, arguments: { jobId, timeoutSeconds: 20 } });
    const job = JSON.parse(toolText(done)).data;
    expect(job.status).toBe('DONE');
    expect(job.form.publishStatus).toBe('DRAFT');
  });
}
