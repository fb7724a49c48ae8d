import type { Field, FieldType } from '@formloom/contract';
import { questionType } from '@formloom/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { jsonTypeCol, jsonValueCol, sqlDialectOf } from '../../db/dialect.js';

/** Which responses are counted: one form's, submitted within the inclusive bounds (ISO 8601). */
export interface ResponsesScope {
  accountId: string;
  formId: string;
  from?: string | undefined;
  to?: string | undefined;
}

/** A figure of the scan: `figure(fieldId, name)`, or `figure('', 'n')` for the response count. */
export type ScanFigure = (field: string, name: string) => unknown;

/** Field `i`'s columns in the extracting subquery (`SqlDialect.jsonKeys`): JSON type and value. */
const typeCol = jsonTypeCol;
const valueCol = jsonValueCol;

export const isChoice = (t: FieldType) =>
  t === 'select' || t === 'radio' || t === 'checkbox' || questionType(t)?.figure === 'choices';
export const isText = (t: FieldType) => t === 'text' || t === 'textarea' || t === 'email';
/** A choice answered with a list of values: checkbox, or a select or picture choice with `multiple`. */
export const isMultiChoice = (field: Field) =>
  field.type === 'checkbox' || (isChoice(field.type) && field.multiple === true);

/**
 * The whole-number values of a bounded scale (rating, nps, scale), counted one column each in the
 * scan; a slider's grid may be long, so its values are counted by a grouped query instead.
 */
export function scaleValues(field: Field): number[] | undefined {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);
  if (field.type === 'rating') return range(1, field.rating?.max ?? 5);
  if (field.type === 'nps') return range(0, 10);
  if (field.type === 'scale') return range(field.scale?.min ?? 1, field.scale?.max ?? 5);
  return undefined;
}

/**
 * The SQL of form figures (docs/server.md "Response search and figures"), the same answers on SQLite and
 * PostgreSQL. With `entriesOf` (a repeating section's id) every figure counts the section's entries
 * instead of the responses: a row per entry, its fields' answers read from it. Each field's answer is taken out of the JSON once per row (see `SqlDialect.jsonKeys`): reading
 * the document once per figure instead (a few JSON calls for each of some eighty figures per row) was what
 * made 100,000 responses take 2 to 3 s.
 */
