import type { Insertable, Selectable } from 'kysely';
import type { AnalyticsReportsTable, Db } from '../../db/database.js';
import type { CallbackProgress } from '../../outbox/senders/analytics-callback-sender.js';
import { newTargetRow } from '../../outbox/target-row.js';

export type ReportRow = Selectable<AnalyticsReportsTable>;

/**
 * Smart analytics reports (`analytics_reports`) and the outbox target of each report's callback
 * (its id is the report's).
 */
export function createReportsStore(db: Db) {
  return {
    async insert(row: Insertable<AnalyticsReportsTable>): Promise<void> {
      await db.insertInto('analytics_reports').values(row).execute();
    },
    /** The account's report of the form, or undefined. */
    find(accountId: string, formId: string, reportId: string): Promise<ReportRow | undefined> {
      return db
        .selectFrom('analytics_reports')
        .selectAll()
        .where('id', '=', reportId)
        .where('account_id', '=', accountId)
        .where('form_id', '=', formId)
        .executeTakeFirst();
    },
    load(reportId: string): Promise<ReportRow> {
      return db
        .selectFrom('analytics_reports')
        .selectAll()
        .where('id', '=', reportId)
        .executeTakeFirstOrThrow();
    },
    findByJob(jobId: string): Promise<ReportRow | undefined> {
      return db.selectFrom('analytics_reports').selectAll().where('job_id', '=', jobId).executeTakeFirst();
    },
    /** The report's end: its status, report or error, and the body its callback sends. */
    async end(
      reportId: string,
      values: Pick<AnalyticsReportsTable, 'status' | 'report' | 'error' | 'callback_body' | 'updated_at'>,
    ): Promise<void> {
      await db.updateTable('analytics_reports').set(values).where('id', '=', reportId).execute();
    },
    /**
     * The callback's outbox target of `channel`, signed with the account's secret as it is when
     * sent (the target has no settings of its own), taking no events of the account's feed, only
     * its own delivery.
     */
    async insertCallbackTarget(
      report: Pick<ReportRow, 'id' | 'account_id' | 'callback_url'>,
      channel: string,
      nowIso: string,
    ): Promise<void> {
      await db
        .insertInto('outbox_targets')
        .values(
          newTargetRow({
            id: report.id,
            accountId: report.account_id,
            channel,
            label: report.callback_url,
            url: report.callback_url,
            configSealed: '',
            events: '[]',
            now: nowIso,
          }),
        )
        .execute();
    },
    /** Keeps the callback's delivery columns after an attempt. */
    async keepDelivery(reportId: string, progress: CallbackProgress, nowIso: string): Promise<void> {
      await db
        .updateTable('analytics_reports')
        .set({
          delivery_attempts: progress.attempts,
          delivery_error: progress.error,
          delivery_status: progress.status,
          ...(progress.status === 'DELIVERED' ? { updated_at: nowIso } : {}),
        })
        .where('id', '=', reportId)
        .execute();
    },
    /** A finished callback's target is disabled, so the worker and the event fan-out pass it by. */
    async disableCallbackTarget(reportId: string, channel: string, nowIso: string): Promise<void> {
      await db
        .updateTable('outbox_targets')
        .set({ is_active: 0, disabled_reason: 'done', updated_at: nowIso })
        .where('id', '=', reportId)
        .where('channel', '=', channel)
        .execute();
    },
  };
}
