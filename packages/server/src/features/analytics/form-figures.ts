import type {
  DropOffFigures,
  Field,
  FieldFigures,
  FormSchema,
  QuizFigures,
  QuizResult,
  SectionFigures,
} from '@formloom/contract';
import { questionType, quizQuestions } from '@formloom/contract';
import {
  type CompiledForm,
  compileForm,
  formPath,
  pageOrder,
  phoneNumbering,
} from '@formloom/contract/engine';
import type { Db } from '../../db/database.js';
import { fromJson } from '../../db/json.js';
import {
  createFormFiguresStore,
  isChoice,
  isText,
  type ResponsesScope,
  scaleValues,
} from './form-figures-store.js';
import { histogramEdges } from './histogram.js';

/** What a form's responses say, counted by the database (docs/server.md "Response search and figures"). */
export interface FormFigures {
  responseCount: number;
  firstResponseAt: string | null;
  lastResponseAt: string | null;
  /** Responses per day (`2026-11-23`) or per ISO week (the Monday it starts on), oldest first. */
  overTime: { period: string; count: number }[];
  /** Per field id, in the form's order (a repeating section's fields counted over its entries). */
  fields: Record<string, FieldFigures>;
  /** Per repeating section id, with the schema of a form that has one: its entries counted. */
  sections?: Record<string, SectionFigures>;
  /** Per ending id of a form with `settings.endings`: the responses that reached it. */
  endings?: Record<string, number>;
  /** A quiz's scores and each question's share of right answers (`settings.quiz`). */
  quiz?: QuizFigures;
  /**
   * The drop-off funnel of the saved partial responses still kept (they are purged after
   * `settings.resumeDays`): present when the figures are asked with the schema.
   */
  dropOff?: DropOffFigures;
}

/** One field's figures, as the contract gives them. */
export type { FieldFigures, SectionFigures };

export interface FiguresQuery {
  /** Inclusive bounds on `submittedAt` (ISO 8601). */
  from?: string | undefined;
  to?: string | undefined;
  bucket?: 'day' | 'week';
}

/**
 * A quiz's figures from its responses' stored marks (each with the responses that have it): the
 * scores, the mean, the passes, and per question how often it was asked and answered right.
 */
export function quizFigures(schema: FormSchema, marks: readonly { quiz: string; n: number }[]): QuizFigures {
  let responses = 0;
  let sum = 0;
  let passed = 0;
  const scores = new Map<number, number>();
  const asked = new Map<string, number>();
  const right = new Map<string, number>();
  for (const { quiz, n } of marks) {
    const stored = JSON.parse(quiz) as QuizResult & { asked?: string[]; right?: string[] };
    responses += n;
    sum += stored.score * n;
    if (stored.passed === true) passed += n;
    scores.set(stored.score, (scores.get(stored.score) ?? 0) + n);
    for (const id of stored.asked ?? []) asked.set(id, (asked.get(id) ?? 0) + n);
    for (const id of stored.right ?? []) right.set(id, (right.get(id) ?? 0) + n);
  }
  const questions = Object.fromEntries(
    quizQuestions(schema).map((f) => {
      const a = asked.get(f.id) ?? 0;
      const r = right.get(f.id) ?? 0;
      return [f.id, { asked: a, right: r, share: a === 0 ? null : Math.round((r / a) * 1000) / 1000 }];
    }),
  );
  return {
    responses,
    meanScore: responses === 0 ? null : Math.round((sum / responses) * 10) / 10,
    passed: schema.settings?.quiz?.passScore === undefined ? null : passed,
    scores: [...scores].sort((a, b) => a[0] - b[0]).map(([score, count]) => ({ score, count })),
    questions,
  };
}

const round = (n: number | null) => (n === null ? null : Math.round(n * 10_000) / 10_000);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * A number field's answers in equal-width bins: first whether they are all whole numbers (their
 * bins are then at least 1 wide, so a 1-to-5 rating gets one bin per value), then one counting
 * query over the bins.
 */
