/**
 * The baseline, in its own process set up like the Formloom one: a bare express route that
 * parses the same JSON body with express.json and inserts it into SQLite (better-sqlite3 with the
 * server's own pragmas, one prepared statement), answering the same envelope. No validation, no
 * idempotency, no counters, no events: what storing a submission costs before Formloom's rules.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import express from 'express';
import { openSqlite } from '../src/db/dialects/sqlite.js';
import { listen } from '../src/server.js';
import { answerCpuQuestions, CHILD_ENV, type DriverMessage, send } from './ipc.js';

const dataDir = process.env[CHILD_ENV.dataDir];
if (!dataDir) throw new Error(`${CHILD_ENV.dataDir} is not set; run this through the bench driver`);

const sqlite = openSqlite({ file: join(dataDir, 'baseline.db') });
// By default the row is stored as Formloom stores a response: the same columns and the indexes a
// response is read back by (its id; the form's newest-first list), but not the idempotency
// constraint, which is part of what the comparison measures. BENCH_BASELINE=minimal keeps only
// the primary key: the cheapest insert there is.
const minimal = process.env[CHILD_ENV.baselineTable] === 'minimal';
sqlite.exec(`create table if not exists responses (
  id text primary key,
  form_id text not null,
  account_id text not null,
  answers text not null,
  submitted_at text not null,
  idempotency_key text,
  idempotency_fingerprint text
)`);
if (!minimal) {
  sqlite.exec(
    'create index if not exists responses_form_submitted_idx on responses (form_id, submitted_at, id)',
  );
}
const insert = sqlite.prepare(
  `insert into responses (id, form_id, account_id, answers, submitted_at, idempotency_key, idempotency_fingerprint)
   values (?, ?, ?, ?, ?, ?, null)`,
);
const accountId = randomUUID();

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.post('/v1/public/forms/:code/responses', express.json({ limit: 1024 * 1024 }), (req, res) => {
  const responseId = randomUUID();
  const submittedAt = new Date().toISOString();
  insert.run(
    responseId,
    req.params.code,
    accountId,
    JSON.stringify(req.body.answers),
    submittedAt,
    req.get('idempotency-key') ?? null,
  );
  res.status(201).json({ message: 'Response stored', data: { responseId, submittedAt }, error: null });
});
const running = await listen(app, { port: 0, host: '127.0.0.1' });

answerCpuQuestions();
process.on('message', async (message: DriverMessage) => {
  if (message.type === 'shutdown') {
    await running.close();
    sqlite.close();
    process.disconnect?.();
  }
});

send({ type: 'ready', url: running.url });
