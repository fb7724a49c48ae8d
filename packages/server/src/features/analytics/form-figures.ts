import type { Field, FieldType } from '@formloom/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';

/** What a form's responses say, counted by the database (issue 17 item 1). */
export interface FormFigures {
  responseCount: number;
  firstResponseAt: string | null;
  lastResponseAt: string | null;
  /** Responses per day (`2026-11-23`) or per ISO week (the Monday it starts on), oldest first. */
  overTime: { period: string; count: number }[];
  /** Per field id, in the form's order. */
  fields: Record<string, FieldFigures>;
}

export interface FieldFigures {
  type: FieldType;
  label: string;
  /** Responses with a non-empty answer to it. */
  answered: number;
  /** `answered` / responses, 0 when there is none; 4 decimals. */
  completion: number;
  /** select, radio, checkbox: responses choosing each option value (every option listed, 0 included). */
  options?: Record<string, number>;
  /** number: over the numeric answers; mean and median to 4 decimals. */
  numbers?: {
    count: number;
    mean: number | null;
    median: number | null;
    min: number | null;
    max: number | null;
  };
  /** date: answers per month (`2026-11`). */
  months?: Record<string, number>;
  /** text, textarea, email: the answers' length in characters. */
  text?: { count: number; meanLength: number | null; maxLength: number | null };
}

export interface FiguresQuery {
  /** Inclusive bounds on `submittedAt` (ISO 8601). */
  from?: string | undefined;
  to?: string | undefined;
  bucket?: 'day' | 'week';
}

const round = (n: number | null) => (n === null ? null : Math.round(n * 10_000) / 10_000);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * SQL that differs by dialect. Answers are JSON text; SQLite's `json_each` and PostgreSQL's
 * `jsonb_each` turn each response into (key, value) rows, so one pass over the responses serves
 * every field, whatever their number.
 */
function dialectSql(db: Db) {
  if (dialectOf(db) === 'postgres') {
    return {
      each: sql`jsonb_each(r.answers::jsonb) as j(key, value)`,
      answered: sql`jsonb_typeof(j.value) <> 'null' and j.value <> '""'::jsonb and j.value <> '[]'::jsonb`,
      isString: sql`jsonb_typeof(j.value) = 'string'`,
      isNumber: sql`jsonb_typeof(j.value) = 'number'`,
      isArray: sql`jsonb_typeof(j.value) = 'array'`,
      text: sql`(j.value #>> '{}')`,
      number: sql`(j.value #>> '{}')::double precision`,
      elements: sql`jsonb_array_elements_text(j.value) as e(value)`,
    };
  }
  return {
    each: sql`json_each(r.answers) as j`,
    answered: sql`j.type <> 'null' and not (j.type = 'text' and j.value = '') and not (j.type = 'array' and json_array_length(j.value) = 0)`,
    isString: sql`j.type = 'text'`,
    isNumber: sql`j.type in ('integer', 'real')`,
    isArray: sql`j.type = 'array'`,
    text: sql`j.value`,
    number: sql`cast(j.value as real)`,
    elements: sql`json_each(j.value) as e`,
  };
}

/** The Monday of the ISO week of a `YYYY-MM-DD` day. */
function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * The figures of one form's responses, counted in the database (SQLite or PostgreSQL, the same
 * answers on both): totals, responses over time, and per field its completion and what suits its
 * type. `fields` is the form's schema fields (their order and types); answers to fields no longer
 * in the schema are left out.
 */
