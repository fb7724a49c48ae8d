import Ajv, { type ValidateFunction } from 'ajv';
import type { Condition } from '../../src/models/conditional-logic.js';
import type { Field, FieldType } from '../../src/models/field.js';
import type { FormSchema } from '../../src/models/form-schema.js';
import type { ValidationRule } from '../../src/models/validation-rule.js';

/**
 * The benchmark's form: 50 fields in 5 sections, 20 of them conditional, about 30 rules (some
 * patterns), plus a JSON Schema that means the same for ajv (if/then per conditional field) and a
 * valid and an invalid set of answers. Deterministic, so runs are comparable.
 *
 * Larger forms (up to the schema limit of 200 fields) repeat the pattern: ten fields a section,
 * the first five of every section after the first shown only when a driver says so.
 */

const EMAIL = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';
const TYPES: FieldType[] = ['text', 'number', 'email', 'select', 'radio', 'checkbox', 'date', 'textarea'];
export const OPTIONS = ['alpha', 'beta', 'gamma', 'delta'].map((v) => ({ label: v.toUpperCase(), value: v }));

/** The five unconditional "driver" fields of section 0 that the conditional fields depend on. */
export const DRIVERS: Array<{ id: string; type: FieldType; condition: Condition; jsonIf: object }> = [
  {
    id: 'plan',
    type: 'radio',
    condition: { fieldId: 'plan', operator: 'equals', value: 'beta' },
    jsonIf: { properties: { plan: { const: 'beta' } }, required: ['plan'] },
  },
  {
    id: 'age',
    type: 'number',
    condition: { fieldId: 'age', operator: 'greaterThan', value: 18 },
    jsonIf: { properties: { age: { exclusiveMinimum: 18 } }, required: ['age'] },
  },
  {
    id: 'topics',
    type: 'checkbox',
    condition: { fieldId: 'topics', operator: 'contains', value: 'gamma' },
    jsonIf: { properties: { topics: { contains: { const: 'gamma' } } }, required: ['topics'] },
  },
  {
    id: 'nickname',
    type: 'text',
    condition: { fieldId: 'nickname', operator: 'isNotEmpty' },
    jsonIf: { properties: { nickname: { minLength: 1 } }, required: ['nickname'] },
  },
  {
    id: 'country',
    type: 'select',
    condition: { fieldId: 'country', operator: 'notEquals', value: 'delta' },
    jsonIf: { properties: { country: { not: { const: 'delta' } } } },
  },
];

function rulesFor(type: FieldType, i: number): ValidationRule[] {
  switch (type) {
    case 'text':
      return i % 2 === 0
        ? [{ type: 'pattern', value: '^[A-Z]{2}-\\d{3,6}$', message: 'Use a code like AB-123' }]
        : [
            { type: 'minLength', value: 2 },
            { type: 'maxLength', value: 40 },
          ];
    case 'textarea':
      return [{ type: 'maxLength', value: 2000 }];
    case 'number':
      return [
        { type: 'min', value: 0 },
        { type: 'max', value: 1000 },
      ];
    case 'email':
      return [{ type: 'maxLength', value: 120 }];
    default:
      return [];
  }
}

function jsonPropertyFor(field: Field): Record<string, unknown> {
  const p: Record<string, unknown> = {};
  const values = field.options?.map((o) => o.value);
  switch (field.type) {
    case 'text':
    case 'textarea':
      p.type = 'string';
      break;
    case 'email':
      Object.assign(p, { type: 'string', pattern: EMAIL });
      break;
    case 'number':
      p.type = 'number';
      break;
    case 'select':
    case 'radio':
      Object.assign(p, { type: 'string', enum: values });
      break;
    case 'checkbox':
      Object.assign(p, { type: 'array', uniqueItems: true, items: { type: 'string', enum: values } });
      break;
    case 'date':
      // A day that exists, as the engine checks it (ajv-formats' `date`, registered by `benchAjv`).
      Object.assign(p, { type: 'string', format: 'date' });
      break;
    default:
      break;
  }
  for (const r of field.validation?.rules ?? []) {
    if (r.type === 'pattern') p.pattern = r.value;
    if (r.type === 'minLength') p[field.type === 'checkbox' ? 'minItems' : 'minLength'] = r.value;
    if (r.type === 'maxLength') p[field.type === 'checkbox' ? 'maxItems' : 'maxLength'] = r.value;
    if (r.type === 'min') p.minimum = r.value;
    if (r.type === 'max') p.maximum = r.value;
  }
  return p;
}

