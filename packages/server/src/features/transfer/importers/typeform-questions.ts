import {
  type Field,
  type FieldOption,
  type Language,
  SCHEMA_LIMITS,
  type ValidationRule,
} from '@formloom/contract';
import { fit, IdMaker, type ImportReport, isRecord, text, uniqueValues } from './import-kit.js';

export type Raw = Record<string, unknown>;

export /** What conditions need to know of a Typeform field: its Formloom field and how its answers read. */
interface Target {
  id: string;
  type: Field['type'];
  multiple: boolean;
  /** Choice ref (and id) -> option value. */
  choices: Map<string, string>;
  /** The page the field is on. */
  sectionId?: string;
}

export /** The words Typeform shows on its own, in the form's language. */
const WORDS: Record<Language, { yes: string; no: string; other: string; accept: string }> = {
  en: { yes: 'Yes', no: 'No', other: 'Other', accept: 'I accept' },
  de: { yes: 'Ja', no: 'Nein', other: 'Sonstiges', accept: 'Ich stimme zu' },
  es: { yes: 'Sí', no: 'No', other: 'Otro', accept: 'Acepto' },
  it: { yes: 'Sì', no: 'No', other: 'Altro', accept: 'Accetto' },
  nl: { yes: 'Ja', no: 'Nee', other: 'Anders', accept: 'Ik ga akkoord' },
  tr: { yes: 'Evet', no: 'Hayır', other: 'Diğer', accept: 'Kabul ediyorum' },
};

export type Words = (typeof WORDS)[Language];

/** Typeform's rating shapes that Formloom draws alike. */
const RATING_ICONS: Record<string, 'star' | 'heart'> = { star: 'star', heart: 'heart' };

/** What the questions are read with: the report, the fields' ids and the form's texts. */
export interface TypeformContext {
  readonly report: ImportReport;
  /** A field's ref (or id, or `hidden:<name>`, or `id:<Formloom id>`) -> what conditions need of it. */
  readonly targets: Map<string, Target>;
  readonly words: Words;
  /** A group's ref -> the id of its first question, whose page is the group's. */
  readonly groupFirst: Map<string, string>;
  recall(value: string, path: string): string;
  label(field: Raw, path: string): string;
}

/** Typeform's questions as Formloom fields, each with what it could not carry over reported. */
export class TypeformQuestions {
  constructor(private readonly c: TypeformContext) {}

  private target(field: Raw): Target | undefined {
    return this.c.targets.get(text(field.ref) ?? '') ?? this.c.targets.get(text(field.id) ?? '');
  }

  /** How deep the question being read is: groups hold questions, and nothing deeper is Typeform's. */
  private depth = 0;

  private inside(path: string, read: () => Field[]): Field[] {
    if (this.depth >= 2) {
      this.c.report.add(path, 'Questions nested deeper than Typeform nests them: left out');
      return [];
    }
    this.depth++;
    try {
      return read();
    } finally {
      this.depth--;
    }
  }

  group(field: Raw, path: string): Field[] {
    const props = isRecord(field.properties) ? field.properties : {};
    const inner = Array.isArray(props.fields) ? (props.fields as Raw[]) : [];
    this.c.report.leftovers(props, ['fields', 'description'], `${path}.properties`, 'The group setting');
    this.attachments(field, path);
    const made = this.inside(path, () =>
      inner.flatMap((child, c) => this.question(child, `${path}.properties.fields[${c}]`)),
    );
    // A jump to the group, or from it, is a jump to or from its page.
    const ref = text(field.ref);
    const first = made[0];
    if (ref !== undefined && first !== undefined) this.c.groupFirst.set(ref, first.id);
    if (made.length === 0 && inner.length === 0) {
      this.c.report.add(path, 'An empty question group: nothing to carry over');
    }
    return made;
  }

  private attachments(field: Raw, path: string): void {
    if (field.attachment !== undefined) {
      this.c.report.add(`${path}.attachment`, 'A picture or video beside the question is not carried over');
    }
    if (field.layout !== undefined) {
      this.c.report.add(
        `${path}.layout`,
        "The question's layout (split, wallpaper, float) is not carried over",
      );
    }
  }

