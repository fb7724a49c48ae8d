import {
  type Field,
  type FormEnding,
  type FormSchema,
  LANGUAGES,
  type Language,
  SCHEMA_LIMITS,
  type Section,
  TEXT_LIMITS,
} from '@formloom/contract';
import { z } from 'zod';
import {
  fit,
  IdMaker,
  ImportReport,
  isRecord,
  type JumpOrigins,
  originOf,
  parseDocument,
  refuseOversized,
  schemaFrame,
  text,
} from './import-kit.js';
import type { ImportedForm } from './index.js';
import { settle } from './settle.js';
import { TypeformLogic, type TypeformLogicContext } from './typeform-logic.js';
import {
  type Raw,
  type Target,
  type TypeformContext,
  TypeformQuestions,
  WORDS,
  type Words,
} from './typeform-questions.js';

/** What a document must have to be read as a Typeform form (its Create API's `GET /forms/{id}`). */
const TypeformDocument = z
  .object({
    title: z.string().trim().min(1),
    fields: z.array(z.object({ type: z.string() }).passthrough()).optional(),
    logic: z.array(z.object({}).passthrough()).optional(),
    hidden: z.array(z.string()).optional(),
    variables: z.record(z.string(), z.unknown()).optional(),
    welcome_screens: z.array(z.object({}).passthrough()).optional(),
    thankyou_screens: z.array(z.object({}).passthrough()).optional(),
    settings: z.object({}).passthrough().optional(),
  })
  .passthrough();

/** The document's keys of its own account that carry nothing to another tool. */
const ACCOUNT_KEYS = ['id', 'type', 'workspace', '_links', 'created_at', 'last_updated_at', 'published_at'];

/**
 * Settings of how Typeform's player shows a form and of the Typeform account (its plan, its
 * subdomain): Formloom's renderers have their own, so these carry nothing of the form itself.
 */
const PLAYER_SETTINGS = [
  'progress_bar',
  'show_progress_bar',
  'show_question_number',
  'show_key_hint_on_choices',
  'show_time_to_complete',
  'show_number_of_submissions',
  'hide_navigation',
  'free_form_navigation',
  'autosave_progress',
  'show_cookie_consent',
  'is_trial',
  'pro_subdomain_enabled',
  'capabilities',
  'are_uploads_public',
];

/** Reads a Typeform form into a Formloom form: one question a page, as Typeform shows them. */
export function fromTypeform(document: unknown): ImportedForm {
  return new TypeformReader(parseDocument(TypeformDocument, 'a Typeform form', document)).read();
}

class TypeformReader implements TypeformContext, TypeformLogicContext {
  readonly report = new ImportReport();
  private readonly ids = new IdMaker();
  readonly targets = new Map<string, Target>();
  readonly sections: Section[] = [];
  readonly fields: Field[] = [];
  private readonly endings: FormEnding[] = [];
  readonly endingIds = new Map<string, string>();
  readonly variables = new Map<string, string>();
  readonly jumpOrigins: JumpOrigins = new Map();
  readonly variableOrigins = new Map<string, string>();
  /** A group's ref -> the id of its first question, whose page is the group's. */
  readonly groupFirst = new Map<string, string>();
  private readonly questions = new TypeformQuestions(this);
  /** Refs of fields that became no question (a payment), with the page that takes their place. */
  private readonly pageOfRef = new Map<string, string>();

  constructor(readonly doc: z.infer<typeof TypeformDocument>) {
    this.lang = this.language();
    this.words = WORDS[this.lang];
  }

  /** The form's language, and Typeform's own words in it. */
  private readonly lang: Language;
  readonly words: Words;

  read(): ImportedForm {
    const doc = this.doc;
    for (const name of Object.keys(doc.variables ?? {}))
      this.variables.set(name, this.ids.make(name, 'variable'));
    for (const name of doc.hidden ?? []) this.targets.set(`hidden:${name}`, this.hiddenTarget(name));
    this.nameFields(doc.fields ?? [], '$.fields');
    this.readEndings();
    this.readPages();
    this.readHidden();
    const variables = new TypeformLogic(this).read();
    const settings = this.readSettings();
    if (doc.theme !== undefined) {
      this.report.add('$.theme', "Typeform's theme is not carried over: the form has the default look");
    }
    this.report.leftovers(
      doc,
      [
        ...ACCOUNT_KEYS,
        'theme',
        'title',
        'fields',
        'logic',
        'hidden',
        'variables',
        'welcome_screens',
        'thankyou_screens',
        'settings',
      ],
      '$',
      'The Typeform part',
    );
    const title = fit(doc.title, TEXT_LIMITS.formTitle, '$.title', this.report);
    const description = this.welcome();
    const schema: FormSchema = {
      ...schemaFrame(),
      meta: {
        title,
        language: this.lang,
        ...(description === undefined ? {} : { description }),
      },
      settings,
      sections: this.sections,
      fields: this.fields,
      ...(variables.length === 0 ? {} : { variables }),
    };
    return {
      title,
      schema: this.settled(schema),
      theme: undefined,
      report: this.report.problems,
    };
  }

