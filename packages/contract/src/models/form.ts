import { z } from 'zod';
import { HttpUrl, Timestamp, TimestampQuery, Uuid } from './common.js';
import { Field } from './field.js';
import { FormMeta, FormSchema, FormSettings } from './form-schema.js';
import { LANGUAGES, TEXT_LIMITS } from './limits.js';
import { PageQuery, page } from './paging.js';

export const PUBLISH_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];
export const PUBLISH_VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;
export type PublishVisibility = (typeof PUBLISH_VISIBILITIES)[number];

const FormTitle = z.string().trim().min(1).max(TEXT_LIMITS.formTitle).describe('Form title');
const FormDescription = z.string().max(TEXT_LIMITS.formDescription).describe('Form description');

/** A form as lists show it. */
const formListItemSchema = z
  .object({
    id: Uuid,
    title: z.string().max(TEXT_LIMITS.formTitle),
    description: z.string().nullable().describe('Form description, null when none'),
    publishStatus: z
      .enum(PUBLISH_STATUSES)
      .describe(
        'DRAFT: not public. PUBLISHED: public, accepts responses. ARCHIVED: expired or response limit reached; readable, accepts none',
      ),
    publishVisibility: z.enum(PUBLISH_VISIBILITIES),
    publishedAt: Timestamp.nullable(),
    shareUrl: z
      .string()
      .nullable()
      .describe('Short share code of the public form (kept across unpublish), null until first published'),
    expiresAt: Timestamp.nullable().describe('When a published form is archived; null: never'),
    revision: z
      .number()
      .int()
      .nullable()
      .describe('The live revision (`GET /v1/forms/:id/revisions`); null until first published'),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    meta: FormMeta.describe('The schema meta: at least title and language'),
    settings: FormSettings.describe('The schema settings: layout, submitAction, maxResponses'),
  })
  .describe('Form');
type FormListItemObject = typeof formListItemSchema;
export interface FormListItemZod extends FormListItemObject {}
export const FormListItem: FormListItemZod = formListItemSchema;
export type FormListItem = z.infer<typeof FormListItem>;

/** A form with its full schema, as the single-form read returns it. */
const formSchema = FormListItem.extend({ schema: FormSchema }).describe('Form with its schema');
type FormObject = typeof formSchema;
export interface FormZod extends FormObject {}
export const Form: FormZod = formSchema;
export type Form = z.infer<typeof Form>;

export const FormListQuery = PageQuery.extend({
  search: z.string().max(TEXT_LIMITS.formTitle).optional().describe('Case-insensitive match on the title'),
  since: TimestampQuery.optional().describe('Only forms updated after this instant (incremental sync)'),
});
export type FormListQuery = z.infer<typeof FormListQuery>;

export const FormPage = page('forms', FormListItem).describe('A page of forms');
export type FormPage = z.infer<typeof FormPage>;

/** POST /forms, schema variant: the form is created from a complete schema. */
const createFormFromSchemaBodySchema = z
  .object({
    title: FormTitle,
    schema: FormSchema.describe('The complete form schema; `version` and `schemaVersion` are stored as sent'),
  })
  .strict()
  .describe('Create from a schema');
type CreateFormFromSchemaBodyObject = typeof createFormFromSchemaBodySchema;
export interface CreateFormFromSchemaBodyZod extends CreateFormFromSchemaBodyObject {}
export const CreateFormFromSchemaBody: CreateFormFromSchemaBodyZod = createFormFromSchemaBodySchema;
export type CreateFormFromSchemaBody = z.infer<typeof CreateFormFromSchemaBody>;

/** POST /forms, blank variant: a schema with one section and no fields is made. */
const createBlankFormBodySchema = z
  .object({
    title: FormTitle,
    description: FormDescription.optional(),
    language: z.enum(LANGUAGES).default('en').describe('Language of the built-in texts'),
    // Refused outright (not merely an unknown key), so a body with a broken `schema` is told
    // what is wrong inside it rather than that the blank variant takes no `schema`.
    schema: z.never().optional().describe('Not in this variant'),
  })
  .strict()
  .describe('Create a blank form');
type CreateBlankFormBodyObject = typeof createBlankFormBodySchema;
export interface CreateBlankFormBodyZod extends CreateBlankFormBodyObject {}
export const CreateBlankFormBody: CreateBlankFormBodyZod = createBlankFormBodySchema;
export type CreateBlankFormBody = z.infer<typeof CreateBlankFormBody>;

/**
 * POST /forms, template variant: the form is created from a template of `GET /v1/templates`
 * (its schema with the six languages); `title` defaults to the template's form title.
 */
const createFormFromTemplateBodySchema = z
  .object({
    templateId: z.string().min(1).max(100).describe('From `GET /v1/templates`'),
    title: FormTitle.optional(),
  })
  .strict()
  .describe('Create from a template');
type CreateFormFromTemplateBodyObject = typeof createFormFromTemplateBodySchema;
export interface CreateFormFromTemplateBodyZod extends CreateFormFromTemplateBodyObject {}
export const CreateFormFromTemplateBody: CreateFormFromTemplateBodyZod = createFormFromTemplateBodySchema;
export type CreateFormFromTemplateBody = z.infer<typeof CreateFormFromTemplateBody>;