export function createFormFiguresStore(db: Db, entriesOf?: string) {
  const dialect = sqlDialectOf(db);
  const a = dialect.jsonKeys('responses', 'answers', entriesOf);
  const rows = async <T>(q: RawBuilder<T>) => (await q.execute(db)).rows;
  /** The form's unfinished partial responses started within the bounds (and `more`). */
  const unfinishedOf = (scope: ResponsesScope, more: RawBuilder<unknown>[] = []) =>
    sql.join(
      [
        sql`p.form_id = ${scope.formId}`,
        sql`p.account_id = ${scope.accountId}`,
        sql`p.response_id is null`,
        ...(scope.from === undefined ? [] : [sql`p.created_at >= ${scope.from}`]),
        ...(scope.to === undefined ? [] : [sql`p.created_at <= ${scope.to}`]),
        ...more,
      ],
      sql` and `,
    );
  const whereOf = (scope: ResponsesScope) =>
    sql.join(
      [
        sql`r.form_id = ${scope.formId}`,
        sql`r.account_id = ${scope.accountId}`,
        ...(scope.from === undefined ? [] : [sql`r.submitted_at >= ${scope.from}`]),
        ...(scope.to === undefined ? [] : [sql`r.submitted_at <= ${scope.to}`]),
      ],
      sql` and `,
    );
  const listed = (field: Field) =>
    isMultiChoice(field) || field.type === 'matrix' || field.type === 'ranking' || field.type === 'address';
  const fieldColumns = (field: Field, i: number) => a.columns(field.id, i, listed(field));
  const numberOf = (i: number) => sql`(case when ${a.isNumber(i)} then ${a.number(i)} end)`;

  /** The middle value (or the mean of the two middle ones) of a number field's `n` answers. */
  async function middleNumber(
    scope: ResponsesScope,
    field: Field,
    i: number,
    n: number,
  ): Promise<number | null> {
    const middle = await rows(
      sql<{ x: number }>`select ${a.number(i)} as x from ${a.from(fieldColumns(field, i), whereOf(scope))}
        where ${a.isNumber(i)} order by 1 limit ${n % 2 === 0 ? 2 : 1} offset ${Math.floor((n - 1) / 2)}`,
    );
    if (middle.length === 0) return null;
    return middle.reduce((sum, r) => sum + Number(r.x), 0) / middle.length;
  }

  return {
    /**
     * One scan counts every field of `fields` (each field a few aggregate columns over its two
     * extracted columns): `answered`, `option:<value>` of a choice, `count`/`mean`/`min`/`max`/
     * `median` of a number (the median in the scan where the dialect has one, else one ordered
     * query per number field answered), `count`/`meanLength`/`maxLength` of a text. Absent: null.
     */
    async scan(scope: ResponsesScope, fields: readonly Field[]): Promise<ScanFigure> {
      const count = (condition: RawBuilder<unknown>) => sql`sum(case when ${condition} then 1 else 0 end)`;
      const answered = (i: number) =>
        sql`(${typeCol(i)} is not null and ${typeCol(i)} <> 'null' and not (${a.isString(i)} and ${valueCol(i)} = '') and not (${typeCol(i)} = 'array' and ${valueCol(i)} = '[]'))`;
      const textOf = (i: number) =>
        sql`(case when ${a.isString(i)} and ${valueCol(i)} <> '' then ${valueCol(i)} end)`;

      // Column `c<k>` of the scan holds the k-th figure; `layout` says which figure of which field.
      const columns: RawBuilder<unknown>[] = [sql`count(*)`];
      const layout: { field: string; figure: string }[] = [{ field: '', figure: 'n' }];
      const add = (field: string, figure: string, expression: RawBuilder<unknown>) => {
        columns.push(expression);
        layout.push({ field, figure });
      };
      fields.forEach((field, i) => {
        add(field.id, 'answered', count(answered(i)));
        if (isChoice(field.type)) {
          const multi = isMultiChoice(field);
          for (const option of field.options ?? []) {
            const chosen = multi
              ? a.hasElement(i, option.value)
              : sql`(${a.isString(i)} and ${valueCol(i)} = ${option.value})`;
            add(field.id, `option:${option.value}`, count(chosen));
          }
          if (field.other !== undefined) {
            add(field.id, 'other', count(multi ? a.hasObjectElement(i) : sql`${typeCol(i)} = 'object'`));
          }
        }
        if (questionType(field.type)?.figure === 'distribution' || field.type === 'nps') {
          add(field.id, 'count', sql`count(${numberOf(i)})`);
          add(field.id, 'mean', sql`avg(${numberOf(i)})`);
          for (const value of scaleValues(field) ?? []) {
            add(field.id, `value:${value}`, count(sql`(${a.isNumber(i)} and ${a.number(i)} = ${value})`));
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
      const selected = sql.join(columns.map((c, k) => sql`${c} as ${sql.ref(`c${k}`)}`));
      const [scan] = await rows(
        sql<
          Record<string, unknown>
        >`select ${selected} from ${a.from(fields.flatMap(fieldColumns), whereOf(scope))}`,
      );
      const figure = new Map<string, unknown>(
        layout.map((l, k) => [`${l.field}|${l.figure}`, scan?.[`c${k}`] ?? null]),
      );
      if (!dialect.median) {
        for (const [i, field] of fields.entries()) {
          if (field.type !== 'number') continue;
          const n = Number(figure.get(`${field.id}|count`) ?? 0);
          if (n > 0) figure.set(`${field.id}|median`, await middleNumber(scope, field, i, n));
        }
      }
      return (field, name) => figure.get(`${field}|${name}`) ?? null;
    },

    /**
     * The form's unfinished partial responses (started within the bounds), in one scan: `n`
     * started, `c<k>` reached the k-th of `pages` (the schema's order) or a later one. A finished
     * partial is counted as its response, with every other response.
     */
    async unfinished(scope: ResponsesScope, pages: readonly string[]) {
      const where = unfinishedOf(scope);
      const reached = pages.map((_, k) =>
        k === 0
          ? sql`count(*)`
          : sql`sum(case when p.reached_page in (${sql.join(pages.slice(k))}) then 1 else 0 end)`,
      );
      const columns = [sql`count(*) as n`, ...reached.map((c, k) => sql`${c} as ${sql.ref(`c${k}`)}`)];
      const [row] = await rows(
        sql<Record<string, unknown>>`select ${sql.join(columns)} from partials p where ${where}`,
      );
      const num = (v: unknown) => Number(v ?? 0);
      return { started: num(row?.n), reached: pages.map((_, k) => num(row?.[`c${k}`])) };
    },

    /**
     * Responses per number of entries of the repeating section `sectionId` (1 and more), ascending.
     * Read from the responses (a store without `entriesOf`).
     */
    async entryCounts(scope: ResponsesScope, sectionId: string) {
      const found = await rows(
        sql<{ k: number | string; n: number | string }>`select ${a.length(0)} as k, count(*) as n
          from ${a.from(a.columns(sectionId, 0, true), whereOf(scope))}
          where ${a.length(0)} > 0 group by 1 order by 1`,
      );
      return found.map((r) => ({ value: Number(r.k), count: Number(r.n) }));
    },

    /**
     * A page of the answers (JSON text, with the form revision they answered) of the responses within the bounds, `limit` at most, in
     * the order of the form's index (submitted_at, id) after `after` (the last row of the page
     * before): the funnel reads each respondent's path from them. By id alone, each page sorted
     * every response of the form again.
     */
    answersPage(
      scope: ResponsesScope,
      after: { submitted_at: string; id: string } | undefined,
      limit: number,
    ) {
      const next =
        after === undefined ? sql`` : sql` and (r.submitted_at, r.id) > (${after.submitted_at}, ${after.id})`;
      return rows(
        sql<{ id: string; submitted_at: string; answers: string; form_revision: number | null }>`select r.id,
          r.submitted_at, r.answers, r.form_revision from responses r where ${whereOf(scope)}${next} order by r.submitted_at, r.id limit ${limit}`,
      );
    },

    /**
     * A page of the unfinished partial responses started within the bounds, as `unfinished` counts
     * them: their saved answers (JSON text) and the furthest page saved, `limit` at most, by id
     * after `after`.
     */
    unfinishedPage(scope: ResponsesScope, after: string | undefined, limit: number) {
      const where = unfinishedOf(scope, after === undefined ? [] : [sql`p.id > ${after}`]);
      return rows(
        sql<{ id: string; answers: string; reached_page: string | null }>`select p.id, p.answers,
          p.reached_page from partials p where ${where} order by p.id limit ${limit}`,
      );
    },

    /** Responses per ending reached (`ending_id`), the default completion (null) left out. */
    async endingCounts(scope: ResponsesScope): Promise<Map<string, number>> {
      const found = await rows(
        sql<{ ending: string; n: number | string }>`select r.ending_id as ending, count(*) as n
          from responses r where ${whereOf(scope)} and r.ending_id is not null group by r.ending_id`,
      );
      return new Map(found.map((r) => [r.ending, Number(r.n)]));
    },

    /** A quiz's stored marks with the responses that have each (`responses.quiz`, JSON). */
    async quizMarks(scope: ResponsesScope): Promise<{ quiz: string; n: number }[]> {
      const found = await rows(
        sql<{ quiz: string; n: number | string }>`select r.quiz as quiz, count(*) as n
          from responses r where ${whereOf(scope)} and r.quiz is not null group by r.quiz`,
      );
      return found.map((r) => ({ quiz: r.quiz, n: Number(r.n) }));
    },

    /** Responses per day (`YYYY-MM-DD`) with the first and last submission of each, oldest first. */
    days(scope: ResponsesScope) {
      return rows(
        sql<{ day: string; n: number; first: string; last: string }>`
          select substr(r.submitted_at, 1, 10) as day, count(*) as n, min(r.submitted_at) as first,
            max(r.submitted_at) as last
          from responses r where ${whereOf(scope)} group by substr(r.submitted_at, 1, 10) order by day`,
      );
    },

    /** Whether every numeric answer of a number field is a whole number. */
    async allWhole(scope: ResponsesScope, field: Field, i: number): Promise<boolean> {
      const [row] = await rows(
        sql<{
          fractions: number | string | null;
        }>`select sum(case when ${a.number(i)} = round(${a.number(i)}) then 0 else 1 end) as fractions
          from ${a.from(fieldColumns(field, i), whereOf(scope))} where ${a.isNumber(i)}`,
      );
      return Number(row?.fractions ?? 0) === 0;
    },

    /**
     * A number field's answers counted into the bins `[edges[k], edges[k+1])`, in one scan: one
     * count column a bin, compared in SQL, so both databases bin alike (no dialect's floor or cast).
     */
    async histogram(scope: ResponsesScope, field: Field, i: number, edges: readonly number[]) {
      const x = a.number(i);
      const columns = edges
        .slice(0, -1)
        .map(
          (from, k) =>
            sql`sum(case when ${x} >= ${from} and ${x} < ${edges[k + 1]} then 1 else 0 end) as ${sql.ref(`b${k}`)}`,
        );
      const [row] = await rows(
        sql<Record<string, number | string | null>>`select ${sql.join(columns)}
          from ${a.from(fieldColumns(field, i), whereOf(scope))} where ${a.isNumber(i)}`,
      );
      return columns.map((_, k) => Number(row?.[`b${k}`] ?? 0));
    },

    /** A slider's answers per value, ascending. */
    async values(scope: ResponsesScope, field: Field, i: number) {
      const found = await rows(
        sql<{ x: number | string; n: number | string }>`select ${a.number(i)} as x, count(*) as n
          from ${a.from(fieldColumns(field, i), whereOf(scope))} where ${a.isNumber(i)} group by 1 order by 1`,
      );
      return found.map((r) => ({ value: Number(r.x), count: Number(r.n) }));
    },

    /** A matrix's answers counted per row id and column value, in no order (one grouped scan). */
    async matrix(scope: ResponsesScope, field: Field, i: number) {
      const m = a.members(i);
      const found = await rows(
        sql<{ r: string; c: string; n: number | string }>`select ${m.key} as r, ${m.value} as c, count(*) as n
          from ${a.from(fieldColumns(field, i), whereOf(scope))}, ${m.from}
          where ${m.value} is not null group by 1, 2`,
      );
      return found.map((r) => ({ row: String(r.r), column: String(r.c), count: Number(r.n) }));
    },

    /**
     * A ranking's answers per ranked value (`value` null: an "Other" entry): how many ranked it
     * and its mean position (1 = best), in no order (one grouped scan).
     */
    async ranking(scope: ResponsesScope, field: Field, i: number) {
      const e = a.elements(i);
      const found = await rows(
        sql<{ v: string | null; n: number | string; mean: number | string }>`select ${e.value} as v,
          count(*) as n, avg(${e.position}) as mean
          from ${a.from(fieldColumns(field, i), whereOf(scope))}, ${e.from}
          where ${e.value} is not null or ${e.isObject} group by 1`,
      );
      return found.map((r) => ({ value: r.v, ranked: Number(r.n), meanRank: Number(r.mean) }));
    },

    /** An address's answers per `country` part, in no order (one grouped scan). */
    async countries(scope: ResponsesScope, field: Field, i: number) {
      const m = a.members(i);
      const found = await rows(
        sql<{ c: string; n: number | string }>`select ${m.value} as c, count(*) as n
          from ${a.from(fieldColumns(field, i), whereOf(scope))}, ${m.from}
          where ${m.key} = 'country' and ${m.value} is not null and ${m.value} <> '' group by 1`,
      );
      return found.map((r) => ({ value: String(r.c), count: Number(r.n) }));
    },

    /**
     * A time's (`HH:MM`) or a datetime's (`2026-12-01T09:30:00+01:00`) answers per hour as
     * written, in no order (one grouped scan): the two digits at `at` (1-based) of the answer.
     */
    async hours(scope: ResponsesScope, field: Field, i: number, at: 1 | 12) {
      const found = await rows(
        sql<{
          h: string;
          n: number | string;
        }>`select substr(${valueCol(i)}, ${sql.lit(at)}, 2) as h, count(*) as n
          from ${a.from(fieldColumns(field, i), whereOf(scope))}
          where ${a.isString(i)} and ${valueCol(i)} <> '' group by 1`,
      );
      return found.map((r) => ({ hour: Number(r.h), count: Number(r.n) }));
    },

    /**
     * A page of a text answer's distinct values with how many gave each, by value: at most `limit`
     * of those after `after` (all when absent). A caller reads the pages one after the other.
     */
    async answerCounts(
      scope: ResponsesScope,
      field: Field,
      i: number,
      after: string | undefined,
      limit: number,
    ) {
      const found = await rows(
        sql<{ v: string; n: number | string }>`select ${valueCol(i)} as v, count(*) as n
          from ${a.from(fieldColumns(field, i), whereOf(scope))}
          where ${a.isString(i)} and ${valueCol(i)} <> ''${after === undefined ? sql`` : sql` and ${valueCol(i)} > ${after}`}
          group by 1 order by 1 limit ${limit}`,
      );
      return found.map((r) => ({ value: String(r.v), count: Number(r.n) }));
    },

    /** A date field's answers per month (`YYYY-MM`), in no order. `i`: its place in the form. */
    months(scope: ResponsesScope, field: Field, i: number) {
      return rows(
        sql<{ m: string; n: number }>`
          select substr(${valueCol(i)}, 1, 7) as m, count(*) as n from ${a.from(fieldColumns(field, i), whereOf(scope))}
          where ${a.isString(i)} and ${valueCol(i)} <> '' group by 1`,
      );
    },
  };
}