export async function formFigures(
  db: Db,
  form: { accountId: string; formId: string; fields: readonly Field[] },
  query: FiguresQuery = {},
): Promise<FormFigures> {
  const d = dialectSql(db);
  const where = sql.join(
    [
      sql`r.form_id = ${form.formId}`,
      sql`r.account_id = ${form.accountId}`,
      ...(query.from === undefined ? [] : [sql`r.submitted_at >= ${query.from}`]),
      ...(query.to === undefined ? [] : [sql`r.submitted_at <= ${query.to}`]),
    ],
    sql` and `,
  );
  const rows = async <T>(q: RawBuilder<T>) => (await q.execute(db)).rows;
  const idsOf = (types: readonly FieldType[]) =>
    form.fields.filter((f) => types.includes(f.type)).map((f) => f.id);
  const inList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}`));

  const [totals] = await rows(
    sql<{ n: number; first: string | null; last: string | null }>`
      select count(*) as n, min(r.submitted_at) as first, max(r.submitted_at) as last
      from responses r where ${where}`,
  );
  const responseCount = Number(totals?.n ?? 0);
  const days = await rows(
    sql<{ day: string; n: number }>`
      select substr(r.submitted_at, 1, 10) as day, count(*) as n
      from responses r where ${where} group by substr(r.submitted_at, 1, 10) order by day`,
  );
  const overTime = new Map<string, number>();
  for (const { day, n } of days) {
    const period = query.bucket === 'week' ? weekOf(day) : day;
    overTime.set(period, (overTime.get(period) ?? 0) + Number(n));
  }

  const answered = await rows(
    sql<{ key: string; n: number }>`
      select j.key as key, count(*) as n from responses r, ${d.each}
      where ${where} and ${d.answered} group by j.key`,
  );
  const answeredBy = new Map(answered.map((a) => [a.key, Number(a.n)]));

  const choiceIds = idsOf(['select', 'radio']);
  const checkboxIds = idsOf(['checkbox']);
  const numberIds = idsOf(['number']);
  const dateIds = idsOf(['date']);
  const textIds = idsOf(['text', 'textarea', 'email']);

  const choices =
    choiceIds.length === 0
      ? []
      : await rows(
          sql<{ key: string; v: string; n: number }>`
            select j.key as key, ${d.text} as v, count(*) as n from responses r, ${d.each}
            where ${where} and j.key in (${inList(choiceIds)}) and ${d.isString} group by j.key, ${d.text}`,
        );
  const checked =
    checkboxIds.length === 0
      ? []
      : await rows(
          sql<{ key: string; v: string; n: number }>`
            select j.key as key, e.value as v, count(*) as n from responses r, ${d.each}, ${d.elements}
            where ${where} and j.key in (${inList(checkboxIds)}) and ${d.isArray} group by j.key, e.value`,
        );
  const numbers =
    numberIds.length === 0
      ? []
      : await rows(
          sql<{ key: string; n: number; mean: number; lo: number; hi: number; median: number }>`
            with v as (
              select j.key as key, ${d.number} as x from responses r, ${d.each}
              where ${where} and j.key in (${inList(numberIds)}) and ${d.isNumber}
            ), ranked as (
              select key, x, row_number() over (partition by key order by x) as rn, count(*) over (partition by key) as c
              from v
            )
            select key, count(*) as n, avg(x) as mean, min(x) as lo, max(x) as hi,
              avg(case when rn in ((c + 1) / 2, (c + 2) / 2) then x end) as median
            from ranked group by key`,
        );
  const months =
    dateIds.length === 0
      ? []
      : await rows(
          sql<{ key: string; m: string; n: number }>`
            select j.key as key, substr(${d.text}, 1, 7) as m, count(*) as n from responses r, ${d.each}
            where ${where} and j.key in (${inList(dateIds)}) and ${d.isString} and ${d.answered}
            group by j.key, substr(${d.text}, 1, 7)`,
        );
  const texts =
    textIds.length === 0
      ? []
      : await rows(
          sql<{ key: string; n: number; mean: number; hi: number }>`
            select j.key as key, count(*) as n, avg(length(${d.text})) as mean, max(length(${d.text})) as hi
            from responses r, ${d.each}
            where ${where} and j.key in (${inList(textIds)}) and ${d.isString} and ${d.answered} group by j.key`,
        );

  const fields: Record<string, FieldFigures> = {};
  for (const field of form.fields) {
    const count = answeredBy.get(field.id) ?? 0;
    const out: FieldFigures = {
      type: field.type,
      label: field.label,
      answered: count,
      completion: responseCount === 0 ? 0 : round(count / responseCount)!,
    };
    if (field.type === 'select' || field.type === 'radio' || field.type === 'checkbox') {
      const tally: Record<string, number> = Object.fromEntries(
        (field.options ?? []).map((o) => [o.value, 0]),
      );
      for (const row of field.type === 'checkbox' ? checked : choices) {
        if (row.key === field.id && row.v in tally) tally[row.v] = Number(row.n);
      }
      out.options = tally;
    }
    if (field.type === 'number') {
      const row = numbers.find((r) => r.key === field.id);
      out.numbers = {
        count: Number(row?.n ?? 0),
        mean: round(num(row?.mean)),
        median: round(num(row?.median)),
        min: num(row?.lo),
        max: num(row?.hi),
      };
    }
    if (field.type === 'date') {
      out.months = Object.fromEntries(
        months
          .filter((r) => r.key === field.id)
          .sort((a, b) => a.m.localeCompare(b.m))
          .map((r) => [r.m, Number(r.n)]),
      );
    }
    if (field.type === 'text' || field.type === 'textarea' || field.type === 'email') {
      const row = texts.find((r) => r.key === field.id);
      out.text = { count: Number(row?.n ?? 0), meanLength: round(num(row?.mean)), maxLength: num(row?.hi) };
    }
    fields[field.id] = out;
  }
  return {
    responseCount,
    firstResponseAt: totals?.first ?? null,
    lastResponseAt: totals?.last ?? null,
    overTime: [...overTime].map(([period, count]) => ({ period, count })),
    fields,
  };
}
