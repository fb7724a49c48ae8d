import { z } from 'zod';
import { Field } from './field.js';
import { LANGUAGES, TEXT_LIMITS } from './limits.js';
import { Section } from './section.js';

const formMetaSchema = z
  .object({
    title: z.string().max(TEXT_LIMITS.formTitle),
    description: z.string().max(TEXT_LIMITS.formDescription).optional(),
    /** Language of the built-in texts (default error messages, buttons of the public page). */
    language: z.enum(LANGUAGES),
    submitLabel: z.string().max(100).optional(),
  })
  // Renderers keep their own presentation keys in meta; they are stored as sent.
  .passthrough();
type FormMetaObject = typeof formMetaSchema;
export interface FormMetaZod extends FormMetaObject {}
export const FormMeta: FormMetaZod = formMetaSchema;
export type FormMeta = z.infer<typeof FormMeta>;

export const FormSettings = z
  .object({
    layout: z.string().max(50).optional(),
    submitAction: z.string().max(50).optional(),
    /** Once this many responses are stored the form is ARCHIVED (decisions.md). */
    maxResponses: z.number().int().positive().optional(),
  })
  .passthrough();
export type FormSettings = z.infer<typeof FormSettings>;

const formSchemaObject = z
  .object({
    version: z.string().min(1).max(50),
    schemaVersion: z.string().min(1).max(50),
    meta: FormMeta,
    settings: FormSettings.optional(),
    sections: z.array(Section),
    fields: z.array(Field),
  })
  .strict();
type FormSchemaObject = typeof formSchemaObject;
/** FormSchema's zod type by name, so declaration files and editors refer to it instead of spelling it out at every use. */
export interface FormSchemaZod extends FormSchemaObject {}
export const FormSchema: FormSchemaZod = formSchemaObject;
export type FormSchema = z.infer<typeof FormSchema>;

/** The `version` and `schemaVersion` a blank form is created with. */
export const DEFAULT_SCHEMA_VERSION = { version: '1.0', schemaVersion: '2024-01-01' } as const;
