import { z } from 'zod';
import { ConditionalLogic } from './conditional-logic.js';
import { FIELD_TYPES } from './field-types.js';
import { SCHEMA_LIMITS } from './limits.js';
import { ValidationRule } from './validation-rule.js';

export {
  FIELD_TYPES,
  type FieldType,
  isScaleFieldType,
  isTextFieldType,
  OPTION_FIELD_TYPES,
  QUESTION_TYPES,
  type QuestionType,
  SCALE_FIELD_TYPES,
  type ScaleFieldType,
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
    /**
     * A picture choice's image: an https URL, or `upload:<id>` of an image the owner uploaded
     * (`POST /v1/uploads`). `checkSchema` refuses anything else.
     */
    imageUrl: z.string().min(1).max(2000).optional(),
    /**
     * A quiz's right answer (docs/form-model.md "Quizzes"): a choice field with a correct option is
     * a quiz question. Never sent to respondents: the server marks answers.
     */
    correct: z.boolean().optional(),
    /** Shown to a respondent who chose this option, after the answer or at the end; never in the public form. */
    feedback: z.string().min(1).max(1000).optional(),
  })
  .strict();
export type FieldOption = z.infer<typeof FieldOption>;

/** A short label of a scale's end or middle ("Not likely", "Very likely"). */
const ScaleLabel = z.string().min(1).max(200);

/** `rating`: 1..max (default 5) shown as stars (default), hearts or numbers. */
export const RatingConfig = z
  .object({
    max: z.number().int().min(3).max(10).optional(),
    icon: z.enum(['star', 'heart', 'number']).optional(),
  })
  .strict();
export type RatingConfig = z.infer<typeof RatingConfig>;

/** `nps`: 0..10; the end labels default to the built-in "Not at all likely" and "Extremely likely". */
export const NpsConfig = z
  .object({ lowLabel: ScaleLabel.optional(), highLabel: ScaleLabel.optional() })
  .strict();
export type NpsConfig = z.infer<typeof NpsConfig>;

/** `scale`: an opinion or linear scale min..max (min 0 or 1, max 2..10). */
export const ScaleConfig = z
  .object({
    min: z.union([z.literal(0), z.literal(1)]),
    max: z.number().int().min(2).max(10),
    lowLabel: ScaleLabel.optional(),
    midLabel: ScaleLabel.optional(),
    highLabel: ScaleLabel.optional(),
  })
  .strict();
export type ScaleConfig = z.infer<typeof ScaleConfig>;

/** `slider`: a number min..max on the grid of `step`; `unit` is shown beside the value ("km", "%"). */
export const SliderConfig = z
  .object({
    min: z.number().finite(),
    max: z.number().finite(),
    step: z.number().finite().positive(),
    unit: z.string().min(1).max(20).optional(),
  })
  .strict();
export type SliderConfig = z.infer<typeof SliderConfig>;

export const MatrixRow = z
  .object({ id: Id, label: z.string().min(1).max(SCHEMA_LIMITS.maxLabelLength) })
  .strict();
export type MatrixRow = z.infer<typeof MatrixRow>;

export const MatrixColumn = z
  .object({
    value: z.string().min(1).max(SCHEMA_LIMITS.maxLabelLength),
    label: z.string().min(1).max(SCHEMA_LIMITS.maxLabelLength),
    /** Counts in `{"score": "<fieldId>"}` for each row answered with this column. */
    score: z.number().finite().optional(),
  })
  .strict();
export type MatrixColumn = z.infer<typeof MatrixColumn>;

/** `matrix`: each row answered on the same columns (one column, or several when `multiple`). */
export const MatrixConfig = z
  .object({
    rows: z.array(MatrixRow).min(1).max(SCHEMA_LIMITS.maxOptionsPerField),
    columns: z.array(MatrixColumn).min(2).max(SCHEMA_LIMITS.maxMatrixColumns),
    multiple: z.boolean().optional(),
  })
  .strict();
