import {
  type Field,
  type FormEnding,
  type FormSchema,
  type FormVariable,
  type JsonValue,
  SCHEMA_LIMITS,
  type Section,
  type SectionJump,
  TEXT_LIMITS,
} from '@formloom/contract';
import { z } from 'zod';
import {
  type GoogleFormsContext,
  GoogleFormsQuestions,
  type NewField,
  type PendingJump,
  type Raw,
} from './google-forms-questions.js';
import {
  alwaysGroups,
  asConditionGroups,
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

/** What a document must have to be read as a form of the Google Forms API (`forms.get`). */
const GoogleFormDocument = z
  .object({
    info: z.object({ title: z.string().optional(), documentTitle: z.string().optional() }).passthrough(),
    items: z.array(z.object({}).passthrough()).optional(),
    settings: z.object({}).passthrough().optional(),
  })
  .passthrough();

/** The document's keys of its own account that carry nothing to another tool. */
const ACCOUNT_KEYS = ['formId', 'revisionId', 'responderUri', 'linkedSheetId', 'publishSettings'];

/** The ending a "Submit form" choice jumps to: Google's own words after a response. */
const SUBMITTED = 'submitted';

/** Reads a Google Forms form into a Formloom form: a page per section, as Google shows them. */
export function fromGoogleForms(document: unknown): ImportedForm {
  return new GoogleFormsReader(parseDocument(GoogleFormDocument, 'a Google Forms form', document)).read();
}

class GoogleFormsReader implements GoogleFormsContext {
  private readonly questions = new GoogleFormsQuestions(this);
  readonly report = new ImportReport();
  readonly ids = new IdMaker();
  readonly sections: Section[] = [];
  readonly fields: Field[] = [];
  /** A page break's itemId -> its section. */
  private readonly sectionOfItem = new Map<string, string>();
  readonly pending: PendingJump[] = [];
  readonly jumpOrigins: JumpOrigins = new Map();
  /** Points of graded questions, as terms of the `points` variable. */
  readonly points: JsonValue[] = [];
  private endingNeeded = false;
  quiz = false;

  constructor(private readonly doc: z.infer<typeof GoogleFormDocument>) {}

  read(): ImportedForm {
    const { info } = this.doc;
    const settings = this.doc.settings ?? {};
    const quizSettings = isRecord(settings.quizSettings) ? settings.quizSettings : {};
    this.quiz = quizSettings.isQuiz === true;
    this.report.leftovers(settings, ['quizSettings', 'emailCollectionType'], '$.settings', 'The setting');
    this.report.leftovers(quizSettings, ['isQuiz'], '$.settings.quizSettings', 'The quiz setting');
    this.report.leftovers(info, ['title', 'documentTitle', 'description'], '$.info', 'The form text');
    this.report.leftovers(
      this.doc,
      [...ACCOUNT_KEYS, 'info', 'items', 'settings'],
      '$',
      'The Google Forms part',
    );
    this.newSection('start', '', undefined);
    this.collectEmail(settings.emailCollectionType);
    (this.doc.items ?? []).forEach((item, i) => {
      this.item(item, `$.items[${i}]`);
    });
    this.resolveJumps();
    const title = fit(
      text(info.title) ?? text(info.documentTitle) ?? 'Untitled form',
      TEXT_LIMITS.formTitle,
      '$.info.title',
      this.report,
    );
    const description = text(info.description);
    const endings: FormEnding[] = this.endingNeeded
      ? [{ id: SUBMITTED, message: 'Your response has been recorded.' }]
      : [];
    const variables: FormVariable[] =
      this.points.length === 0
        ? []
        : [
            {
              id: this.ids.make('points', 'points'),
              type: 'number',
              expression: this.points.length === 1 ? this.points[0]! : { '+': this.points },
            },
          ];
    // The first section is Google's implicit one: without questions before the first break it is no page.
    const sections = this.sections.filter(
      (s, i) => i > 0 || this.fields.some((f) => f.sectionId === s.id) || this.sections.length === 1,
    );
    const schema: FormSchema = {
      ...schemaFrame(),
      meta: {
        title,
        language: 'en',
        ...(description === undefined
          ? {}
          : {
              description: fit(description, TEXT_LIMITS.formDescription, '$.info.description', this.report),
            }),
      },
      settings: {
        ...(sections.length > 1 ? { layout: 'paged' } : {}),
        ...(endings.length === 0 ? {} : { endings }),
        ...(this.quiz && this.fields.some((f) => f.options?.some((o) => o.correct === true))
          ? { quiz: { feedback: 'at-end' as const } }
          : {}),
      },
      sections,
      fields: this.fields,
      ...(variables.length === 0 ? {} : { variables }),
    };
    schema.sections.forEach((s, i) => {
      s.order = i;
    });
    refuseOversized(schema);
    // What the integrity check refuses (a jump back to an earlier section) is left out and reported.
    const settled = settle(schema, this.report.problems, originOf(schema, this.jumpOrigins, new Map()));
    return {
      title,
      schema: settled,
      theme: undefined,
      report: this.report.problems,
    };
  }

  /** Google asks a form that collects addresses for one before its questions: so does the form. */
  private collectEmail(collection: unknown): void {
    if (collection !== 'VERIFIED' && collection !== 'RESPONDER_INPUT') return;
    this.add({ id: this.ids.make('email', 'email'), type: 'email', label: 'Email', required: true });
    if (collection === 'VERIFIED') {
      this.report.add(
        '$.settings.emailCollectionType',
        'Google takes the address of the signed-in account; Formloom asks for it, unverified',
      );
    }
  }

  get section(): Section {
    return this.sections.at(-1)!;
  }

  private newSection(id: string, title: string, description: string | undefined): Section {
    const section: Section = {
      id: this.ids.make(id, `section_${this.sections.length + 1}`),
      title,
      order: this.sections.length,
      ...(description === undefined ? {} : { description }),
    };
    this.sections.push(section);
    return section;
  }

  add(field: NewField): Field {
    const made = {
      ...field,
      sectionId: this.section.id,
      order: this.fields.filter((f) => f.sectionId === this.section.id).length,
    } as Field;
    this.fields.push(made);
    return made;
  }

  base(item: Raw, path: string, fallback: string): NewField {
    const title = text(item.title);
    if (title === undefined) this.report.add(path, 'The item has no title: it is labelled by its kind');
    const description = text(item.description);
    return {
      id: this.ids.make(`q_${text(item.itemId) ?? ''}`, `q${this.fields.length + 1}`),
      type: 'text',
      label: fit(title ?? fallback, SCHEMA_LIMITS.maxLabelLength, `${path}.title`, this.report),
      ...(description === undefined
        ? {}
        : { helpText: fit(description, 2000, `${path}.description`, this.report) }),
    };
  }

  private item(item: Raw, path: string): void {
    const kinds = [
      'questionItem',
      'questionGroupItem',
      'pageBreakItem',
      'textItem',
      'imageItem',
      'videoItem',
    ];
    const kind = kinds.find((k) => item[k] !== undefined);
    this.report.leftovers(item, ['itemId', 'title', 'description', ...kinds], path, 'The item part');
    switch (kind) {
      case 'pageBreakItem': {
        const title = text(item.title) ?? '';
        const description = text(item.description);
        const previous = this.section;
        const section = this.newSection(
          `section_${text(item.itemId) ?? this.sections.length + 1}`,
          fit(title, 1000, `${path}.title`, this.report),
          description === undefined ? undefined : fit(description, 2000, `${path}.description`, this.report),
        );
        if (typeof item.itemId === 'string') this.sectionOfItem.set(item.itemId, section.id);
        const page = isRecord(item.pageBreakItem) ? item.pageBreakItem : {};
        // Where the page before this break goes when it is left: Google's "after section" setting.
        if (page.goToAction !== undefined || page.goToSectionId !== undefined) {
          this.pending.push({
            from: previous,
            action: text(page.goToAction),
            sectionItemId: text(page.goToSectionId),
            path: `${path}.pageBreakItem`,
          });
        }
        this.report.leftovers(
          page,
          ['goToAction', 'goToSectionId'],
          `${path}.pageBreakItem`,
          'The section setting',
        );
        return;
      }
      case 'textItem': {
        const title = text(item.title);
        const description = text(item.description);
        const body = [title, description].filter((t) => t !== undefined).join('\n\n');
        if (body === '') {
          this.report.add(path, 'A text item without text: left out');
          return;
        }
        this.add({
          id: this.ids.make(`text_${text(item.itemId) ?? ''}`, `text${this.fields.length + 1}`),
          type: 'statement',
          label: fit(title ?? 'Text', SCHEMA_LIMITS.maxLabelLength, `${path}.title`, this.report),
          statement: { text: (description ?? body).slice(0, 10_000) },
        });
        return;
      }
      case 'imageItem':
      case 'videoItem':
        this.report.add(
          path,
          `A ${kind === 'imageItem' ? 'picture' : 'video'} between the questions is not carried over`,
        );
        return;
      case 'questionGroupItem':
        this.questions.grid(item, path);
        return;
      case 'questionItem':
        this.questions.question(item, path);
        return;
      default:
        this.report.add(path, 'An item of a kind this importer does not know: left out');
    }
  }

  /** Jumps need every section's id, so they are made once the items are read. */
  private resolveJumps(): void {
    for (const pending of this.pending) {
      let to: SectionJump['to'] | undefined;
      if (pending.sectionItemId !== undefined) {
        const section = this.sectionOfItem.get(pending.sectionItemId);
        if (section === undefined) {
          this.report.add(
            pending.path,
            `Goes to section "${pending.sectionItemId}", which is not in the form: left out`,
          );
          continue;
        }
        to = { section };
      } else if (pending.action === 'SUBMIT_FORM') {
        to = { ending: SUBMITTED };
        this.endingNeeded = true;
      } else if (pending.action === 'NEXT_SECTION' || pending.action === undefined) {
        // Going on to the next section is what a page does anyway.
        continue;
      } else {
        this.report.add(pending.path, `"${pending.action}" has no Formloom counterpart: left out`);
        continue;
      }
      const anchor = pending.fieldId ?? this.fields.find((f) => f.sectionId === pending.from.id)?.id;
      if (anchor === undefined) {
        this.report.add(
          pending.path,
          'Where a section without questions goes cannot be said in Formloom: left out',
        );
        continue;
      }
      const groups =
        pending.fieldId === undefined
          ? alwaysGroups(anchor)
          : [
              [
                {
                  fieldId: anchor,
                  operator: this.isMultiple(anchor) ? ('contains' as const) : ('equals' as const),
                  value: pending.value!,
                },
              ],
            ];
      const jump: SectionJump = { conditionGroups: asConditionGroups(groups), to };
      this.jumpOrigins.set(jump, pending.path);
      // A choice's jump is asked before the section's own "after section" one.
      const jumps = pending.from.jumps ?? [];
      pending.from.jumps =
        pending.fieldId === undefined
          ? [...jumps, jump]
          : [jump, ...jumps.filter((j) => !this.isAlways(j)), ...jumps.filter((j) => this.isAlways(j))];
    }
  }

  private isMultiple(id: string): boolean {
    const field = this.fields.find((f) => f.id === id);
    return field?.type === 'checkbox' || field?.multiple === true;
  }

  private isAlways(jump: SectionJump): boolean {
    return (
      jump.conditionGroups.length === 2 && jump.conditionGroups[0]!.conditions[0]!.operator === 'isEmpty'
    );
  }
}
