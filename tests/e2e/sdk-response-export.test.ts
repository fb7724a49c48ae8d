import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { Formloom, NotFoundError } from '@formloom/sdk';
import { quizSchema } from '@formloom/server/testing';
import { guestsSchema } from '@formloom/server/testing/page-fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBuiltServer } from './support/built-server.js';

const server = useBuiltServer();
let client: Formloom;

beforeAll(async () => {
  client = new Formloom({ apiKey: await server.key(), baseUrl: server.baseUrl });
});

describe('a form response export through the SDK', () => {
  it('streams the csv with labels and variables, and the json as the list returns it, with each answer as shown', async () => {
    const form = await client.forms.create({ title: 'Quiz', schema: quizSchema() });
    const published = await client.forms.publish(form.id);
    await client.public.submitResponse(published.shareUrl!, {
      answers: { capital: 'paris', primes: ['two'] },
    });
    await client.public.submitResponse(published.shareUrl!, { answers: { capital: 'lyon' } });

    const csv = await client.responses.export(form.id);
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(csv.fileName).toMatch(/^quiz-responses-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await text(Readable.fromWeb(csv.body as never))).trim().split('\n');
    expect(lines[0]).toBe('submittedAt,id,language,Capital of France?,Which are prime?,score,grade');
    expect(lines.slice(1).map((line) => line.split(',').slice(2).join(','))).toEqual([
      'en,Paris,Two,2,pass',
      'en,Lyon,,0,fail',
    ]);

    const json = await client.responses.export(form.id, { format: 'json' });
    const listed = await client.responses.list(form.id).collect();
    // Each response as the list returns it, plus `display`: its answers as the CSV shows them.
    const exported = JSON.parse(await text(Readable.fromWeb(json.body as never))) as Record<
      string,
      unknown
    >[];
    expect(exported.map(({ display: _display, ...response }) => response)).toEqual(
      [...listed.items].reverse(),
    );
    expect(exported.map((r) => r.display)).toEqual([
      { 'Capital of France?': 'Paris', 'Which are prime?': 'Two' },
      { 'Capital of France?': 'Lyon' },
    ]);

    await expect(client.responses.export('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('gives a repeating section one csv column of its entries as JSON, and the json export the list', async () => {
    const form = await client.forms.create({ title: 'Booking', schema: guestsSchema() });
    const published = await client.forms.publish(form.id);
    const guests = [
      { name: 'Ada', age: 40, meal: 'veg' },
      { name: 'Bo, "junior"', age: 7 },
    ];
    await client.public.submitResponse(published.shareUrl!, { answers: { host: 'Ann', guests } });

    const csv = await client.responses.export(form.id);
    const lines = (await text(Readable.fromWeb(csv.body as never))).trim().split('\n');
    expect(lines[0]).toBe('submittedAt,id,language,Your name,Guests,A note for the host,count,years');
    // The entries' JSON in one quoted cell, its quotes doubled as csv does.
    const cell = `"${JSON.stringify(guests).replaceAll('"', '""')}"`;
    expect(lines[1]!.slice(lines[1]!.indexOf(',en,') + 1)).toBe(`en,Ann,${cell},,2,47`);

    const json = await client.responses.export(form.id, { format: 'json' });
    const [exported] = JSON.parse(await text(Readable.fromWeb(json.body as never))) as {
      answers: Record<string, unknown>;
    }[];
    expect(exported!.answers).toEqual({ host: 'Ann', guests });
  });

  it("downloads a response's PDF, the fonts found by the built server", async () => {
    const form = await client.forms.create({ title: 'Quiz PDF', schema: quizSchema() });
    const published = await client.forms.publish(form.id);
    const { responseId } = await client.public.submitResponse(published.shareUrl!, {
      answers: { capital: 'paris', primes: ['two'] },
    });
    const pdf = await client.responses.pdf(form.id, responseId);
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.fileName).toMatch(/^quiz-pdf-response-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = Buffer.from(await new Response(pdf.body).arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The embedded font: a subset of DejaVu Sans, named in the file.
    expect(bytes.toString('latin1')).toContain('DejaVuSans');
  });

  it('moves a form through its portable document and back in as a copy', async () => {
    const form = await client.forms.create({ title: 'Portable', schema: quizSchema() });
    const definition = await client.forms.definition(form.id);
    const { form: copy, report } = await client.forms.import({
      source: 'formloom',
      definition,
      title: 'Copy',
    });
    expect(report).toEqual([]);
    expect(copy).toMatchObject({ title: 'Copy', publishStatus: 'DRAFT' });
    expect(copy.schema.fields).toEqual(form.schema.fields);
  });
});
