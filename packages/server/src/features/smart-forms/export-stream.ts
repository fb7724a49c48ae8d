import type { ExportFormat, SessionAnalysis } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { fromJson } from '../../db/json.js';
import type { TableExport, XlsxCell } from '../../export/index.js';
import { exportRows } from './export-store.js';
import { shownLanguage } from './sessions-store.js';

/** One session as the export writes it. */
export interface ExportedSession {
  id: string;
  status: string;
  startedAt: string;
  completedAt: string | null;
  durationSeconds: number | null;
  language: string | null;
  transcript: { question: string; answer: string | null }[];
  summary: string | null;
  sentiment: { label: string; score: number } | null;
  themes: string[];
  mappedAnswers: Record<string, unknown> | null;
}

/**
 * Every session of a smart form, oldest first, with its questions: on PostgreSQL through one
 * database cursor (kysely's `stream()` over pg-cursor) over sessions joined with their questions,
 * chunk by chunk; on SQLite a page of sessions at a time (see `exportRows` in export-store.ts).
 * Memory holds one chunk whatever the count, and stopping the iteration (a client that went away)
 * closes the cursor.
 */
export async function* exportedSessions(db: Db, smartFormId: string): AsyncGenerator<ExportedSession> {
  const rows = exportRows(db, smartFormId);
  let current: ExportedSession | undefined;
  for await (const row of rows) {
    if (current?.id !== row.id) {
      if (current !== undefined) yield current;
      const analysis = row.analysis === null ? null : fromJson<SessionAnalysis>(row.analysis);
      current = {
        id: row.id,
        status: row.status,
        startedAt: row.started_at,
        completedAt: row.completed_at,
        durationSeconds: row.duration_ms === null ? null : Number(row.duration_ms) / 1000,
        language: shownLanguage(row),
        transcript: [],
        summary: analysis?.summary ?? null,
        sentiment: analysis === null ? null : analysis.sentiment,
        themes: analysis?.keyThemes ?? [],
        mappedAnswers: analysis?.mappedAnswers ?? null,
      };
    }
    if (row.text !== null) current.transcript.push({ question: row.text, answer: row.answer });
  }
  if (current !== undefined) yield current;
}

/** The columns of the csv and xlsx exports: one question and answer pair per possible question. */
export function exportColumns(maxQuestions: number): string[] {
  const qa: string[] = [];
  for (let i = 1; i <= maxQuestions; i++) qa.push(`question_${i}`, `answer_${i}`);
  return [
    'session_id',
    'status',
    'started_at',
    'completed_at',
    'duration_seconds',
    'language',
    ...qa,
    'summary',
    'sentiment',
    'sentiment_score',
    'themes',
    'mapped_answers',
  ];
}

/** A session as one row of `exportColumns(maxQuestions)`. */
export function exportRow(session: ExportedSession, maxQuestions: number): XlsxCell[] {
  const qa: XlsxCell[] = [];
  for (let i = 0; i < maxQuestions; i++) {
    const entry = session.transcript[i];
    qa.push(entry?.question ?? null, entry?.answer ?? null);
  }
  return [
    session.id,
    session.status,
    session.startedAt,
    session.completedAt,
    session.durationSeconds,
    session.language,
    ...qa,
    session.summary,
    session.sentiment?.label ?? null,
    session.sentiment?.score ?? null,
    session.themes.join('; '),
    session.mappedAnswers === null ? null : JSON.stringify(session.mappedAnswers),
  ];
}

/** How sessions become a file: the shared writer's columns and rows (see `export/`). */
export function sessionsExport(
  format: ExportFormat,
  maxQuestions: number,
  bom: boolean,
): TableExport<ExportedSession> {
  return {
    format,
    columns: exportColumns(maxQuestions),
    row: (session) => exportRow(session, maxQuestions),
    bom,
    sheetName: 'Sessions',
  };
}
