import { randomUUID } from 'node:crypto';
import type {
  SmartAnalyticsAccepted,
  SmartAnalyticsCallback,
  SmartAnalyticsReport,
} from '@formloom/contract';
import { generateChecked } from '../../ai/checked.js';
import { createJobsStore } from '../../ai/jobs/jobs-store.js';
import { type AiJobHandler, JobFailure } from '../../ai/jobs/worker.js';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { badRequest, notFound } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { BlockedTargetError, checkTargetUrl, type TargetPolicy } from '../../net/ssrf-guard.js';
import type { OutboxSender } from '../../outbox/channel.js';
import { queueDelivery, recordEvents } from '../../outbox/record.js';
import {
  ANALYTICS_CALLBACK_CHANNEL,
  createAnalyticsCallbackSender,
} from '../../outbox/senders/analytics-callback-sender.js';
import { currentAuditStarter } from '../../platform/audit/index.js';
import { CREDIT_COSTS, type CreditsService } from '../../platform/credits/index.js';
import type { FormsService } from '../forms/index.js';
import { formFigures } from './form-figures.js';
import { reportTask } from './report-task.js';
import { createReportsStore } from './reports-store.js';
import type { SigningSecrets } from './signing-secret.js';

export const SMART_ANALYTICS_JOB = 'smart-analytics';

export interface SmartAnalyticsDeps {
  db: Db;
  clock: () => Date;
  forms: FormsService;
  credits: CreditsService;
  secrets: SigningSecrets;
  policy: TargetPolicy;
  /** The app's AI job wake-up (`WorkSignals.aiJobs`): a requested report starts at once. */
  aiJobs?: Wake;
}

/**
 * Smart analytics (docs/ai.md "Analytics chat and smart analytics reports"): `request` reserves 10 credits
 * and queues the report job in one transaction; the job computes the figures, asks the provider for trends
 * and an analysis, stores the report and queues its callback, all in the transaction that ends it.
 */
