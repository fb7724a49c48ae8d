import { crc32, deflateSync } from 'node:zlib';
import type { FormSchema } from '@formloom/contract';
import { beforeAll, expect, it } from 'vitest';
import { publishForm } from '../../../test/support/page-fixtures.js';
import { readPdf } from '../../../test/support/pdf-text.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

/** A real PNG picture (`width` x `height`, one colour), as a canvas would send a drawn signature. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadAnswer(
  t: TestServer,
  code: string,
  fieldId: string,
  name: string,
  bytes: Uint8Array,
  type: string,
) {
  const body = new FormData();
  body.append('fieldId', fieldId);
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${t.url}/v1/public/forms/${code}/uploads`, { method: 'POST', body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: unknown }).data;
}

function orderSchema(picture: string): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'Workshop order', language: 'en' },
    settings: { layout: 'single-column', submitAction: 'default' },
    sections: [{ id: 'main', title: 'Order', order: 0 }],
    fields: [
      { id: 'name', sectionId: 'main', type: 'text', label: 'Your name', order: 0, required: true },
      { id: 'city', sectionId: 'main', type: 'text', label: 'City', order: 1 },
      {
        id: 'size',
        sectionId: 'main',
        type: 'radio',
        label: 'Size',
        order: 2,
        options: [
          { value: 's', label: 'Small' },
          { value: 'l', label: 'Large' },
        ],
      },
      {
        id: 'gift',
        sectionId: 'main',
        type: 'text',
        label: 'Gift message',
        order: 3,
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'size', operator: 'equals', value: 'l' }] }],
        },
      },
      {
        id: 'colour',
        sectionId: 'main',
        type: 'picture_choice',
        label: 'Colour',
        order: 4,
        options: [
          { value: 'red', label: 'Red', imageUrl: `upload:${picture}` },
          { value: 'blue', label: 'Blue', imageUrl: 'https://images.example/blue.png' },
        ],
      },
      { id: 'brief', sectionId: 'main', type: 'file', label: 'Brief', order: 5 },
      { id: 'sign', sectionId: 'main', type: 'signature', label: 'Signature', order: 6 },
    ],
    translations: {
      de: {
        'meta.title': 'Workshop-Bestellung',
        'fields.name.label': 'Ihr Name',
        'fields.city.label': 'Stadt',
        'fields.size.label': 'Größe',
        'fields.size.options.s': 'Klein',
        'fields.colour.label': 'Farbe',
        'fields.colour.options.red': 'Rot',
        'fields.brief.label': 'Auftrag',
        'fields.sign.label': 'Unterschrift',
      },
    },
  };
}

describeEachDialect('a response as a PDF', (t) => {
  let a = { accountId: '', key: '' };
  let b = { accountId: '', key: '' };
  beforeAll(async () => {
    a = await t.account();
    b = await t.account();
  });

  it('shows each answered question as the respondent saw it, in their language, pictures drawn and files linked', async () => {
    const image = new FormData();
    image.append(
      'file',
      new Blob([new Uint8Array(png(40, 30, [200, 20, 20]))], { type: 'image/png' }),
      'red.png',
    );
    const uploaded = await fetch(`${t.url}/v1/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.key}` },
      body: image,
    });
    const picture = ((await uploaded.json()) as { data: { id: string } }).data.id;
    const form = await publishForm(t, a.key, orderSchema(picture), 'Workshop order');
    const brief = await uploadAnswer(
      t,
      form.code,
      'brief',
      'brief-ağ.pdf',
      Buffer.from('%PDF-1.4\n%%EOF\n'),
      'application/pdf',
    );
    const sign = await uploadAnswer(
      t,
      form.code,
      'sign',
      'signature.png',
      png(300, 100, [20, 20, 20]),
      'image/png',
    );
    const submitted = await t.request(`/v1/public/forms/${form.code}/responses`, {
      method: 'POST',
      json: {
        language: 'de',
        answers: {
          name: 'Ayşe Yılmaz',
          city: 'İstanbul – Üsküdar, Straße',
          size: 's',
          colour: 'red',
          brief,
          sign,
        },
      },
    });
    expect(submitted.status, submitted.text).toBe(201);
    const responseId = submitted.body.data.responseId as string;

    const res = await fetch(`${t.url}/v1/forms/${form.id}/responses/${responseId}/pdf`, {
      headers: { authorization: `Bearer ${a.key}` },
    });
    expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="workshop-order-response-[0-9a-f]{8}-\d{4}-\d\d-\d\d\.pdf"/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    const text = pdf.pages.join('\n');
    expect(pdf.title).toBe('Workshop-Bestellung');
    for (const expected of [
      'Workshop-Bestellung',
      'Gesendet',
      'Ihr Name',
      'Ayşe Yılmaz',
      'Stadt',
      'İstanbul – Üsküdar, Straße',
      'Größe',
      'Klein',
      'Farbe',
      'Rot',
      'Auftrag',
      'brief-ağ.pdf',
      'Unterschrift',
    ]) {
      expect([expected, text.includes(expected)]).toEqual([expected, true]);
    }
    // The gift message was never shown (only for a large size): the PDF does not ask it.
    expect(text).not.toContain('Gift message');
    expect(text).not.toContain('Your name');
    // The signature and the chosen picture, drawn.
    expect(pdf.images).toBe(2);
    const upload = (brief as { uploadId: string }).uploadId;
    expect(pdf.links).toEqual([
      `https://forms.example.test/v1/forms/${form.id}/responses/${responseId}/files/${upload}`,
    ]);
  });

  it('is the account’s own: another account’s form or response, or another form’s response, is a 404', async () => {
    const { translations: _t, ...short } = orderSchema('x');
    const form = await publishForm(t, a.key, { ...short, fields: short.fields.slice(0, 3) }, 'Short');
    const submitted = await t.request(`/v1/public/forms/${form.code}/responses`, {
      method: 'POST',
      json: { answers: { name: 'Bo' } },
    });
    const path = `/v1/forms/${form.id}/responses/${submitted.body.data.responseId}/pdf`;
    expect((await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${b.key}` } })).status).toBe(
      404,
    );
    // Through a form of its own, another form's response is not there either.
    const theirs = await publishForm(t, b.key, { ...short, fields: short.fields.slice(0, 3) }, 'Theirs');
    const crossed = `/v1/forms/${theirs.id}/responses/${submitted.body.data.responseId}/pdf`;
    expect(
      (await fetch(`${t.url}${crossed}`, { headers: { authorization: `Bearer ${b.key}` } })).status,
    ).toBe(404);
    const missing = `/v1/forms/${form.id}/responses/00000000-0000-4000-8000-000000000000/pdf`;
    expect(
      (await fetch(`${t.url}${missing}`, { headers: { authorization: `Bearer ${a.key}` } })).status,
    ).toBe(404);
    const own = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${a.key}` } });
    const pdf = await readPdf(new Uint8Array(await own.arrayBuffer()));
    expect(pdf.pages.join(' ')).toContain('Bo');
    expect(pdf.images).toBe(0);
  });
});
