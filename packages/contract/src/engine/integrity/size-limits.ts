import type { FormSchema } from '../../models/form-schema.js';
import { SCHEMA_LIMITS } from '../../models/limits.js';
import type { SchemaProblem } from '../types.js';
import { problem } from './paths.js';

const encoder = new TextEncoder();

/** Size of the schema as stored: UTF-8 bytes of its JSON (TextEncoder, as Buffer is Node-only). */
export function schemaByteLength(schema: FormSchema): number {
  return encoder.encode(JSON.stringify(schema)).byteLength;
}

/** Field, section and byte counts against `SCHEMA_LIMITS` (options per field: see options.ts). */
export function checkSizeLimits(schema: FormSchema): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const { maxFields, maxSections, maxSchemaBytes } = SCHEMA_LIMITS;
  if (schema.fields.length > maxFields) {
    problems.push(
      problem(
        'too_many_fields',
        ['fields'],
        `The form has ${schema.fields.length} fields; at most ${maxFields} are allowed.`,
      ),
    );
  }
  if (schema.sections.length > maxSections) {
    problems.push(
      problem(
        'too_many_sections',
        ['sections'],
        `The form has ${schema.sections.length} sections; at most ${maxSections} are allowed.`,
      ),
    );
  }
  const bytes = schemaByteLength(schema);
  if (bytes > maxSchemaBytes) {
    problems.push(
      problem(
        'schema_too_large',
        [],
        `The schema is ${bytes} bytes as JSON; at most ${maxSchemaBytes} bytes (${maxSchemaBytes / 1024} KB) are allowed. Shorten labels and help texts or split the form.`,
      ),
    );
  }
  return problems;
}
