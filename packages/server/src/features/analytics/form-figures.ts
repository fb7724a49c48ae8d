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
 * The answers of the matching responses as rows (key, JSON type, string value, number value,
 * raw value), non-empty ones only. Answers are JSON text: SQLite's `json_each` and PostgreSQL's
 * `jsonb_each` explode each response once, and every figure is counted from this one table.
 */
function answerRows(db: Db, where: RawBuilder<unknown>) {
  if (dialectOf(db) === 'postgres') {
    return {
      rows: sql`select j.key as k, jsonb_typeof(j.value) as t,
          case when jsonb_typeof(j.value) = 'string' then j.value #>> '{}' end as s,
          case when jsonb_typeof(j.value) = 'number' then (j.value #>> '{}')::double precision end as nv,
          j.value as jv
        from responses r, jsonb_each(r.answers::jsonb) as j(key, value)
        where ${where} and jsonb_typeof(j.value) <> 'null' and j.value <> '""'::jsonb and j.value <> '[]'::jsonb`,
      elements: sql`jsonb_array_elements_text(x.jv) as e(value)`,
    };
  }
  return {
    rows: sql`select j.key as k,
        case j.type when 'text' then 'string' when 'integer' then 'number' when 'real' then 'number' else j.type end as t,
        case when j.type = 'text' then j.value end as s,
        case when j.type in ('integer', 'real') then j.value end as nv,
        j.value as jv
      from responses r, json_each(r.answers) as j
      where ${where} and j.type <> 'null' and not (j.type = 'text' and j.value = '')
        and not (j.type = 'array' and json_array_length(j.value) = 0)`,
    elements: sql`json_each(x.jv) as e`,
  };
}

interface FigureRow {
  kind: 'answered' | 'choice' | 'checked' | 'number' | 'median' | 'month' | 'text';
  k: string;
  v: string | null;
  n: number | null;
  mean: number | null;
  lo: number | null;
  hi: number | null;
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

  const x = answerRows(db, where);
  const none = sql`cast(null as double precision)`;
  const noText = sql`cast(null as text)`;
  const choiceIds = idsOf(['select', 'radio']);
  const checkboxIds = idsOf(['checkbox']);
  const numberIds = idsOf(['number']);
  const dateIds = idsOf(['date']);
  const textIds = idsOf(['text', 'textarea', 'email']);
  // One statement: the answers are exploded once (materialized) and every figure counted from them.
  const branches: RawBuilder<unknown>[] = [
    sql`select 'answered' as kind, k, ${noText} as v, count(*) as n, ${none} as mean, ${none} as lo, ${none} as hi
      from x group by k`,
  ];
  if (choiceIds.length > 0) {
    branches.push(sql`select 'choice', k, s, count(*), ${none}, ${none}, ${none}
      from x where k in (${inList(choiceIds)}) and t = 'string' group by k, s`);
  }
  if (checkboxIds.length > 0) {
    branches.push(sql`select 'checked', x.k, e.value, count(*), ${none}, ${none}, ${none}
      from x, ${x.elements} where x.k in (${inList(checkboxIds)}) and x.t = 'array' group by x.k, e.value`);
  }
  if (numberIds.length > 0) {
    branches.push(sql`select 'number', k, ${noText}, count(*), avg(nv), min(nv), max(nv)
      from x where k in (${inList(numberIds)}) and t = 'number' group by k`);
    branches.push(sql`select 'median', k, ${noText}, ${sql`cast(null as bigint)`}, avg(nv), ${none}, ${none} from (
        select k, nv, row_number() over (partition by k order by nv) as rn, count(*) over (partition by k) as c
        from x where k in (${inList(numberIds)}) and t = 'number'
      ) as ranked where rn in ((c + 1) / 2, (c + 2) / 2) group by k`);
  }
  if (dateIds.length > 0) {
    branches.push(sql`select 'month', k, substr(s, 1, 7), count(*), ${none}, ${none}, ${none}
      from x where k in (${inList(dateIds)}) and t = 'string' group by k, substr(s, 1, 7)`);
  }
  if (textIds.length > 0) {
    branches.push(sql`select 'text', k, ${noText}, count(*), avg(length(s)), ${none}, cast(max(length(s)) as double precision)
      from x where k in (${inList(textIds)}) and t = 'string' group by k`);
  }
  const figureRows = await rows(
    sql<FigureRow>`with x as materialized (${x.rows}) ${sql.join(branches, sql` union all `)}`,
  );
  const byKind = (kind: FigureRow['kind'], key: string) =>
    figureRows.filter((r) => r.kind === kind && r.k === key);
  const one = (kind: FigureRow['kind'], key: string) => byKind(kind, key)[0];

  const fields: Record<string, FieldFigures> = {};
  for (const field of form.fields) {
    const count = Number(one('answered', field.id)?.n ?? 0);
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
      for (const row of byKind(field.type === 'checkbox' ? 'checked' : 'choice', field.id)) {
        if (row.v !== null && row.v in tally) tally[row.v] = Number(row.n);
      }
      out.options = tally;
    }
    if (field.type === 'number') {
      const row = one('number', field.id);
      out.numbers = {
        count: Number(row?.n ?? 0),
        mean: round(num(row?.mean)),
        median: round(num(one('median', field.id)?.mean)),
        min: num(row?.lo),
        max: num(row?.hi),
      };
    }
    if (field.type === 'date') {
      out.months = Object.fromEntries(
        byKind('month', field.id)
          .map((r) => [r.v ?? '', Number(r.n)] as const)
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    }
    if (field.type === 'text' || field.type === 'textarea' || field.type === 'email') {
      const row = one('text', field.id);
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