export type MatrixConfig = z.infer<typeof MatrixConfig>;

/** `ranking`: rank every option, or only the best `top` of them. */
export const RankingConfig = z.object({ top: z.number().int().min(1).optional() }).strict();
export type RankingConfig = z.infer<typeof RankingConfig>;

/** An ISO 3166-1 alpha-2 country code, upper case ("DE"). */
export const CountryCode = z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166-1 country code');

/** `phone`: the country a national number (without `+`) is read in. */
export const PhoneConfig = z.object({ defaultCountry: CountryCode.optional() }).strict();
export type PhoneConfig = z.infer<typeof PhoneConfig>;

/** The parts of an `address` answer that may be required. */
export const ADDRESS_REQUIRED_PARTS = ['line1', 'city', 'postalCode', 'region', 'country'] as const;

/** `address`: which parts an answer must fill in (default: line1, city, country). */
export const AddressConfig = z
  .object({ required: z.array(z.enum(ADDRESS_REQUIRED_PARTS)).max(ADDRESS_REQUIRED_PARTS.length).optional() })
  .strict();
export type AddressConfig = z.infer<typeof AddressConfig>;

/** Text with paragraphs and `[label](https://…)` links; shown as text, never as HTML. */
const NoticeText = z.string().min(1).max(10_000);

/** `consent`: the sentence the respondent agrees to. */
export const ConsentConfig = z.object({ text: NoticeText }).strict();
export type ConsentConfig = z.infer<typeof ConsentConfig>;

/** `statement`: the text shown. */
export const StatementConfig = z.object({ text: NoticeText }).strict();
export type StatementConfig = z.infer<typeof StatementConfig>;

/**
 * `payment`: what Stripe Checkout charges. Exactly one of `amount` (an integer in the currency's
 * minor units: 1250 is 12.50 EUR) and `amountVariable` (the id of a number variable in major
 * units, such as a price times a quantity, rounded to the currency's minor units); the server
 * computes the amount, never the client.
 */
export const PaymentConfig = z
  .object({
    amount: z.number().int().positive().max(99_999_999).optional(),
    amountVariable: Id.optional(),
    /** ISO 4217, upper case ("EUR"); `checkSchema` refuses a code Stripe does not charge in. */
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 currency code'),
    /** The line on Stripe's page and receipt; the form's title when absent. */
    description: z.string().min(1).max(500).optional(),
  })
  .strict();
export type PaymentConfig = z.infer<typeof PaymentConfig>;

/**
 * An "Other, please specify" choice with a text answer: `{other: text}` in place of a value (or
 * beside the values of a multiple choice).
 */
export const OtherOption = z.object({ label: z.string().min(1).max(SCHEMA_LIMITS.maxLabelLength) }).strict();
export type OtherOption = z.infer<typeof OtherOption>;

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
    /** `select` and `picture_choice`: several options may be chosen (answered as `checkbox`). */
    multiple: z.boolean().optional(),
    /** Choice types: an "Other" option answered with text. */
    other: OtherOption.optional(),
    /** Multiple choices: the value of an option that excludes every other ("None of the above"). */
    exclusiveValue: z.string().min(1).max(SCHEMA_LIMITS.maxLabelLength).optional(),
    /** Options (and matrix rows) in a random order per respondent; `other` and the exclusive option last. */
    shuffle: z.boolean().optional(),
    rating: RatingConfig.optional(),
    nps: NpsConfig.optional(),
    scale: ScaleConfig.optional(),
    slider: SliderConfig.optional(),
    matrix: MatrixConfig.optional(),
    ranking: RankingConfig.optional(),
    phone: PhoneConfig.optional(),
    address: AddressConfig.optional(),
    consent: ConsentConfig.optional(),
    statement: StatementConfig.optional(),
    payment: PaymentConfig.optional(),
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