  /** What the integrity check refuses (a jump backwards, an operator the type does not take) left out and reported. */
  private settled(schema: FormSchema): FormSchema {
    refuseOversized(schema);
    return settle(schema, this.report.problems, originOf(schema, this.jumpOrigins, this.variableOrigins));
  }

  private hiddenTarget(name: string): Target {
    return { id: this.ids.make(name, 'hidden'), type: 'hidden', multiple: false, choices: new Map() };
  }

  /** Every field's id first, so recall and logic can name a field that comes later. */
  private nameFields(fields: readonly Raw[], path: string, depth = 0): void {
    // A group holds questions, a matrix its rows: deeper nesting is no Typeform form's.
    if (depth > 3) return;
    fields.forEach((field, i) => {
      const ref = text(field.ref) ?? `field_${i}`;
      const id = this.ids.make(ref, `q${this.targets.size + 1}`);
      this.targets.set(ref, { id, type: 'text', multiple: false, choices: new Map() });
      if (typeof field.id === 'string') this.targets.set(field.id, this.targets.get(ref)!);
      const inner = isRecord(field.properties) ? field.properties.fields : undefined;
      if (Array.isArray(inner)) this.nameFields(inner as Raw[], `${path}[${i}].properties.fields`, depth + 1);
    });
  }

