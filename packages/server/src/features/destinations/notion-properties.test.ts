import { describe, expect, it } from 'vitest';
import { contactWithPhotoSchema } from '../../../test/support/fixtures.js';
import { notionProperties, pageTitle, propertyValue, richText } from './notion-properties.js';
import { recordFields } from './record-fields.js';

const PUBLIC = 'https://forms.example.test/';

describe('a response as a Notion page', () => {
  it('writes a file answer as an external file linking to the API file route, and names the page by the first text answer', () => {
    const schema = contactWithPhotoSchema();
    const answers = { name: 'Ada', photo: { uploadId: 'u1', name: 'a.png', size: 10, type: 'image/png' } };
    const cells = recordFields(
      schema,
      null,
      { formId: 'f1', responseId: 'r1', answers },
      { publicUrl: PUBLIC, unanswered: 'omit' },
    );
    const properties = new Map([
      ['Title', 'title'],
      ['Photo', 'files'],
      ['Response ID', 'rich_text'],
    ]);
    const photo = schema.fields.find((f) => f.id === 'photo')!;
    expect(cells[photo.label]).toBeDefined();
    const renamed = { ...cells, Photo: cells[photo.label]! };
    expect(notionProperties(renamed, pageTitle(schema, answers, 'r1'), properties)).toEqual({
      Title: { title: [{ type: 'text', text: { content: 'Ada' } }] },
      Photo: {
        files: [
          {
            type: 'external',
            name: 'u1',
            external: { url: 'https://forms.example.test/v1/forms/f1/responses/r1/files/u1' },
          },
        ],
      },
      'Response ID': { rich_text: [{ type: 'text', text: { content: 'r1' } }] },
    });
    // Without a text answer, the page is named by the response id.
    expect(pageTitle(schema, {}, 'r1')).toBe('r1');
  });

  it('empties a cleared property by its type, and leaves out cells the data source has no property for', () => {
    const properties = new Map([
      ['Name', 'title'],
      ['Tags', 'multi_select'],
      ['Done', 'checkbox'],
      ['When', 'date'],
      ['Who', 'people'],
    ]);
    expect(
      notionProperties(
        { Name: null, Tags: null, Done: null, When: null, Who: 'x', Other: 'y' },
        'r9',
        properties,
      ),
    ).toEqual({
      Name: { title: [{ type: 'text', text: { content: 'r9' } }] },
      Tags: { multi_select: [] },
      Done: { checkbox: false },
      When: { date: null },
    });
  });

  it('shapes values as each type takes them: no commas in options, ISO dates only, long text in pieces', () => {
    expect(propertyValue('select', 'Pro, yearly')).toEqual({ select: { name: 'Pro  yearly' } });
    expect(propertyValue('multi_select', ['a,b', 'c'])).toEqual({
      multi_select: [{ name: 'a b' }, { name: 'c' }],
    });
    expect(propertyValue('date', '2026-12-01T09:30:00+01:00')).toEqual({
      date: { start: '2026-12-01T09:30:00+01:00' },
    });
    expect(propertyValue('date', '1 December')).toEqual({ date: null });
    expect(propertyValue('number', 'seven')).toEqual({ number: null });
    expect(propertyValue('rich_text', ['Red', 'Blue'])).toEqual({
      rich_text: [{ type: 'text', text: { content: 'Red, Blue' } }],
    });
    const pieces = richText('x'.repeat(4500));
    expect(pieces.map((p) => p.text.content.length)).toEqual([2000, 2000, 500]);
    expect(propertyValue('relation', 'x')).toBeUndefined();
  });
});