async function numberHistogram(
  store: ReturnType<typeof createFormFiguresStore>,
  scope: Parameters<ReturnType<typeof createFormFiguresStore>['histogram']>[0],
  field: Field,
  i: number,
  min: number,
  max: number,
): Promise<NonNullable<FieldFigures['numbers']>['histogram']> {
  const wholeNumbers =
    Number.isInteger(min) && Number.isInteger(max) && (await store.allWhole(scope, field, i));
  const edges = histogramEdges(min, max, wholeNumbers);
  const counts = await store.histogram(scope, field, i, edges);
  return {
    wholeNumbers,
    bins: edges.slice(0, -1).map((from, k) => ({ from, to: edges[k + 1]!, count: counts[k] ?? 0 })),
  };
}

/** The median of answers counted per value (ascending): the middle one, or the mean of the two. */
function medianOf(values: readonly { value: number; count: number }[]): number | null {
  const n = values.reduce((sum, v) => sum + v.count, 0);
  if (n === 0) return null;
  const at = (k: number) => {
    let seen = 0;
    for (const v of values) {
      seen += v.count;
      if (k < seen) return v.value;
    }
    return Number.NaN;
  };
  return n % 2 === 1 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
}

/** The Net Promoter Score of the 0..10 answers counted per value. */
function npsOf(values: readonly { value: number; count: number }[]): NonNullable<FieldFigures['nps']> {
  const sum = (keep: (v: number) => boolean) =>
    values.reduce((total, v) => total + (keep(v.value) ? v.count : 0), 0);
  const promoters = sum((v) => v >= 9);
  const passives = sum((v) => v === 7 || v === 8);
  const detractors = sum((v) => v <= 6);
  const n = promoters + passives + detractors;
  // Math.round rounds -x.5 up; a score is rounded half away from zero, the same for either sign.
  const exact = n === 0 ? 0 : ((promoters - detractors) * 100) / n;
  const score = n === 0 ? null : Math.sign(exact) * Math.round(Math.abs(exact));
  return { score: score === 0 ? 0 : score, promoters, passives, detractors };
}

/** Distinct phone numbers read per query when counting them by country. */
const PHONE_PAGE = 1000;

/**
 * A phone field's answers per country of the number. SQL cannot read a number's country (the
 * numbering plans are libphonenumber-js's), so the distinct numbers are read in pages of
 * `PHONE_PAGE`, each number's country found once.
 */
async function phoneCountries(
  store: ReturnType<typeof createFormFiguresStore>,
  scope: Parameters<ReturnType<typeof createFormFiguresStore>['answerCounts']>[0],
  field: Field,
  i: number,
): Promise<{ value: string; count: number }[]> {
  const numbering = phoneNumbering()!;
  const counts = new Map<string, number>();
  let after: string | undefined;
  for (;;) {
    const page = await store.answerCounts(scope, field, i, after, PHONE_PAGE);
    for (const { value, count } of page) {
      const country = numbering.country(value);
      if (country !== undefined) counts.set(country, (counts.get(country) ?? 0) + count);
    }
    if (page.length < PHONE_PAGE) break;
    after = page.at(-1)!.value;
  }
  return [...counts].map(([value, count]) => ({ value, count }));
}

/** Counts per country code as the figures give them: most answered first, then by code. */
function byCount(counted: readonly { value: string; count: number }[]): Record<string, number> {
  return Object.fromEntries(
    [...counted]
      .sort((x, y) => y.count - x.count || (x.value < y.value ? -1 : x.value > y.value ? 1 : 0))
      .map((c) => [c.value, c.count]),
  );
}

/** The Monday of the ISO week of a `YYYY-MM-DD` day. */
function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

type FiguresStore = ReturnType<typeof createFormFiguresStore>;

/**
 * The figures of `fields` as `store` counts them (responses, or a repeating section's entries when
 * `section` names it): one scan, then what suits each field's type. `total`: what `answered` is
 * out of, the responses' or the entries' count of the same scan.
 */
