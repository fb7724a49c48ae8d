import type { AiLimit } from '@formloom/contract';
import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { Db, RateLimitCountersTable } from '../../db/database.js';
import { sqlDialectOf } from '../../db/dialect.js';
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

type CountersRow = Selectable<RateLimitCountersTable>;

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

/** The values of the counting statement. */
type CountParams = {
  accountId: string;
  minuteStart: string;
  hourStart: string;
  monthStart: string;
  minuteLimit: number;
  hourLimit: number;
  monthLimit: number;
  aiLimit: number;
  wanted: number;
  first: number;
  zero: number;
};

/**
 * The counting statement (see `createCountersStore`) for a batch of requests of one AI endpoint,
 * or none: `wanted` requests, of which it grants as many as every window has room for. Built with
 * `preparedQuery`, which binds each read of a value once: every place a value stands reads it
 * again (`limitOf`, `room` and `granted` are functions, not shared expressions).
 */
function prepareCount(ai: AiLimit | undefined) {
  const aiColumn = ai === undefined ? undefined : AI_COLUMNS[ai];
  return preparedQuery((db: Db, p: CountParams) => {
    const { least, greatest } = sqlDialectOf(db);
    const int = (value: unknown) => sql<number>`cast(${value} as integer)`;
    const limitOf = (kind: WindowKind) =>
      int(kind === 'minute' ? p.minuteLimit : kind === 'hour' ? p.hourLimit : p.monthLimit);
    // Room left in each window: all of it in a window later than the row's.
    const room = () => {
      const rooms = KINDS.map(
        (kind) =>
          sql<number>`case when ${later(kind)} then ${limitOf(kind)} else ${limitOf(kind)} - ${current(`${kind}_points`)} end`,
      );
      if (aiColumn !== undefined) {
        rooms.push(
          sql<number>`case when ${later('hour')} then ${int(p.aiLimit)} else ${int(p.aiLimit)} - ${current(aiColumn)} end`,
        );
      }
      return rooms;
    };
    const granted = () => greatest(sql<number>`0`, least([int(p.wanted), ...room()]));
    const set: Record<string, RawBuilder<unknown>> = { last_granted: granted() };
    for (const kind of KINDS) {
      const [start, points] = [`${kind}_start`, `${kind}_points`];
      set[points] =
        sql`case when ${later(kind)} then ${granted()} else ${current(points)} + ${granted()} end`;
      set[start] = sql`case when ${later(kind)} then ${proposed(start)} else ${current(start)} end`;
    }
    for (const column of Object.values(AI_COLUMNS)) {
      set[column] =
        column === aiColumn
          ? sql`case when ${later('hour')} then ${granted()} else ${current(column)} + ${granted()} end`
          : sql`case when ${later('hour')} then 0 else ${current(column)} end`;
    }
    const aiValue = (column: string) => (column === aiColumn ? p.first : p.zero);
    return db
      .insertInto('rate_limit_counters')
      .values({
        account_id: p.accountId,
        minute_start: p.minuteStart,
        minute_points: p.first,
        hour_start: p.hourStart,
        hour_points: p.first,
        month_start: p.monthStart,
        month_points: p.first,
        ai_generate_form: aiValue('ai_generate_form'),
        ai_smart_analytics: aiValue('ai_smart_analytics'),
        ai_analytics_chat: aiValue('ai_analytics_chat'),
        ai_smart_form_chat: aiValue('ai_smart_form_chat'),
        last_granted: p.first,
      })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(set))
      .returningAll();
  });
}

/**
 * The counters, in the server's database so every process (and a restarted one) sees the same
 * numbers. One row per account holds the count of its current minute, hour and month and of each
 * AI endpoint's hour. A batch of `n` requests of one account is counted by one statement,
 * `INSERT ... ON CONFLICT (account_id) DO UPDATE SET <each count + g, or g in a new window>,
 * last_granted = g RETURNING *`, where g = max(0, min(n, the room left in every window)): each
 * granted request takes a point from every window, a refused one from none, so a refused request
 * counts nowhere (a client retrying into a 429 does not eat its monthly quota), and concurrent
 * batches cannot overshoot, on SQLite (one writer) as on PostgreSQL (the row lock; the SET reads
 * the latest row). Windows only move forward, so a process whose clock lags a little counts into
 * the newer window instead of starting the count over. The statement is compiled once
 * (`preparedQuery`).
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
    /**
     * Counts up to `wanted` requests (default 1): how many were granted (the first ones of the
     * batch, each limit having room for them) and the counts after them.
     */
    async consume(
      accountId: string,
      request: CountRequest,
      wanted = 1,
    ): Promise<{ granted: number; counts: Counts }> {
      const { windows, limits, ai } = request;
      const first = Math.max(
        0,
        Math.min(wanted, limits.minute, limits.hour, limits.month, ai?.limit ?? wanted),
      );
      const { rows } = await statementFor(ai?.name).run(db, {
        accountId,
        minuteStart: windows.minute.start.toISOString(),
        hourStart: windows.hour.start.toISOString(),
        monthStart: windows.month.start.toISOString(),
        minuteLimit: limits.minute,
        hourLimit: limits.hour,
        monthLimit: limits.month,
        aiLimit: ai?.limit ?? 0,
        wanted,
        first,
        zero: 0,
      });
      const row = rows[0]!;
      return { granted: Number(row.last_granted), counts: countsOf(row, windows, ai?.name) };
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
