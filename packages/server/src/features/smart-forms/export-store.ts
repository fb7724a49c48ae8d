import type { Db } from '../../db/database.js';
import { sqlDialectOf } from '../../db/dialect.js';
import { keysetPages, sortsAfter } from '../../db/keyset.js';
import { questionsBySession } from './sessions-store.js';

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

export type ExportRow = Awaited<ReturnType<ReturnType<typeof exportQuery>['execute']>>[number];

/**
 * SQLite has one connection, and a cursor holds it until it is closed: a long export would make
 * every other request wait. There the sessions are read a page of `SQLITE_PAGE` at a time
 * (keyset paging on started_at and id), each page with its questions, so the connection is free
 * between pages and memory holds one page.
 */
async function* sqlitePages(db: Db, smartFormId: string): AsyncGenerator<ExportRow> {
  // The page of sessions by the (smart_form_id, started_at) index, stopping after SQLITE_PAGE;
  // then their questions by the questions' primary key. One joined query per page (the
  // sessions filtered by `id in (...)`) had the planner walk the form's whole index for its
  // order on every page: 100,000 sessions took 64 to 93 s.
  const pageAfter = (from: { started_at: string; id: string } | undefined) =>
    db
      .selectFrom('smart_form_sessions as s')
      .select(SESSION_COLUMNS)
      .where('s.smart_form_id', '=', smartFormId)
      .$if(from !== undefined, (q) =>
        q.where((eb) => sortsAfter(eb, ['s.started_at', 's.id'], [from!.started_at, from!.id])),
      )
      .orderBy('s.started_at')
      .orderBy('s.id')
      .limit(SQLITE_PAGE)
      .execute();
  for await (const page of keysetPages(pageAfter, SQLITE_PAGE)) {
    const bySession = await questionsBySession(
      db,
      page.map((p) => p.id),
    );
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
  }
}

/**
 * The rows of an export, a session's columns beside each of its questions (a session without
 * questions once, with `text` and `answer` null), oldest session first: on PostgreSQL through one
 * database cursor (kysely's `stream()` over pg-cursor), `CURSOR_CHUNK` rows at a time; on SQLite
 * a page of sessions at a time (see `sqlitePages`).
 */
export function exportRows(db: Db, smartFormId: string): AsyncIterable<ExportRow> {
  return sqlDialectOf(db).cursorStreams
    ? exportQuery(db, smartFormId).stream(CURSOR_CHUNK)
    : sqlitePages(db, smartFormId);
}