  /** One Typeform question as Formloom fields (most are one; contact info is several). */
  question(field: Raw, path: string): Field[] {
    const target = this.target(field);
    const type = String(field.type);
    if (target === undefined) {
      // Only a question nested deeper than any Typeform form nests has no id.
      this.c.report.add(path, 'A question nested deeper than Typeform nests them: left out');
      return [];
    }
    const props = isRecord(field.properties) ? field.properties : {};
    const validations = isRecord(field.validations) ? field.validations : {};
    const read: string[] = ['description'];
    const readValidations: string[] = ['required'];
    const helpText = text(props.description);
    const base: Field = {
      id: target.id,
      sectionId: '',
      type: 'text',
      label: this.c.label(field, path),
      order: 0,
      ...(validations.required === true && type !== 'statement' ? { required: true } : {}),
      ...(helpText === undefined
        ? {}
        : {
            helpText: fit(
              this.c.recall(helpText, `${path}.properties.description`),
              2000,
              `${path}.properties.description`,
              this.c.report,
            ),
          }),
    };
    const rules: ValidationRule[] = [];
    let made: Field[];
    switch (type) {
      case 'short_text':
      case 'long_text':
      case 'email':
      case 'website':
      case 'phone_number':
      case 'number':
      case 'date':
      case 'file_upload':
        made = [this.simple(type, base, props, validations, read, readValidations, rules, path)];
        break;
      case 'yes_no':
        made = [
          {
            ...base,
            type: 'radio',
            options: [
              { label: this.c.words.yes, value: 'yes' },
              { label: this.c.words.no, value: 'no' },
            ],
          },
        ];
        break;
      case 'legal':
        made = [{ ...base, type: 'consent', consent: { text: helpText ?? this.c.words.accept } }];
        if (helpText !== undefined) delete made[0]!.helpText;
        break;
      case 'multiple_choice':
      case 'dropdown':
      case 'picture_choice':
      case 'ranking':
        made = [this.choice(type, base, props, validations, read, readValidations, target, path)];
        break;
      case 'opinion_scale':
        made = [this.opinionScale(base, props, read, path)];
        break;
      case 'rating': {
        read.push('steps', 'shape');
        const steps = typeof props.steps === 'number' ? props.steps : 5;
        const shape = typeof props.shape === 'string' ? props.shape : 'star';
        const icon = RATING_ICONS[shape];
        if (icon === undefined)
          this.c.report.add(`${path}.properties.shape`, `Formloom draws no "${shape}": stars are shown`);
        if (steps < 3 || steps > 10)
          this.c.report.add(
            `${path}.properties.steps`,
            `A rating of ${steps} steps: Formloom's has 3 to 10, so it has ${Math.min(10, Math.max(3, steps))}`,
          );
        made = [
          {
            ...base,
            type: 'rating',
            rating: { max: Math.min(10, Math.max(3, steps)), icon: icon ?? 'star' },
          },
        ];
        break;
      }
      case 'nps': {
        read.push('labels', 'steps', 'start_at_one');
        const labels = isRecord(props.labels) ? props.labels : {};
        const low = text(labels.left);
        const high = text(labels.right);
        made = [
          {
            ...base,
            type: 'nps',
            nps: {
              ...(low === undefined ? {} : { lowLabel: low.slice(0, 200) }),
              ...(high === undefined ? {} : { highLabel: high.slice(0, 200) }),
            },
          },
        ];
        break;
      }
      case 'matrix':
        made = this.matrix(base, props, read, path);
        break;
      case 'statement':
        read.push('button_text', 'hide_marks');
        made = [{ ...base, type: 'statement', statement: { text: helpText ?? base.label } }];
        delete made[0]!.helpText;
        if (text(props.button_text) !== undefined) {
          this.c.report.add(
            `${path}.properties.button_text`,
            "The button under a statement is the page's Next button in Formloom",
          );
        }
        break;
      case 'contact_info':
      case 'address':
        made = this.compound(type, base, props, read, path);
        break;
      case 'group':
      case 'inline_group':
        // A group inside a group: its questions join the outer group's page.
        made = this.group(field, path);
        return made;
      default:
        this.c.report.add(path, `The "${type}" question has no Formloom counterpart: it is left out`);
        return [];
    }
    this.attachments(field, path);
    this.c.report.leftovers(props, read, `${path}.properties`, 'The question setting');
    this.c.report.leftovers(validations, readValidations, `${path}.validations`, 'The rule');
    const first = made[0];
    if (first !== undefined) {
      if (rules.length > 0) first.validation = { rules };
      target.type = first.type;
      target.multiple = first.type === 'checkbox' || first.multiple === true;
      this.c.targets.set(`id:${first.id}`, target);
    }
    return made;
  }

