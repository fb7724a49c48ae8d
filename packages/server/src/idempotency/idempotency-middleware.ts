import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_RULE,
  IDEMPOTENCY_KEY_TTL_HOURS,
  isIdempotencyKey,
  routeMetadata,
} from '@formloom/contract';
import type { NextFunction, Request, Response } from 'express';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Db } from '../db/database.js';
import { badRequest, conflict } from '../domain-errors.js';
import type { Logger } from '../logger.js';
import { idempotencyExpiry } from './expiry.js';
import { fingerprint, legacyRequestFingerprint } from './fingerprint.js';
import { createIdempotencyStore } from './idempotency-store.js';

/** A retry arriving while the first request still runs waits this long for its answer. */
export const IDEMPOTENCY_WAIT_MS = 10_000;
/** A first request still unanswered after this never will be (its server stopped mid-way). */
export const IDEMPOTENCY_STALE_MS = 5 * 60_000;
const POLL_MS = 25;

export interface IdempotencyOptions {
  db: Db;
  clock: () => Date;
  /** Answers are kept sealed: a create's answer may hold a secret shown once (webhook, signing secret). */
  box: SecretBox;
  logger: Logger;
  waitMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `Idempotency-Key` on the create routes (contract metadata `idempotent`, set by `creates()`),
 * for every such route at once, after authentication, limits and body parsing. Keys belong to
 * an account and last `IDEMPOTENCY_TTL_MS` (24 hours). The first request with a key claims it
 * (a row, by primary key, so of concurrent duplicates exactly one runs, on one instance or
 * several); its answer (status and body, any status below 500) is stored before it is sent, and
 * a retry with the same key and the same method, path and body gets that answer again
 * (`Idempotent-Replayed: true`) without the work being done again. A retry arriving while the
 * first still runs waits for its answer. The same key with another request is a 409. A 5xx
 * gives the key up, so a retry runs again. A request is told apart by `fingerprint` (canonical
 * JSON: the body's key order does not count), as a public submission is. Expired keys (both
 * kinds) are purged by a chore of the scheduler (`createIdempotencyPurge`, listed in chores.ts).
 */
export function idempotency({ db, clock, box, logger, waitMs = IDEMPOTENCY_WAIT_MS }: IdempotencyOptions) {
  const store = createIdempotencyStore(db);
  function replay(res: Response, status: number, sealed: string, context: string) {
    res.setHeader('Idempotent-Replayed', 'true');
    res.status(status).type('application/json').send(box.open(sealed, context));
  }

  /** Stores the claiming request's answer as it is sent; a 5xx releases the key instead. */
  function capture(res: Response, accountId: string, key: string, context: string) {
    const json = res.json.bind(res);
    let captured = false;
    res.json = (body?: unknown) => {
      if (captured) return json(body);
      captured = true;
      const status = res.statusCode;
      if (status >= 500) {
        store
          .release(accountId, key)
          .catch((err: unknown) => logger.error({ err }, 'releasing an idempotency key'));
        return json(body);
      }
      store.complete(accountId, key, status, box.seal(JSON.stringify(body), context)).then(
        () => json(body),
        (err: unknown) => {
          logger.error({ err }, 'storing the answer of an idempotency key failed');
          json(body);
        },
      );
      return res;
    };
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const route = (req as Request & { tsRestRoute?: Parameters<typeof routeMetadata>[0] }).tsRestRoute;
      const metadata = route === undefined ? undefined : routeMetadata(route);
      const key = req.get(IDEMPOTENCY_KEY_HEADER);
      const auth = req.auth;
      if (metadata?.auth !== 'apiKey' || metadata.idempotent !== true || key === undefined || !auth) {
        next();
        return;
      }
      if (!isIdempotencyKey(key)) {
        throw badRequest(`Idempotency-Key must be ${IDEMPOTENCY_KEY_RULE}`, [
          { path: `headers.${IDEMPOTENCY_KEY_HEADER}`, code: 'invalid_string', message: 'Not a valid key' },
        ]);
      }
      const accountId = auth.accountId;
      const context = `idempotency:${accountId}:${key}`;
      const print = fingerprint({ method: req.method, path: req.path, body: req.body ?? null });
      const started = Date.now();
      for (;;) {
        const now = clock();
        const claimed = await store.claim({
          account_id: accountId,
          key,
          fingerprint: print,
          created_at: now.toISOString(),
          expires_at: idempotencyExpiry(now),
        });
        if (claimed) {
          capture(res, accountId, key, context);
          next();
          return;
        }
        const row = await store.find(accountId, key);
        if (row === undefined) continue; // given up meanwhile (a 5xx): claim it again
        if (row.expires_at <= now.toISOString()) {
          await store.forgetExpired(accountId, key, now.toISOString());
          continue;
        }
        if (
          row.fingerprint !== print &&
          row.fingerprint !== legacyRequestFingerprint(req.method, req.path, req.body)
        ) {
          throw conflict(
            `This Idempotency-Key was already used with another request (method, path or body) in the last ${IDEMPOTENCY_KEY_TTL_HOURS} hours; send a new key for a new request`,
          );
        }
        if (row.response_status !== null && row.response_body !== null) {
          replay(res, row.response_status, row.response_body, context);
          return;
        }
        if (now.getTime() - Date.parse(row.created_at) > IDEMPOTENCY_STALE_MS) {
          throw conflict(
            'The first request with this Idempotency-Key never finished (its server stopped while handling it): check whether it took effect, then send a new key',
          );
        }
        if (Date.now() - started > waitMs) {
          throw conflict(
            'A request with this Idempotency-Key is still being handled; retry in a few seconds for its answer',
          );
        }
        await sleep(POLL_MS);
      }
    } catch (error) {
      next(error);
    }
  };
}