// The blank variant before the template one: a body that fits neither is told what the blank
// variant misses (`body.title`), as before templates.
const createFormBodySchema = z.union([
  CreateFormFromSchemaBody,
  CreateBlankFormBody,
  CreateFormFromTemplateBody,
]);
type CreateFormBodyObject = typeof createFormBodySchema;
export interface CreateFormBodyZod extends CreateFormBodyObject {}
export const CreateFormBody: CreateFormBodyZod = createFormBodySchema;
export type CreateFormBody = z.infer<typeof CreateFormBody>;

/**
 * PATCH /forms/:id: only the properties sent change; `null` clears a nullable one. `schema`
 * replaces the whole schema; `settings` is merged into the (new) schema's settings afterwards.
 */
const updateFormBodySchema = z
  .object({
    title: FormTitle.optional(),
    description: FormDescription.nullable().optional(),
    schema: FormSchema.optional().describe('Replaces the whole schema'),
    expiresAt: Timestamp.nullable()
      .optional()
      .describe('When the published form is archived (emits FORM_EXPIRED); null removes the expiry'),
    settings: z
      .object({
        maxResponses: z
          .number()
          .int()
          .min(1)
          .nullable()
          .optional()
          .describe(
            'Archive the form once this many responses are stored (emits FORM_RESPONSES_LIMIT_REACHED); null removes the limit',
          ),
        allowedOrigins: FormSettings.shape.allowedOrigins
          .unwrap()
          .nullable()
          .optional()
          .describe(
            "The origins whose pages may call the form's public routes and frame its page; null or [] lets any origin call them again",
          ),
        slug: FormSettings.shape.slug
          .unwrap()
          .nullable()
          .optional()
          .describe(
            "The form's address on the account's verified custom domains (`https://<domain>/<slug>`), unique in the account (409 otherwise); null removes it",
          ),
        themeId: z
          .string()
          .uuid()
          .nullable()
          .optional()
          .describe('A theme of the account (`/v1/themes`) for the form; null shows the default look'),
        branding: z
          .boolean()
          .nullable()
          .optional()
          .describe('`false` removes "Made with Formloom" from the form; null or true shows it'),
      })
      .strict()
      .optional(),
  })
  .strict()
  .describe('Update a form');
type UpdateFormBodyObject = typeof updateFormBodySchema;
export interface UpdateFormBodyZod extends UpdateFormBodyObject {}
export const UpdateFormBody: UpdateFormBodyZod = updateFormBodySchema;
export type UpdateFormBody = z.infer<typeof UpdateFormBody>;

export const PublishFormResult = z
  .object({
    id: Uuid,
    publishStatus: z.literal('PUBLISHED'),
    publishedAt: Timestamp,
    shareUrl: z.string().min(8).describe('Short share code; the same code is reused after an unpublish'),
    publicUrl: HttpUrl.describe('Absolute URL of the public page, `<public origin>/f/<code>`'),
  })
  .describe('Publish result');
export type PublishFormResult = z.infer<typeof PublishFormResult>;

/** POST /forms/:id/fields adds one field; its `sectionId` must name an existing section. */
export const AddFieldBody = Field.describe('The field to add');
export type AddFieldBody = z.infer<typeof AddFieldBody>;

/**
 * PATCH /forms/:id/fields/:fieldId: only the properties sent change; `null` removes an optional
 * property. The id cannot change.
 */
const updateFieldBodySchema = z
  .object({
    sectionId: Field.shape.sectionId.optional(),
    type: Field.shape.type.optional(),
    label: Field.shape.label.optional(),
    order: Field.shape.order.optional(),
    required: z.boolean().nullable().optional(),
    placeholder: Field.shape.placeholder.unwrap().nullable().optional(),
    helpText: Field.shape.helpText.unwrap().nullable().optional(),
    options: Field.shape.options.unwrap().nullable().optional(),
    fileConfig: Field.shape.fileConfig.unwrap().nullable().optional(),
    validation: Field.shape.validation.unwrap().nullable().optional(),
    conditionalLogic: Field.shape.conditionalLogic.unwrap().nullable().optional(),
    prefill: Field.shape.prefill.unwrap().nullable().optional(),
    multiple: z.boolean().nullable().optional(),
    other: Field.shape.other.unwrap().nullable().optional(),
    exclusiveValue: Field.shape.exclusiveValue.unwrap().nullable().optional(),
    shuffle: z.boolean().nullable().optional(),
    rating: Field.shape.rating.unwrap().nullable().optional(),
    nps: Field.shape.nps.unwrap().nullable().optional(),
    scale: Field.shape.scale.unwrap().nullable().optional(),
    slider: Field.shape.slider.unwrap().nullable().optional(),
    matrix: Field.shape.matrix.unwrap().nullable().optional(),
    ranking: Field.shape.ranking.unwrap().nullable().optional(),
  })
  .strict()
  .describe('Update a field');
type UpdateFieldBodyObject = typeof updateFieldBodySchema;
export interface UpdateFieldBodyZod extends UpdateFieldBodyObject {}
export const UpdateFieldBody: UpdateFieldBodyZod = updateFieldBodySchema;
export type UpdateFieldBody = z.infer<typeof UpdateFieldBody>;
