import type { SchemaProblem } from '../types.js';
import { problem } from './paths.js';
import type { SchemaIndex } from './schema-index.js';

/**
 * The respondent's copy goes only to the address answered in its field, so that field must be an
 * `email` field of the form: a text field would let a respondent type any line as a recipient.
 */
export function checkNotifications(index: SchemaIndex): SchemaProblem[] {
  const copy = index.schema.settings?.notifications?.respondentCopy;
  if (copy === undefined) return [];
  const path = ['settings', 'notifications', 'respondentCopy', 'emailFieldId'];
  const field = index.fields.get(copy.emailFieldId);
  if (field === undefined) {
    return [
      problem(
        'unknown_field_reference',
        path,
        `The respondent's copy is sent to the answer of "${copy.emailFieldId}", which is not a field of this form.`,
      ),
    ];
  }
  if (field.type !== 'email') {
    return [
      problem(
        'notification_field_not_email',
        path,
        `The respondent's copy is sent to the answer of "${field.id}", a ${field.type} field; it must be an email field.`,
      ),
    ];
  }
  return [];
}
