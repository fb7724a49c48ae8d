import type { ConditionOperator } from '../../models/conditional-logic.js';
import { isPaymentCurrency } from '../../models/currencies.js';
import { type Field, OPTION_FIELD_TYPES } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import { IMAGE_UPLOAD_PREFIX, uploadIdOf } from '../../models/upload.js';
import { operatorAppliesTo } from '../operators.js';
import { isMultipleChoice } from '../question-types/basics.js';
import { phoneNumbering } from '../question-types/phone-numbering.js';
import { type ConditionPart, comparedAs } from '../question-types/table.js';
import type { SchemaProblem } from '../types.js';
import { type PathSegment, problem, quoteList } from './paths.js';

/**
 * The question types' configs (docs/form-model.md "Question types"): each present exactly on its
 * type, and sound: a slider's range and step, a matrix's distinct rows and columns, a ranking's
 * `top`, a picture choice's images, the exclusive option among the options.
 */

/** Which types take each config key; `options` is checked in options.ts. */
const CONFIG_TYPES: Readonly<Record<string, readonly string[]>> = {
  rating: ['rating'],
  nps: ['nps'],
  scale: ['scale'],
  slider: ['slider'],
  matrix: ['matrix'],
  ranking: ['ranking'],
  phone: ['phone'],
  address: ['address'],
  consent: ['consent'],
  statement: ['statement'],
  payment: ['payment'],
  multiple: ['select', 'picture_choice'],
  other: ['radio', 'checkbox', 'select', 'picture_choice', 'ranking'],
  exclusiveValue: ['checkbox', 'select', 'picture_choice'],
  shuffle: [...OPTION_FIELD_TYPES, 'matrix'],
};

/** Configs a type cannot do without. */
const REQUIRED_CONFIGS: Readonly<Record<string, string>> = {
  scale: 'scale',
  slider: 'slider',
  matrix: 'matrix',
  consent: 'consent',
  statement: 'statement',
  payment: 'payment',
};

const MAX_SLIDER_STEPS = 10_000;

/** `https://…`, or `upload:<id>` of an owner upload (an id as the server makes them). */
export function isImageUrl(url: string): boolean {
  if (url.startsWith(IMAGE_UPLOAD_PREFIX)) return uploadIdOf(url) !== undefined;
  if (!url.startsWith('https://')) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

export function checkQuestionTypes(schema: FormSchema): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  schema.fields.forEach((field, i) => {
    const at = (...path: PathSegment[]) => ['fields', i, ...path];
    const name = `Field "${field.id}"`;
    for (const [key, types] of Object.entries(CONFIG_TYPES)) {
      if ((field as Record<string, unknown>)[key] === undefined || types.includes(field.type)) continue;
      problems.push(
        problem(
          'config_not_allowed',
          at(key),
          `${name} is a ${field.type} field; "${key}" is only for ${types.join(', ')} fields.`,
        ),
      );
    }
    const required = REQUIRED_CONFIGS[field.type];
    if (required !== undefined && (field as Record<string, unknown>)[required] === undefined) {
      problems.push(
        problem('config_missing', at(required), `${name} is a ${field.type} field and needs "${required}".`),
      );
    }
    if (field.exclusiveValue !== undefined && CONFIG_TYPES.exclusiveValue!.includes(field.type)) {
      if (!isMultipleChoice(field)) {
        problems.push(
          problem(
            'config_not_allowed',
            at('exclusiveValue'),
            `${name} allows one choice only; "exclusiveValue" needs "multiple": true.`,
          ),
        );
      } else if (!(field.options ?? []).some((o) => o.value === field.exclusiveValue)) {
        problems.push(
          problem(
            'unknown_exclusive_value',
            at('exclusiveValue'),
            `${name} has the exclusive value "${field.exclusiveValue}", which is not one of its option values.`,
          ),
        );
      }
    }
    problems.push(...configProblems(field, name, at));
    if (field.type === 'payment') problems.push(...paymentProblems(schema, field, name, at));
    field.options?.forEach((option, o) => {
      if (field.type !== 'picture_choice') {
        if (option.imageUrl !== undefined) {
          problems.push(
            problem(
              'config_not_allowed',
              at('options', o, 'imageUrl'),
              `${name} is a ${field.type} field; only picture choice options take "imageUrl".`,
            ),
          );
        }
      } else if (option.imageUrl === undefined) {
        problems.push(
          problem(
            'image_missing',
            at('options', o, 'imageUrl'),
            `${name} is a picture choice; its option "${option.value}" needs an "imageUrl".`,
          ),
        );
      } else if (!isImageUrl(option.imageUrl)) {
        problems.push(
          problem(
            'invalid_image_url',
            at('options', o, 'imageUrl'),
            `${name} has the option "${option.value}" with an image that is neither an https URL nor "upload:<id>".`,
          ),
        );
      }
    });
  });
  return problems;
}