  private simple(
    type: string,
    base: Field,
    props: Raw,
    validations: Raw,
    read: string[],
    readValidations: string[],
    rules: ValidationRule[],
    path: string,
  ): Field {
    readValidations.push('max_length', 'min_value', 'max_value');
    const kind = (
      {
        short_text: 'text',
        long_text: 'textarea',
        email: 'email',
        website: 'url',
        phone_number: 'phone',
        number: 'number',
        date: 'date',
        file_upload: 'file',
      } as const
    )[type as 'short_text'];
    if (type === 'number') {
      if (typeof validations.min_value === 'number')
        rules.push({ type: 'min', value: validations.min_value });
      if (typeof validations.max_value === 'number')
        rules.push({ type: 'max', value: validations.max_value });
    } else if (validations.min_value !== undefined || validations.max_value !== undefined) {
      this.c.report.add(
        `${path}.validations`,
        'A minimum or maximum on a question that is not a number is not carried over',
      );
    }
    if (typeof validations.max_length === 'number') {
      if (['text', 'textarea', 'email', 'url'].includes(kind)) {
        rules.push({ type: 'maxLength', value: Math.floor(validations.max_length) });
      } else
        this.c.report.add(
          `${path}.validations.max_length`,
          'A length limit on this question is not carried over',
        );
    }
    if (type === 'phone_number') {
      read.push('default_country_code');
      const country = text(props.default_country_code)?.toUpperCase();
      return {
        ...base,
        type: 'phone',
        ...(country !== undefined && /^[A-Z]{2}$/.test(country)
          ? { phone: { defaultCountry: country } }
          : {}),
      };
    }
    if (type === 'date') {
      // The order and separator of a date's parts are how Typeform shows it; Formloom shows the respondent's own.
      read.push('structure', 'separator');
    }
    return { ...base, type: kind };
  }

  private choice(
    type: string,
    base: Field,
    props: Raw,
    validations: Raw,
    read: string[],
    readValidations: string[],
    target: Target,
    path: string,
  ): Field {
    read.push(
      'choices',
      'allow_multiple_selection',
      'allow_other_choice',
      'randomize',
      'alphabetical_order',
      'vertical_alignment',
      'show_labels',
      'supersized',
    );
    readValidations.push('min_selection', 'max_selection');
    const choices = (Array.isArray(props.choices) ? props.choices : []).filter(isRecord);
    let labels = choices.map((c, i) =>
      fit(
        text(c.label) ?? `Option ${i + 1}`,
        SCHEMA_LIMITS.maxLabelLength,
        `${path}.properties.choices[${i}].label`,
        this.c.report,
      ),
    );
    const order = choices.map((_, i) => i);
    if (props.alphabetical_order === true) order.sort((a, b) => labels[a]!.localeCompare(labels[b]!));
    labels = order.map((i) => labels[i]!);
    const values = uniqueValues(labels);
    const pictures = type === 'picture_choice';
    const options: FieldOption[] = order.map((i, o) => {
      const choice = choices[i]!;
      const value = values[o]!;
      for (const key of ['ref', 'id'])
        if (typeof choice[key] === 'string') target.choices.set(choice[key] as string, value);
      target.choices.set(labels[o]!, value);
      const href = pictures && isRecord(choice.attachment) ? text(choice.attachment.href) : undefined;
      return { label: labels[o]!, value, ...(href === undefined ? {} : { imageUrl: href }) };
    });
    if (options.length === 0) {
      this.c.report.add(
        `${path}.properties.choices`,
        'A choice question without choices: it is a text question',
      );
      return { ...base, type: 'text' };
    }
    const multiple = props.allow_multiple_selection === true;
    const other = props.allow_other_choice === true ? { other: { label: this.c.words.other } } : {};
    const shuffle = props.randomize === true ? { shuffle: true } : {};
    for (const key of ['min_selection', 'max_selection'] as const) {
      if (validations[key] !== undefined && !multiple)
        this.c.report.add(`${path}.validations.${key}`, 'Not carried over');
    }
    const counts: ValidationRule[] = multiple
      ? [
          ...(typeof validations.min_selection === 'number'
            ? [{ type: 'minLength' as const, value: validations.min_selection }]
            : []),
          ...(typeof validations.max_selection === 'number'
            ? [{ type: 'maxLength' as const, value: validations.max_selection }]
            : []),
        ]
      : [];
    const withCounts = (field: Field): Field =>
      counts.length === 0 ? field : { ...field, validation: { rules: counts } };
    if (type === 'ranking') {
      if (props.allow_other_choice === true)
        this.c.report.add(`${path}.properties.allow_other_choice`, 'Not carried over');
      return { ...base, type: 'ranking', options, ...shuffle };
    }
    if (pictures) {
      for (const key of ['show_labels', 'supersized']) {
        if (props[key] !== undefined)
          this.c.report.add(
            `${path}.properties.${key}`,
            'How Typeform sizes pictures and labels is not carried over',
          );
      }
      const missing = options.filter((o) => o.imageUrl === undefined || !o.imageUrl.startsWith('https://'));
      if (missing.length === 0)
        return withCounts({
          ...base,
          type: 'picture_choice',
          options,
          ...other,
          ...shuffle,
          ...(multiple ? { multiple: true } : {}),
        });
      this.c.report.add(
        `${path}.properties.choices`,
        'Some choices have no picture at an https address: a plain choice question without pictures',
      );
      for (const o of options) delete o.imageUrl;
    }
    if (props.vertical_alignment !== undefined) {
      this.c.report.add(
        `${path}.properties.vertical_alignment`,
        "Choices are laid out by Formloom's renderer",
      );
    }
    if (type === 'dropdown')
      return withCounts({
        ...base,
        type: 'select',
        options,
        ...other,
        ...shuffle,
        ...(multiple ? { multiple: true } : {}),
      });
    return withCounts({ ...base, type: multiple ? 'checkbox' : 'radio', options, ...other, ...shuffle });
  }

