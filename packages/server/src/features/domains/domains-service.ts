import { randomBytes, randomUUID } from 'node:crypto';
import type {
  DeleteResult,
  Domain,
  DomainCheckResult,
  DomainList,
  UpdateDomainBody,
} from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { isoNow } from '../../db/json.js';
import { badRequest, conflict, notFound } from '../../domain-errors.js';
import { audited } from '../../platform/audit/index.js';
import type { HostAsk } from '../public/index.js';
import { createDomainsStore, type DomainRow } from './domains-store.js';
import { checkResultOf, type TxtLookup } from './txt-lookup.js';

export interface DomainsServiceDeps {
  db: Db;
  clock: () => Date;
  /** The TXT look-ups (FORMLOOM_DNS_SERVERS's resolver). */
  lookupTxt: TxtLookup;
  /** FORMLOOM_PUBLIC_URL: its host is the server's own, never a custom domain. */
  publicUrl: string;
}

/** The TXT record's name: a label of our own under the domain, so it meets no record of theirs. */
export const txtNameOf = (hostname: string) => `_formloom.${hostname}`;

const domainNotFound = (id: string) => notFound(`Domain ${id} not found`);

function toDomain(row: DomainRow): Domain {
  return {
    id: row.id,
    hostname: row.hostname,
    status: row.verified_at === null ? 'pending' : 'verified',
    verification: { txtName: txtNameOf(row.hostname), txtValue: row.txt_value },
    rootFormId: row.root_form_id,
    lastCheck:
      row.checked_at === null || row.check_result === null
        ? null
        : { at: row.checked_at, result: row.check_result as DomainCheckResult },
    verifiedAt: row.verified_at,
    createdAt: row.created_at,
  };
}

/** Where a request on a custom host goes: a form's share code, no form there, or not a custom host. */
export type HostTarget = { code: string } | 'no-form' | 'not-a-custom-host';

export function createDomainsService({ db, clock, lookupTxt, publicUrl }: DomainsServiceDeps) {
  const store = createDomainsStore(db);
  const ownHost = new URL(publicUrl).hostname.toLowerCase();

  async function load(accountId: string, id: string): Promise<DomainRow> {
    const row = await store.find(accountId, id);
    if (row === undefined) throw domainNotFound(id);
    return row;
  }

  return {
    ownHost,

    async list(accountId: string): Promise<DomainList> {
      return { domains: (await store.list(accountId)).map(toDomain) };
    },

    async get(accountId: string, id: string): Promise<Domain> {
      return toDomain(await load(accountId, id));
    },

    async add(accountId: string, hostname: string): Promise<Domain> {
      if (hostname === ownHost) throw badRequest(`${hostname} is this server's own address`);
      const row: DomainRow = {
        id: randomUUID(),
        account_id: accountId,
        hostname,
        // Public once it is in DNS, so it is kept as it is: it proves control, it grants nothing.
        txt_value: `formloom-verify=${randomBytes(24).toString('base64url')}`,
        root_form_id: null,
        verified_at: null,
        checked_at: null,
        check_result: null,
        created_at: isoNow(clock()),
      };
      try {
        await audited(
          db,
          accountId,
          'domain.added',
          { type: 'domain', id: row.id },
          (trx) => createDomainsStore(trx).insert(row),
          clock,
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`The account already has the domain ${hostname}`);
        throw error;
      }
      return toDomain(row);
    },

    /**
     * Looks the TXT record up now. A verified domain stays verified (its record may go once
     * checked); a host another account verified first cannot be verified again (409).
     */
    async verify(accountId: string, id: string): Promise<Domain> {
      const row = await load(accountId, id);
      if (row.verified_at !== null) return toDomain(row);
      const result = checkResultOf(await lookupTxt(txtNameOf(row.hostname)), row.txt_value);
      const nowIso = isoNow(clock());
      const checked = { checked_at: nowIso, check_result: result };
      if (result !== 'verified') {
        await store.update(accountId, id, checked);
        return toDomain({ ...row, ...checked });
      }
      const values = { ...checked, verified_at: nowIso };
      try {
        await audited(
          db,
          accountId,
          'domain.verified',
          { type: 'domain', id },
          (trx) => createDomainsStore(trx).update(accountId, id, values),
          clock,
        );
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict(`Another account has verified ${row.hostname}: it is served for that account`);
        throw error;
      }
      return toDomain({ ...row, ...values });
    },

    async update(accountId: string, id: string, body: UpdateDomainBody): Promise<Domain> {
      const row = await load(accountId, id);
      if (body.rootFormId !== null && !(await store.formExists(accountId, body.rootFormId))) {
        throw notFound(`Form ${body.rootFormId} not found`);
      }
      const values = { root_form_id: body.rootFormId };
      await audited(
        db,
        accountId,
        'domain.updated',
        { type: 'domain', id },
        (trx) => createDomainsStore(trx).update(accountId, id, values),
        clock,
      );
      return toDomain({ ...row, ...values });
    },

    async remove(accountId: string, id: string): Promise<DeleteResult> {
      const removed = await audited(
        db,
        accountId,
        'domain.removed',
        { type: 'domain', id },
        (trx) => createDomainsStore(trx).remove(accountId, id),
        clock,
      );
      if (!removed) throw domainNotFound(id);
      return { id, deleted: true };
    },

    /** Whether the server serves this host (a TLS proxy asks before it gets a certificate). */
    async allowed(hostname: string): Promise<boolean> {
      return (await store.verifiedHost(hostname.toLowerCase().replace(/\.$/, ''))) !== undefined;
    },

    /**
     * What a request on `hostname` asks for (`HostAsk`) serves there: the form of the domain's
     * account with that slug, its root form, or the share code asked when the form is that
     * account's; never another account's.
     */
    async target(hostname: string, ask: HostAsk): Promise<HostTarget> {
      const host = hostname.toLowerCase();
      if (host === ownHost) return 'not-a-custom-host';
      const domain = await store.verifiedHost(host);
      if (domain === undefined) return 'not-a-custom-host';
      if (ask === 'assets') return 'no-form';
      if ('code' in ask) {
        const owner = await store.accountOfShareCode(ask.code);
        return owner === domain.account_id ? { code: ask.code } : 'no-form';
      }
      const by = 'slug' in ask ? { slug: ask.slug } : domain.root_form_id && { id: domain.root_form_id };
      if (!by) return 'no-form';
      const code = await store.shareCodeOf(domain.account_id, by);
      return code === undefined ? 'no-form' : { code };
    },
  };
}

export type DomainsService = ReturnType<typeof createDomainsService>;