function configProblems(
  field: Field,
  name: string,
  at: (...path: PathSegment[]) => PathSegment[],
): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const slider = field.type === 'slider' ? field.slider : undefined;
  if (slider) {
    const range = slider.max - slider.min;
    if (!(range > 0)) {
      problems.push(
        problem(
          'invalid_slider',
          at('slider', 'max'),
          `${name} has a slider whose max is not above its min.`,
        ),
      );
    } else if (slider.step > range) {
      problems.push(
        problem(
          'invalid_slider',
          at('slider', 'step'),
          `${name} has a slider step of ${slider.step}, larger than its range of ${range}.`,
        ),
      );
    } else if (range / slider.step > MAX_SLIDER_STEPS) {
      problems.push(
        problem(
          'invalid_slider',
          at('slider', 'step'),
          `${name} has a slider of more than ${MAX_SLIDER_STEPS.toLocaleString('en')} steps; use a larger step.`,
        ),
      );
    }
  }
  const matrix = field.type === 'matrix' ? field.matrix : undefined;
  if (matrix) {
    const twice = (values: string[], list: 'rows' | 'columns', key: 'id' | 'value') => {
      values.forEach((v, j) => {
        if (values.indexOf(v) === j) return;
        problems.push(
          problem(
            list === 'rows' ? 'duplicate_matrix_row' : 'duplicate_matrix_column',
            at('matrix', list, j, key),
            `${name} has the ${list === 'rows' ? 'row id' : 'column value'} "${v}" twice; answers could not tell them apart.`,
          ),
        );
      });
    };
    twice(
      matrix.rows.map((r) => r.id),
      'rows',
      'id',
    );
    twice(
      matrix.columns.map((c) => c.value),
      'columns',
      'value',
    );
  }
  // Checked where the numbering is loaded: always on the server; in a browser once a phone form loaded it.
  const country = field.type === 'phone' ? field.phone?.defaultCountry : undefined;
  const numbering = country === undefined ? undefined : phoneNumbering();
  if (country !== undefined && numbering !== undefined && !numbering.isCountry(country)) {
    problems.push(
      problem(
        'unknown_country',
        at('phone', 'defaultCountry'),
        `${name} has the default country "${country}", which is not a country with phone numbers.`,
      ),
    );
  }
  if (field.type === 'statement') {
    const rule = (field.validation?.rules ?? []).findIndex((r) => r.type === 'required');
    if (field.required === true || rule >= 0) {
      problems.push(
        problem(
          'statement_required',
          field.required === true ? at('required') : at('validation', 'rules', rule),
          `${name} is a statement, which is never answered; it cannot be required.`,
        ),
      );
    }
  }
  const top = field.type === 'ranking' ? field.ranking?.top : undefined;
  const count = field.options?.length ?? 0;
  if (top !== undefined && top > count) {
    problems.push(
      problem(
        'ranking_top_too_large',
        at('ranking', 'top'),
        `${name} asks for the top ${top} of ${count} options; "top" can be at most the number of options.`,
      ),
    );
  }
  return problems;
}

/**
 * A payment field's problems: a second one in the form (a response pays once), an amount given
 * both ways or neither, an amount variable that is not a number variable of the form, a currency
 * Stripe does not charge in, and `required` (it is never answered).
 */
function paymentProblems(
  schema: FormSchema,
  field: Field,
  name: string,
  at: (...path: PathSegment[]) => PathSegment[],
): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const first = schema.fields.find((f) => f.type === 'payment');
  if (first !== field) {
    problems.push(
      problem(
        'payment_twice',
        at('type'),
        `${name} is a second payment field; a form takes one payment, "${first?.id}".`,
      ),
    );
  }
  if (field.required === true) {
    problems.push(
      problem(
        'payment_required',
        at('required'),
        `${name} is a payment, which is never answered; it cannot be required.`,
      ),
    );
  }
  const payment = field.payment;
  if (payment === undefined) return problems;
  if ((payment.amount === undefined) === (payment.amountVariable === undefined)) {
    problems.push(
      problem(
        'payment_amount',
        at('payment'),
        `${name} needs exactly one of "amount" (in minor units) and "amountVariable".`,
      ),
    );
  } else if (payment.amountVariable !== undefined) {
    const variable = (schema.variables ?? []).find((v) => v.id === payment.amountVariable);
    if (variable?.type !== 'number') {
      problems.push(
        problem(
          'payment_amount',
          at('payment', 'amountVariable'),
          `${name} takes its amount from "${payment.amountVariable}", which is not a number variable of this form.`,
        ),
      );
    }
  }
  if (!isPaymentCurrency(payment.currency)) {
    problems.push(
      problem(
        'unknown_currency',
        at('payment', 'currency'),
        `${name} charges in "${payment.currency}", which is not a currency a payment can be made in.`,
      ),
    );
  }
  return problems;
}