  /** `{{field:ref}}`, `{{hidden:name}}` and `{{var:score}}` become `{{id}}`; others are reported. */
  recall(value: string, path: string): string {
    return value.replace(
      /\{\{\s*(field|hidden|var|variable):([^}]+?)\s*\}\}/g,
      (whole, kind: string, name: string) => {
        const id =
          kind === 'field'
            ? this.targets.get(name)?.id
            : kind === 'hidden'
              ? this.targets.get(`hidden:${name}`)?.id
              : this.variables.get(name);
        if (id !== undefined) return `{{${id}}}`;
        this.report.add(path, `Recalls ${whole}, which is not in the form: left out`);
        return '';
      },
    );
  }

  label(field: Raw, path: string): string {
    const title = text(field.title);
    if (title === undefined) {
      this.report.add(`${path}.title`, 'The question has no title: its ref is its label');
    }
    return fit(
      this.recall(title ?? text(field.ref) ?? 'Question', `${path}.title`),
      SCHEMA_LIMITS.maxLabelLength,
      `${path}.title`,
      this.report,
    );
  }

  /** The pages: one a question (a group is one page of its questions), in the document's order. */
  private readPages(): void {
    const pages: { ref: string | undefined; title: string; description?: string; fields: Field[] }[] = [];
    let waiting: string[] = [];
    (this.doc.fields ?? []).forEach((field, i) => {
      const path = `$.fields[${i}]`;
      const ref = text(field.ref);
      const group = field.type === 'group' || field.type === 'inline_group';
      const made = group ? this.questions.group(field, path) : this.questions.question(field, path);
      if (made.length === 0) {
        if (ref !== undefined) waiting.push(ref);
        return;
      }
      const props = isRecord(field.properties) ? field.properties : {};
      const description = group ? text(props.description) : undefined;
      pages.push({
        ref,
        title: group ? this.recall(text(field.title) ?? '', `${path}.title`) : '',
        ...(description === undefined
          ? {}
          : {
              description: fit(
                this.recall(description, path),
                2000,
                `${path}.properties.description`,
                this.report,
              ),
            }),
        fields: made,
      });
      for (const skipped of waiting) this.pageOfRef.set(skipped, String(pages.length - 1));
      waiting = [];
    });
    const merged = this.fitPages(pages);
    merged.forEach((page, p) => {
      const id = this.ids.make(`page_${p + 1}`, `page_${p + 1}`);
      this.sections.push({
        id,
        title: page.title,
        order: p,
        ...(page.description === undefined ? {} : { description: page.description }),
      });
      page.fields.forEach((field, order) => {
        this.fields.push({ ...field, sectionId: id, order });
        const target = this.targets.get(`id:${field.id}`);
        if (target !== undefined) target.sectionId = id;
      });
    });
    for (const [ref, index] of this.pageOfRef) {
      const page = merged.findIndex((p) => p.indices.includes(Number(index)));
      const target = this.targets.get(ref);
      if (target !== undefined && page >= 0) target.sectionId = this.sections[page]!.id;
    }
  }

  /**
   * Formloom holds at most 50 pages: beyond that, a question joins the page before it unless a
   * jump leaves from or arrives at it, and past that the last pages are joined.
   */
  private fitPages<
    P extends { ref: string | undefined; title: string; description?: string; fields: Field[] },
  >(pages: P[]): (P & { indices: number[] })[] {
    let merged = pages.map((p, i) => ({ ...p, fields: [...p.fields], indices: [i] }));
    if (merged.length <= SCHEMA_LIMITS.maxSections) return merged;
    const logicRefs = new Set<string>();
    for (const rule of this.doc.logic ?? []) {
      if (typeof rule.ref === 'string') logicRefs.add(rule.ref);
      for (const action of Array.isArray(rule.actions) ? rule.actions : []) {
        const to =
          isRecord(action) && isRecord(action.details) && isRecord(action.details.to)
            ? action.details.to
            : {};
        if (typeof to.value === 'string') logicRefs.add(to.value);
      }
    }
    const joined: typeof merged = [];
    for (const page of merged) {
      const last = joined.at(-1);
      const prevLogic = last !== undefined && last.ref !== undefined && logicRefs.has(last.ref);
      if (last !== undefined && !prevLogic && !(page.ref !== undefined && logicRefs.has(page.ref))) {
        last.fields.push(...page.fields);
        last.indices.push(...page.indices);
        last.ref = page.ref;
      } else joined.push(page);
    }
    merged = joined;
    while (merged.length > SCHEMA_LIMITS.maxSections) {
      const last = merged.pop()!;
      merged.at(-1)!.fields.push(...last.fields);
      merged.at(-1)!.indices.push(...last.indices);
    }
    this.report.add(
      '$.fields',
      `More than ${SCHEMA_LIMITS.maxSections} questions: questions without logic share pages`,
    );
    return merged;
  }

  private readHidden(): void {
    const hidden = this.doc.hidden ?? [];
    if (hidden.length === 0) return;
    const first = this.sections[0];
    if (first === undefined) {
      this.sections.push({ id: this.ids.make('page_1', 'page_1'), title: '', order: 0 });
    }
    const sectionId = this.sections[0]!.id;
    hidden.forEach((name, h) => {
      const target = this.targets.get(`hidden:${name}`)!;
      target.sectionId = sectionId;
      const param =
        /^[A-Za-z0-9_.:-]+$/.test(name) && name.length <= SCHEMA_LIMITS.maxIdLength ? name : undefined;
      if (param === undefined) {
        this.report.add(
          `$.hidden[${h}]`,
          `"${name}" cannot be a URL parameter here: the field is filled by ?${target.id}=`,
        );
      }
      this.fields.push({
        id: target.id,
        sectionId,
        type: 'hidden',
        label: name.slice(0, SCHEMA_LIMITS.maxLabelLength) || target.id,
        order: 1000 + h,
        ...(param !== undefined && param !== target.id ? { prefill: { param } } : {}),
      });
    });
  }

  private readEndings(): void {
    (this.doc.thankyou_screens ?? []).forEach((screen, s) => {
      const path = `$.thankyou_screens[${s}]`;
      if (this.endings.length >= 20) {
        this.report.add(path, 'Formloom holds 20 endings: left out');
        return;
      }
      const ref = text(screen.ref) ?? `ending_${s + 1}`;
      const id = this.ids.make(`end_${ref}`, `end_${s + 1}`);
      this.endingIds.set(ref, id);
      const props = isRecord(screen.properties) ? screen.properties : {};
      const title = text(screen.title);
      const message = text(props.description);
      const redirect = text(props.redirect_url);
      this.report.leftovers(
        props,
        ['description', 'redirect_url', 'show_button', 'button_text', 'button_mode', 'share_icons'],
        `${path}.properties`,
        'The thank-you screen setting',
      );
      // Typeform's own default screen carries its advertisement's button, not one the form's maker set.
      if (
        screen.ref !== 'default_tys' &&
        (text(props.button_text) !== undefined || props.show_button === true)
      ) {
        this.report.add(
          `${path}.properties.show_button`,
          'A button on the thank-you screen is not carried over',
        );
      }
      if (screen.attachment !== undefined)
        this.report.add(`${path}.attachment`, 'A picture on the thank-you screen is not carried over');
      let redirectUrl: string | undefined;
      if (redirect !== undefined) {
        if (redirect.startsWith('https://')) redirectUrl = redirect;
        else this.report.add(`${path}.properties.redirect_url`, 'Formloom redirects only to https addresses');
      }
      this.endings.push({
        id,
        ...(title === undefined
          ? {}
          : {
              title: fit(
                this.recall(title, `${path}.title`),
                TEXT_LIMITS.formTitle,
                `${path}.title`,
                this.report,
              ),
            }),
        ...(message === undefined
          ? {}
          : {
              message: fit(
                this.recall(message, `${path}.properties.description`),
                2000,
                `${path}.properties.description`,
                this.report,
              ),
            }),
        ...(redirectUrl === undefined ? {} : { redirectUrl }),
      });
    });
  }

  private welcome(): string | undefined {
    const screens = this.doc.welcome_screens ?? [];
    for (let s = 1; s < screens.length; s++) {
      this.report.add(
        `$.welcome_screens[${s}]`,
        'Formloom shows one introduction: only the first welcome screen is its description',
      );
    }
    const screen = screens[0];
    if (screen === undefined) return undefined;
    const props = isRecord(screen.properties) ? screen.properties : {};
    this.report.leftovers(
      props,
      ['description', 'show_button', 'button_text'],
      '$.welcome_screens[0].properties',
      'The welcome screen setting',
    );
    if (screen.attachment !== undefined)
      this.report.add(
        '$.welcome_screens[0].attachment',
        'A picture on the welcome screen is not carried over',
      );
    const joined = [text(screen.title), text(props.description)].filter((t) => t !== undefined).join('\n\n');
    if (joined === '') return undefined;
    return fit(joined, TEXT_LIMITS.formDescription, '$.welcome_screens[0]', this.report);
  }

  private language(): Language {
    const settings = this.doc.settings ?? {};
    const wanted = text(settings.language)?.toLowerCase().slice(0, 2);
    if (wanted === undefined) return 'en';
    if ((LANGUAGES as readonly string[]).includes(wanted)) return wanted as Language;
    this.report.add('$.settings.language', `Formloom's built-in texts have no "${wanted}": they are English`);
    return 'en';
  }

  private readSettings(): FormSchema['settings'] {
    const settings = this.doc.settings ?? {};
    // Whether the form is public is for its publishing (an import is a draft, published when it is
    // ready); the rest is how Typeform's player looks and of the Typeform account, not the form.
    const read = [
      'language',
      'is_public',
      'redirect_after_submit_url',
      'show_typeform_branding',
      ...PLAYER_SETTINGS,
    ];
    const redirect = text(settings.redirect_after_submit_url);
    // Without a jump Typeform shows its default thank-you screen, else the first one.
    const screens = this.doc.thankyou_screens ?? [];
    const fallback = Math.max(
      0,
      screens.findIndex((s) => s.ref === 'default_tys'),
    );
    const completion = this.endings[fallback];
    let redirectUrl: string | undefined;
    if (redirect !== undefined) {
      if (redirect.startsWith('https://')) redirectUrl = redirect;
      else
        this.report.add('$.settings.redirect_after_submit_url', 'Formloom redirects only to https addresses');
    }
    const message = [completion?.title, completion?.message].filter((t) => t !== undefined).join('\n\n');
    this.report.leftovers(settings, read, '$.settings', 'The setting');
    return {
      layout: 'paged',
      ...(message === '' && redirectUrl === undefined && completion?.redirectUrl === undefined
        ? {}
        : {
            completion: {
              ...(message === '' ? {} : { message: message.slice(0, 2000) }),
              ...((redirectUrl ?? completion?.redirectUrl) === undefined
                ? {}
                : { redirectUrl: redirectUrl ?? completion?.redirectUrl }),
            },
          }),
      ...(this.endings.length === 0 ? {} : { endings: this.endings }),
      ...(settings.show_typeform_branding === false ? { branding: false } : {}),
    };
  }
}
