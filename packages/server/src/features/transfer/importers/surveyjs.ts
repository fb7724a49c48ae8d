import {
  type Condition,
  type ConditionGroup,
  type Field,
  type FieldOption,
  type FormEnding,
  type FormSchema,
  type ImportProblem,
  LANGUAGES,
  type Language,
  SCHEMA_LIMITS,
  type Section,
  type SectionJump,
  type ValidationRule,
} from '@formloom/contract';
import { badRequest } from '../../../domain-errors.js';
import { IdMaker, isRecord, refuseOversized, schemaFrame } from './import-kit.js';
import type { ImportedForm } from './index.js';
import { settle } from './settle.js';
import {
  type Clause,
  type Constant,
  ExpressionError,
  groupsOf,
  parseExpression,
} from './survey-expression.js';

type Json = Record<string, unknown>;

/**
 * Properties that only change how SurveyJS lays a question out or words its own buttons: leaving
 * them out changes no question, answer or rule, so they are not reported.
 */
const LOOKS = new Set([
  'startWithNewLine',
  'width',
  'minWidth',
  'maxWidth',
  'titleLocation',
  'descriptionLocation',
  'hideNumber',
  'indent',
  'colCount',
  'renderAs',
  'state',
  'showTitle',
  'showNumber',
  'questionTitleLocation',
  'separateSpecialChoices',
  'rateDisplayMode',
  'displayMode',
  'displayRateDescriptionsAsExtremeValues',
  'allowClear',
  'searchEnabled',
  'imageHeight',
  'imageWidth',
  'imageFit',
  'showLabel',
  'contentMode',
  'penColor',
  'backgroundColor',
  'signatureWidth',
  'signatureHeight',
  'storeDataAsText',
  'waitForUpload',
  'needConfirmRemoveFile',
  'showPreview',
  'autocomplete',
  'textUpdateMode',
  'size',
  'autoGrow',
  'allowResize',
  'acceptCarriageReturn',
  'navigationTitle',
  'navigationDescription',
  'panelCount',
  'renderMode',
  'templateTitle',
  'panelRemoveText',
  'alternateRows',
  'showHeader',
  'columnMinWidth',
  'rowTitleWidth',
  'itemSize',
  'inputSize',
  'scaleColorMode',
  'rateColorMode',
]);

const SURVEY_LOOKS = new Set([
  'showProgressBar',
  'progressBarType',
  'showQuestionNumbers',
  'pageNextText',
  'pagePrevText',
  'showPrevButton',
  'showTitle',
  'showPageTitles',
  'showCompletedPage',
  'checkErrorsMode',
  'textUpdateMode',
  'widthMode',
  'width',
  'questionTitleLocation',
  'questionErrorLocation',
  'questionDescriptionLocation',
  'focusFirstQuestionAutomatic',
  'showNavigationButtons',
  'showPageNumbers',
  'requiredText',
  'questionStartIndex',
  'logoPosition',
  'logoWidth',
  'logoHeight',
  'logoFit',
  'headerView',
  'showBrandInfo',
  'completedBeforeHtml',
  'loadingHtml',
  'previewText',
  'editText',
  'startSurveyText',
  'showTOC',
  'tocLocation',
  'fitToContainer',
  'autoGrowComment',
  'allowResizeComment',
  'storeOthersAsComment',
  'showQuestionNumbersOnPage',
  'clearInvisibleValues',
]);

/** A question of the survey as the importer made it a field, for the conditions that name it. */
interface Known {
  id: string;
  type: Field['type'];
  /** A matrix's rows: the survey's row value to the field's row id. */
  rows?: Map<string, string>;
  /** A yes/no question's option values for `true` and `false`. */
  booleans?: { true: string; false: string };
}

/** Logic read after every question is known (a condition may name a later one). */
interface Pending {
  expression: string;
  /** Where the expression is in the document. */
  path: string;
  apply: (groups: ConditionGroup[]) => void;
}

class Importer {
  readonly report: ImportProblem[] = [];
  readonly base: Language;
  readonly translations: Partial<Record<Language, Record<string, string>>> = {};
  readonly sections: Section[] = [];
  readonly fields: Field[] = [];
  readonly endings: FormEnding[] = [];
  readonly known = new Map<string, Known>();
  readonly pending: Pending[] = [];
  readonly ids = new IdMaker();
  /** The questions' names: a page of the same name takes another id, so answers keep the names. */
  readonly questionNames = new Set<string>();
  /** Schema path of a field or section -> its path in the document, for the settled report. */
  readonly origin = new Map<string, string>();
  quiz = false;

  constructor(readonly survey: Json) {
    const collect = (elements: unknown): void => {
      if (!Array.isArray(elements)) return;
      for (const el of elements) {
        if (!isRecord(el)) continue;
        if (typeof el.name === 'string') this.questionNames.add(el.name.trim());
        collect(el.elements);
        collect(el.templateElements);
      }
    };
    for (const page of Array.isArray(survey.pages) ? survey.pages : [])
      if (isRecord(page)) collect(page.elements);
    collect(survey.elements);
    collect(survey.questions);
    const locale = typeof survey.locale === 'string' ? survey.locale : 'en';
    this.base = (LANGUAGES as readonly string[]).includes(locale) ? (locale as Language) : 'en';
    if (this.base !== locale) {
      this.gap(
        '$.locale',
        `The survey's language "${locale}" is not one of Formloom's: its texts are kept as English`,
      );
    }
  }

  gap(path: string, problem: string): void {
    this.report.push({ path, problem });
  }

  /** An id from a SurveyJS name: the characters ids take, unique in the form. */
  id(name: unknown, fallback: string): string {
    return this.ids.make(typeof name === 'string' ? name.trim() : '', fallback);
  }