export interface BenchForm {
  schema: FormSchema;
  jsonSchema: Record<string, unknown>;
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>;
  counts: { fields: number; sections: number; conditional: number; rules: number; patterns: number };
}

export function buildBenchForm(fieldCount = 50): BenchForm {
  const fields: Field[] = [];
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const allOf: object[] = [];
  const valid: Record<string, unknown> = {};
  const invalid: Record<string, unknown> = {};

  DRIVERS.forEach((d, i) => {
    const field: Field = { id: d.id, sectionId: 's0', type: d.type, label: d.id, order: i, required: true };
    if (d.type === 'radio' || d.type === 'select' || d.type === 'checkbox') field.options = OPTIONS;
    fields.push(field);
  });
  Object.assign(valid, {
    plan: 'beta',
    age: 30,
    topics: ['gamma', 'alpha'],
    nickname: 'kit',
    country: 'alpha',
  });

  for (let i = fields.length; i < fieldCount; i++) {
    const section = Math.floor(i / 10);
    const type = TYPES[i % TYPES.length]!;
    const rules = rulesFor(type, i);
    const field: Field = { id: `q${i}`, sectionId: `s${section}`, type, label: `Question ${i}`, order: i };
    if (type === 'select' || type === 'radio' || type === 'checkbox') field.options = OPTIONS;
    if (i % 3 === 0) field.required = true;
    if (rules.length > 0) field.validation = { rules };
    // Sections 1-4: the first five fields of each depend on one driver: 20 conditional fields.
    const driver = section > 0 && i % 10 < 5 ? DRIVERS[(i + section) % DRIVERS.length] : undefined;
    if (driver) {
      field.conditionalLogic = { action: 'show', conditionGroups: [{ conditions: [driver.condition] }] };
    }
    fields.push(field);

    valid[field.id] = validAnswer(type, i);
  }
  Object.assign(invalid, valid, { q6: 'not a code', q9: 5000, q10: 'nobody-at-example', q11: 'omega' });

  for (const field of fields) {
    properties[field.id] = jsonPropertyFor(field);
    const conditional = field.conditionalLogic?.conditionGroups[0]?.conditions[0];
    if (!conditional) {
      if (field.required) required.push(field.id);
      continue;
    }
    // JSON Schema cannot drop a hidden answer; "validate only while visible" is the equivalent.
    const driver = DRIVERS.find((d) => d.id === conditional.fieldId)!;
    const then: Record<string, unknown> = { properties: { [field.id]: properties[field.id] } };
    if (field.required) then.required = [field.id];
    properties[field.id] = {};
    allOf.push({ if: driver.jsonIf, then });
  }

  const schema: FormSchema = {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'Benchmark form', language: 'en' },
    sections: Array.from({ length: Math.ceil(fieldCount / 10) }, (_, s) => ({
      id: `s${s}`,
      title: `Section ${s}`,
      order: s,
    })),
    fields,
  };
  const rules = fields.flatMap((f) => f.validation?.rules ?? []);
  return {
    schema,
    jsonSchema: { type: 'object', additionalProperties: false, properties, required, allOf },
    valid,
    invalid,
    counts: {
      fields: fields.length,
      sections: schema.sections.length,
      conditional: fields.filter((f) => f.conditionalLogic).length,
      rules: rules.length + fields.filter((f) => f.required).length,
      patterns: rules.filter((r) => r.type === 'pattern').length,
    },
  };
}

function validAnswer(type: FieldType, i: number): unknown {
  switch (type) {
    case 'text':
      return i % 2 === 0 ? `AB-${100 + i}` : `answer ${i}`;
    case 'textarea':
      return `A longer answer for question ${i}.`;
    case 'number':
      return i * 3;
    case 'email':
      return `person${i}@example.com`;
    case 'select':
    case 'radio':
      return 'gamma';
    case 'checkbox':
      return ['alpha', 'delta'];
    case 'date':
      return `2024-0${(i % 9) + 1}-1${i % 10}`;
    default:
      return undefined;
  }
}

const DATE_PARTS = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const MONTH_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** ajv-formats' full `date` format: the pattern, then a day that exists in that month and year. */
export function isFullDate(s: string): boolean {
  const m = DATE_PARTS.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : MONTH_DAYS[month]!);
}

/** ajv compiling a bench form's JSON Schema, with the `date` format the engine's dates mean. */
export function benchAjv(jsonSchema: object, allErrors: boolean): ValidateFunction {
  const ajv = new Ajv({ allErrors, strict: false });
  ajv.addFormat('date', { type: 'string', validate: isFullDate });
  return ajv.compile(jsonSchema);
}
