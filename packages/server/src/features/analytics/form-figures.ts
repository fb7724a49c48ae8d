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
 * Expressions over one response's answer to one field, by dialect. Answers are JSON text: SQLite's
 * json functions keep the document they parsed for the next call on the same row, and PostgreSQL
 * parses it once into `a` (jsonb) in the scan's subquery, so a field costs a few expressions per
 * row, not a parse.
 */
function answerSql(db: Db) {
  if (dialectOf(db) === 'postgres') {
    const v = (id: string) => sql`(a -> ${id})`;
    return {
      source: (where: RawBuilder<unknown>) =>
        sql`(select r.answers::jsonb as a, r.submitted_at from responses r where ${where} offset 0) as r where true`,
      answered: (id: string) =>
        sql`(${v(id)} is not null and jsonb_typeof(${v(id)}) <> 'null' and ${v(id)} <> '""'::jsonb and ${v(id)} <> '[]'::jsonb)`,
      string: (id: string) => sql`(case when jsonb_typeof(${v(id)}) = 'string' then a ->> ${id} end)`,
      number: (id: string) =>
        sql`(case when jsonb_typeof(${v(id)}) = 'number' then (a ->> ${id})::double precision end)`,
      hasElement: (id: string, value: string) =>
        sql`(jsonb_typeof(${v(id)}) = 'array' and ${v(id)} ? ${value})`,
    };
  }
  const path = (id: string) => `$."${id}"`;
  return {
    source: (where: RawBuilder<unknown>) => sql`responses r where ${where}`,
    answered: (id: string) =>
      sql`(coalesce(json_type(r.answers, ${path(id)}), 'null') <> 'null'
        and not (json_type(r.answers, ${path(id)}) = 'text' and json_extract(r.answers, ${path(id)}) = '')
        and not (json_type(r.answers, ${path(id)}) = 'array' and json_array_length(r.answers, ${path(id)}) = 0))`,
    string: (id: string) =>
      sql`(case when json_type(r.answers, ${path(id)}) = 'text' then json_extract(r.answers, ${path(id)}) end)`,
    number: (id: string) =>
      sql`(case when json_type(r.answers, ${path(id)}) in ('integer', 'real') then json_extract(r.answers, ${path(id)}) end)`,
    hasElement: (id: string, value: string) =>
      sql`(json_type(r.answers, ${path(id)}) = 'array' and exists (select 1 from json_each(r.answers, ${path(id)}) as e where e.value = ${value}))`,
  };
}

/** The Monday of the ISO week of a `YYYY-MM-DD` day. */
function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

const isChoice = (t: FieldType) => t === 'select' || t === 'radio' || t === 'checkbox';
const isText = (t: FieldType) => t === 'text' || t === 'textarea' || t === 'email';

/**
 * The figures of one form's responses, counted in the database (SQLite or PostgreSQL, the same
 * answers on both): totals, responses over time, and per field its completion and what suits its
 * type. One scan counts every field (each field a few aggregate columns); medians and months,
 * which need ordering or grouping, take one small query per number or date field. `fields` is
 * the form's schema fields; answers to fields no longer in the schema are left out.
 */
export async function formFigures(
  db: Db,
  form: { accountId: string; formId: string; fields: readonly Field[] },
  query: FiguresQuery = {},
): Promise<FormFigures> {
  const where = sql.join(
    [
      sql`r.form_id = ${form.formId}`,
      sql`r.account_id = ${form.accountId}`,
      ...(query.from === undefined ? [] : [sql`r.submitted_at >= ${query.from}`]),
      ...(query.to === undefined ? [] : [sql`r.submitted_at <= ${query.to}`]),
    ],
    sql` and `,
  );
  const a = answerSql(db);
  const from = a.source(where);
  const rows = async <T>(q: RawBuilder<T>) => (await q.execute(db)).rows;
  const count = (condition: RawBuilder<unknown>) => sql`sum(case when ${condition} then 1 else 0 end)`;

  // Column `c<i>` holds the i-th figure; `layout` says which figure of which field it is.
  const columns: RawBuilder<unknown>[] = [sql`count(*)`, sql`min(r.submitted_at)`, sql`max(r.submitted_at)`];
  const layout: { field: string; figure: string }[] = [
    { field: '', figure: 'n' },
    { field: '', figure: 'first' },
    { field: '', figure: 'last' },
  ];
  const add = (field: string, figure: string, expression: RawBuilder<unknown>) => {
    columns.push(expression);
    layout.push({ field, figure });
  };
  for (const field of form.fields) {
    add(field.id, 'answered', count(a.answered(field.id)));
    if (isChoice(field.type)) {
      for (const option of field.options ?? []) {
        const chosen =
          field.type === 'checkbox'
            ? a.hasElement(field.id, option.value)
            : sql`${a.string(field.id)} = ${option.value}`;
        add(field.id, `option:${option.value}`, count(chosen));
      }
    }
    if (field.type === 'number') {
      add(field.id, 'count', sql`count(${a.number(field.id)})`);
      add(field.id, 'mean', sql`avg(${a.number(field.id)})`);
      add(field.id, 'min', sql`min(${a.number(field.id)})`);
      add(field.id, 'max', sql`max(${a.number(field.id)})`);
    }
    if (isText(field.type)) {
      const text = sql`(case when ${a.answered(field.id)} then ${a.string(field.id)} end)`;
      add(field.id, 'count', sql`count(${text})`);
      add(field.id, 'meanLength', sql`avg(length(${text}))`);
      add(field.id, 'maxLength', sql`max(length(${text}))`);
    }
  }
  const [scan] = await rows(
    sql<
      Record<string, unknown>
    >`select ${sql.join(columns.map((c, i) => sql`${c} as ${sql.ref(`c${i}`)}`))} from ${from}`,
  );
  const figure = new Map<string, unknown>(
    layout.map((l, i) => [`${l.field}|${l.figure}`, scan?.[`c${i}`] ?? null]),
  );
  const responseCount = Number(figure.get('|n') ?? 0);

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

  const fields: Record<string, FieldFigures> = {};
  for (const field of form.fields) {
    const get = (name: string) => figure.get(`${field.id}|${name}`);
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
      out.numbers = {
        count: n,
        mean: round(num(get('mean'))),
        median: n === 0 ? null : round(await median(field.id, n)),
        min: num(get('min')),
        max: num(get('max')),
      };
    }
    if (field.type === 'date') {
      const months = await rows(
        sql<{ m: string; n: number }>`
          select substr(${a.string(field.id)}, 1, 7) as m, count(*) as n from ${from}
          and ${a.answered(field.id)} and ${a.string(field.id)} is not null group by 1`,
      );
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

  /** The middle value (or the mean of the two middle ones) of a number field's `n` answers. */
  async function median(id: string, n: number): Promise<number | null> {
    const middle = await rows(
      sql<{ x: number }>`select ${a.number(id)} as x from ${from} and ${a.number(id)} is not null
        order by 1 limit ${n % 2 === 0 ? 2 : 1} offset ${Math.floor((n - 1) / 2)}`,
    );
    if (middle.length === 0) return null;
    return middle.reduce((sum, r) => sum + Number(r.x), 0) / middle.length;
  }

  return {
    responseCount,
    firstResponseAt: (figure.get('|first') as string | null) ?? null,
    lastResponseAt: (figure.get('|last') as string | null) ?? null,
    overTime: [...overTime].map(([period, n]) => ({ period, count: n })),
    fields,
  };
}
