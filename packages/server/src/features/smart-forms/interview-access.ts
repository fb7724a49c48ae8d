import { createHash, timingSafeEqual } from 'node:crypto';
import type { StartSessionBody } from '@formloom/contract';
import type { Db, SmartFormRow, SmartFormSessionRow } from '../../db/database.js';
import { fromJson } from '../../db/json.js';
import { conflict, forbidden, notFound } from '../../domain-errors.js';
import { chooseLanguage } from '../../platform/language-choice.js';
import { createSessionsStore } from './sessions-store.js';
import { createSmartFormsStore } from './smart-forms-store.js';

export interface InterviewAccessDeps {
  db: Db;
}

/** A session token as stored: its SHA-256, in hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares two hex digests of equal length in constant time. */
function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Who may reach what in an interview: the published smart form behind a code and the language a
 * session would start in, a session of a path, its `x-session-token` check (what it read kept for
 * the request's handler), and the rule that only an active session takes answers.
 */
export function createInterviewAccess({ db }: InterviewAccessDeps) {
  const forms = createSmartFormsStore(db);
  const sessions = createSessionsStore(db);

  async function publishedForm(code: string): Promise<SmartFormRow> {
    const form = await forms.findByShareCode(code);
    if (form === undefined || form.status !== 'published')
      throw notFound('No published smart form under this code');
    return form;
  }

  /** The published smart form a session would start on, and the language it would start in. */
  async function opening(
    code: string,
    body: StartSessionBody,
    context: { acceptLanguage?: string | undefined },
  ): Promise<{ form: SmartFormRow; language: string; detected: boolean }> {
    const form = await publishedForm(code);
    const languages = fromJson<string[]>(form.languages);
    return { form, ...chooseLanguage(languages, body.language, context.acceptLanguage) };
  }

  /** What the token check read for a request, so its handler does not read it again. */
  const checked = new WeakMap<object, { form: SmartFormRow; session: SmartFormSessionRow }>();

  /** The session of a path, whatever the smart form's status (a soft unpublish lets it finish). */
  async function sessionOf(
    code: string,
    sessionId: string,
    request?: object,
  ): Promise<{ form: SmartFormRow; session: SmartFormSessionRow }> {
    const known = request === undefined ? undefined : checked.get(request);
    if (known !== undefined && known.session.id === sessionId && known.form.share_code === code) return known;
    const form = await forms.findByShareCode(code);
    const session = form === undefined ? undefined : await sessions.findOf(form.id, sessionId);
    if (form === undefined || session === undefined)
      throw notFound('No smart form or session under these ids');
    return { form, session };
  }

  function requireActive(session: SmartFormSessionRow): void {
    if (session.status !== 'active') {
      throw conflict(`This interview is ${session.status}: start a new one to answer again`);
    }
  }

  return {
    publishedForm,
    opening,
    sessionOf,
    requireActive,
    /**
     * Checks an interview route's `x-session-token` (the auth middleware's verifier). `request`:
     * the request being checked; its handler, given the same object, reuses what was read.
     */
    async verifyToken(code: string, sessionId: string, token: string, request?: object): Promise<void> {
      const found = await sessionOf(code, sessionId);
      const { session } = found;
      if (!sameHash(hashToken(token), session.token_hash)) {
        throw forbidden('Wrong x-session-token for this session');
      }
      if (request !== undefined) checked.set(request, found);
    },
  };
}

export type InterviewAccess = ReturnType<typeof createInterviewAccess>;