/**
 * The problems of a condition's (or a `when`'s) `row` and `rank`, and of its operator on what it
 * compares (`comparedAs`): a row of a matrix, a place of a ranking, a choice as radio or checkbox.
 * Empty when the part and operator fit; the operator on the field's type is checked before.
 */
export function conditionPartProblems(
  target: Field,
  part: ConditionPart,
  operator: ConditionOperator,
  path: readonly PathSegment[],
  subject: string,
): SchemaProblem[] {
  if (part.row !== undefined) {
    if (target.type !== 'matrix') {
      return [
        problem(
          'part_not_applicable',
          [...path, 'row'],
          `${subject}, but "${target.id}" is a ${target.type} field; only a matrix has rows.`,
        ),
      ];
    }
    const rows = (target.matrix?.rows ?? []).map((r) => r.id);
    if (!rows.includes(part.row)) {
      return [
        problem(
          'unknown_row',
          [...path, 'row'],
          `${subject} on the row "${part.row}", which is not a row of "${target.id}": ${quoteList(rows)}.`,
        ),
      ];
    }
  }
  if (part.rank !== undefined) {
    const count = target.ranking?.top ?? target.options?.length ?? 0;
    if (target.type !== 'ranking') {
      return [
        problem(
          'part_not_applicable',
          [...path, 'rank'],
          `${subject}, but "${target.id}" is a ${target.type} field; only a ranking has ranks.`,
        ),
      ];
    }
    if (part.rank > count) {
      return [
        problem(
          'rank_out_of_range',
          [...path, 'rank'],
          `${subject} on rank ${part.rank}, but "${target.id}" ranks ${count} options.`,
        ),
      ];
    }
  }
  if (part.part !== undefined && target.type !== 'address') {
    return [
      problem(
        'part_not_applicable',
        [...path, 'part'],
        `${subject}, but "${target.id}" is a ${target.type} field; only an address has parts.`,
      ),
    ];
  }
  const valueless = operator === 'isEmpty' || operator === 'isNotEmpty';
  if (target.type === 'address' && part.part === undefined && !valueless) {
    return [
      problem(
        'part_required',
        [...path, 'part'],
        `${subject}; "${operator}" on an address compares one part: add "part": "country".`,
      ),
    ];
  }
  if (target.type === 'matrix' && part.row === undefined && !valueless) {
    return [
      problem(
        'row_required',
        [...path, 'row'],
        `${subject}; "${operator}" on a matrix compares one row: add "row".`,
      ),
    ];
  }
  const compared = comparedAs(target, part).type;
  if (compared !== target.type && !valueless && !operatorAppliesTo(operator, compared)) {
    const what =
      part.row !== undefined
        ? `a row of "${target.id}" is answered as a ${compared}`
        : part.rank !== undefined
          ? `a rank of "${target.id}" holds one option`
          : part.part !== undefined
            ? `the ${part.part} of "${target.id}" is text`
            : `"${target.id}" is answered as a ${compared}`;
    return [
      problem(
        'operator_not_applicable',
        [...path, 'operator'],
        `${subject}, but ${what} and "${operator}" does not apply to it.`,
      ),
    ];
  }
  return [];
}

/** The field as a condition on its part compares it, for the value checks (options = compared values). */
export function comparedField(target: Field, part: ConditionPart): Field {
  const compared = comparedAs(target, part);
  // A type with its own stored form of a value (phone) is checked as itself.
  const asItself = compared.type === target.type || compared.stored !== undefined;
  if (asItself && compared.values === undefined) return target;
  const field: Field = { ...target, type: compared.type };
  if (compared.values !== undefined)
    field.options = compared.values.map((value) => ({ label: value, value }));
  return field;
}
