import type { AuditActor } from '@formloom/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { AiJobRow, Database, Db } from '../../db/database.js';
import { sqlDialectOf } from '../../db/dialect.js';

export type AiJobStatus = 'PENDING' | 'PROCESSING' | 'DONE' | 'FAILED';

/** Who queued a job and from where: what the job changes is recorded as theirs. */
export interface JobStarter {
  actor: AuditActor;
  ip: string | null;
}

export interface NewAiJob {
  id: string;
  accountId: string;
  kind: string;
  input: unknown;
  reservationId: string | null;
  /** The member or key that queued it; null when no one did (a respondent's interview). */
  startedBy: JobStarter | null;
  nowIso: string;
}

/** The starter stored on a job row; null when no member or key queued it. */
export function jobStarterOf(row: AiJobRow): JobStarter | null {
  if (row.started_by_type === null || row.started_by_id === null) return null;
  return {
    actor: {
      type: row.started_by_type as AuditActor['type'],
      id: row.started_by_id,
      ...(row.started_by_email === null ? {} : { email: row.started_by_email }),
    },
    ip: row.started_by_ip,
  };
}

/** Claimable: a due PENDING job, or a PROCESSING one whose worker's lease has run out. */
function claimable(nowIso: string) {
  return (eb: ExpressionBuilder<Database, 'ai_jobs'>) =>
    eb.or([
      eb.and([eb('status', '=', 'PENDING'), eb('run_after', '<=', nowIso)]),
      eb.and([eb('status', '=', 'PROCESSING'), eb('lease_until', '<', nowIso)]),
    ]);
}

/**
 * The SQL of AI jobs. A worker claims jobs with a lease (`lease_owner`, `lease_until`) and renews
 * it while it works; a job whose worker died is claimed again once the lease has run out. Every
 * write of a running job checks the lease is still the writer's, so a worker that lost its job
 * (paused past its lease, then woke up) cannot finish it a second time. The claim's select skips rows
 * another claim has locked (`SqlDialect.skipLocked`), so instances claiming at once take different jobs.
 */
export function createJobsStore(db: Db) {
  const dialect = sqlDialectOf(db);
  return {
    async insert(job: NewAiJob): Promise<void> {
      await db
        .insertInto('ai_jobs')
        .values({
          id: job.id,
          account_id: job.accountId,
          kind: job.kind,
          status: 'PENDING',
          input: JSON.stringify(job.input),
          reservation_id: job.reservationId,
          started_by_type: job.startedBy?.actor.type ?? null,
          started_by_id: job.startedBy?.actor.id ?? null,
          started_by_email: job.startedBy?.actor.email ?? null,
          started_by_ip: job.startedBy?.ip ?? null,
          run_after: job.nowIso,
          created_at: job.nowIso,
          updated_at: job.nowIso,
        })
        .execute();
    },

    find(accountId: string, id: string): Promise<AiJobRow | undefined> {
      return db
        .selectFrom('ai_jobs')
        .selectAll()
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },

    /** Leases up to `limit` claimable jobs of `kinds`, oldest first, counting an attempt each. */
    async claim(
      owner: string,
      kinds: readonly string[],
      nowIso: string,
      leaseUntil: string,
      limit: number,
    ): Promise<AiJobRow[]> {
      if (limit <= 0 || kinds.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const candidates = await trx
          .selectFrom('ai_jobs')
          .select('id')
          .where('kind', 'in', [...kinds])
          .where(claimable(nowIso))
          .orderBy('created_at')
          .limit(limit)
          .$call(dialect.skipLocked)
          .execute();
        if (candidates.length === 0) return [];
        return trx
          .updateTable('ai_jobs')
          .set({
            status: 'PROCESSING',
            lease_owner: owner,
            lease_until: leaseUntil,
            attempts: sql<number>`attempts + 1`,
            updated_at: nowIso,
          })
          .where(
            'id',
            'in',
            candidates.map((c) => c.id),
          )
          .where(claimable(nowIso))
          .returningAll()
          .execute();
      });
    },

    /** Extends the lease of a job this worker still holds; false when it lost it. */
    async renew(id: string, owner: string, leaseUntil: string): Promise<boolean> {
      const done = await db
        .updateTable('ai_jobs')
        .set({ lease_until: leaseUntil })
        .where('id', '=', id)
        .where('status', '=', 'PROCESSING')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) > 0;
    },

    /**
     * Ends a job this worker holds as DONE or FAILED; false (and nothing written) when the lease
     * is no longer its own. Run it in the transaction that writes the job's effects.
     */
    async finish(
      id: string,
      owner: string,
      end: {
        status: 'DONE' | 'FAILED';
        result?: unknown;
        error?: string;
        provider: string | null;
        promptTokens: number;
        completionTokens: number;
        nowIso: string;
      },
    ): Promise<boolean> {
      const done = await db
        .updateTable('ai_jobs')
        .set({
          status: end.status,
          result: end.result === undefined ? null : JSON.stringify(end.result),
          error: end.error ?? null,
          provider: end.provider,
          prompt_tokens: sql<number>`prompt_tokens + ${end.promptTokens}`,
          completion_tokens: sql<number>`completion_tokens + ${end.completionTokens}`,
          lease_owner: null,
          lease_until: null,
          updated_at: end.nowIso,
          finished_at: end.nowIso,
        })
        .where('id', '=', id)
        .where('status', '=', 'PROCESSING')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) > 0;
    },

    /**
     * Puts a job this worker holds back in the queue, due at `runAfter`: after a transient
     * failure, or when the worker stops (`countAttempt: false` gives the attempt back).
     */
    async requeue(
      id: string,
      owner: string,
      runAfter: string,
      nowIso: string,
      usage: { promptTokens: number; completionTokens: number },
      countAttempt = true,
    ): Promise<boolean> {
      const done = await db
        .updateTable('ai_jobs')
        .set({
          status: 'PENDING',
          run_after: runAfter,
          lease_owner: null,
          lease_until: null,
          prompt_tokens: sql<number>`prompt_tokens + ${usage.promptTokens}`,
          completion_tokens: sql<number>`completion_tokens + ${usage.completionTokens}`,
          ...(countAttempt ? {} : { attempts: sql<number>`attempts - 1` }),
          updated_at: nowIso,
        })
        .where('id', '=', id)
        .where('status', '=', 'PROCESSING')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) > 0;
    },

    /** Deletes finished jobs that ended before `cutoffIso`; the number deleted. */
    async purgeFinished(cutoffIso: string): Promise<number> {
      const done = await db
        .deleteFrom('ai_jobs')
        .where('status', 'in', ['DONE', 'FAILED'])
        .where('finished_at', '<', cutoffIso)
        .executeTakeFirst();
      return Number(done.numDeletedRows);
    },
  };
}

export type JobsStore = ReturnType<typeof createJobsStore>;
