import { z } from 'zod';
import { Field } from './field.js';
import { LANGUAGES, TEXT_LIMITS } from './limits.js';
import { Section } from './section.js';

export const FormMeta = z
  .object({
    title: z.string().max(TEXT_LIMITS.formTitle),
    description: z.string().max(TEXT_LIMITS.formDescription).optional(),
    /** Language of the built-in texts (default error messages, buttons of the public page). */
    language: z.enum(LANGUAGES),
    submitLabel: z.string().max(100).optional(),
  })
  // Renderers keep their own presentation keys in meta; they are stored as sent.
  .passthrough();
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

export const FormSchema = z
  .object({
    version: z.string().min(1).max(50),
    schemaVersion: z.string().min(1).max(50),
    meta: FormMeta,
    settings: FormSettings.optional(),
    sections: z.array(Section),
    fields: z.array(Field),
  })
  .strict();
export type FormSchema = z.infer<typeof FormSchema>;

/** The `version` and `schemaVersion` a blank form is created with. */
export const DEFAULT_SCHEMA_VERSION = { version: '1.0', schemaVersion: '2024-01-01' } as const;