async function fieldsFigures(
  store: FiguresStore,
  scope: ResponsesScope,
  fields: readonly Field[],
  section?: string,
): Promise<{ total: number; figures: Record<string, FieldFigures> }> {
  const figure = await store.scan(scope, fields);
  const total = Number(figure('', 'n') ?? 0);
  const figures: Record<string, FieldFigures> = {};
  for (const [i, field] of fields.entries()) {
    const get = (name: string) => figure(field.id, name);
    const answered = Number(get('answered') ?? 0);
    const out: FieldFigures = {
      type: field.type,
      label: field.label,
      ...(section === undefined ? {} : { section }),
      answered,
      completion: total === 0 ? 0 : round(answered / total)!,
    };
    if (isChoice(field.type)) {
      out.options = Object.fromEntries(
        (field.options ?? []).map((o) => [o.value, Number(get(`option:${o.value}`) ?? 0)]),
      );
      if (field.other !== undefined) out.other = Number(get('other') ?? 0);
    }
    const kind = questionType(field.type)?.figure;
    if (kind === 'distribution' || kind === 'nps') {
      const bounded = scaleValues(field);
      const values =
        bounded === undefined
          ? await store.values(scope, field, i)
          : bounded.map((value) => ({ value, count: Number(get(`value:${value}`) ?? 0) }));
      out.distribution = {
        count: Number(get('count') ?? 0),
        mean: round(num(get('mean'))),
        median: round(medianOf(values)),
        values,
      };
    }
    if (kind === 'nps') out.nps = npsOf(out.distribution?.values ?? []);
    if (kind === 'matrix') {
      const counted = await store.matrix(scope, field, i);
      const columns = field.matrix?.columns ?? [];
      out.matrix = Object.fromEntries(
        (field.matrix?.rows ?? []).map((row) => [
          row.id,
          Object.fromEntries(
            columns.map((c) => [
              c.value,
              counted.find((x) => x.row === row.id && x.column === c.value)?.count ?? 0,
            ]),
          ),
        ]),
      );
    }
    if (kind === 'ranking') {
      const ranked = await store.ranking(scope, field, i);
      out.ranking = Object.fromEntries(
        (field.options ?? []).map((o) => {
          const found = ranked.find((r) => r.value === o.value);
          return [o.value, { ranked: found?.ranked ?? 0, meanRank: round(found?.meanRank ?? null) }];
        }),
      );
      if (field.other !== undefined) out.other = ranked.find((r) => r.value === null)?.ranked ?? 0;
    }
    if (kind === 'countries') {
      out.countries = byCount(
        field.type === 'phone'
          ? await phoneCountries(store, scope, field, i)
          : await store.countries(scope, field, i),
      );
    }
    if (kind === 'hours') {
      const counted = await store.hours(scope, field, i, field.type === 'time' ? 1 : 12);
      out.hours = Array.from({ length: 24 }, (_, hour) => ({
        hour,
        count: counted.find((c) => c.hour === hour)?.count ?? 0,
      }));
    }
    if (field.type === 'number') {
      const n = Number(get('count') ?? 0);
      const min = num(get('min'));
      const max = num(get('max'));
      out.numbers = {
        count: n,
        mean: round(num(get('mean'))),
        median: n === 0 ? null : round(num(get('median'))),
        min,
        max,
        histogram:
          min === null || max === null
            ? { wholeNumbers: true, bins: [] }
            : await numberHistogram(store, scope, field, i, min, max),
      };
    }
    if (field.type === 'date') {
      const months = await store.months(scope, field, i);
      out.months = Object.fromEntries(
        months.map((r) => [r.m, Number(r.n)] as const).sort(([x], [y]) => x.localeCompare(y)),
      );
    }
    if (isText(field.type)) {
      out.text = {
        count: Number(get('count') ?? 0),
        meanLength: round(num(get('meanLength'))),
        maxLength: num(get('maxLength')),
      };
    }
    figures[field.id] = out;
  }
  return { total, figures };
}

