import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../models/form-schema.js';
import { publicImageUrl, uploadIdOf } from '../models/upload.js';
import { imageUploadRefs, resolveImageUploads } from './images.js';

const schema = {
  version: '1.0',
  meta: { title: 'Pictures', language: 'en' },
  settings: {},
  sections: [{ id: 's', title: '', order: 0 }],
  fields: [
    { id: 'name', type: 'text', label: 'Name', sectionId: 's', order: 0 },
    {
      id: 'pick',
      type: 'picture_choice',
      label: 'Pick',
      sectionId: 's',
      order: 1,
      options: [
        { label: 'A', value: 'a', imageUrl: 'upload:AbC_12-x' },
        { label: 'B', value: 'b', imageUrl: 'https://example.com/b.png' },
        { label: 'C', value: 'c', imageUrl: 'upload:../etc' },
      ],
    },
  ],
} as unknown as FormSchema;

describe('owner upload references', () => {
  it('reads the id of upload:<id> only when it is well formed', () => {
    expect(uploadIdOf('upload:AbC_12-x')).toBe('AbC_12-x');
    expect(uploadIdOf('upload:../etc')).toBeUndefined();
    expect(uploadIdOf('upload:')).toBeUndefined();
    expect(uploadIdOf('https://example.com/upload:abc')).toBeUndefined();
  });

  it('lists the uploads a schema names with their paths', () => {
    expect(imageUploadRefs(schema)).toEqual([{ id: 'AbC_12-x', path: '$.fields[1].options[0].imageUrl' }]);
  });

  it('rewrites each upload into a URL and leaves the rest as it was', () => {
    const shown = resolveImageUploads(schema, (id) => publicImageUrl('https://forms.example/x/', id));
    const options = shown.fields[1]!.options!;
    expect(options.map((o) => o.imageUrl)).toEqual([
      'https://forms.example/x/v1/public/images/AbC_12-x',
      'https://example.com/b.png',
      'upload:../etc',
    ]);
    expect(schema.fields[1]!.options![0]!.imageUrl).toBe('upload:AbC_12-x');
    const plain = { ...schema, fields: [schema.fields[0]!] };
    expect(resolveImageUploads(plain, () => 'x')).toBe(plain);
  });
});
