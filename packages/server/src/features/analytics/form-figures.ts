import type { DropOffFigures, Field, FieldFigures, FormSchema } from '@formloom/contract';
import { pageOrder } from '@formloom/contract/engine';
import type { Db } from '../../db/database.js';
import { createFormFiguresStore, isChoice, isText } from './form-figures-store.js';
import { histogramEdges } from './histogram.js';

/** What a form's responses say, counted by the database (docs/server.md "Response search and figures"). */
export interface FormFigures {
  responseCount: number;
  firstResponseAt: string | null;
  lastResponseAt: string | null;
  /** Responses per day (`2026-11-23`) or per ISO week (the Monday it starts on), oldest first. */
  overTime: { period: string; count: number }[];
  /** Per field id, in the form's order. */
  fields: Record<string, FieldFigures>;
  /**
   * The drop-off funnel of the saved partial responses still kept (they are purged after
   * `settings.resumeDays`): present when the figures are asked with the schema.
   */
  dropOff?: DropOffFigures;
}

/** One field's figures, as the contract gives them. */
export type { FieldFigures };

export interface FiguresQuery {
  /** Inclusive bounds on `submittedAt` (ISO 8601). */
  from?: string | undefined;
  to?: string | undefined;
  bucket?: 'day' | 'week';
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

/** The Monday of the ISO week of a `YYYY-MM-DD` day. */
function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * The figures of one form's responses, counted in the database by its store (form-figures-store.ts;
 * SQLite or PostgreSQL, the same answers on both): totals, responses over time, and per field its completion and what suits its
 * type. One scan counts every field (each field a few aggregate columns over its two extracted
 * columns; on PostgreSQL the medians too); the days take one grouped query, months one per date
 * field and, on SQLite, medians one ordered query per number field. `fields` is the form's schema
 * fields; answers to fields no longer in the schema are left out. 100,000 responses of a 10-field
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
  },
  query: FiguresQuery = {},
): Promise<FormFigures> {
  const store = createFormFiguresStore(db);
  const scope = { accountId: form.accountId, formId: form.formId, from: query.from, to: query.to };
  const figure = await store.scan(scope, form.fields);
  const responseCount = Number(figure('', 'n') ?? 0);

  const days = await store.days(scope);
  const overTime = new Map<string, number>();
  for (const { day, n } of days) {
    const period = query.bucket === 'week' ? weekOf(day) : day;
    overTime.set(period, (overTime.get(period) ?? 0) + Number(n));
  }

  const fields: Record<string, FieldFigures> = {};
  for (const [i, field] of form.fields.entries()) {
    const get = (name: string) => figure(field.id, name);
    const answered = Number(get('answered') ?? 0);
    const out: FieldFigures = {
      type: field.type,
      label: field.label,
      answered,
      completion: responseCount === 0 ? 0 : round(answered / responseCount)!,
    };
    if (isChoice(field.type)) {
      out.options = Object.fromEntries(
        (field.options ?? []).map((o) => [o.value, Number(get(`option:${o.value}`) ?? 0)]),
      );
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
    fields[field.id] = out;
  }

  const figures: FormFigures = {
    responseCount,
    firstResponseAt: days[0]?.first ?? null,
    lastResponseAt: days.at(-1)?.last ?? null,
    overTime: [...overTime].map(([period, n]) => ({ period, count: n })),
    fields,
  };
  if (form.schema !== undefined) {
    const schema = form.schema;
    const pages = pageOrder(schema);
    // Every response went through the form, whether or not it was saved half-way first; the
    // unfinished partials are the people who stopped. Counting completions from the partials
    // alone said "Completed 0" beside the responses of a form without save and resume.
    const stopped = await store.unfinished(scope, pages);
    const titleOf = (id: string) => schema.sections.find((s) => s.id === id)?.title ?? id;
    figures.dropOff = {
      started: responseCount + stopped.started,
      pages: pages.map((page, k) => ({
        page,
        title: titleOf(page),
        reached: responseCount + (stopped.reached[k] ?? 0),
      })),
      completed: responseCount,
    };
  }
  return figures;
}
