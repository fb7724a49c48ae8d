import { describe, expect, it } from 'vitest';
import { contactWithPhotoSchema } from '../../../test/support/fixtures.js';
import { guestsSchema } from '../../../test/support/page-fixtures.js';
import { recordFields } from './record-fields.js';

const PUBLIC = 'https://forms.example.test/';

describe('a response as an Airtable record', () => {
  it('writes a file answer as a link to the API file route, and leaves unanswered fields out of a new record', () => {
    const fields = recordFields(
      contactWithPhotoSchema(),
      { photo: 'Picture' },
      {
        formId: 'f 1',
        responseId: 'r1',
        answers: { name: 'Ada', photo: { uploadId: 'u1', name: 'a.png', size: 10, type: 'image/png' } },
      },
      { publicUrl: PUBLIC, unanswered: 'omit' },
    );
    expect(fields).toEqual({
      Name: 'Ada',
      Picture: 'https://forms.example.test/v1/forms/f%201/responses/r1/files/u1',
      'Response ID': 'r1',
    });
  });

  it("empties every unanswered field's cell for an edit", () => {
    const fields = recordFields(
      contactWithPhotoSchema(),
      null,
      { formId: 'f', responseId: 'r1', answers: { name: 'Ada' } },
      { publicUrl: PUBLIC, unanswered: 'empty' },
    );
    expect(fields).toMatchObject({ Name: 'Ada', Email: null, 'A photo': null, 'Response ID': 'r1' });
  });

  it("writes a repeating section's entries as JSON under its title, not its fields one by one", () => {
    const fields = recordFields(
      guestsSchema(),
      null,
      {
        formId: 'f',
        responseId: 'r1',
        answers: { host: 'Ada', guests: [{ name: 'Bo', age: 40 }] },
      },
      { publicUrl: PUBLIC, unanswered: 'omit' },
    );
    expect(fields).toMatchObject({ 'Your name': 'Ada', Guests: '[{"name":"Bo","age":40}]' });
    expect(fields).not.toHaveProperty('Guest name');
    expect(fields).not.toHaveProperty('Age');
  });
});
