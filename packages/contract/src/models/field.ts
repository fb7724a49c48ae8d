import { z } from 'zod';
import { ConditionalLogic } from './conditional-logic.js';
import { FIELD_TYPES } from './field-types.js';
import { SCHEMA_LIMITS } from './limits.js';
import { ValidationRule } from './validation-rule.js';

export {
  FIELD_TYPES,
  type FieldType,
  isTextFieldType,
  OPTION_FIELD_TYPES,
  TEXT_FIELD_TYPES,
  type TextFieldType,
} from './field-types.js';

/**
 * Ids become answer keys and URL segments, so they are kept to a safe alphabet.
 * `__proto__`-style names are refused by `checkSchema`, not here, so the message can say why.
 */
export const ID_PATTERN = /^[A-Za-z0-9_.:-]+$/;
export const Id = z
  .string()
  .min(1)
  .max(SCHEMA_LIMITS.maxIdLength)
  .regex(ID_PATTERN, 'may contain only letters, digits, "_", "-", "." and ":"');

export const FieldOption = z
  .object({
    label: z.string().min(1).max(SCHEMA_LIMITS.maxLabelLength),
    value: z.string().min(1).max(SCHEMA_LIMITS.maxLabelLength),
    /** Added up by the `score` operation of a variable's expression when the option is selected. */
    score: z.number().finite().optional(),
  })
  .strict();
export type FieldOption = z.infer<typeof FieldOption>;

export const FileConfig = z
  .object({
    /** Largest accepted file in MB; capped by the server's own limit (10 MB by default). */
    maxSizeMB: z.number().positive().finite().optional(),
    /** MIME patterns such as `image/*` or `application/pdf`. Empty or absent: any type. */
    allowedTypes: z.array(z.string().min(1).max(255)).max(50).optional(),
  })
  .strict();
export type FileConfig = z.infer<typeof FileConfig>;

/**
 * Which fields a URL, an embed or the SDK may fill in before the respondent starts. A hidden field
 * is always prefillable; another field only when it carries `prefill`.
 */
export const FieldPrefill = z
  .object({
    /** The query parameter (or embed attribute key) that fills the field; default: the field's id. */
    param: z.string().min(1).max(SCHEMA_LIMITS.maxIdLength).regex(ID_PATTERN).optional(),
    /** Whether the respondent may change the prefilled value; default true. */
    editable: z.boolean().optional(),
  })
  .strict();
export type FieldPrefill = z.infer<typeof FieldPrefill>;

const fieldValidationSchema = z
  .object({ rules: z.array(ValidationRule).max(SCHEMA_LIMITS.maxRulesPerField) })
  .strict();
type FieldValidationObject = typeof fieldValidationSchema;
export interface FieldValidationZod extends FieldValidationObject {}
export const FieldValidation: FieldValidationZod = fieldValidationSchema;
export type FieldValidation = z.infer<typeof FieldValidation>;

const fieldObject = z
  .object({
    id: Id,
    sectionId: z.string().min(1).max(SCHEMA_LIMITS.maxIdLength),
    type: z.enum(FIELD_TYPES),
    label: z.string().min(1).max(SCHEMA_LIMITS.maxLabelLength),
    order: z.number().int(),
    required: z.boolean().optional(),
    placeholder: z.string().max(SCHEMA_LIMITS.maxLabelLength).optional(),
    helpText: z.string().max(2000).optional(),
    options: z.array(FieldOption).optional(),
    fileConfig: FileConfig.optional(),
    validation: FieldValidation.optional(),
    conditionalLogic: ConditionalLogic.optional(),
    prefill: FieldPrefill.optional(),
  })
  .strict();
type FieldObject = typeof fieldObject;
/** Field's zod type by name, so declaration files and editors refer to it instead of spelling it out at every use. */
export interface FieldZod extends FieldObject {}
export const Field: FieldZod = fieldObject;
export type Field = z.infer<typeof Field>;