  private opinionScale(base: Field, props: Raw, read: string[], path: string): Field {
    read.push('steps', 'start_at_one', 'labels');
    const steps = typeof props.steps === 'number' ? props.steps : 11;
    const min = props.start_at_one === true ? 1 : 0;
    const max = min + steps - 1;
    const labels = isRecord(props.labels) ? props.labels : {};
    const [low, mid, high] = [labels.left, labels.center, labels.right].map((l) => text(l)?.slice(0, 200));
    if (max < 2 || max > 10) {
      this.c.report.add(
        `${path}.properties.steps`,
        `A scale ${min}..${max} is beyond Formloom's (up to 10): a slider from ${min} to ${max}`,
      );
      return { ...base, type: 'slider', slider: { min, max: Math.max(max, min + 1), step: 1 } };
    }
    return {
      ...base,
      type: 'scale',
      scale: {
        min: min as 0 | 1,
        max,
        ...(low === undefined ? {} : { lowLabel: low }),
        ...(mid === undefined ? {} : { midLabel: mid }),
        ...(high === undefined ? {} : { highLabel: high }),
      },
    };
  }

  /** A matrix's rows are its inner choice questions, its columns their (shared) choices. */
  private matrix(base: Field, props: Raw, read: string[], path: string): Field[] {
    read.push('fields', 'allow_multiple_selection');
    const rows = (Array.isArray(props.fields) ? props.fields : []).filter(isRecord);
    const first = rows.find((r) => isRecord(r.properties) && Array.isArray(r.properties.choices));
    const choices =
      first !== undefined && isRecord(first.properties)
        ? (first.properties.choices as unknown[]).filter(isRecord)
        : [];
    if (rows.length === 0 || choices.length < 2) {
      this.c.report.add(path, 'A matrix needs rows and at least two columns: left out');
      return [];
    }
    const labels = choices.map((c, i) => text(c.label) ?? `Column ${i + 1}`);
    const values = uniqueValues(labels);
    const ids = new IdMaker();
    const required = rows.some((r) => isRecord(r.validations) && r.validations.required === true);
    return [
      {
        ...base,
        type: 'matrix',
        ...(required ? { required: true } : {}),
        matrix: {
          rows: rows.map((r, i) => ({
            id: ids.make(text(r.ref) ?? `row_${i + 1}`, `row_${i + 1}`),
            label: this.c.label(r, `${path}.properties.fields[${i}]`),
          })),
          columns: labels.map((label, i) => ({ label, value: values[i]! })),
          ...(props.allow_multiple_selection === true ? { multiple: true } : {}),
        },
      },
    ];
  }

  /** Contact info: each of its parts a question; an address: Formloom's address question. */
  private compound(type: string, base: Field, props: Raw, read: string[], path: string): Field[] {
    read.push('fields');
    const parts = (Array.isArray(props.fields) ? props.fields : []).filter(isRecord);
    if (type === 'address') {
      const required = new Set<'line1' | 'city' | 'postalCode' | 'region' | 'country'>();
      const byKey: Record<string, 'line1' | 'city' | 'postalCode' | 'region' | 'country'> = {
        address_line_1: 'line1',
        city: 'city',
        zip_postal: 'postalCode',
        state_province_region: 'region',
        country: 'country',
      };
      for (const part of parts) {
        const key = byKey[String(part.subfield_key)];
        if (key !== undefined && isRecord(part.validations) && part.validations.required === true)
          required.add(key);
      }
      const { required: _required, ...rest } = base;
      return [
        {
          ...rest,
          ...(required.size > 0 ? { required: true, address: { required: [...required] } } : {}),
          type: 'address',
        },
      ];
    }
    const made = this.inside(path, () =>
      parts.flatMap((part, p) => this.question(part, `${path}.properties.fields[${p}]`)),
    );
    if (made.length === 0) {
      this.c.report.add(path, 'Contact info without parts: left out');
      return [];
    }
    // The block's title heads its first part, as Typeform shows it above them.
    made[0] = {
      ...made[0]!,
      helpText: [base.label, made[0]!.helpText].filter(Boolean).join('\n\n').slice(0, 2000),
    };
    return made;
  }
}
