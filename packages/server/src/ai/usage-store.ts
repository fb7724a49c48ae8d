import { randomUUID } from 'node:crypto';
import type { AiProvenance } from '@formloom/contract';
import type { Db } from '../db/database.js';
import type { AiUsage } from './provider.js';

export interface UsageRecord {
  accountId: string;
  jobId: string | null;
  task: string;
  provenance: AiProvenance;
  usage: AiUsage;
  nowIso: string;
}

/** One row per AI call: what it used, as reported by the provider or counted (`estimated`). */
export async function recordUsage(db: Db, record: UsageRecord): Promise<void> {
  await db
    .insertInto('ai_usage')
    .values({
      id: randomUUID(),
      account_id: record.accountId,
      job_id: record.jobId,
      task: record.task,
      provider: record.provenance.provider,
      model: record.provenance.model,
      prompt_tokens: record.usage.promptTokens,
      completion_tokens: record.usage.completionTokens,
      estimated: record.usage.estimated ? 1 : 0,
      created_at: record.nowIso,
    })
    .execute();
}
