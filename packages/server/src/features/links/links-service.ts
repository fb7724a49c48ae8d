import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreatedFormLinks,
  type CreateFormLinksBody,
  type DeleteResult,
  type ErrorIssue,
  type FormLink,
  type FormLinkPage,
  type FormSchema,
  hasMorePages,
  isLanguage,
  LINK_TOKEN_PARAM,
  type PageQuery,
} from '@formloom/contract';
import { checkAnswerTypes, compileForm, prefillAnswers, prefillTargets } from '@formloom/contract/engine';
import { hashSecret } from '../../crypto/secret-hash.js';
import type { Db } from '../../db/database.js';
import { fromJson, isoNow } from '../../db/json.js';
import { badRequest, conflict, notFound } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { FormMails } from '../notifications/index.js';
import { linkMail } from './link-mails.js';
import { createLinksStore } from './links-store.js';

export interface LinksServiceDeps {
  db: Db;
  clock: () => Date;
  /** FORMLOOM_PUBLIC_URL: the links are its `/f/:code?t=<token>`. */
  publicUrl: string;
  /** Queues the links' mails through the form's mail target. */
  mails: FormMails;
  /** The outbox wake-up: queued mails go out at once. */
  outbox?: Wake | undefined;
}

type LinkRow = {
  id: string;
  email: string | null;
  prefill: string | null;
  created_at: string;
  used_at: string | null;
  response_id: string | null;
};

function toLink(row: LinkRow): FormLink {
  return {
    id: row.id,
    email: row.email,
    prefill: row.prefill === null ? null : fromJson(row.prefill),
    usedAt: row.used_at,
    responseId: row.response_id,
    createdAt: row.created_at,
  };
}

/**
 * Each recipient's prefill, checked as the page's `?<param>=` would be read: every key a prefill
 * parameter of the form (a field's id, or its `prefill.param`), every value of the field's type
 * (an option it has, a number where it takes one).
 */
function prefillIssues(schema: FormSchema, recipients: CreateFormLinksBody['recipients']): ErrorIssue[] {
  const params = new Set(prefillTargets(schema).map((t) => t.param));
  const compiled = compileForm(schema);
  const issues: ErrorIssue[] = [];
  recipients.forEach((r, i) => {
    if (r.prefill === undefined) return;
    for (const key of Object.keys(r.prefill)) {
      if (!params.has(key)) {
        issues.push({
          path: `body.recipients.${i}.prefill.${key}`,
          code: 'unknown_field',
          message: `"${key}" is not a prefillable field of the form (a hidden field or one with \`prefill\`)`,
        });
      }
    }
    const checked = checkAnswerTypes(compiled, prefillAnswers(schema, { ...r.prefill }));
    for (const e of checked.errors) {
      issues.push({
        path: `body.recipients.${i}.prefill.${e.fieldId ?? ''}`,
        code: e.rule,
        message: e.message,
      });
    }
  });
  return issues;
}

/** Personal links: created in bulk (optionally mailed), listed with their use, revoked. */
export function createLinksService({ db, clock, publicUrl, mails, outbox }: LinksServiceDeps) {
  async function ownedForm(accountId: string, id: string) {
    const form = await createLinksStore(db).ownedForm(accountId, id);
    if (form === undefined) throw notFound('Form not found');
    return form;
  }

  return {
    /**
     * One link per recipient, in one transaction with its audit entry and mails. Tokens are 256
     * random bits, kept as their SHA-256 only: the URLs are in this answer and nowhere else.
     */
    async create(accountId: string, formId: string, body: CreateFormLinksBody): Promise<CreatedFormLinks> {
      const form = await ownedForm(accountId, formId);
      if (form.share_code === null) throw conflict('The form has no public address yet: publish it first');
      const schema = fromJson<FormSchema>(form.schema);
      const issues = prefillIssues(schema, body.recipients);
      if (issues.length > 0) throw badRequest(`Invalid prefill: ${issues[0]!.message}`, issues);
      const now = isoNow(clock());
      const base = `${publicUrl.replace(/\/$/, '')}/f/${form.share_code}?${LINK_TOKEN_PARAM}=`;
      const made = body.recipients.map((r) => {
        const token = randomBytes(32).toString('base64url');
        const row = {
          id: randomUUID(),
          form_id: form.id,
          account_id: accountId,
          token_hash: hashSecret(token),
          email: r.email ?? null,
          prefill:
            r.prefill === undefined || Object.keys(r.prefill).length === 0 ? null : JSON.stringify(r.prefill),
          created_at: now,
        };
        return { row, url: `${base}${token}` };
      });
      const language = isLanguage(schema.meta.language) ? schema.meta.language : 'en';
      const mailed = await db.transaction().execute(async (trx) => {
        await createLinksStore(trx).insert(made.map((m) => m.row));
        await recordAudit(trx, accountId, 'form.links_created', { type: 'form', id: form.id }, clock);
        if (body.send !== true) return 0;
        const toSend = made.filter((m) => m.row.email !== null);
        return mails.queue(
          trx,
          { id: form.id, accountId },
          'MAIL_PERSONAL_LINK',
          toSend.map((m) => linkMail(m.row.email!, schema.meta.title, m.url, language)),
          now,
        );
      });
      if (mailed > 0) outbox?.notify();
      return {
        links: made.map((m) => ({
          ...toLink({ ...m.row, used_at: null, response_id: null }),
          url: m.url,
        })),
        mailed,
      };
    },

    async list(accountId: string, formId: string, query: PageQuery): Promise<FormLinkPage> {
      const form = await ownedForm(accountId, formId);
      const { rows, total } = await createLinksStore(db).list(form.id, query);
      const info = { total, page: query.page, limit: query.limit };
      return { links: rows.map(toLink), ...info, hasMore: hasMorePages(info) };
    },

    /** The link of `token` on the form (its page, `?t=`): whether it answered, and its prefill; undefined for none. */
    async linkFor(
      formId: string,
      token: string,
    ): Promise<{ used: boolean; prefill: Record<string, string> | null } | undefined> {
      const link = await createLinksStore(db).byTokenHash(formId, hashSecret(token));
      if (link === undefined) return undefined;
      return { used: link.used_at !== null, prefill: link.prefill === null ? null : fromJson(link.prefill) };
    },

    async revoke(accountId: string, formId: string, linkId: string): Promise<DeleteResult> {
      const form = await ownedForm(accountId, formId);
      return db.transaction().execute(async (trx) => {
        if (!(await createLinksStore(trx).remove(form.id, linkId))) throw notFound('Link not found');
        await recordAudit(trx, accountId, 'form.link_revoked', { type: 'form', id: form.id }, clock);
        return { id: linkId, deleted: true as const };
      });
    },
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
