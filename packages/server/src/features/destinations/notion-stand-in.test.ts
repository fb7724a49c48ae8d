import { APIErrorCode, Client, isNotionClientError, LogLevel } from '@notionhq/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type NotionStandIn, startNotionStandIn } from '../../../test/support/notion-stand-in.js';

/** The stand-in answers Notion's own client as Notion does, so the destinations' tests against it hold. */
describe('the Notion stand-in, driven by the official @notionhq/client', () => {
  let standIn: NotionStandIn;
  beforeAll(async () => {
    standIn = await startNotionStandIn();
  });
  afterAll(() => standIn.close());
  // Each test makes more than three requests; the one of the limit turns it on again.
  beforeEach(() => {
    standIn.perSecond = 0;
  });

  const clientOf = (token: string) =>
    new Client({ auth: token, baseUrl: standIn.url, retry: false, logLevel: LogLevel.ERROR });
  const PROPERTIES = {
    Name: 'title',
    Score: 'number',
    Plan: 'select',
    Colours: 'multi_select',
    Day: 'date',
    Email: 'email',
    Terms: 'checkbox',
    Files: 'files',
    'Response ID': 'rich_text',
  };

  async function failure(promise: Promise<unknown>) {
    try {
      await promise;
    } catch (error) {
      if (isNotionClientError(error))
        return { code: error.code, status: (error as { status?: number }).status };
      throw error;
    }
    throw new Error('expected a failure');
  }

  it('describes a data source, makes a page under it, finds it by a filter, updates it and trashes it', async () => {
    const { dataSourceId, token } = standIn.createDataSource(PROPERTIES);
    const notion = clientOf(token);
    const source = await notion.dataSources.retrieve({ data_source_id: dataSourceId });
    expect(Object.entries(source.properties).map(([name, p]) => [name, p.type])).toEqual(
      Object.entries(PROPERTIES),
    );

    const page = await notion.pages.create({
      parent: { type: 'data_source_id', data_source_id: dataSourceId },
      properties: {
        Name: { title: [{ text: { content: 'Ada' } }] },
        Score: { number: 7 },
        Plan: { select: { name: 'Pro' } },
        Colours: { multi_select: [{ name: 'Red' }, { name: 'Blue' }] },
        Day: { date: { start: '2026-12-24' } },
        Email: { email: 'ada@example.com' },
        Terms: { checkbox: true },
        Files: { files: [{ name: 'cv.pdf', external: { url: 'https://example.com/cv.pdf' } }] },
        'Response ID': { rich_text: [{ text: { content: 'r-1' } }] },
      },
    });
    expect(page).toMatchObject({
      object: 'page',
      parent: { type: 'data_source_id', data_source_id: dataSourceId },
    });
    expect(standIn.requests.at(-1)!.notionVersion).toBe('2025-09-03');

    const found = await notion.dataSources.query({
      data_source_id: dataSourceId,
      filter: { property: 'Response ID', rich_text: { equals: 'r-1' } },
    });
    expect(found.results.map((r) => r.id)).toEqual([page.id]);
    const none = await notion.dataSources.query({
      data_source_id: dataSourceId,
      filter: { or: [{ property: 'Response ID', rich_text: { equals: 'r-2' } }] },
    });
    expect(none.results).toEqual([]);

    await notion.pages.update({
      page_id: page.id,
      properties: { Score: { number: 8 }, Email: { email: null } },
    });
    const read = (await notion.pages.retrieve({ page_id: page.id })) as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(read.properties.Score!.number).toBe(8);
    expect(read.properties.Email!.email).toBeNull();
    expect(read.properties.Name!.title).toMatchObject([{ plain_text: 'Ada' }]);

    await notion.pages.update({ page_id: page.id, in_trash: true });
    expect(standIn.pages(dataSourceId)[0]!.in_trash).toBe(true);
    const after = await notion.dataSources.query({
      data_source_id: dataSourceId,
      filter: { property: 'Response ID', rich_text: { equals: 'r-1' } },
    });
    expect(after.results).toEqual([]);
  });

  it('pages a long query with start_cursor', async () => {
    const { dataSourceId, token } = standIn.createDataSource({ Name: 'title' });
    const notion = clientOf(token);
    for (let i = 0; i < 5; i++) {
      await notion.pages.create({
        parent: { type: 'data_source_id', data_source_id: dataSourceId },
        properties: { Name: { title: [{ text: { content: `P${i}` } }] } },
      });
    }
    const first = await notion.dataSources.query({ data_source_id: dataSourceId, page_size: 3 });
    expect(first.has_more).toBe(true);
    const second = await notion.dataSources.query({
      data_source_id: dataSourceId,
      page_size: 3,
      start_cursor: first.next_cursor!,
    });
    expect([...first.results, ...second.results]).toHaveLength(5);
    expect(second.has_more).toBe(false);
  });

  it('refuses what Notion refuses: a bad token, a data source not shared, a property it lacks, a value not of its type', async () => {
    const { dataSourceId, token } = standIn.createDataSource({ Name: 'title', Plan: 'select' });
    const other = standIn.createDataSource({ Name: 'title' });
    expect(
      await failure(clientOf('ntn_not_valid').dataSources.retrieve({ data_source_id: dataSourceId })),
    ).toEqual({
      code: APIErrorCode.Unauthorized,
      status: 401,
    });
    const notion = clientOf(token);
    expect(await failure(notion.dataSources.retrieve({ data_source_id: other.dataSourceId }))).toEqual({
      code: APIErrorCode.ObjectNotFound,
      status: 404,
    });
    const create = (properties: Record<string, unknown>) =>
      notion.pages.create({
        parent: { type: 'data_source_id', data_source_id: dataSourceId },
        properties: properties as never,
      });
    expect(await failure(create({ Nope: { rich_text: [] } }))).toEqual({
      code: APIErrorCode.ValidationError,
      status: 400,
    });
    expect(await failure(create({ Plan: { select: { name: 'a, b' } } }))).toMatchObject({ status: 400 });
    expect(await failure(create({ Name: { number: 3 } }))).toMatchObject({ status: 400 });
    standIn.revoke(dataSourceId);
    expect(await failure(notion.dataSources.retrieve({ data_source_id: dataSourceId }))).toMatchObject({
      status: 401,
    });
  });

  it('answers a fourth request of an integration within a second with 429 rate_limited and Retry-After', async () => {
    const { dataSourceId, token } = standIn.createDataSource({ Name: 'title' });
    standIn.perSecond = 3;
    const notion = clientOf(token);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => notion.dataSources.retrieve({ data_source_id: dataSourceId })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: APIErrorCode.RateLimited, status: 429 });
    const raw = await fetch(`${standIn.url}/v1/data_sources/${dataSourceId}`, {
      headers: { authorization: `Bearer ${token}`, 'notion-version': '2025-09-03' },
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe('1');
  });
});
