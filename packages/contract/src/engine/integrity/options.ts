import { OPTION_FIELD_TYPES } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import { SCHEMA_LIMITS } from '../../models/limits.js';
import type { SchemaProblem } from '../types.js';
import { problem } from './paths.js';

const TAKES_OPTIONS: ReadonlySet<string> = new Set(OPTION_FIELD_TYPES);

/** `options` and `fileConfig`: present exactly on the types that use them, and within the limits. */
export function checkOptions(schema: FormSchema): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  schema.fields.forEach((field, i) => {
    const optionsPath = ['fields', i, 'options'];
    const options = field.options;
    if (!TAKES_OPTIONS.has(field.type)) {
      if (options !== undefined) {
        problems.push(
          problem(
            'options_not_allowed',
            optionsPath,
            `Field "${field.id}" is a ${field.type} field, which takes no options; remove "options" or make it a select, radio, checkbox, picture choice or ranking field.`,
          ),
        );
      }
    } else if (options === undefined) {
      problems.push(
        problem(
          'options_missing',
          optionsPath,
          `Field "${field.id}" is a ${field.type} field and needs "options": add at least one {label, value}.`,
        ),
      );
    } else if (options.length === 0) {
      problems.push(
        problem(
          'options_empty',
          optionsPath,
          `Field "${field.id}" is a ${field.type} field with no options; add at least one {label, value}.`,
        ),
      );
    }

    if (options && options.length > SCHEMA_LIMITS.maxOptionsPerField) {
      problems.push(
        problem(
          'too_many_options',
          optionsPath,
          `Field "${field.id}" has ${options.length} options; at most ${SCHEMA_LIMITS.maxOptionsPerField} are allowed.`,
        ),
      );
    }
    const firstIndex = new Map<string, number>();
    options?.forEach((option, j) => {
      const first = firstIndex.get(option.value);
      if (first === undefined) {
        firstIndex.set(option.value, j);
        return;
      }
      problems.push(
        problem(
          'duplicate_option_value',
          [...optionsPath, j, 'value'],
          `Field "${field.id}" has the option value "${option.value}" twice (options[${first}] and options[${j}]); answers could not tell them apart.`,
        ),
      );
    });

    if (field.fileConfig === undefined) return;
    if (field.type !== 'file') {
      problems.push(
        problem(
          'file_config_not_allowed',
          ['fields', i, 'fileConfig'],
          `Field "${field.id}" is a ${field.type} field; "fileConfig" is only for file fields.`,
        ),
      );
    }
    const maxSizeMB = field.fileConfig.maxSizeMB;
    if (maxSizeMB !== undefined && maxSizeMB > SCHEMA_LIMITS.maxUploadMB) {
      problems.push(
        problem(
          'file_size_above_limit',
          ['fields', i, 'fileConfig', 'maxSizeMB'],
          `Field "${field.id}" allows files of ${maxSizeMB} MB; the limit is ${SCHEMA_LIMITS.maxUploadMB} MB.`,
        ),
      );
    }
  });
  return problems;
}
