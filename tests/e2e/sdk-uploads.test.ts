import type { FormSchema } from '@formloom/contract';
import { APIError, Formloom, PermissionDeniedError } from '@formloom/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, useBuiltServer } from './support/built-server.js';

const server = useBuiltServer();
let client: Formloom;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b00000000049454e44ae426082',
  'hex',
);

const pictures = (imageUrl: string): FormSchema => ({
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Pictures', language: 'en' },
  sections: [{ id: 'main', title: '', order: 0 }],
  fields: [
    {
      id: 'look',
      sectionId: 'main',
      type: 'picture_choice',
      label: 'Which look?',
      order: 0,
      options: [
        { label: 'Red', value: 'red', imageUrl },
        { label: 'Blue', value: 'blue', imageUrl: 'https://example.com/blue.png' },
      ],
    },
  ],
});

beforeAll(async () => {
  client = new Formloom({ apiKey: await server.key(), baseUrl: server.baseUrl });
});

describe('client.uploads against the built server', () => {
  it('uploads an image that a form names and its public form shows', async () => {
    const image = await client.uploads.create(new Uint8Array(PNG), { fileName: 'red.png' });
    expect(image).toMatchObject({ contentType: 'image/png', size: PNG.length });
    const form = await client.forms.create({ title: 'Pictures', schema: pictures(`upload:${image.id}`) });
    const published = await client.forms.publish(form.id);
    const code = published.shareUrl!.split('/').pop()!;
    const shown = await client.public.retrieveForm(code);
    expect(shown.schema.fields[0]!.options![0]!.imageUrl).toBe(`${PUBLIC_URL}/v1/public/images/${image.id}`);
    const bytes = await fetch(`${server.baseUrl}/public/images/${image.id}`);
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(PNG);
  });

  it('refuses what is not an image, and a key without FORMS_WRITE', async () => {
    const svg = client.uploads.create(new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>']), {
      fileName: 'a.svg',
    });
    await expect(svg).rejects.toBeInstanceOf(APIError);
    await expect(svg).rejects.toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const reader = new Formloom({ apiKey: await server.key('MAX', ['FORMS_READ']), baseUrl: server.baseUrl });
    await expect(reader.uploads.create(new Blob([PNG]))).rejects.toBeInstanceOf(PermissionDeniedError);
  });
});
