import type { Field, FieldType } from '@formloom/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { jsonTypeCol, jsonValueCol, sqlDialectOf } from '../../db/dialect.js';

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

/** Field `i`'s columns in the extracting subquery (`SqlDialect.jsonKeys`): JSON type and value. */
const typeCol = jsonTypeCol;
const valueCol = jsonValueCol;

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
 * type. One scan counts every field (each field a few aggregate columns over its two extracted
 * columns; on PostgreSQL the medians too); the days take one grouped query, months one per date
 * field and, on SQLite, medians one ordered query per number field. `fields` is the form's schema
 * fields; answers to fields no longer in the schema are left out. 100,000 responses of a 10-field
 * form: under 1 s on either database (bench/figures.bench.ts).
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
  // Each field's answer is taken out of the JSON once per row (see `SqlDialect.jsonKeys`): reading
  // the document once per figure instead (a few JSON calls for each of some eighty figures per
  // row) was what made 100,000 responses take 2 to 3 s.
  const dialect = sqlDialectOf(db);
  const a = dialect.jsonKeys('responses', 'answers');
  const rows = async <T>(q: RawBuilder<T>) => (await q.execute(db)).rows;
  const count = (condition: RawBuilder<unknown>) => sql`sum(case when ${condition} then 1 else 0 end)`;
  const answered = (i: number) =>
    sql`(${typeCol(i)} is not null and ${typeCol(i)} <> 'null' and not (${a.isString(i)} and ${valueCol(i)} = '') and not (${typeCol(i)} = 'array' and ${valueCol(i)} = '[]'))`;
  const numberOf = (i: number) => sql`(case when ${a.isNumber(i)} then ${a.number(i)} end)`;
  const textOf = (i: number) =>
    sql`(case when ${a.isString(i)} and ${valueCol(i)} <> '' then ${valueCol(i)} end)`;
  const fieldColumns = (field: Field, i: number) => a.columns(field.id, i, field.type === 'checkbox');

  // Column `c<k>` of the scan holds the k-th figure; `layout` says which figure of which field.
  const columns: RawBuilder<unknown>[] = [sql`count(*)`];
  const layout: { field: string; figure: string }[] = [{ field: '', figure: 'n' }];
  const add = (field: string, figure: string, expression: RawBuilder<unknown>) => {
    columns.push(expression);
    layout.push({ field, figure });
  };
  form.fields.forEach((field, i) => {
    add(field.id, 'answered', count(answered(i)));
    if (isChoice(field.type)) {
      for (const option of field.options ?? []) {
        const chosen =
          field.type === 'checkbox'
            ? a.hasElement(i, option.value)
            : sql`(${a.isString(i)} and ${valueCol(i)} = ${option.value})`;
        add(field.id, `option:${option.value}`, count(chosen));
      }
    }
    if (field.type === 'number') {
      add(field.id, 'count', sql`count(${numberOf(i)})`);
      add(field.id, 'mean', sql`avg(${numberOf(i)})`);
      add(field.id, 'min', sql`min(${numberOf(i)})`);
      add(field.id, 'max', sql`max(${numberOf(i)})`);
      if (dialect.median) add(field.id, 'median', dialect.median(numberOf(i)));
    }
    if (isText(field.type)) {
      add(field.id, 'count', sql`count(${textOf(i)})`);
      add(field.id, 'meanLength', sql`avg(length(${textOf(i)}))`);
      add(field.id, 'maxLength', sql`max(length(${textOf(i)}))`);
    }
  });
  const [scan] = await rows(
    sql<Record<string, unknown>>`select ${sql.join(columns.map((c, k) => sql`${c} as ${sql.ref(`c${k}`)}`))}
      from ${a.from(form.fields.flatMap(fieldColumns), where)}`,
  );
  const figure = new Map<string, unknown>(
    layout.map((l, k) => [`${l.field}|${l.figure}`, scan?.[`c${k}`] ?? null]),
  );
  const responseCount = Number(figure.get('|n') ?? 0);

  const days = await rows(
    sql<{ day: string; n: number; first: string; last: string }>`
      select substr(r.submitted_at, 1, 10) as day, count(*) as n, min(r.submitted_at) as first,
        max(r.submitted_at) as last
      from responses r where ${where} group by substr(r.submitted_at, 1, 10) order by day`,
  );
  const overTime = new Map<string, number>();
  for (const { day, n } of days) {
    const period = query.bucket === 'week' ? weekOf(day) : day;
    overTime.set(period, (overTime.get(period) ?? 0) + Number(n));
  }

  const fields: Record<string, FieldFigures> = {};
  for (const [i, field] of form.fields.entries()) {
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
        median: n === 0 ? null : round(dialect.median ? num(get('median')) : await median(field, i, n)),
        min: num(get('min')),
        max: num(get('max')),
      };
    }
    if (field.type === 'date') {
      const months = await rows(
        sql<{ m: string; n: number }>`
          select substr(${valueCol(i)}, 1, 7) as m, count(*) as n from ${a.from(fieldColumns(field, i), where)}
          where ${a.isString(i)} and ${valueCol(i)} <> '' group by 1`,
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
  async function median(field: Field, i: number, n: number): Promise<number | null> {
    const middle = await rows(
      sql<{ x: number }>`select ${a.number(i)} as x from ${a.from(fieldColumns(field, i), where)}
        where ${a.isNumber(i)} order by 1 limit ${n % 2 === 0 ? 2 : 1} offset ${Math.floor((n - 1) / 2)}`,
    );
    if (middle.length === 0) return null;
    return middle.reduce((sum, r) => sum + Number(r.x), 0) / middle.length;
  }

  return {
    responseCount,
    firstResponseAt: days[0]?.first ?? null,
    lastResponseAt: days.at(-1)?.last ?? null,
    overTime: [...overTime].map(([period, n]) => ({ period, count: n })),
    fields,
  };
}
