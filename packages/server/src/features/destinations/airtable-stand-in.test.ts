import Airtable from 'airtable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AirtableStandIn, startAirtableStandIn } from '../../../test/support/airtable-stand-in.js';

/** The stand-in answers Airtable's own client as Airtable does, so the destinations' tests against it hold. */
describe('the Airtable stand-in, driven by the official airtable client', () => {
  let standIn: AirtableStandIn;
  beforeAll(async () => {
    standIn = await startAirtableStandIn();
  });
  afterAll(() => standIn.close());

  const tableOf = (baseId: string, token: string, name = 'Responses') =>
    new Airtable({ apiKey: token, endpointUrl: standIn.url, noRetryIfRateLimited: true })
      .base(baseId)
      .table(name);

  it('creates, finds by formula, updates and deletes records', async () => {
    const { baseId, token } = standIn.createBase({ Responses: ['Name', 'Score', 'Response ID'] });
    const table = tableOf(baseId, token);
    const made = await table.create(
      [
        { fields: { Name: 'Ada', Score: 5, 'Response ID': 'r-1' } },
        { fields: { Name: "O'Brien", Score: 3, 'Response ID': 'r-2' } },
      ],
      { typecast: true },
    );
    expect(made.map((r) => r.get('Name'))).toEqual(['Ada', "O'Brien"]);
    expect(made[0]!.id).toMatch(/^rec[0-9a-f]{14}$/);

    const found = await table
      .select({ filterByFormula: "OR({Response ID}='r-2',{Response ID}='r-9')", fields: ['Response ID'] })
      .all();
    expect(found.map((r) => r.id)).toEqual([made[1]!.id]);
    expect(found[0]!.fields).toEqual({ 'Response ID': 'r-2' });

    await table.update([{ id: made[0]!.id, fields: { Score: 4 } }]);
    expect((await table.find(made[0]!.id)).get('Score')).toBe(4);

    const gone = await table.destroy([made[0]!.id]);
    expect(gone.map((r) => r.id)).toEqual([made[0]!.id]);
    expect(standIn.records(baseId, 'Responses').map((r) => r.fields.Name)).toEqual(["O'Brien"]);
  });

  it('pages a long list with offset', async () => {
    const { baseId, token } = standIn.createBase({ T: ['N'] });
    const table = tableOf(baseId, token, 'T');
    standIn.perSecond = 0;
    for (let i = 0; i < 3; i++) {
      await table.create(Array.from({ length: 10 }, (_, j) => ({ fields: { N: String(i * 10 + j) } })));
    }
    const all = await table.select({ pageSize: 7 }).all();
    expect(all.map((r) => r.get('N'))).toEqual(Array.from({ length: 30 }, (_, i) => String(i)));
    standIn.perSecond = 5;
  });

  it('refuses what Airtable refuses: a bad token, an unknown column, more than ten records, a missing table', async () => {
    const { baseId, token } = standIn.createBase({ Responses: ['Name'] });
    const bad = tableOf(baseId, 'patnot.valid');
    await expect(bad.create({ Name: 'x' })).rejects.toMatchObject({
      statusCode: 401,
      error: 'AUTHENTICATION_REQUIRED',
    });
    const table = tableOf(baseId, token);
    await expect(table.create({ Nope: 'x' })).rejects.toMatchObject({
      statusCode: 422,
      error: 'UNKNOWN_FIELD_NAME',
    });
    const eleven = Array.from({ length: 11 }, () => ({ fields: { Name: 'x' } }));
    await expect(table.create(eleven)).rejects.toMatchObject({ statusCode: 422 });
    await expect(tableOf(baseId, token, 'Missing').create({ Name: 'x' })).rejects.toMatchObject({
      statusCode: 404,
    });
    standIn.revoke(baseId);
    await expect(table.create({ Name: 'x' })).rejects.toMatchObject({ statusCode: 401 });
  });

  it('answers a sixth request within a second with 429 and Retry-After', async () => {
    const { baseId, token } = standIn.createBase({ Responses: ['Name'] });
    const table = tableOf(baseId, token);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => table.select().firstPage()));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { statusCode: 429, error: 'TOO_MANY_REQUESTS' },
    });
    const raw = await fetch(`${standIn.url}/v0/${baseId}/Responses`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe('1');
  });
});
