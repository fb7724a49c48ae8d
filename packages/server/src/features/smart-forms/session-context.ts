import type { SessionAnalysis } from '@formloom/contract';
import { countTokens } from '../../ai/tokens.js';

/** A completed session as a prompt shows it: its reference, analysis and transcript. */
export interface ContextSession {
  id: string;
  /** How the prompt and the answer refer to it: `#` and the id's first 8 characters. */
  ref: string;
  completedAt: string;
  language: string | null;
  analysis: SessionAnalysis | null;
  transcript: { question: string; answer: string | null }[];
}

/** The sessions a prompt carries: the newest in full, older ones by their analysis only. */
export interface SessionContext {
  /** One block per session, newest first. */
  blocks: string[];
  /** Sessions whose whole transcript is in `blocks` (the newest ones). */
  full: number;
  /** Sessions in `blocks` by their analysis only (older ones, shortened to fit). */
  shortened: number;
  /** The ids of the sessions in `blocks`, newest first. */
  sessionIds: string[];
  tokens: number;
}

export const sessionRef = (id: string) => `#${id.slice(0, 8)}`;

function header(session: ContextSession): string {
  const a = session.analysis;
  const lines = [
    `Session ${session.ref} (completed ${session.completedAt.slice(0, 16).replace('T', ' ')} UTC, language ${session.language ?? 'unknown'})`,
  ];
  if (a !== null) {
    lines.push(
      `Summary: ${a.summary}`,
      `Sentiment: ${a.sentiment.label} (${a.sentiment.score})`,
      `Themes: ${a.keyThemes.join('; ') || 'none'}`,
    );
  }
  return lines.join('\n');
}

/** The session with its whole transcript. */
export function fullBlock(session: ContextSession): string {
  const qa = session.transcript.map(
    (entry, i) => `Q${i + 1}: ${entry.question}\nA${i + 1}: ${entry.answer ?? '(no answer)'}`,
  );
  return [header(session), ...qa].join('\n');
}

/** The session by its analysis only: what an older session is shortened to. */
export function shortBlock(session: ContextSession): string {
  return `${header(session)}\n(transcript left out to fit)`;
}

/**
 * The sessions that fit in `budget` tokens, newest first: all in full when they fit; otherwise
 * the oldest transcripts are shortened to their analysis first, one session at a time, and if even
 * that is too long the oldest sessions are left out. Counted with the tokenizer, per block.
 */
export async function fitSessions(
  sessions: readonly ContextSession[],
  budget: number,
): Promise<SessionContext> {
  const full = sessions.map(fullBlock);
  const short = sessions.map(shortBlock);
  const fullTokens = await Promise.all(full.map(countTokens));
  const shortTokens = await Promise.all(short.map(countTokens));
  // Each block is followed by a blank line: 1 token or so, counted as 2 to stay under the budget.
  const cost = (tokens: number) => tokens + 2;
  let total = fullTokens.reduce((sum, t) => sum + cost(t), 0);
  let fullCount = sessions.length;
  // Shorten from the oldest (the end of the list) until the whole fits.
  while (total > budget && fullCount > 0) {
    fullCount -= 1;
    total += shortTokens[fullCount]! - fullTokens[fullCount]!;
  }
  let kept = sessions.length;
  while (total > budget && kept > 0) {
    kept -= 1;
    total -= cost(kept < fullCount ? fullTokens[kept]! : shortTokens[kept]!);
    if (kept < fullCount) fullCount = kept;
  }
  const blocks = sessions.slice(0, kept).map((_, i) => (i < fullCount ? full[i]! : short[i]!));
  return {
    blocks,
    full: fullCount,
    shortened: kept - fullCount,
    sessionIds: sessions.slice(0, kept).map((s) => s.id),
    tokens: total,
  };
}
