import { randomUUID } from 'node:crypto';
import { smartInterview } from '@formloom/example-smart-interview/src/smart-interview.js';
import { Formloom as Client } from '@formloom/sdk';
import { createServices } from '@formloom/server';
import { describeEachDialect, type TestServer } from '@formloom/server/testing';
import { Formloom } from 'n8n-nodes-formloom/nodes/Formloom/Formloom.node';
import { type IDataObject, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { beforeAll, expect, it } from 'vitest';
import { type Credentials, runNode, runNodeJson } from './support/n8n-context.js';

/** The Smart Form operations of the node, run through its `execute` against a real server. */
describeEachDialect('n8n Formloom node: Smart Form', (t: TestServer) => {
  const node = new Formloom();
  let credentials: Credentials;
  const run = (parameters: IDataObject) => runNodeJson({ type: node, parameters, credentials });
  const fail = (parameters: IDataObject) =>
    run({ resource: 'smartForm', ...parameters }).catch((e: unknown) => e) as Promise<NodeApiError>;

  beforeAll(async () => {
    const account = await t.account('MAX');
    credentials = { apiKey: account.key, baseUrl: t.url };
    await createServices({ db: t.db }).credits.grant(account.accountId, 100);
  });

  it('an API error reaches the workflow as a NodeApiError with the server message', async () => {
    const id = randomUUID();
    for (const parameters of [
      { operation: 'get', smartFormId: id },
      { operation: 'chat', smartFormId: id, message: 'What do people like?' },
      { operation: 'analytics', smartFormId: id },
      { operation: 'export', smartFormId: id, format: 'xlsx' },
    ]) {
      const error = await fail(parameters);
      expect(error, parameters.operation).toBeInstanceOf(NodeApiError);
      expect(error.httpCode).toBe('404');
      expect(error.message.toLowerCase()).toContain('not found');
    }
  });

  it('chat refuses a message over 500 characters before any call', async () => {
    const error = await fail({ operation: 'chat', smartFormId: randomUUID(), message: 'é'.repeat(501) });
    expect(error).toBeInstanceOf(NodeOperationError);
  });

  it('create, get, get many, update, publish, unpublish soft and hard, delete', async () => {
    const [created] = await run({
      resource: 'smartForm',
      operation: 'create',
      purpose: 'Learn why customers cancel their subscription',
      additionalFields: { title: 'Churn interview', languages: 'en, de', maxQuestions: 6, isPrivate: false },
    });
    expect(created).toMatchObject({
      title: 'Churn interview',
      languages: ['en', 'de'],
      maxQuestions: 6,
      status: 'draft',
    });
    const [got] = await run({ resource: 'smartForm', operation: 'get', smartFormId: created.id });
    expect(got.stats).toMatchObject({ totalSessions: 0 });
    const listed = await run({ resource: 'smartForm', operation: 'getAll', filters: { search: 'churn' } });
    expect(listed.map((f) => f.id)).toEqual([created.id]);
    const [updated] = await run({
      resource: 'smartForm',
      operation: 'update',
      smartFormId: created.id,
      updateFields: { title: 'Why people leave', maxQuestions: 8, targetAudience: '' },
    });
    expect(updated).toMatchObject({ title: 'Why people leave', maxQuestions: 8, targetAudience: null });
    const [published] = await run({ resource: 'smartForm', operation: 'publish', smartFormId: created.id });
    expect(published).toMatchObject({ status: 'published' });
    expect(published.publicUrl).toMatch(/^https?:\/\//);
    const drafts = await run({ resource: 'smartForm', operation: 'getAll', filters: { status: 'draft' } });
    expect(drafts.map((f) => f.id)).not.toContain(created.id);
    const [soft] = await run({ resource: 'smartForm', operation: 'unpublish', smartFormId: created.id });
    expect(soft.status).toBe('draft');
    await run({ resource: 'smartForm', operation: 'publish', smartFormId: created.id });
    const [hard] = await run({
      resource: 'smartForm',
      operation: 'unpublish',
      smartFormId: created.id,
      unpublishMode: 'hard',
    });
    expect(hard.status).toBe('draft');
    await run({ resource: 'smartForm', operation: 'delete', smartFormId: created.id });
    expect((await fail({ operation: 'get', smartFormId: created.id })).httpCode).toBe('404');
  });

  it('sessions and session: a whole interview, then its transcript and analysis', {
    timeout: 60_000,
  }, async () => {
    const client = new Client({ apiKey: credentials.apiKey, baseUrl: `${t.url}/v1` });
    const interviewed = await smartInterview(client, () => {});
    const smartFormId = interviewed.smartFormId;
    const sessions = await run({
      resource: 'smartForm',
      operation: 'getSessions',
      smartFormId,
      sessionStatus: 'completed',
      returnAll: true,
    });
    expect(sessions.map((s) => s.id)).toEqual([interviewed.id]);
    expect(
      await run({ resource: 'smartForm', operation: 'getSessions', smartFormId, sessionStatus: 'active' }),
    ).toEqual([]);
    const [session] = await run({
      resource: 'smartForm',
      operation: 'getSession',
      smartFormId,
      sessionId: interviewed.id,
    });
    expect(session.status).toBe('completed');
    expect(session.analysis.summary).toBe(interviewed.analysis!.summary);
    expect((await fail({ operation: 'getSession', smartFormId, sessionId: randomUUID() })).httpCode).toBe(
      '404',
    );
  });

  it('chat and aggregate analytics over the completed sessions', { timeout: 60_000 }, async () => {
    const client = new Client({ apiKey: credentials.apiKey, baseUrl: `${t.url}/v1` });
    const { smartFormId } = await smartInterview(client, () => {});
    const [answer] = await run({
      resource: 'smartForm',
      operation: 'chat',
      smartFormId,
      message: 'What do people struggle with?',
      conversationHistory: '[{"role": "user", "content": "Hello"}, {"role": "assistant", "content": "Hi"}]',
    });
    expect(answer.answer).toEqual(expect.any(String));
    expect(answer.creditsUsed).toBeGreaterThanOrEqual(1);
    const [analytics] = await run({ resource: 'smartForm', operation: 'analytics', smartFormId });
    expect(analytics).toMatchObject({ smartFormId, sessionCount: 1 });
    expect(analytics.statistics).toMatchObject({ completedSessions: 1, completionRate: 1 });
  });

  it('export as csv and xlsx into a binary field', { timeout: 60_000 }, async () => {
    const client = new Client({ apiKey: credentials.apiKey, baseUrl: `${t.url}/v1` });
    const { smartFormId } = await smartInterview(client, () => {});
    for (const [format, magic] of [
      ['csv', null],
      ['xlsx', 'PK'],
    ] as const) {
      const [item] = await runNode({
        type: node,
        parameters: {
          resource: 'smartForm',
          operation: 'export',
          smartFormId,
          format,
          binaryPropertyName: 'file',
        },
        credentials,
      });
      const file = item!.binary!.file!;
      // The server names the file (Content-Disposition): the title, the date, the format.
      expect(file.fileName).toMatch(new RegExp(`^[a-z0-9-]+\\.${format}$`));
      const bytes = Buffer.from(file.data, 'base64');
      expect(bytes.length).toBe(item!.json.bytes);
      if (magic) expect(bytes.subarray(0, 2).toString('latin1')).toBe(magic);
      else expect(bytes.toString('utf8').split('\n').length).toBeGreaterThanOrEqual(2);
    }
  });
});
