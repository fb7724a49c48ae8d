import { pipeline, Readable, Transform } from 'node:stream';
import type { ExportFormat, SessionAnalysis } from '@formloom/contract';
import { stringify } from 'csv-stringify';
import type { Db } from '../../db/database.js';
import { fromJson } from '../../db/json.js';
import { exportRows } from './export-store.js';
import { shownLanguage } from './sessions-store.js';
import { createXlsxStream, type XlsxCell } from './xlsx-stream.js';

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

/** A JSON array written element by element. */
function jsonArray(): Transform {
  let first = true;
  return new Transform({
    writableObjectMode: true,
    transform(session: ExportedSession, _enc, done) {
      const text = JSON.stringify(session);
      done(null, first ? `[\n${text}` : `,\n${text}`);
      first = false;
    },
    flush(done) {
      done(null, first ? '[]\n' : '\n]\n');
    },
  });
}

/** Sessions to rows (arrays of cells) for csv and xlsx. */
function toRows(maxQuestions: number): Transform {
  return new Transform({
    objectMode: true,
    transform(session: ExportedSession, _enc, done) {
      done(null, exportRow(session, maxQuestions));
    },
  });
}

export interface ExportOptions {
  format: ExportFormat;
  maxQuestions: number;
  /** csv only: a UTF-8 byte order mark first. */
  bom?: boolean;
}

/**
 * The export as streams: `source` (the sessions, from the cursor) piped through the format's
 * writer into `output`, the bytes to send; every step waits for the next (backpressure), and a
 * failure anywhere destroys `output` with it. csv goes through csv-stringify with
 * `escape_formulas` (a cell starting with `=`, `+`, `-`, `@`, tab or carriage return gets a `'`
 * in front, so a spreadsheet shows it as text: no CSV injection); xlsx cells are inline strings,
 * never formulas.
 */
export async function exportStream(
  sessions: AsyncIterable<ExportedSession>,
  options: ExportOptions,
): Promise<{ source: Readable; output: Readable }> {
  const source = Readable.from(sessions, { objectMode: true, highWaterMark: 16 });
  let output: Readable;
  let chain: (NodeJS.ReadableStream | NodeJS.WritableStream)[];
  if (options.format === 'json') {
    output = jsonArray();
    chain = [source, output];
  } else if (options.format === 'csv') {
    output = stringify({
      header: true,
      columns: exportColumns(options.maxQuestions),
      bom: options.bom ?? false,
      escape_formulas: true,
    });
    chain = [source, toRows(options.maxQuestions), output];
  } else {
    const xlsx = await createXlsxStream('Sessions');
    xlsx.input.write(exportColumns(options.maxQuestions));
    output = xlsx.output;
    chain = [source, toRows(options.maxQuestions), xlsx.input];
  }
  pipeline(chain, (error) => {
    if (error) output.destroy(error);
  });
  return { source, output };
}