/** An earlier revision's schema, read once (undefined: follow the live schema). */
type SchemaOfRevision = (revision: number) => Promise<FormSchema | undefined> | undefined;

/** Rows read at once when the funnel follows each respondent's path. */
const PATH_PAGE = 500;

/**
 * Whether respondents' paths through the form can differ: a paged form with a jump, or with a page
 * shown or hidden by conditions. Otherwise every path (`formPath`) is every page in order, whatever
 * the answers, and the database counts the funnel on its own.
 */
function pathsDiffer(schema: FormSchema): boolean {
  return (
    schema.settings?.layout === 'paged' &&
    schema.sections.some((s) => (s.jumps?.length ?? 0) > 0 || s.conditionalLogic !== undefined)
  );
}

/**
 * The funnel along each respondent's path, the engine's `formPath` of their answers: a response
 * reached the pages on its path; an unfinished partial, the first page of its path and those on it
 * up to the furthest page it saved. A page a jump skipped (or that conditions hid) was not on the
 * path, so it is no drop-off. Read in pages of `PATH_PAGE` rows. `started`: the unfinished
 * partials; `reached`: per page of `pages`, the responses and partials that reached it.
 */
async function reachedAlongPaths(
  store: FiguresStore,
  scope: ResponsesScope,
  schema: FormSchema,
  pages: readonly string[],
  schemaOfRevision: SchemaOfRevision,
): Promise<{ started: number; reached: number[] }> {
  const live = compileForm(schema);
  // A response follows the path of the revision it answered (the form's jumps then).
  const earlier = new Map<number, CompiledForm>();
  const compiledFor = async (revision: number | null): Promise<CompiledForm> => {
    const read = revision === null ? undefined : schemaOfRevision(revision);
    if (read === undefined) return live;
    let compiled = earlier.get(revision!);
    if (compiled === undefined) {
      const older = await read;
      compiled = older === undefined ? live : compileForm(older);
      earlier.set(revision!, compiled);
    }
    return compiled;
  };
  const rank = new Map(pages.map((id, k) => [id, k]));
  const reached = pages.map(() => 0);
  const count = (compiled: CompiledForm, answers: string, furthest: number) => {
    formPath(compiled, fromJson(answers)).pages.forEach((page, i) => {
      const k = rank.get(page);
      if (k !== undefined && (i === 0 || k <= furthest)) reached[k]! += 1;
    });
  };
  let last: { submitted_at: string; id: string } | undefined;
  for (;;) {
    const found = await store.answersPage(scope, last, PATH_PAGE);
    for (const row of found) count(await compiledFor(row.form_revision), row.answers, pages.length);
    if (found.length < PATH_PAGE) break;
    last = found.at(-1)!;
  }
  let started = 0;
  let after: string | undefined;
  for (;;) {
    const found = await store.unfinishedPage(scope, after, PATH_PAGE);
    for (const row of found) count(live, row.answers, rank.get(row.reached_page ?? '') ?? -1);
    started += found.length;
    if (found.length < PATH_PAGE) break;
    after = found.at(-1)!.id;
  }
  return { started, reached };
}

/**
 * The figures of one form's responses, counted in the database by its store (form-figures-store.ts;
 * SQLite or PostgreSQL, the same answers on both): totals, responses over time, and per field its completion and what suits its
 * type. One scan counts every field (each field a few aggregate columns over its two extracted
 * columns; on PostgreSQL the medians too); the days take one grouped query, months one per date
 * field, countries and hours one per address, time and datetime field (a phone's countries one per
 * page of its distinct numbers) and, on SQLite, medians one ordered query per number field. `fields` is the form's schema
 * fields; answers to fields no longer in the schema are left out. With the schema, a repeating
 * section's fields are counted over its entries (a scan of its own, one row per entry of every
 * response) and the section gets its figure: responses with entries, entries, their mean and
 * distribution per response. 100,000 responses of a 10-field
 * form: under 1 s on either database (bench/figures.bench.ts).
 */
