import {
  type AggregateAnalyticsBody,
  type AggregateAnalyticsResult,
  SMART_FORM_CHAT_SESSION_WINDOW,
  type SmartFormChatBody,
  type SmartFormChatResult,
} from '@formloom/contract';
import type { ChatCall, ChatRunner } from '../../ai/chat-runner.js';
import { generateChecked } from '../../ai/checked.js';
import { aiFailure } from '../../ai/failure.js';
import type { AiProvider } from '../../ai/provider.js';
import { fitLines } from '../../ai/tokens.js';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { badRequest, notFound } from '../../domain-errors.js';
import { CREDIT_COSTS, type CreditsService } from '../../platform/credits/index.js';
import {
  type AggregateDraft,
  aggregateAnalyticsTask,
  aggregateDraftProblems,
} from './aggregate-analytics-task.js';
import { fitSessions, fullBlock } from './session-context.js';
import { sessionFigures } from './session-figures.js';
import { recentCompletedSessions } from './sessions-store.js';
import { type SmartFormChatInput, smartFormChatTask } from './smart-form-chat-task.js';
import { createSmartFormsStore } from './smart-forms-store.js';

/**
 * Most prompt tokens a chat sends, whatever the model takes: every 1,000 tokens costs a credit, so
 * 50 long interviews should not cost 100. Below the model's window it is the window that limits.
 */
export const CHAT_PROMPT_TOKEN_CAP = 32_000;
/** The transcripts aggregate analytics shows the model beside the figures. */
const ANALYTICS_SAMPLE_SESSIONS = 30;
const ANALYTICS_SAMPLE_TOKENS = 6_000;

export interface InsightsServiceDeps {
  db: Db;
  clock: () => Date;
  credits: CreditsService;
  provider: AiProvider;
  /** Runs the chat: budget, credits, the provider call (ai/chat-runner.ts). */
  runner: ChatRunner;
}

/**
 * What a smart form's owner learns from its sessions (docs/ai.md "Smart-form chat and aggregate analytics"):
 * a chat over the 50 most recently completed interviews, and aggregate analytics whose figures the database
 * counts and whose insights and summary the model writes. Credits are reserved before the model is asked (402
 * when short) and settled on the provider's usage.
 */
export function createInsightsService({ db, clock, credits, provider, runner }: InsightsServiceDeps) {
  const forms = createSmartFormsStore(db);

  async function owned(accountId: string, id: string) {
    const form = await forms.find(accountId, id);
    if (form === undefined) throw notFound(`Smart form ${id} not found`);
    return form;
  }

  return {
    /**
     * Everything before the model is asked (the 400 without a completed session, the 402), so a
     * streamed answer can still fail with an ordinary JSON error.
     */
    async prepareChat(
      accountId: string,
      id: string,
      body: SmartFormChatBody,
    ): Promise<ChatCall<SmartFormChatInput>> {
      const form = await owned(accountId, id);
      const sessions = await recentCompletedSessions(db, id, SMART_FORM_CHAT_SESSION_WINDOW);
      if (sessions.length === 0) {
        throw badRequest('This smart form has no completed sessions yet: there is nothing to ask about');
      }
      return runner.prepare(accountId, {
        task: smartFormChatTask,
        reason: 'ai.smartFormChat',
        maxPromptTokens: CHAT_PROMPT_TOKEN_CAP,
        base: {
          title: form.title,
          purpose: form.purpose,
          figures: await sessionFigures(db, { smartFormId: id, sessionIds: sessions.map((s) => s.id) }),
          context: { blocks: [], full: 0, shortened: 0, sessionIds: [], tokens: 0 },
          history: body.conversationHistory ?? [],
          question: body.message,
        },
        fit: async (base, room) => {
          const context = await fitSessions(sessions, room);
          if (context.blocks.length === 0) {
            throw badRequest(
              'The question and history leave no room for the sessions: shorten the conversation',
            );
          }
          // The sessions the answer rests on are counted again with the figures, so both agree.
          const figures =
            context.blocks.length === sessions.length
              ? base.figures
              : await sessionFigures(db, { smartFormId: id, sessionIds: context.sessionIds });
          return { input: { ...base, context, figures }, tokens: context.tokens };
        },
      });
    },

    /** Asks the model, whole or streamed to `onText`, and settles the credits. */
    answerChat(
      call: ChatCall<SmartFormChatInput>,
      stream: { onText?: (text: string) => void; signal?: AbortSignal } = {},
    ): Promise<SmartFormChatResult> {
      return runner.run(call, {
        ...stream,
        keep: (answer) => ({
          answer: answer.text,
          creditsUsed: answer.creditsUsed,
          sessionsAnalyzed: call.input.context.blocks.length,
          ai: answer.ai,
        }),
      });
    },

    async analytics(
      accountId: string,
      id: string,
      body: AggregateAnalyticsBody,
    ): Promise<AggregateAnalyticsResult> {
      const form = await owned(accountId, id);
      const sessionIds = body.sessionIds ?? [];
      const figures = await sessionFigures(db, { smartFormId: id, sessionIds });
      if (figures.completedSessions === 0) {
        throw badRequest(
          sessionIds.length > 0
            ? 'None of the given sessions is a completed session of this smart form'
            : 'This smart form has no completed sessions yet: there is nothing to analyse',
        );
      }
      const sessions = await recentCompletedSessions(db, id, ANALYTICS_SAMPLE_SESSIONS, sessionIds);
      const sample = await fitLines(sessions.map(fullBlock), ANALYTICS_SAMPLE_TOKENS);
      const cost = CREDIT_COSTS.smartAnalytics;
      const held = await credits.reserve(accountId, cost, 'ai.smartFormAnalytics');
      let draft: AggregateDraft;
      try {
        ({ value: draft } = await generateChecked(
          provider,
          aggregateAnalyticsTask,
          { title: form.title, purpose: form.purpose, figures, sample },
          { check: aggregateDraftProblems },
        ));
      } catch (error) {
        await credits.refund(held.id);
        throw aiFailure(error);
      }
      const { granularity, sessionsOverTime, sentiment, themes, ...statistics } = figures;
      return {
        smartFormId: id,
        sessionCount: figures.completedSessions,
        statistics,
        granularity,
        sessionsOverTime,
        sentiment,
        themes,
        trends: draft.trends,
        keyInsights: draft.keyInsights,
        summary: draft.summary,
        creditsUsed: cost,
        ai: provider.provenance,
        generatedAt: isoNow(clock()),
      };
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