  /**
   * The base text of a localizable SurveyJS string (a string, or `{default, de, ...}`); its other
   * languages go to `key` in the translations.
   */
  text(value: unknown, key?: string): string | undefined {
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    if (!isRecord(value)) return undefined;
    const own = value.default ?? value[this.base] ?? Object.values(value).find((v) => typeof v === 'string');
    if (typeof own !== 'string') return undefined;
    if (key !== undefined) {
      for (const [locale, text] of Object.entries(value)) {
        if (locale === 'default' || locale === this.base || typeof text !== 'string' || text === '') continue;
        if (!(LANGUAGES as readonly string[]).includes(locale)) continue;
        const table = this.translations[locale as Language] ?? {};
        table[key] = text;
        this.translations[locale as Language] = table;
      }
    }
    return own;
  }

  /** Text a SurveyJS survey writes as HTML, as the plain text Formloom shows. */
  plain(html: string): string {
    return html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|h\d|li)>/gi, '\n')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }

  /** The translations of a text SurveyJS writes as HTML, as plain text too. */
  plainTranslations(key: string): void {
    for (const table of Object.values(this.translations)) {
      if (table[key] !== undefined) table[key] = this.plain(table[key]).slice(0, 10_000);
    }
  }

  run(): ImportedForm {
    const survey = this.survey;
    const title = this.text(survey.title, 'meta.title')?.trim() || 'Imported survey';
    const description = this.text(survey.description, 'meta.description');
    const pages = Array.isArray(survey.pages)
      ? survey.pages
      : [{ name: 'page1', elements: survey.elements ?? survey.questions ?? [] }];
    pages.forEach((page, p) => {
      const path = Array.isArray(survey.pages) ? `$.pages[${p}]` : '$';
      if (isRecord(page)) this.page(page, path);
      else this.gap(path, 'Not a page: left out');
    });
    this.surveyLevel(title);
    this.resolveLogic();

    const settings: NonNullable<FormSchema['settings']> = {
      layout: this.sections.length > 1 ? 'paged' : 'single-column',
      submitAction: 'default',
    };
    const completed = this.completion();
    if (completed !== undefined) settings.completion = completed;
    if (this.endings.length > 0) settings.endings = this.endings;
    if (this.quiz) settings.quiz = { feedback: 'at-end' };
    const submitLabel = this.text(survey.completeText, 'meta.submitLabel');
    const translations = Object.fromEntries(
      Object.entries(this.translations).filter(([, table]) => Object.keys(table).length > 0),
    );
    const schema: FormSchema = {
      ...schemaFrame(),
      meta: {
        title,
        language: this.base,
        ...(description === undefined || description === '' ? {} : { description }),
        ...(submitLabel === undefined ? {} : { submitLabel }),
      },
      settings,
      sections: this.sections.length > 0 ? this.sections : [{ id: 'page1', title: '', order: 0 }],
      fields: this.fields,
      ...(Object.keys(translations).length > 0 ? { translations } : {}),
    };
    refuseOversized(schema);
    const settled = settle(schema, this.report, (path) => this.whereIs(path));
    return { title, schema: settled, theme: undefined, report: this.report };
  }

  whereIs(schemaPath: string): string {
    const match = /^\$\.(fields|sections)\[\d+\]/.exec(schemaPath);
    if (match === null) return schemaPath;
    const origin = this.origin.get(match[0]);
    return origin === undefined ? schemaPath : `${origin} (${schemaPath.slice(match[0].length + 1) || 'it'})`;
  }

  page(page: Json, path: string): void {
    const named =
      typeof page.name === 'string' && this.questionNames.has(page.name.trim())
        ? `${page.name}_page`
        : page.name;
    const id = this.id(named, `page${this.sections.length + 1}`);
    const section: Section = {
      id,
      title: this.text(page.title, `sections.${id}.title`) ?? '',
      order: this.sections.length,
    };
    const description = this.text(page.description, `sections.${id}.description`);
    if (description !== undefined && description !== '') section.description = description;
    this.origin.set(`$.sections[${this.sections.length}]`, path);
    this.sections.push(section);
    if (typeof page.visibleIf === 'string') {
      this.pending.push({
        expression: page.visibleIf,
        path: `${path}.visibleIf`,
        apply: (groups) => {
          section.conditionalLogic = { action: 'show', conditionGroups: groups };
        },
      });
    }
    for (const key of Object.keys(page)) {
      if (
        [
          'name',
          'title',
          'description',
          'elements',
          'questions',
          'visibleIf',
          'navigationTitle',
          'navigationDescription',
          'state',
        ].includes(key)
      )
        continue;
      this.gap(`${path}.${key}`, `The page's "${key}" has no counterpart in a Formloom section`);
    }
    const elements = Array.isArray(page.elements)
      ? page.elements
      : Array.isArray(page.questions)
        ? page.questions
        : [];
    elements.forEach((element, e) => {
      this.element(element, `${path}.elements[${e}]`, id, []);
    });
  }

  /** Adds a field; answers it, for the element's own properties. */
  add(field: Omit<Field, 'order'>, path: string): Field {
    const full = { ...field, order: this.fields.length } as Field;
    this.origin.set(`$.fields[${this.fields.length}]`, path);
    this.fields.push(full);
    return full;
  }

  /**
   * One element of a page or panel. `panelLogic`: the visibility conditions of the panels around
   * it, each an expression and its path, which the element's own conditions are joined with.
   */
  element(raw: unknown, path: string, sectionId: string, panelLogic: Pending[]): void {
    if (!isRecord(raw) || typeof raw.type !== 'string') {
      this.gap(path, 'Not a question: left out');
      return;
    }
    const el = raw;
    const type = raw.type.toLowerCase();
    if (type === 'panel') {
      this.panel(el, path, sectionId, panelLogic);
      return;
    }
    if (type === 'paneldynamic') {
      this.dynamicPanel(el, path, panelLogic);
      return;
    }
    const handled = new Set([
      'type',
      'name',
      'title',
      'description',
      'isRequired',
      'visibleIf',
      'requiredIf',
      'requiredErrorText',
      'validators',
    ]);
    const built = this.question(el, type, path, sectionId, handled);
    if (built === undefined) return;
    for (const field of built) {
      this.logic(field, el, path, panelLogic);
    }
    for (const key of Object.keys(el)) {
      if (handled.has(key) || LOOKS.has(key)) continue;
      if (key === 'defaultValue' || key === 'defaultValueExpression') {
        this.gap(`${path}.${key}`, 'A default answer has no counterpart: the question starts empty');
      } else if (key === 'readOnly' || key === 'enableIf') {
        this.gap(`${path}.${key}`, 'Formloom questions are always answerable: the question is not read-only');
      } else {
        this.gap(`${path}.${key}`, `"${key}" has no counterpart in Formloom`);
      }
    }
  }

  panel(el: Json, path: string, sectionId: string, panelLogic: Pending[]): void {
    const logic = [...panelLogic];
    if (typeof el.visibleIf === 'string')
      logic.push({ expression: el.visibleIf, path: `${path}.visibleIf`, apply: () => {} });
    const title = this.text(el.title);
    const description = this.text(el.description);
    if ((title !== undefined && title !== '') || (description !== undefined && description !== '')) {
      // A panel's heading stays as a text shown above its questions.
      const id = this.id(`${String(el.name ?? 'panel')}_heading`, 'panel_heading');
      const text = [title, description].filter((t) => t !== undefined && t !== '').join('\n\n');
      this.text(el.title, `fields.${id}.label`);
      const heading = this.add(
        { id, sectionId, type: 'statement', label: title || text.slice(0, 200), statement: { text } },
        path,
      );
      this.joinLogic(heading, logic);
    }
    for (const key of Object.keys(el)) {
      if (['type', 'name', 'title', 'description', 'elements', 'visibleIf', ...LOOKS].includes(key)) continue;
      this.gap(
        `${path}.${key}`,
        `The panel's "${key}" has no counterpart: its questions are kept without it`,
      );
    }
    const elements = Array.isArray(el.elements) ? el.elements : [];
    elements.forEach((element, e) => {
      this.element(element, `${path}.elements[${e}]`, sectionId, logic);
    });
  }

  /** A dynamic panel ("add another") is a repeating section of its own. */
  dynamicPanel(el: Json, path: string, panelLogic: Pending[]): void {
    const id = this.id(el.name, `repeat${this.sections.length + 1}`);
    const section: Section = {
      id,
      title: this.text(el.title, `sections.${id}.title`) ?? '',
      order: this.sections.length,
    };
    const repeat: NonNullable<Section['repeat']> = {};
    if (typeof el.minPanelCount === 'number' && el.minPanelCount >= 0)
      repeat.min = Math.floor(el.minPanelCount);
    if (typeof el.maxPanelCount === 'number' && el.maxPanelCount >= 1)
      repeat.max = Math.min(Math.floor(el.maxPanelCount), SCHEMA_LIMITS.maxRepeatEntries);
    const addLabel = this.text(el.panelAddText, `sections.${id}.repeat.addLabel`);
    if (addLabel !== undefined && addLabel !== '') repeat.addLabel = addLabel;
    section.repeat = repeat;
    this.origin.set(`$.sections[${this.sections.length}]`, path);
    this.sections.push(section);
    if (panelLogic.length > 0 || typeof el.visibleIf === 'string') {
      this.gap(
        `${path}.visibleIf`,
        'A repeating section is shown always: the conditions around it are left out',
      );
    }
    for (const key of Object.keys(el)) {
      if (
        [
          'type',
          'name',
          'title',
          'description',
          'templateElements',
          'minPanelCount',
          'maxPanelCount',
          'panelAddText',
          'visibleIf',
          ...LOOKS,
        ].includes(key)
      )
        continue;
      this.gap(`${path}.${key}`, `The dynamic panel's "${key}" has no counterpart in a repeating section`);
    }
    const elements = Array.isArray(el.templateElements) ? el.templateElements : [];
    elements.forEach((element, e) => {
      this.element(element, `${path}.templateElements[${e}]`, id, []);
    });
  }

  /** The options of a choice question, its translations and "other"/"none". */
  choices(
    el: Json,
    id: string,
    path: string,
    handled: Set<string>,
  ): { options: FieldOption[]; extra: Partial<Field> } {
    handled.add('choices');
    const options: FieldOption[] = [];
    const values = new Set<string>();
    const raw = Array.isArray(el.choices) ? el.choices : [];
    raw.forEach((choice, c) => {
      // "1|Male": the older string form of a choice, its value and its text.
      const piped = typeof choice === 'string' && choice.includes('|') ? choice.split('|', 2) : undefined;
      const value = isRecord(choice) ? choice.value : piped !== undefined ? piped[0] : choice;
      if (value === undefined || value === null || String(value) === '') {
        this.gap(`${path}.choices[${c}]`, 'A choice without a value: left out');
        return;
      }
      const v = String(value).slice(0, SCHEMA_LIMITS.maxLabelLength);
      if (values.has(v)) {
        this.gap(`${path}.choices[${c}]`, `A second choice "${v}": left out`);
        return;
      }
      values.add(v);
      const label =
        (isRecord(choice) ? this.text(choice.text, `fields.${id}.options.${v}`) : piped?.[1]) ?? v;
      const option: FieldOption = { value: v, label: label || v };
      if (isRecord(choice) && typeof choice.imageLink === 'string') option.imageUrl = choice.imageLink;
      if (isRecord(choice)) {
        for (const key of Object.keys(choice)) {
          if (['value', 'text', 'imageLink'].includes(key)) continue;
          this.gap(`${path}.choices[${c}].${key}`, `A choice's "${key}" has no counterpart`);
        }
      }
      options.push(option);
    });
    if (options.length > SCHEMA_LIMITS.maxOptionsPerField) {
      this.gap(
        `${path}.choices`,
        `More than ${SCHEMA_LIMITS.maxOptionsPerField} choices: the rest are left out`,
      );
      options.length = SCHEMA_LIMITS.maxOptionsPerField;
    }
    const extra: Partial<Field> = {};
    for (const key of ['hasOther', 'showOtherItem'] as const) {
      handled.add(key);
      if (el[key] === true) {
        handled.add('otherText');
        const label = this.text(el.otherText) ?? 'Other';
        extra.other = { label };
      }
    }
    handled.add('choicesOrder');
    if (el.choicesOrder === 'random') extra.shuffle = true;
    else if (el.choicesOrder === 'asc' || el.choicesOrder === 'desc') {
      options.sort((a, b) => a.label.localeCompare(b.label) * (el.choicesOrder === 'asc' ? 1 : -1));
    }
    for (const key of ['hasNone', 'showNoneItem'] as const) {
      handled.add(key);
      if (el[key] === true) {
        handled.add('noneText');
        options.push({ value: 'none', label: this.text(el.noneText, `fields.${id}.options.none`) ?? 'None' });
        extra.exclusiveValue = 'none';
      }
    }
    if (el.correctAnswer !== undefined) {
      handled.add('correctAnswer');
      const right = (Array.isArray(el.correctAnswer) ? el.correctAnswer : [el.correctAnswer]).map(String);
      for (const option of options) if (right.includes(option.value)) option.correct = true;
      this.quiz = true;
    }
    return { options, extra };
  }

  /** The field(s) one SurveyJS question becomes; undefined when it has no counterpart. */
  question(
    el: Json,
    type: string,
    path: string,
    sectionId: string,
    handled: Set<string>,
  ): Field[] | undefined {
    const id = this.id(el.name, `q${this.fields.length + 1}`);
    const label = this.text(el.title, `fields.${id}.label`) || (typeof el.name === 'string' ? el.name : id);
    const helpText = this.text(el.description, `fields.${id}.helpText`);
    const base = {
      id,
      sectionId,
      label: label.slice(0, SCHEMA_LIMITS.maxLabelLength),
      ...(helpText === undefined || helpText === '' ? {} : { helpText: this.plain(helpText).slice(0, 2000) }),
      ...(el.isRequired === true ? { required: true } : {}),
    };
    const placeholder = (): Partial<Field> => {
      handled.add('placeholder');
      handled.add('placeHolder');
      const text = this.text(el.placeholder ?? el.placeHolder, `fields.${id}.placeholder`);
      return text === undefined ? {} : { placeholder: text };
    };
    const rules: ValidationRule[] = [];
    const known = (field: Field, extra: Partial<Known> = {}) => {
      this.known.set(typeof el.name === 'string' ? el.name : id, {
        id: field.id,
        type: field.type,
        ...extra,
      });
      return field;
    };
    let field: Field;
    switch (type) {
      case 'text': {
        handled.add('inputType');
        const input = typeof el.inputType === 'string' ? el.inputType : 'text';
        const map: Record<string, Field['type']> = {
          text: 'text',
          email: 'email',
          number: 'number',
          date: 'date',
          tel: 'phone',
          url: 'url',
          time: 'time',
          'datetime-local': 'datetime',
          datetime: 'datetime',
          range: 'slider',
        };
        const fieldType = map[input] ?? 'text';
        if (map[input] === undefined) {
          this.gap(`${path}.inputType`, `An input of type "${input}" is kept as a text question`);
        }
        if (fieldType === 'slider') {
          handled.add('min').add('max').add('step');
          const min = typeof el.min === 'number' ? el.min : 0;
          const max = typeof el.max === 'number' ? el.max : 100;
          const step = typeof el.step === 'number' && el.step > 0 ? el.step : 1;
          field = this.add({ ...base, type: 'slider', slider: { min, max, step } }, path);
          break;
        }
        if (fieldType === 'number') {
          handled.add('min').add('max');
          if (typeof el.min === 'number') rules.push({ type: 'min', value: el.min });
          if (typeof el.max === 'number') rules.push({ type: 'max', value: el.max });
        }
        if (typeof el.maxLength === 'number' && el.maxLength > 0 && ['text', 'email'].includes(fieldType)) {
          handled.add('maxLength');
          rules.push({ type: 'maxLength', value: Math.floor(el.maxLength) });
        }
        field = this.add({ ...base, type: fieldType, ...placeholder() }, path);
        break;
      }
      case 'comment': {
        handled.add('rows');
        if (typeof el.maxLength === 'number' && el.maxLength > 0) {
          handled.add('maxLength');
          rules.push({ type: 'maxLength', value: Math.floor(el.maxLength) });
        }
        field = this.add({ ...base, type: 'textarea', ...placeholder() }, path);
        break;
      }
      case 'radiogroup':
      case 'checkbox':
      case 'dropdown':
      case 'tagbox': {
        const { options, extra } = this.choices(el, id, path, handled);
        if (options.length === 0) {
          this.gap(
            path,
            'A choice question without choices (from a web service, or from another question): left out',
          );
          return undefined;
        }
        const fieldType = type === 'radiogroup' ? 'radio' : type === 'dropdown' ? 'select' : 'checkbox';
        if (fieldType !== 'checkbox' && extra.exclusiveValue !== undefined) delete extra.exclusiveValue;
        if (type === 'checkbox' || type === 'tagbox') {
          handled.add('maxSelectedChoices').add('minSelectedChoices');
          // A multiple choice's length rules count its choices.
          if (typeof el.maxSelectedChoices === 'number' && el.maxSelectedChoices > 0)
            rules.push({ type: 'maxLength', value: Math.floor(el.maxSelectedChoices) });
          if (typeof el.minSelectedChoices === 'number' && el.minSelectedChoices > 0)
            rules.push({ type: 'minLength', value: Math.floor(el.minSelectedChoices) });
        }
        if (el.hasSelectAll === true || el.showSelectAllItem === true) {
          handled.add('hasSelectAll').add('showSelectAllItem');
          this.gap(
            `${path}.hasSelectAll`,
            '"Select all" has no counterpart: the respondent picks each choice',
          );
        }
        field = this.add({ ...base, type: fieldType, options, ...extra, ...placeholder() }, path);
        break;
      }
      case 'boolean': {
        handled.add('labelTrue').add('labelFalse').add('valueTrue').add('valueFalse');
        const yes = String(el.valueTrue ?? 'true');
        const no = String(el.valueFalse ?? 'false');
        const options = [
          { value: yes, label: this.text(el.labelTrue, `fields.${id}.options.${yes}`) ?? 'Yes' },
          { value: no, label: this.text(el.labelFalse, `fields.${id}.options.${no}`) ?? 'No' },
        ];
        field = this.add({ ...base, type: 'radio', options }, path);
        return [known(field, { booleans: { true: yes, false: no } })];
      }
      case 'rating': {
        handled
          .add('rateMin')
          .add('rateMax')
          .add('rateStep')
          .add('rateValues')
          .add('rateCount')
          .add('rateType');
        handled.add('minRateDescription').add('maxRateDescription');
        const low = this.text(el.minRateDescription, `fields.${id}.scale.lowLabel`);
        const high = this.text(el.maxRateDescription, `fields.${id}.scale.highLabel`);
        if (Array.isArray(el.rateValues) && el.rateValues.length > 0) {
          const { options } = this.choices({ choices: el.rateValues }, id, `${path}.rateValues`, new Set());
          field = this.add({ ...base, type: 'radio', options }, path);
          break;
        }
        const min = typeof el.rateMin === 'number' ? el.rateMin : 1;
        const count = typeof el.rateCount === 'number' ? el.rateCount : undefined;
        const step = typeof el.rateStep === 'number' ? el.rateStep : 1;
        const max =
          typeof el.rateMax === 'number' ? el.rateMax : count !== undefined ? min + (count - 1) * step : 5;
        if (el.rateType === 'stars' && min === 1 && step === 1 && max >= 3 && max <= 10) {
          field = this.add({ ...base, type: 'rating', rating: { max } }, path);
        } else if (step === 1 && (min === 0 || min === 1) && max >= 2 && max <= 10) {
          const labels = {
            ...(low === undefined || low === '' ? {} : { lowLabel: low }),
            ...(high === undefined || high === '' ? {} : { highLabel: high }),
          };
          field = this.add({ ...base, type: 'scale', scale: { min, max, ...labels } }, path);
        } else {
          if (el.rateType !== undefined && el.rateType !== 'labels' && el.rateType !== 'stars') {
            this.gap(`${path}.rateType`, `Rating shown as "${String(el.rateType)}" is shown as a slider`);
          }
          field = this.add({ ...base, type: 'slider', slider: { min, max, step } }, path);
        }
        if (el.rateType !== undefined && el.rateType !== 'labels' && el.rateType !== 'stars') {
          this.gap(`${path}.rateType`, `Rating shown as "${String(el.rateType)}" is shown as numbers`);
        }
        break;
      }
      case 'ranking': {
        const { options, extra } = this.choices(el, id, path, handled);
        delete extra.other;
        delete extra.exclusiveValue;
        field = this.add({ ...base, type: 'ranking', options, ...extra }, path);
        break;
      }
      case 'imagepicker': {
        handled.add('multiSelect');
        const { options, extra } = this.choices(el, id, path, handled);
        const withoutPicture = options.filter(
          (o) => o.imageUrl === undefined || !o.imageUrl.startsWith('https://'),
        );
        if (withoutPicture.length > 0) {
          this.gap(
            `${path}.choices`,
            `Pictures of ${withoutPicture.map((o) => `"${o.value}"`).join(', ')} are not at https addresses: the question is a plain choice`,
          );
          for (const option of options) delete option.imageUrl;
          field = this.add(
            { ...base, type: el.multiSelect === true ? 'checkbox' : 'radio', options, ...extra },
            path,
          );
        } else {
          field = this.add(
            {
              ...base,
              type: 'picture_choice',
              options,
              ...extra,
              ...(el.multiSelect === true ? { multiple: true } : {}),
            },
            path,
          );
        }
        break;
      }
      case 'matrix': {
        handled.add('rows').add('columns').add('isAllRowRequired');
        const rowsOf = new Map<string, string>();
        const rowIds = new Set<string>();
        const rows = (Array.isArray(el.rows) ? el.rows : []).flatMap((row, r) => {
          const value = String(isRecord(row) ? row.value : row);
          let rowId = value.replace(/[^A-Za-z0-9_.:-]+/g, '_').slice(0, 80) || `row${r + 1}`;
          while (rowIds.has(rowId)) rowId = `${rowId}_${r + 1}`;
          rowIds.add(rowId);
          rowsOf.set(value, rowId);
          const label =
            (isRecord(row) ? this.text(row.text, `fields.${id}.rows.${rowId}`) : undefined) ?? value;
          return [{ id: rowId, label: label || value }];
        });
        const columns = (Array.isArray(el.columns) ? el.columns : []).map((column) => {
          const value = String(isRecord(column) ? column.value : column);
          const label =
            (isRecord(column) ? this.text(column.text, `fields.${id}.columns.${value}`) : undefined) ?? value;
          return { value, label: label || value };
        });
        if (rows.length === 0 || columns.length < 2) {
          this.gap(path, 'A matrix needs rows and at least two columns: left out');
          return undefined;
        }
        field = this.add({ ...base, type: 'matrix', matrix: { rows, columns } }, path);
        if (el.isAllRowRequired === true && el.isRequired !== true) {
          this.gap(`${path}.isAllRowRequired`, 'Every row is asked for only when the question is required');
        }
        return [known(field, { rows: rowsOf })];
      }
      case 'multipletext': {
        handled.add('items');
        const items = Array.isArray(el.items) ? el.items : [];
        const fields = items.flatMap((item, i) => {
          if (!isRecord(item)) return [];
          const itemId = this.id(`${id}_${String(item.name ?? i + 1)}`, `${id}_${i + 1}`);
          const itemTitle = this.text(item.title, `fields.${itemId}.label`) ?? String(item.name ?? i + 1);
          const input =
            item.inputType === 'number' ? 'number' : item.inputType === 'email' ? 'email' : 'text';
          const made = this.add(
            {
              id: itemId,
              sectionId,
              type: input,
              label: `${label}: ${itemTitle}`.slice(0, SCHEMA_LIMITS.maxLabelLength),
              ...(item.isRequired === true || el.isRequired === true ? { required: true } : {}),
            },
            `${path}.items[${i}]`,
          );
          this.known.set(`${String(el.name)}.${String(item.name)}`, { id: made.id, type: made.type });
          return [made];
        });
        this.ids.release(id);
        if (fields.length === 0) this.gap(path, 'Multiple text without items: left out');
        return fields;
      }
      case 'file': {
        handled.add('acceptedTypes').add('maxSize').add('allowMultiple');
        const config: NonNullable<Field['fileConfig']> = {};
        if (typeof el.maxSize === 'number' && el.maxSize > 0)
          config.maxSizeMB = Math.max(el.maxSize / 1_048_576, 0.01);
        if (typeof el.acceptedTypes === 'string' && el.acceptedTypes.trim() !== '') {
          config.allowedTypes = el.acceptedTypes
            .split(',')
            .map((t) => t.trim())
            .filter((t) => t !== '' && !t.startsWith('.'));
          const extensions = el.acceptedTypes.split(',').filter((t) => t.trim().startsWith('.'));
          if (extensions.length > 0)
            this.gap(
              `${path}.acceptedTypes`,
              `File endings (${extensions.join(', ')}) are not checked: only types are`,
            );
          if (config.allowedTypes.length === 0) delete config.allowedTypes;
        }
        if (el.allowMultiple === true) this.gap(`${path}.allowMultiple`, 'A file question takes one file');
        field = this.add(
          { ...base, type: 'file', ...(Object.keys(config).length > 0 ? { fileConfig: config } : {}) },
          path,
        );
        break;
      }
      case 'signaturepad':
        field = this.add({ ...base, type: 'signature' }, path);
        break;
      case 'html': {
        handled.add('html');
        const html = this.text(el.html, `fields.${id}.statement`) ?? '';
        const text = this.plain(html);
        if (text === '') {
          this.gap(path, 'An HTML block without text: left out');
          return undefined;
        }
        if (/<(img|iframe|video|script|table)/i.test(html)) {
          this.gap(
            `${path}.html`,
            'Pictures, frames, tables and scripts of the HTML are not shown: only its text is',
          );
        }
        this.plainTranslations(`fields.${id}.statement`);
        const { required: _required, ...shown } = base;
        field = this.add({ ...shown, type: 'statement', statement: { text: text.slice(0, 10_000) } }, path);
        break;
      }
      case 'slider': {
        handled.add('min').add('max').add('step');
        const min = typeof el.min === 'number' ? el.min : 0;
        const max = typeof el.max === 'number' ? el.max : 100;
        const step = typeof el.step === 'number' && el.step > 0 ? el.step : 1;
        field = this.add({ ...base, type: 'slider', slider: { min, max, step } }, path);
        break;
      }
      default: {
        this.ids.release(id);
        const why: Record<string, string> = {
          image: 'An image block has no counterpart: left out',
          expression: 'A calculated display has no counterpart: left out',
          matrixdropdown: 'A matrix of dropdowns and inputs has no counterpart: left out',
          matrixdynamic: 'A matrix whose rows the respondent adds has no counterpart: left out',
        };
        this.gap(path, why[type] ?? `A "${type}" question has no counterpart: left out`);
        for (const key of Object.keys(el)) handled.add(key);
        return undefined;
      }
    }
    handled.add('validators');
    rules.push(...this.validators(el.validators, field, `${path}.validators`));
    if (typeof el.requiredErrorText === 'string' || isRecord(el.requiredErrorText)) {
      const message = this.text(el.requiredErrorText);
      if (message !== undefined && message !== '' && el.isRequired === true)
        rules.unshift({ type: 'required', message });
    }
    if (rules.length > 0) {
      const current = field.validation?.rules ?? [];
      field.validation = { rules: [...current, ...rules].slice(0, SCHEMA_LIMITS.maxRulesPerField) };
    }
    return [known(field)];
  }

  validators(raw: unknown, field: Field, path: string): ValidationRule[] {
    if (!Array.isArray(raw)) return [];
    const rules: ValidationRule[] = [];
    raw.forEach((validator, v) => {
      if (!isRecord(validator)) return;
      const message = this.text(validator.text);
      const withMessage = message === undefined || message === '' ? {} : { message };
      const at = `${path}[${v}]`;
      switch (validator.type) {
        case 'numeric':
          if (typeof validator.minValue === 'number')
            rules.push({ type: 'min', value: validator.minValue, ...withMessage });
          if (typeof validator.maxValue === 'number')
            rules.push({ type: 'max', value: validator.maxValue, ...withMessage });
          break;
        case 'text':
          if (typeof validator.minLength === 'number' && validator.minLength > 0)
            rules.push({ type: 'minLength', value: validator.minLength, ...withMessage });
          if (typeof validator.maxLength === 'number' && validator.maxLength > 0)
            rules.push({ type: 'maxLength', value: validator.maxLength, ...withMessage });
          if (validator.allowDigits === false)
            rules.push({ type: 'pattern', value: '^[^0-9]*$', ...withMessage });
          break;
        case 'answercount':
          if (typeof validator.minCount === 'number')
            rules.push({ type: 'minLength', value: Math.floor(validator.minCount), ...withMessage });
          if (typeof validator.maxCount === 'number')
            rules.push({ type: 'maxLength', value: Math.floor(validator.maxCount), ...withMessage });
          break;
        case 'regex':
          if (typeof validator.regex === 'string' && validator.regex !== '')
            rules.push({ type: 'pattern', value: validator.regex, ...withMessage });
          break;
        case 'email':
          if (field.type === 'text') field.type = 'email';
          break;
        default:
          this.gap(at, `A "${String(validator.type)}" validator has no counterpart: left out`);
      }
    });
    return rules;
  }

  /** The question's own visibility and required-when, joined with its panels' visibility. */
  logic(field: Field, el: Json, path: string, panelLogic: Pending[]): void {
    const own: Pending[] = [...panelLogic];
    if (typeof el.visibleIf === 'string')
      own.push({ expression: el.visibleIf, path: `${path}.visibleIf`, apply: () => {} });
    this.joinLogic(field, own);
    if (typeof el.requiredIf === 'string') {
      this.pending.push({
        expression: el.requiredIf,
        path: `${path}.requiredIf`,
        apply: (groups) => {
          const only =
            groups.length === 1 && groups[0]!.conditions.length === 1 ? groups[0]!.conditions[0]! : undefined;
          if (
            only === undefined ||
            (only.operator !== 'equals' && only.operator !== 'notEquals') ||
            only.value === undefined
          ) {
            this.gap(
              `${path}.requiredIf`,
              'Required only when one question equals (or not) a value: this condition cannot be said',
            );
            return;
          }
          const when =
            only.operator === 'equals'
              ? {
                  field: only.fieldId,
                  equals: only.value,
                  ...(only.row === undefined ? {} : { row: only.row }),
                }
              : {
                  field: only.fieldId,
                  notEquals: only.value,
                  ...(only.row === undefined ? {} : { row: only.row }),
                };
          field.validation = { rules: [{ type: 'required', when }, ...(field.validation?.rules ?? [])] };
        },
      });
    }
  }

  /** All of `logic` must hold for the field to show: their groups joined (AND) into one show rule. */
  joinLogic(field: Field, logic: Pending[]): void {
    if (logic.length === 0) return;
    const expression = logic.map((l) => `(${l.expression})`).join(' and ');
    this.pending.push({
      expression,
      path: logic.map((l) => l.path).join(' + '),
      apply: (groups) => {
        field.conditionalLogic = { action: 'show', conditionGroups: groups };
      },
    });
  }

  condition(clause: Clause): Condition[] {
    const { comparison, negated } = clause;
    const [name, rowName] =
      comparison.name.includes('.') && !this.known.has(comparison.name)
        ? (comparison.name.split('.', 2) as [string, string])
        : [comparison.name, undefined];
    const target = this.known.get(comparison.name) ?? this.known.get(name);
    if (target === undefined)
      throw new ExpressionError(`Names {${comparison.name}}, which is not a question of the survey`);
    const row = rowName === undefined ? undefined : target.rows?.get(rowName);
    if (rowName !== undefined && row === undefined)
      throw new ExpressionError(`Names {${comparison.name}}, a row the matrix does not have`);
    const at = { fieldId: target.id, ...(row === undefined ? {} : { row }) };
    const multi = target.type === 'checkbox';
    const value = (v: Constant): string | number | boolean => {
      if (target.booleans !== undefined && typeof v === 'boolean')
        return v ? target.booleans.true : target.booleans.false;
      if (
        [
          'radio',
          'select',
          'checkbox',
          'picture_choice',
          'ranking',
          'matrix',
          'text',
          'textarea',
          'email',
          'hidden',
          'phone',
          'url',
          'date',
          'time',
          'datetime',
        ].includes(target.type)
      ) {
        return String(v);
      }
      return v;
    };
    const dated = target.type === 'date' || target.type === 'datetime';
    switch (comparison.op) {
      case 'empty':
      case 'notempty': {
        const empty = (comparison.op === 'empty') !== negated;
        return [{ ...at, operator: empty ? 'isEmpty' : 'isNotEmpty' }];
      }
      case 'anyof':
      case 'allof':
        throw new ExpressionError('anyof and allof are read where they stand');
      case '=':
      case '!=': {
        const equal = (comparison.op === '=') !== negated;
        if (multi)
          return [{ ...at, operator: equal ? 'contains' : 'notContains', value: value(comparison.value) }];
        return [{ ...at, operator: equal ? 'equals' : 'notEquals', value: value(comparison.value) }];
      }
      case 'contains':
      case 'notcontains': {
        const has = (comparison.op === 'contains') !== negated;
        return [{ ...at, operator: has ? 'contains' : 'notContains', value: value(comparison.value) }];
      }
      default: {
        const flip: Record<string, string> = { '>': '<=', '>=': '<', '<': '>=', '<=': '>' };
        const op = negated ? flip[comparison.op]! : comparison.op;
        const words: Record<string, Condition['operator']> = dated
          ? { '>': 'after', '<': 'before', '>=': 'after', '<=': 'before' }
          : { '>': 'greaterThan', '>=': 'greaterThanOrEqual', '<': 'lessThan', '<=': 'lessThanOrEqual' };
        if (dated && (op === '>=' || op === '<='))
          throw new ExpressionError('"On or after" a date cannot be said: only before or after');
        return [{ ...at, operator: words[op]!, value: value(comparison.value) }];
      }
    }
  }

  /** The groups of a parsed expression, `anyof`/`allof` spread over groups and conditions. */
  groups(source: string): ConditionGroup[] {
    const expanded = groupsOf(parseExpression(source));
    const out: ConditionGroup[] = [];
    for (const group of expanded) {
      let variants: Condition[][] = [[]];
      for (const clause of group) {
        const { comparison, negated } = clause;
        if (comparison.op === 'anyof' || comparison.op === 'allof') {
          const each = comparison.value.map((v) =>
            this.condition({
              comparison: { kind: 'cmp', name: comparison.name, op: 'contains', value: v },
              negated,
            }),
          );
          const target = this.known.get(comparison.name);
          const single = target !== undefined && target.type !== 'checkbox';
          const fixed = single
            ? comparison.value.map((v) =>
                this.condition({
                  comparison: { kind: 'cmp', name: comparison.name, op: '=', value: v },
                  negated,
                }),
              )
            : each;
          // anyof: one of them (a group each); allof: all of them; negated, the other way round.
          const anyOf = (comparison.op === 'anyof') !== negated;
          if (anyOf) variants = variants.flatMap((v) => fixed.map((c) => [...v, ...c]));
          else variants = variants.map((v) => [...v, ...fixed.flat()]);
        } else {
          const conditions = this.condition(clause);
          variants = variants.map((v) => [...v, ...conditions]);
        }
      }
      out.push(...variants.map((conditions) => ({ conditions })));
    }
    if (
      out.length > SCHEMA_LIMITS.maxConditionGroups ||
      out.some((g) => g.conditions.length > SCHEMA_LIMITS.maxConditionsPerGroup)
    ) {
      throw new ExpressionError('Needs more groups or conditions than a form takes');
    }
    return out;
  }

  resolveLogic(): void {
    for (const pending of this.pending) {
      try {
        pending.apply(this.groups(pending.expression));
      } catch (error) {
        if (!(error instanceof ExpressionError)) throw error;
        this.gap(
          pending.path,
          `The condition "${pending.expression.slice(0, 200)}" is left out: ${error.message}`,
        );
      }
    }
  }

  completion(): NonNullable<FormSchema['settings']>['completion'] | undefined {
    const html = this.text(this.survey.completedHtml, 'completion.message');
    const message = html === undefined ? undefined : this.plain(html).slice(0, 2000);
    this.plainTranslations('completion.message');
    const url = typeof this.survey.navigateToUrl === 'string' ? this.survey.navigateToUrl : undefined;
    if (url !== undefined && !url.startsWith('https://')) {
      this.gap(
        '$.navigateToUrl',
        'Only an https address can follow a response: the thank-you message shows instead',
      );
    }
    const out = {
      ...(message === undefined || message === '' ? {} : { message }),
      ...(url?.startsWith('https://') ? { redirectUrl: url } : {}),
    };
    return Object.keys(out).length > 0 ? out : undefined;
  }

  surveyLevel(_title: string): void {
    const survey = this.survey;
    const handled = new Set([
      'title',
      'description',
      'locale',
      'pages',
      'elements',
      'questions',
      'completedHtml',
      'navigateToUrl',
      'completeText',
      'completedHtmlOnCondition',
      'triggers',
    ]);
    const endings = Array.isArray(survey.completedHtmlOnCondition) ? survey.completedHtmlOnCondition : [];
    endings.forEach((item, i) => {
      if (!isRecord(item) || typeof item.expression !== 'string') return;
      const id = `ending${i + 1}`;
      const message = this.plain(this.text(item.html, `endings.${id}.message`) ?? '').slice(0, 2000);
      this.plainTranslations(`endings.${id}.message`);
      const ending: FormEnding = { id, ...(message === '' ? {} : { message }) };
      this.endings.push(ending);
      this.pending.push({
        expression: item.expression,
        path: `$.completedHtmlOnCondition[${i}].expression`,
        apply: (groups) => {
          ending.conditionGroups = groups;
        },
      });
    });
    const triggers = Array.isArray(survey.triggers) ? survey.triggers : [];
    triggers.forEach((trigger, i) => {
      const at = `$.triggers[${i}]`;
      if (!isRecord(trigger) || typeof trigger.expression !== 'string') {
        this.gap(at, 'A trigger without a condition: left out');
        return;
      }
      if (trigger.type === 'complete' || trigger.type === 'skip') {
        this.jumpFor(trigger, at);
      } else {
        this.gap(at, `A "${String(trigger.type)}" trigger has no counterpart: left out`);
      }
    });
    for (const key of Object.keys(survey)) {
      if (handled.has(key) || SURVEY_LOOKS.has(key)) continue;
      const why: Record<string, string> = {
        calculatedValues: 'Calculated values are SurveyJS expressions Formloom does not compute: left out',
        logo: "The survey's logo is not carried: give the form a theme with a logo",
        maxTimeToFinish: 'A time limit has no counterpart: left out',
        maxTimeToFinishPage: 'A time limit has no counterpart: left out',
        firstPageIsStarted: 'The start page is kept as the first page',
        questionsOnPageMode: 'Questions stay on the pages the survey gives them',
        cookieName: 'One response per browser has no counterpart: see the form access rules',
      };
      this.gap(`$.${key}`, why[key] ?? `"${key}" has no counterpart in Formloom`);
    }
  }

  /**
   * A complete trigger ends the survey when its condition holds: a jump to an ending from the
   * pages after the questions it names. A skip trigger goes to a question's page: a jump there.
   */
  jumpFor(trigger: Json, at: string): void {
    const expression = String(trigger.expression);
    this.pending.push({
      expression,
      path: `${at}.expression`,
      apply: (groups) => {
        const named = groups.flatMap((g) => g.conditions.map((c) => c.fieldId));
        const pages = named.map((id) =>
          this.sections.findIndex((s) => s.id === this.fields.find((f) => f.id === id)?.sectionId),
        );
        const from = Math.max(...pages);
        const section = this.sections[from];
        if (section === undefined) return;
        let to: SectionJump['to'];
        if (trigger.type === 'complete') {
          const id = `trigger_end${this.endings.length + 1}`;
          this.endings.push({ id });
          to = { ending: id };
        } else {
          const target = this.known.get(String(trigger.gotoName));
          const page = this.fields.find((f) => f.id === target?.id)?.sectionId;
          if (page === undefined) {
            this.gap(at, `The skip goes to "${String(trigger.gotoName)}", which is not a question: left out`);
            return;
          }
          to = { section: page };
        }
        section.jumps = [...(section.jumps ?? []), { conditionGroups: groups, to }];
      },
    });
  }
}

/** A SurveyJS survey JSON (pages of elements, or elements alone) as a form and what was left out. */
export function fromSurveyJs(document: unknown): ImportedForm {
  if (
    !isRecord(document) ||
    !(Array.isArray(document.pages) || Array.isArray(document.elements) || Array.isArray(document.questions))
  ) {
    throw badRequest('The definition is not a SurveyJS survey: it has no pages or elements', [
      {
        path: 'body.definition.pages',
        code: 'invalid_type',
        message: 'A survey JSON has `pages` (or `elements`)',
      },
    ]);
  }
  return new Importer(document).run();
}