export async function formFigures(
  db: Db,
  form: {
    accountId: string;
    formId: string;
    fields: readonly Field[];
    /** With the schema, the figures include the drop-off funnel of its pages. */
    schema?: FormSchema;
    /**
     * The schema of an earlier revision, for the funnel to follow each response along the path of
     * the revision it answered (`forms.revisionSchemas`); without, every response follows `schema`.
     */
    schemaOfRevision?: SchemaOfRevision;
  },
  query: FiguresQuery = {},
): Promise<FormFigures> {
  const store = createFormFiguresStore(db);
  const scope = { accountId: form.accountId, formId: form.formId, from: query.from, to: query.to };
  // A repeating section's fields are counted over its entries, in a scan of their own.
  const repeating = (form.schema?.sections ?? []).filter((s) => s.repeat !== undefined);
  const inEntries = new Set(repeating.map((s) => s.id));
  const outer = await fieldsFigures(
    store,
    scope,
    form.fields.filter((f) => !inEntries.has(f.sectionId)),
  );
  const responseCount = outer.total;
  const counted: Record<string, FieldFigures> = { ...outer.figures };
  const sections: Record<string, SectionFigures> = {};
  for (const section of repeating) {
    const inner = await fieldsFigures(
      createFormFiguresStore(db, section.id),
      scope,
      form.fields.filter((f) => f.sectionId === section.id),
      section.id,
    );
    Object.assign(counted, inner.figures);
    const distribution = await store.entryCounts(scope, section.id);
    const answered = distribution.reduce((sum, d) => sum + d.count, 0);
    sections[section.id] = {
      title: section.title,
      answered,
      completion: responseCount === 0 ? 0 : round(answered / responseCount)!,
      entries: inner.total,
      mean: answered === 0 ? null : round(inner.total / answered),
      distribution,
    };
  }
  // In the form's order, whichever scan counted them.
  const fields = Object.fromEntries(
    form.fields.filter((f) => counted[f.id] !== undefined).map((f) => [f.id, counted[f.id]!]),
  );

  const days = await store.days(scope);
  const overTime = new Map<string, number>();
  for (const { day, n } of days) {
    const period = query.bucket === 'week' ? weekOf(day) : day;
    overTime.set(period, (overTime.get(period) ?? 0) + Number(n));
  }

  const figures: FormFigures = {
    responseCount,
    firstResponseAt: days[0]?.first ?? null,
    lastResponseAt: days.at(-1)?.last ?? null,
    overTime: [...overTime].map(([period, n]) => ({ period, count: n })),
    fields,
    ...(repeating.length === 0 ? {} : { sections }),
  };
  const endings = form.schema?.settings?.endings ?? [];
  if (endings.length > 0) {
    const reached = await store.endingCounts(scope);
    figures.endings = Object.fromEntries(endings.map((e) => [e.id, reached.get(e.id) ?? 0]));
  }
  if (form.schema?.settings?.quiz !== undefined) {
    figures.quiz = quizFigures(form.schema, await store.quizMarks(scope));
  }
  if (form.schema !== undefined) {
    const schema = form.schema;
    const pages = pageOrder(schema);
    // Every response went through the form, whether or not it was saved half-way first; the
    // unfinished partials are the people who stopped. Counting completions from the partials
    // alone said "Completed 0" beside the responses of a form without save and resume.
    const funnel = pathsDiffer(schema)
      ? await reachedAlongPaths(store, scope, schema, pages, form.schemaOfRevision ?? (() => undefined))
      : await store.unfinished(scope, pages).then((stopped) => ({
          started: stopped.started,
          reached: pages.map((_, k) => responseCount + (stopped.reached[k] ?? 0)),
        }));
    const titleOf = (id: string) => schema.sections.find((s) => s.id === id)?.title ?? id;
    figures.dropOff = {
      started: responseCount + funnel.started,
      pages: pages.map((page, k) => ({ page, title: titleOf(page), reached: funnel.reached[k] ?? 0 })),
      completed: responseCount,
    };
  }
  return figures;
}
