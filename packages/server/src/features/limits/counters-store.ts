import type { AiLimit } from '@formloom/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db, RateLimitCountersTable } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { FixedWindow, WindowKind } from './windows.js';

/** The column of each AI endpoint's hourly count. */
const AI_COLUMNS = {
  generateForm: 'ai_generate_form',
  smartAnalytics: 'ai_smart_analytics',
  analyticsChat: 'ai_analytics_chat',
  smartFormChat: 'ai_smart_form_chat',
} as const satisfies Record<AiLimit, keyof RateLimitCountersTable>;

const KINDS: readonly WindowKind[] = ['minute', 'hour', 'month'];

export type Windows = Readonly<Record<WindowKind, FixedWindow>>;

/** One request to count: the current windows, the plan's limits, and the AI endpoint, if any. */
export interface CountRequest {
  windows: Windows;
  limits: Readonly<Record<WindowKind, number>>;
  ai?: { name: AiLimit; limit: number } | undefined;
}

/** Requests counted in the current windows (`ai`: of the AI endpoint asked about). */
export interface Counts {
  minute: number;
  hour: number;
  month: number;
  ai: number;
}

type CountersRow = RateLimitCountersTable;

const current = (t: string) => sql.ref(`rate_limit_counters.${t}`);
const proposed = (t: string) => sql.ref(`excluded.${t}`);
/** The request is in a later window than the row: the row's count starts over. */
const later = (kind: WindowKind) => sql<boolean>`${proposed(`${kind}_start`)} > ${current(`${kind}_start`)}`;

/** The row's counts as of `windows`: a window that has ended counts 0. */
function countsOf(row: CountersRow | undefined, windows: Windows, ai: AiLimit | undefined): Counts {
  const inWindow = (kind: WindowKind) =>
    row !== undefined && row[`${kind}_start`] >= windows[kind].start.toISOString();
  return {
    minute: inWindow('minute') ? Number(row!.minute_points) : 0,
    hour: inWindow('hour') ? Number(row!.hour_points) : 0,
    month: inWindow('month') ? Number(row!.month_points) : 0,
    ai: ai !== undefined && inWindow('hour') ? Number(row![AI_COLUMNS[ai]]) : 0,
  };
}

/** The values of the counting statement; `one` and `zero` are bound as values, not literals. */
type CountParams = {
  accountId: string;
  minuteStart: string;
  hourStart: string;
  monthStart: string;
  minuteLimit: number;
  hourLimit: number;
  monthLimit: number;
  aiLimit: number;
  one: number;
  zero: number;
};

/** The counting statement (see `createCountersStore`) for requests of one AI endpoint, or none. */
function prepareCount(ai: AiLimit | undefined) {
  const aiColumn = ai === undefined ? undefined : AI_COLUMNS[ai];
  return preparedQuery((db: Db, p: CountParams) => {
    const limitOf = { minute: p.minuteLimit, hour: p.hourLimit, month: p.monthLimit };
    const set: Record<string, RawBuilder<unknown>> = {};
    const room: RawBuilder<boolean>[] = [];
    for (const kind of KINDS) {
      const [start, points] = [`${kind}_start`, `${kind}_points`];
      set[points] = sql`case when ${later(kind)} then 1 else ${current(points)} + 1 end`;
      set[start] = sql`case when ${later(kind)} then ${proposed(start)} else ${current(start)} end`;
      room.push(sql`(${later(kind)} or ${current(points)} < ${limitOf[kind]})`);
    }
    for (const column of Object.values(AI_COLUMNS)) {
      // `excluded` holds 1 in the column of this request's AI endpoint, 0 in the others.
      set[column] =
        sql`case when ${later('hour')} then ${proposed(column)} else ${current(column)} + ${proposed(column)} end`;
    }
    if (aiColumn !== undefined) room.push(sql`(${later('hour')} or ${current(aiColumn)} < ${p.aiLimit})`);
    const aiValue = (column: string) => (column === aiColumn ? p.one : p.zero);
    return db
      .insertInto('rate_limit_counters')
      .values({
        account_id: p.accountId,
        minute_start: p.minuteStart,
        minute_points: p.one,
        hour_start: p.hourStart,
        hour_points: p.one,
        month_start: p.monthStart,
        month_points: p.one,
        ai_generate_form: aiValue('ai_generate_form'),
        ai_smart_analytics: aiValue('ai_smart_analytics'),
        ai_analytics_chat: aiValue('ai_analytics_chat'),
        ai_smart_form_chat: aiValue('ai_smart_form_chat'),
      })
      .onConflict((oc) =>
        oc
          .column('account_id')
          .doUpdateSet(set)
          .where(sql<boolean>`${sql.join(room, sql` and `)}`),
      )
      .returningAll();
  });
}

/**
 * The counters, in the server's database so every process (and a restarted one) sees the same
 * numbers. One row per account holds the count of its current minute, hour and month and of each
 * AI endpoint's hour. A request is counted by one statement,
 * `INSERT ... ON CONFLICT (account_id) DO UPDATE SET <each count + 1, or 1 in a new window>
 * WHERE <every limit has room> RETURNING *`: it takes a point from every window or from none, so
 * a refused request counts nowhere (a client retrying into a 429 does not eat its monthly quota),
 * and concurrent requests cannot overshoot, on SQLite (one writer) as on PostgreSQL (the row lock,
 * and the WHERE re-checked on the latest row). Windows only move forward, so a process whose clock
 * lags a little counts into the newer window instead of starting the count over. The statement is
 * compiled once (`preparedQuery`): every API request runs it.
 */
export function createCountersStore(db: Db) {
  // One statement per kind of request: general only, or general plus one AI endpoint.
  const statements = new Map<AiLimit | undefined, ReturnType<typeof prepareCount>>();
  const statementFor = (ai: AiLimit | undefined) => {
    const known = statements.get(ai);
    if (known !== undefined) return known;
    const statement = prepareCount(ai);
    statements.set(ai, statement);
    return statement;
  };

  return {
    /** Counts the request, or returns undefined (nothing counted) when a limit has no room. */
    async consume(accountId: string, request: CountRequest): Promise<Counts | undefined> {
      const { windows, limits, ai } = request;
      const { rows } = await statementFor(ai?.name).run(db, {
        accountId,
        minuteStart: windows.minute.start.toISOString(),
        hourStart: windows.hour.start.toISOString(),
        monthStart: windows.month.start.toISOString(),
        minuteLimit: limits.minute,
        hourLimit: limits.hour,
        monthLimit: limits.month,
        aiLimit: ai?.limit ?? 0,
        one: 1,
        zero: 0,
      });
      return rows[0] === undefined ? undefined : countsOf(rows[0], windows, ai?.name);
    },

    /** The account's counts in the current windows, counting nothing. */
    async read(accountId: string, windows: Windows, ai?: AiLimit): Promise<Counts> {
      const row = await db
        .selectFrom('rate_limit_counters')
        .selectAll()
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return countsOf(row, windows, ai);
    },
  };
}

export type CountersStore = ReturnType<typeof createCountersStore>;
