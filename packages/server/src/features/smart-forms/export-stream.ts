import { pipeline, Readable, Transform } from 'node:stream';
import type { ExportFormat, SessionAnalysis } from '@formloom/contract';
import { stringify } from 'csv-stringify';
import type { Db } from '../../db/database.js';
import { sqlDialectOf } from '../../db/dialect.js';
import { fromJson } from '../../db/json.js';
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

/** Rows the cursor hands over at a time: enough to keep the database busy, few enough to stay flat. */
const CURSOR_CHUNK = 500;
/** Sessions a SQLite page reads (with their questions: about ten rows each). */
const SQLITE_PAGE = 100;

/** What the export reads of each session (with its questions' text and answer beside). */
const SESSION_COLUMNS = [
  's.id',
  's.status',
  's.started_at',
  's.completed_at',
  's.duration_ms',
  's.language',
  's.language_detected',
  's.answered_count',
  's.analysis',
] as const;

function exportQuery(db: Db, smartFormId: string) {
  return db
    .selectFrom('smart_form_sessions as s')
    .leftJoin('smart_form_questions as q', 'q.session_id', 's.id')
    .select([...SESSION_COLUMNS, 'q.text', 'q.answer'])
    .where('s.smart_form_id', '=', smartFormId)
    .orderBy('s.started_at')
    .orderBy('s.id')
    .orderBy('q.idx');
}

type ExportRow = Awaited<ReturnType<ReturnType<typeof exportQuery>['execute']>>[number];

/**
 * SQLite has one connection, and a cursor holds it until it is closed: a long export would make
 * every other request wait. There the sessions are read a page of `SQLITE_PAGE` at a time
 * (keyset paging on started_at and id), each page with its questions, so the connection is free
 * between pages and memory holds one page.
 */
async function* sqlitePages(db: Db, smartFormId: string): AsyncGenerator<ExportRow> {
  let after: { started_at: string; id: string } | undefined;
  for (;;) {
    const from = after;
    // The page of sessions by the (smart_form_id, started_at) index, stopping after SQLITE_PAGE;
    // then their questions by the questions' primary key. One joined query per page (the
    // sessions filtered by `id in (...)`) had the planner walk the form's whole index for its
    // order on every page: 100,000 sessions took 64 to 93 s.
    const page = await db
      .selectFrom('smart_form_sessions as s')
      .select(SESSION_COLUMNS)
      .where('s.smart_form_id', '=', smartFormId)
      .$if(from !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('s.started_at', '>', from!.started_at),
            eb.and([eb('s.started_at', '=', from!.started_at), eb('s.id', '>', from!.id)]),
          ]),
        ),
      )
      .orderBy('s.started_at')
      .orderBy('s.id')
      .limit(SQLITE_PAGE)
      .execute();
    if (page.length === 0) return;
    const questions = await db
      .selectFrom('smart_form_questions')
      .select(['session_id', 'text', 'answer'])
      .where(
        'session_id',
        'in',
        page.map((p) => p.id),
      )
      .orderBy('session_id')
      .orderBy('idx')
      .execute();
    const bySession = new Map<string, typeof questions>();
    for (const q of questions) {
      const list = bySession.get(q.session_id);
      if (list === undefined) bySession.set(q.session_id, [q]);
      else list.push(q);
    }
    // One row object per session, its question fields set in turn: the reader copies what it
    // needs before asking for the next row.
    for (const session of page) {
      const row: ExportRow = { ...session, text: null, answer: null };
      const asked = bySession.get(session.id);
      if (asked === undefined) yield row;
      else
        for (const q of asked) {
          row.text = q.text;
          row.answer = q.answer;
          yield row;
        }
    }
    if (page.length < SQLITE_PAGE) return;
    after = page.at(-1);
  }
}

/**
 * Every session of a smart form, oldest first, with its questions: on PostgreSQL through one
 * database cursor (kysely's `stream()` over pg-cursor) over sessions joined with their questions,
 * `CURSOR_CHUNK` rows at a time; on SQLite a page of sessions at a time (see `sqlitePages`).
 * Memory holds one chunk whatever the count, and stopping the iteration (a client that went away)
 * closes the cursor.
 */
export async function* exportedSessions(db: Db, smartFormId: string): AsyncGenerator<ExportedSession> {
  const rows = sqlDialectOf(db).cursorStreams
    ? exportQuery(db, smartFormId).stream(CURSOR_CHUNK)
    : sqlitePages(db, smartFormId);
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