export function createSmartAnalytics({
  db,
  clock,
  forms,
  credits,
  secrets,
  policy,
  aiJobs,
}: SmartAnalyticsDeps) {
  const reports = createReportsStore(db);
  return {
    async request(accountId: string, formId: string, callbackUrl: string): Promise<SmartAnalyticsAccepted> {
      await forms.get(accountId, formId);
      const url = await checkTargetUrl(callbackUrl, policy).catch((error: unknown) => {
        throw error instanceof BlockedTargetError ? badRequest(`callbackUrl: ${error.message}`) : error;
      });
      if ((await secrets.open(accountId)) === undefined) {
        throw badRequest(
          'Callbacks are signed with the analytics signing secret, and the account has none: create it first with POST /v1/analytics/signing-secret',
        );
      }
      const jobId = randomUUID();
      const reportId = randomUUID();
      const nowIso = isoNow(clock());
      await db.transaction().execute(async (trx) => {
        const held = await credits.reserveIn(
          trx,
          accountId,
          CREDIT_COSTS.smartAnalytics,
          'ai.smartAnalytics',
        );
        await createReportsStore(trx).insert({
          id: reportId,
          account_id: accountId,
          form_id: formId,
          job_id: jobId,
          callback_url: url.href,
          status: 'PENDING',
          report: null,
          error: null,
          callback_body: null,
          delivery_status: 'PENDING',
          delivery_error: null,
          created_at: nowIso,
          updated_at: nowIso,
        });
        await createJobsStore(trx).insert({
          id: jobId,
          accountId,
          kind: SMART_ANALYTICS_JOB,
          input: { reportId },
          reservationId: held.id,
          startedBy: currentAuditStarter(accountId),
          nowIso,
        });
      });
      aiJobs?.notify();
      return { jobId, reportId };
    },

    async get(accountId: string, formId: string, reportId: string): Promise<SmartAnalyticsReport> {
      await forms.get(accountId, formId);
      const row = await reports.find(accountId, formId, reportId);
      if (row === undefined) throw notFound(`Report ${reportId} not found`);
      const job = await createJobsStore(db).find(row.account_id, row.job_id);
      const status = (
        row.status === 'PENDING' && job?.status === 'PROCESSING' ? 'PROCESSING' : row.status
      ) as SmartAnalyticsReport['status'];
      return {
        reportId: row.id,
        jobId: row.job_id,
        formId: row.form_id,
        status,
        ...(row.report === null ? {} : { report: JSON.parse(row.report) }),
        ...(row.error === null ? {} : { error: row.error }),
        callbackUrl: row.callback_url,
        delivery: {
          status: row.delivery_status as SmartAnalyticsReport['delivery']['status'],
          attempts: Number(row.delivery_attempts),
          lastError: row.delivery_error,
        },
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    },
  };
}

export type SmartAnalytics = ReturnType<typeof createSmartAnalytics>;

export interface ReportJobsDeps {
  forms: FormsService;
  clock: () => Date;
  /** The app's outbox wake-up: the callback and ANALYTICS_REPORT_COMPLETED are sent at once. */
  outbox?: Wake;
}

/**
 * Ends the report with its callback body, and queues the callback, in `trx`: an outbox target of
 * the channel `analytics-callback` (its id is the report's) with one delivery, which the outbox
 * worker signs and sends (see createAnalyticsCallbackSender).
 */
async function endReport(
  trx: Db,
  report: { id: string; account_id: string; job_id: string; form_id: string; callback_url: string },
  nowIso: string,
  end: {
    status: 'DONE' | 'FAILED';
    report?: SmartAnalyticsCallback['report'];
    error?: string;
    creditsUsed: number;
  },
): Promise<void> {
  const body: SmartAnalyticsCallback = {
    jobId: report.job_id,
    reportId: report.id,
    formId: report.form_id,
    status: end.status,
    ...(end.report === undefined ? {} : { report: end.report }),
    ...(end.error === undefined ? {} : { error: end.error }),
    creditsUsed: end.creditsUsed,
    created_at: nowIso,
  };
  const reports = createReportsStore(trx);
  await reports.end(report.id, {
    status: end.status,
    report: end.report === undefined ? null : JSON.stringify(end.report),
    error: end.error ?? null,
    callback_body: JSON.stringify(body),
    updated_at: nowIso,
  });
  await reports.insertCallbackTarget(report, ANALYTICS_CALLBACK_CHANNEL, nowIso);
  await queueDelivery(trx, report.id, {
    accountId: report.account_id,
    type: 'ANALYTICS_CALLBACK',
    payload: JSON.stringify(body),
    createdAt: nowIso,
  });
}

/** The job of smart analytics: the report itself; its callback goes through the outbox. */
export function smartAnalyticsJob(db: Db, deps: ReportJobsDeps): AiJobHandler {
  return {
    kind: SMART_ANALYTICS_JOB,
    async run(job, context) {
      const { reportId } = job.input as { reportId: string };
      const row = await createReportsStore(db).load(reportId);
      const form = await deps.forms.get(row.account_id, row.form_id).catch(() => {
        throw new JobFailure('The form was deleted before its report was made');
      });
      const figures = await formFigures(
        db,
        { accountId: row.account_id, formId: row.form_id, fields: form.schema.fields, schema: form.schema },
        { bucket: 'week' },
      );
      // The one checked loop of AI calls: an answer that is not a report goes back once with its problems.
      const { value: draft } = await generateChecked(
        context.provider,
        reportTask,
        { formTitle: form.title, figures },
        {
          signal: context.signal,
          onUsage: (usage) => context.recordUsage(reportTask.name, usage),
        },
      );
      return {
        commit: async (trx) => {
          const nowIso = isoNow(deps.clock());
          const body = {
            title: draft.title.slice(0, 200) || form.title,
            metrics: {
              responseCount: figures.responseCount,
              firstResponseAt: figures.firstResponseAt,
              lastResponseAt: figures.lastResponseAt,
              fields: figures.fields as unknown as Record<string, Record<string, unknown>>,
              ...(figures.sections === undefined
                ? {}
                : { sections: figures.sections as unknown as Record<string, Record<string, unknown>> }),
              ...(figures.dropOff === undefined ? {} : { dropOff: figures.dropOff }),
            },
            trends: draft.trends.slice(0, 20),
            analysis: draft.analysis,
            ai: context.provider.provenance,
          };
          await endReport(trx, row, nowIso, {
            status: 'DONE',
            report: body,
            creditsUsed: CREDIT_COSTS.smartAnalytics,
          });
          await recordEvents(trx, [
            {
              accountId: row.account_id,
              type: 'ANALYTICS_REPORT_COMPLETED',
              createdAt: nowIso,
              data: {
                formId: row.form_id,
                formTitle: form.title,
                jobId: row.job_id,
                reportId: row.id,
                reportTitle: body.title,
              },
            },
          ]);
          // The callback is queued either way.
          deps.outbox?.notify();
          return { reportId: row.id };
        },
      };
    },
    // The credits come back (the worker's refund); the receiver is told it failed.
    async onFailed(trx, job, reason) {
      const row = await createReportsStore(trx).findByJob(job.id);
      if (row === undefined) return;
      await endReport(trx, row, isoNow(deps.clock()), { status: 'FAILED', error: reason, creditsUsed: 0 });
      deps.outbox?.notify();
    },
  };
}

/**
 * The outbox sender of report callbacks, with what it needs from this feature: the account's
 * signing secret, and the report's delivery columns, kept after every attempt. A finished
 * callback's target is disabled, so the worker and the account's event fan-out pass it by.
 */
export function analyticsCallbackSender(
  db: Db,
  secrets: SigningSecrets,
  clock: () => Date = () => new Date(),
): OutboxSender {
  const reports = createReportsStore(db);
  return createAnalyticsCallbackSender({
    secretOf: (accountId) => secrets.open(accountId),
    async progress(reportId, progress) {
      const nowIso = isoNow(clock());
      await reports.keepDelivery(reportId, progress, nowIso);
      if (progress.status !== 'PENDING') {
        await reports.disableCallbackTarget(reportId, ANALYTICS_CALLBACK_CHANNEL, nowIso);
      }
    },
  });
}
