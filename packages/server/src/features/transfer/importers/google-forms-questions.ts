import {
  type Field,
  type FieldOption,
  type JsonValue,
  SCHEMA_LIMITS,
  type Section,
} from '@formloom/contract';
import { fit, IdMaker, type ImportReport, isRecord, text, uniqueValues } from './import-kit.js';

export type Raw = Record<string, unknown>;

/** A field as read, before it is placed on its page. */
export type NewField = Omit<Field, 'sectionId' | 'order'>;

/** A "go to section" waiting for every section's id: from a page, on a choice, or always. */
export interface PendingJump {
  from: Section;
  fieldId?: string;
  value?: string;
  action?: string;
  sectionItemId?: string;
  path: string;
}

/** Google's file kinds as the MIME patterns Formloom checks. */
const FILE_TYPES: Record<string, string[]> = {
  DOCUMENT: [
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.oasis.opendocument.text',
    'text/plain',
  ],
  SPREADSHEET: [
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'text/csv',
  ],
  PRESENTATION: [
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
  PDF: ['application/pdf'],
  IMAGE: ['image/*'],
  VIDEO: ['video/*'],
  AUDIO: ['audio/*'],
  DRAWING: ['image/*'],
};

/** What Google's questions are read with: the form read so far, and the jumps waiting for their sections. */
export interface GoogleFormsContext {
  readonly report: ImportReport;
  readonly ids: IdMaker;
  readonly fields: Field[];
  readonly pending: PendingJump[];
  /** Points of graded questions, as terms of the `points` variable. */
  readonly points: JsonValue[];
  readonly quiz: boolean;
  /** The section being read. */
  readonly section: Section;
  add(field: NewField): Field;
  base(item: Raw, path: string, fallback: string): NewField;
}

/** Google's questions and grids as Formloom fields, each with what it could not carry over reported. */
export class GoogleFormsQuestions {
  constructor(private readonly c: GoogleFormsContext) {}

  question(item: Raw, path: string): void {
    const questionItem = isRecord(item.questionItem) ? item.questionItem : {};
    const question = isRecord(questionItem.question) ? questionItem.question : {};
    const qpath = `${path}.questionItem.question`;
    if (questionItem.image !== undefined)
      this.c.report.add(`${path}.questionItem.image`, 'The picture of the question is not carried over');
    const kinds = [
      'choiceQuestion',
      'textQuestion',
      'scaleQuestion',
      'dateQuestion',
      'timeQuestion',
      'fileUploadQuestion',
      'ratingQuestion',
      'rowQuestion',
    ];
    this.c.report.leftovers(
      question,
      ['questionId', 'required', 'grading', ...kinds],
      qpath,
      'The question part',
    );
    this.c.report.leftovers(questionItem, ['question', 'image'], `${path}.questionItem`, 'The question part');
    const base = {
      ...this.c.base(item, path, 'Question'),
      ...(question.required === true ? { required: true } : {}),
    };
    const grading = isRecord(question.grading) ? question.grading : undefined;
    if (isRecord(question.choiceQuestion)) {
      this.choice(base, question.choiceQuestion, grading, `${qpath}.choiceQuestion`, qpath);
      return;
    }
    let field: NewField | undefined;
    if (isRecord(question.textQuestion)) {
      field = { ...base, type: question.textQuestion.paragraph === true ? 'textarea' : 'text' };
    } else if (isRecord(question.scaleQuestion)) {
      const scale = question.scaleQuestion;
      const low = scale.low === 0 ? 0 : 1;
      const high = typeof scale.high === 'number' ? Math.min(10, Math.max(2, scale.high)) : 5;
      const [lowLabel, highLabel] = [text(scale.lowLabel), text(scale.highLabel)].map((l) =>
        l?.slice(0, 200),
      );
      field = {
        ...base,
        type: 'scale',
        scale: {
          min: low,
          max: high,
          ...(lowLabel === undefined ? {} : { lowLabel }),
          ...(highLabel === undefined ? {} : { highLabel }),
        },
      };
    } else if (isRecord(question.dateQuestion)) {
      const date = question.dateQuestion;
      if (date.includeYear === false)
        this.c.report.add(
          `${qpath}.dateQuestion.includeYear`,
          'A date without its year: Formloom asks for the whole date',
        );
      field = { ...base, type: date.includeTime === true ? 'datetime' : 'date' };
    } else if (isRecord(question.timeQuestion)) {
      if (question.timeQuestion.duration === true) {
        this.c.report.add(
          `${qpath}.timeQuestion.duration`,
          'Formloom has no duration: a text question for hours, minutes and seconds',
        );
        field = { ...base, type: 'text', placeholder: 'hh:mm:ss' };
      } else field = { ...base, type: 'time' };
    } else if (isRecord(question.fileUploadQuestion)) {
      field = this.file(base, question.fileUploadQuestion, `${qpath}.fileUploadQuestion`);
    } else if (isRecord(question.ratingQuestion)) {
      const rating = question.ratingQuestion;
      const levels =
        typeof rating.ratingScaleLevel === 'number' ? Math.min(10, Math.max(3, rating.ratingScaleLevel)) : 5;
      const icon = rating.iconType === 'HEART' ? 'heart' : 'star';
      if (rating.iconType === 'THUMB_UP')
        this.c.report.add(`${qpath}.ratingQuestion.iconType`, 'Formloom draws no thumbs: stars are shown');
      field = { ...base, type: 'rating', rating: { max: levels, icon } };
    } else {
      this.c.report.add(qpath, 'A question of a kind this importer does not know: left out');
      return;
    }
    const made = this.c.add(field);
    if (grading !== undefined) this.textGrading(made, grading, `${qpath}.grading`);
  }

  private file(base: NewField, upload: Raw, path: string): NewField {
    const types = Array.isArray(upload.types) ? upload.types.map(String) : [];
    const allowed = types.includes('ANY') ? [] : [...new Set(types.flatMap((t) => FILE_TYPES[t] ?? []))];
    let size = typeof upload.maxFileSize === 'number' ? upload.maxFileSize / (1024 * 1024) : undefined;
    if (size !== undefined && size > SCHEMA_LIMITS.maxUploadMB) {
      this.c.report.add(
        `${path}.maxFileSize`,
        `Files of up to ${size} MB: Formloom takes up to ${SCHEMA_LIMITS.maxUploadMB} MB`,
      );
      size = SCHEMA_LIMITS.maxUploadMB;
    }
    if (typeof upload.maxFiles === 'number' && upload.maxFiles > 1) {
      this.c.report.add(`${path}.maxFiles`, `Formloom takes one file a question, not ${upload.maxFiles}`);
    }
    this.c.report.leftovers(
      upload,
      ['types', 'maxFiles', 'maxFileSize', 'folderId'],
      path,
      'The upload setting',
    );
    return {
      ...base,
      type: 'file',
      ...(allowed.length === 0 && size === undefined
        ? {}
        : {
            fileConfig: {
              ...(allowed.length === 0 ? {} : { allowedTypes: allowed }),
              ...(size === undefined ? {} : { maxSizeMB: size }),
            },
          }),
    };
  }

  private choice(base: NewField, choice: Raw, grading: Raw | undefined, path: string, qpath: string): void {
    const raw = (Array.isArray(choice.options) ? choice.options : []).filter(isRecord);
    const other = raw.find((o) => o.isOther === true);
    const plain = raw.filter((o) => o.isOther !== true);
    const labels = plain.map((o, i) =>
      fit(
        text(o.value) ?? `Option ${i + 1}`,
        SCHEMA_LIMITS.maxLabelLength,
        `${path}.options[${raw.indexOf(o)}].value`,
        this.c.report,
      ),
    );
    const values = uniqueValues(labels);
    const correct = new Set(
      (isRecord(grading?.correctAnswers) && Array.isArray(grading.correctAnswers.answers)
        ? grading.correctAnswers.answers
        : []
      )
        .filter(isRecord)
        .map((a) => text(a.value)),
    );
    const points = typeof grading?.pointValue === 'number' ? grading.pointValue : 0;
    const right = isRecord(grading?.whenRight) ? text(grading.whenRight.text) : undefined;
    const wrong = isRecord(grading?.whenWrong) ? text(grading.whenWrong.text) : undefined;
    if (grading !== undefined) {
      this.c.report.leftovers(
        grading,
        ['pointValue', 'correctAnswers', 'whenRight', 'whenWrong'],
        `${qpath}.grading`,
        'The grading part',
      );
      for (const key of ['whenRight', 'whenWrong'] as const) {
        const feedback = grading[key];
        if (isRecord(feedback) && Array.isArray(feedback.material) && feedback.material.length > 0) {
          this.c.report.add(
            `${qpath}.grading.${key}.material`,
            'Links and videos of the feedback are not carried over',
          );
        }
      }
    }
    const pictures =
      plain.length > 0 &&
      plain.every((o) => isRecord(o.image) && text(o.image.sourceUri)?.startsWith('https://'));
    const options: FieldOption[] = plain.map((o, i) => {
      const isRight = correct.has(text(o.value));
      const feedback = grading === undefined ? undefined : isRight ? right : wrong;
      const imageUrl = pictures && isRecord(o.image) ? text(o.image.sourceUri) : undefined;
      return {
        label: labels[i]!,
        value: values[i]!,
        ...(imageUrl === undefined ? {} : { imageUrl }),
        ...(isRight ? { correct: true } : {}),
        ...(isRight && points !== 0 ? { score: points } : {}),
        ...(feedback === undefined ? {} : { feedback: feedback.slice(0, 1000) }),
      };
    });
    plain.forEach((o, _i) => {
      const at = `${path}.options[${raw.indexOf(o)}]`;
      if (o.image !== undefined && !pictures)
        this.c.report.add(
          `${at}.image`,
          'Only some choices have a picture at an https address: the pictures are left out',
        );
      this.c.report.leftovers(
        o,
        ['value', 'image', 'isOther', 'goToAction', 'goToSectionId'],
        at,
        'The choice part',
      );
    });
    if (options.length === 0) {
      this.c.report.add(path, 'A choice question without choices: a text question');
      this.c.add({ ...base, type: 'text' });
      return;
    }
    const kind = String(choice.type);
    const type = pictures
      ? 'picture_choice'
      : kind === 'CHECKBOX'
        ? 'checkbox'
        : kind === 'DROP_DOWN'
          ? 'select'
          : 'radio';
    if (correct.size > 0 && !this.c.quiz) {
      this.c.report.add(
        `${qpath}.grading`,
        'Right answers of a form that is not a quiz: the options are marked, the form is no quiz',
      );
    }
    const made = this.c.add({
      ...base,
      type,
      options,
      ...(pictures && kind === 'CHECKBOX' ? { multiple: true } : {}),
      ...(other === undefined ? {} : { other: { label: 'Other' } }),
      ...(choice.shuffle === true ? { shuffle: true } : {}),
    });
    if (correct.size > 0 && points !== 0) this.c.points.push({ score: made.id });
    this.c.report.leftovers(choice, ['type', 'options', 'shuffle'], path, 'The choice setting');
    // "Go to section based on answer": a jump from this page for each choice that says where.
    raw.forEach((o, r) => {
      if (o.goToAction === undefined && o.goToSectionId === undefined) return;
      if (o.isOther === true) {
        this.c.report.add(`${path}.options[${r}]`, 'Formloom cannot jump on the "Other" answer: left out');
        return;
      }
      this.c.pending.push({
        from: this.c.section,
        fieldId: made.id,
        value: values[plain.indexOf(o)],
        action: text(o.goToAction),
        sectionItemId: text(o.goToSectionId),
        path: `${path}.options[${r}]`,
      });
    });
  }

  /** A graded text question scores its points in `points` when its answer is one of the right ones. */
  private textGrading(field: Field, grading: Raw, path: string): void {
    const answers = (
      isRecord(grading.correctAnswers) && Array.isArray(grading.correctAnswers.answers)
        ? grading.correctAnswers.answers
        : []
    )
      .filter(isRecord)
      .map((a) => text(a.value))
      .filter((a): a is string => a !== undefined);
    const points = typeof grading.pointValue === 'number' ? grading.pointValue : 0;
    if (answers.length > 0 && points !== 0 && (field.type === 'text' || field.type === 'textarea')) {
      this.c.points.push({ if: [{ in: [{ var: [field.id, ''] }, answers] }, points, 0] });
      this.c.report.add(
        path,
        'A right text answer counts in the variable "points"; Formloom marks only choices as quiz questions',
      );
    } else this.c.report.add(path, 'The grading of this question is not carried over');
    if (isRecord(grading.generalFeedback))
      this.c.report.add(
        `${path}.generalFeedback`,
        'Feedback on a question that is not a choice is not carried over',
      );
  }

  grid(item: Raw, path: string): void {
    const group = isRecord(item.questionGroupItem) ? item.questionGroupItem : {};
    const gpath = `${path}.questionGroupItem`;
    const grid = isRecord(group.grid) ? group.grid : {};
    const columns = isRecord(grid.columns) ? grid.columns : {};
    const options = (Array.isArray(columns.options) ? columns.options : []).filter(isRecord);
    const rows = (Array.isArray(group.questions) ? group.questions : []).filter(isRecord);
    this.c.report.leftovers(group, ['grid', 'questions'], gpath, 'The grid part');
    this.c.report.leftovers(grid, ['columns', 'shuffleQuestions'], `${gpath}.grid`, 'The grid setting');
    this.c.report.leftovers(columns, ['type', 'options'], `${gpath}.grid.columns`, 'The grid setting');
    if (rows.length === 0 || options.length < 2) {
      this.c.report.add(path, 'A grid needs rows and at least two columns: left out');
      return;
    }
    rows.forEach((row, r) => {
      if (row.grading !== undefined)
        this.c.report.add(`${gpath}.questions[${r}].grading`, 'Right answers of a grid are not carried over');
    });
    const labels = options.map((o, i) => text(o.value) ?? `Column ${i + 1}`);
    const values = uniqueValues(labels);
    const rowIds = new IdMaker();
    this.c.add({
      ...this.c.base(item, path, 'Grid'),
      type: 'matrix',
      ...(rows.some((r) => r.required === true) ? { required: true } : {}),
      ...(grid.shuffleQuestions === true ? { shuffle: true } : {}),
      matrix: {
        rows: rows.map((row, r) => ({
          id: rowIds.make(`row_${text(row.questionId) ?? r + 1}`, `row_${r + 1}`),
          label: (isRecord(row.rowQuestion) ? text(row.rowQuestion.title) : undefined) ?? `Row ${r + 1}`,
        })),
        columns: labels.map((label, c) => ({ label, value: values[c]! })),
        ...(columns.type === 'CHECKBOX' ? { multiple: true } : {}),
      },
    });
  }
}
