import type { AiLimit } from '@formloom/contract';
import type { Db } from '../../src/db/database.js';
import { planKey, type WindowKind, windowOf } from '../../src/platform/limits/index.js';

const AI_COLUMNS = {
  generateForm: 'ai_generate_form',
  smartAnalytics: 'ai_smart_analytics',
  analyticsChat: 'ai_analytics_chat',
  smartFormChat: 'ai_smart_form_chat',
} as const satisfies Record<AiLimit, string>;

/**
 * An account's plan-window counts as stored (`rate_limits`, one row per window), named as the
 * tests have always read them: `minute_points`, `hour_points`, `month_points`, the month's start
 * and each AI endpoint's hourly count.
 */
export async function planCounts(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('rate_limits')
    .select(['key', 'points', 'reset_at'])
    .where('key', 'like', `${planKey(accountId, 'minute').slice(0, -'minute'.length)}%`)
    .execute();
  const row = (key: string) => rows.find((r) => r.key === key);
  const points = (key: string) => Number(row(key)?.points ?? 0);
  const month = row(planKey(accountId, 'month'));
  const ai = Object.fromEntries(
    Object.entries(AI_COLUMNS).map(([name, column]) => [
      column,
      points(planKey(accountId, `ai:${name as AiLimit}`)),
    ]),
  ) as Record<(typeof AI_COLUMNS)[AiLimit], number>;
  return {
    minute_points: points(planKey(accountId, 'minute')),
    hour_points: points(planKey(accountId, 'hour')),
    month_points: points(planKey(accountId, 'month')),
    month_start: month && windowOf('month', new Date(Number(month.reset_at) - 1)).start.toISOString(),
    ...ai,
  };
}

/** Sets an account's counts in the windows around `at` (to skip many requests). */
export async function seedPlanCounts(
  db: Db,
  accountId: string,
  at: string,
  counts: Partial<Record<WindowKind, number>>,
): Promise<void> {
  const kinds: WindowKind[] = ['minute', 'hour', 'month'];
  await db
    .insertInto('rate_limits')
    .values(
      kinds.map((kind) => ({
        key: planKey(accountId, kind),
        reset_at: windowOf(kind, new Date(at)).end.getTime(),
        points: counts[kind] ?? 0,
        last_granted: 0,
      })),
    )
    .execute();
}
