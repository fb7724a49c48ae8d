import { randomUUID } from 'node:crypto';
import {
  ANALYTICS_CHAT_LIMITS,
  type AnalyticsChatBody,
  type AnalyticsChatResult,
  answerItems,
  type FormSchema,
} from '@formloom/contract';
import type { ChatAnswer, ChatCall, ChatRunner } from '../../ai/chat-runner.js';
import type { ChatMessage } from '../../ai/provider.js';
import { fitLines } from '../../ai/tokens.js';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { badRequest, notFound } from '../../domain-errors.js';
import type { FormsService } from '../forms/index.js';
import { createAnalyticsChatStore } from './analytics-chat-store.js';
import { type AnalyticsChatInput, analyticsChatTask, suggestedActions } from './chat-task.js';
import { formFigures } from './form-figures.js';

/** Tokens of the prompt (instructions, figures, sample, history): the sample fills what is left. */
export const CHAT_CONTEXT_TOKENS = 6_000;
/** Responses read for the sample, newest first, before the token budget cuts it. */
const SAMPLE_READ = 200;

export interface PreparedChat {
  accountId: string;
  formId: string;
  sessionId: string;
  isNew: boolean;
  history: ChatMessage[];
  call: ChatCall<AnalyticsChatInput>;
}

export interface AnalyticsChatServiceDeps {
  db: Db;
  clock: () => Date;
  forms: FormsService;
  runner: ChatRunner;
}

/**
 * Analytics chat (docs/ai.md "Analytics chat and smart analytics reports"): a question about one form's
 * responses, answered from the figures the database counts and a sample of recent responses cut to a token
 * budget. A session keeps the conversation; it ends after 30 minutes idle or 10 questions. The chat runner
 * (ai/chat-runner.ts) fits the sample to the budget, reserves and settles the credits and asks the provider.
 */
export function createAnalyticsChatService({ db, clock, forms, runner }: AnalyticsChatServiceDeps) {
  const store = createAnalyticsChatStore(db);

  async function loadSession(accountId: string, formId: string, sessionId: string) {
    const row = await store.findSession(accountId, formId, sessionId);
    if (row === undefined) throw notFound(`Chat session ${sessionId} not found for this form`);
    const idleMs = clock().getTime() - Date.parse(row.last_active_at);
    if (idleMs > ANALYTICS_CHAT_LIMITS.idleTimeoutMinutes * 60_000) {
      throw badRequest(
        `This chat session ended after ${ANALYTICS_CHAT_LIMITS.idleTimeoutMinutes} minutes without a message: start a new one (send no sessionId)`,
      );
    }
    if (Number(row.question_count) >= ANALYTICS_CHAT_LIMITS.maxMessages) {
      throw badRequest(
        `This chat session holds at most ${ANALYTICS_CHAT_LIMITS.maxMessages} messages: start a new one (send no sessionId)`,
      );
    }
    return JSON.parse(row.messages) as ChatMessage[];
  }

  /**
   * Recent answers as JSON lines, newest first, as many as fit in `budget` tokens: each answer
   * under its field's label as display text (`answerItems`: option labels, "4/5", "Row: Column;
   * …"), a repeating section's entries as a list under its title, each entry its answers under
   * their labels; answers to fields the form no longer has are left out.
   */
  async function sample(
    accountId: string,
    formId: string,
    schema: FormSchema,
    budget: number,
  ): Promise<string[]> {
    const rows = await store.recentAnswers(accountId, formId, SAMPLE_READ);
    const labelled = (lines: readonly { label: string; value: string }[]) =>
      Object.fromEntries(lines.map((l) => [l.label, l.value]));
    const line = (answers: Record<string, unknown>) =>
      JSON.stringify(
        Object.fromEntries(
          answerItems(schema, answers).map((item) =>
            item.kind === 'field'
              ? [item.line.label, item.line.value]
              : [item.title, item.entries.map((e) => labelled(e.lines))],
          ),
        ),
      );
    return fitLines(
      rows.map((row) => `${row.submitted_at.slice(0, 10)} ${line(JSON.parse(row.answers))}`),
      budget,
    );
  }

  /** The answer is complete: store the exchange in the session. */
  async function keep(chat: PreparedChat, answer: ChatAnswer): Promise<AnalyticsChatResult> {
    const nowIso = isoNow(clock());
    const messages = JSON.stringify([
      ...chat.history,
      { role: 'user', content: chat.call.input.question },
      { role: 'assistant', content: answer.text },
    ]);
    if (chat.isNew) {
      await store.insertSession({
        id: chat.sessionId,
        account_id: chat.accountId,
        form_id: chat.formId,
        messages,
        question_count: 1,
        last_active_at: nowIso,
        created_at: nowIso,
      });
    } else {
      await store.keepExchange(chat.sessionId, messages, nowIso);
    }
    return {
      sessionId: chat.sessionId,
      message: answer.text,
      suggestedActions: suggestedActions(chat.call.input.figures),
      creditsUsed: answer.creditsUsed,
      ai: answer.ai,
    };
  }

  return {
    /** Everything before the model call: 404/400/402 are thrown here, before any token is spent. */
    async prepare(accountId: string, formId: string, body: AnalyticsChatBody): Promise<PreparedChat> {
      const form = await forms.get(accountId, formId);
      const history =
        body.sessionId === undefined ? [] : await loadSession(accountId, formId, body.sessionId);
      const schema: FormSchema = form.schema;
      // With the schema: the drop-off funnel of its partial responses is part of the context.
      const figures = await formFigures(db, {
        accountId,
        formId,
        fields: schema.fields,
        schema,
        schemaOfRevision: forms.revisionSchemas(formId, form.revision),
      });
      const call = await runner.prepare(accountId, {
        task: analyticsChatTask,
        reason: 'ai.analyticsChat',
        maxPromptTokens: CHAT_CONTEXT_TOKENS,
        base: { formTitle: form.title, figures, sample: [], history, question: body.message },
        // The sample is not counted again: the reservation covers the whole room it was given.
        fit: async (base, room) => ({
          input: { ...base, sample: await sample(accountId, formId, schema, room) },
          tokens: room,
        }),
      });
      return {
        accountId,
        formId,
        sessionId: body.sessionId ?? randomUUID(),
        isNew: body.sessionId === undefined,
        history,
        call,
      };
    },

    /**
     * The answer, whole or streamed to `stream.onText`; stored in the session when complete.
     * A provider failure is a domain error (503), with the credits given back.
     */
    answer(
      chat: PreparedChat,
      stream?: { onText: (text: string) => void; signal: AbortSignal },
    ): Promise<AnalyticsChatResult> {
      return runner.run(chat.call, { ...stream, keep: (answer) => keep(chat, answer) });
    },
  };
}

export type AnalyticsChatService = ReturnType<typeof createAnalyticsChatService>;
