import type { FormSchema } from '../models/form-schema.js';
import { uploadIdOf } from '../models/upload.js';
import { jsonPath } from './integrity/paths.js';

/** One `upload:<id>` a schema names, and where (`$.fields[2].options[0].imageUrl`). */
export interface ImageUploadRef {
  id: string;
  path: string;
}

/**
 * Every owner upload a schema names (picture choice options' `imageUrl`), in field order.
 *
 * ```ts
 * imageUploadRefs(schema); // [{ id: 'Qm9v…', path: '$.fields[2].options[0].imageUrl' }]
 * ```
 */
export function imageUploadRefs(schema: FormSchema): ImageUploadRef[] {
  const refs: ImageUploadRef[] = [];
  schema.fields.forEach((field, f) => {
    field.options?.forEach((option, o) => {
      const id = option.imageUrl === undefined ? undefined : uploadIdOf(option.imageUrl);
      if (id !== undefined) refs.push({ id, path: jsonPath(['fields', f, 'options', o, 'imageUrl']) });
    });
  });
  return refs;
}

/**
 * The schema with each `upload:<id>` replaced by `urlOf(id)`, for a renderer, which only shows
 * URLs; the same schema when it names none.
 */
export function resolveImageUploads(schema: FormSchema, urlOf: (id: string) => string): FormSchema {
  if (imageUploadRefs(schema).length === 0) return schema;
  return {
    ...schema,
    fields: schema.fields.map((field) =>
      field.options === undefined
        ? field
        : {
            ...field,
            options: field.options.map((option) => {
              const id = option.imageUrl === undefined ? undefined : uploadIdOf(option.imageUrl);
              return id === undefined ? option : { ...option, imageUrl: urlOf(id) };
            }),
          },
    ),
  };
}
