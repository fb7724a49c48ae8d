import { randomBytes } from 'node:crypto';
import { isRole, type PutSsoBody, type Role, type SsoSettings } from '@formloom/contract';
import * as oidc from 'openid-client';
import type { SecretBox } from '../../crypto/secret-box.js';
import { hashSecret, secretMatches } from '../../crypto/secret-hash.js';
import type { Db } from '../../db/database.js';
import { fromJson, toJson } from '../../db/json.js';
import { badRequest, notFound } from '../../domain-errors.js';
import { BlockedTargetError, checkTargetUrl, type TargetPolicy } from '../../net/ssrf-guard.js';
import { audited, recordAsMember } from '../../platform/audit/index.js';
import type { UsersService } from '../users/index.js';
import { createSsoStore, type SsoRow } from './sso-store.js';

/** How long a started sign-in may take at the provider. */
export const SSO_FLOW_TTL_MS = 10 * 60_000;
/** How long a provider's discovery document is trusted before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60_000;
const CALLBACK_PATH = '/v1/auth/sso/callback';

/**
 * Why a sign-in through the provider did not sign anyone in: the dashboard's sign-in page says it
 * (`?sso=<reason>`); the details, with no secret in them, go to the server's log.
 */
export type SsoRefusal =
  | 'not_configured'
  | 'expired'
  | 'state'
  | 'provider'
  | 'cancelled'
  | 'domain'
  | 'email'
  | 'other_account';

export class SsoRefused extends Error {
  override name = 'SsoRefused';
  constructor(
    readonly reason: SsoRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

export interface SsoServiceDeps {
  db: Db;
  clock: () => Date;
  secrets: SecretBox;
  /** The server's public origin: the callback the provider sends the browser back to. */
  publicUrl: string;
  users: Pick<UsersService, 'create' | 'endSessionsOf'>;
  /** Outbound URL policy (the webhooks' SSRF guard) for the issuer. */
  policy: TargetPolicy;
  /**
   * Plain http for an issuer on a loopback address (a provider run beside the tests); never for
   * any other host. Off by default.
   */
  allowLoopbackHttp?: boolean;
}

/** The state of one sign-in between start and callback, sealed in an HttpOnly cookie of the browser. */
interface Flow {
  account: string;
  state: string;
  nonce: string;
  verifier: string;
  expiresAt: number;
}

const FLOW_CONTEXT = 'sso-flow';
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * Single sign-on through the account's OpenID Connect provider (openid-client: discovery, the
 * authorization code with PKCE, state and nonce, the ID token's signature and claims), and the
 * settings owners keep. A first sign-in of an address at an allowed domain makes a member with the
 * default role; later ones find the member by the provider's subject.
 */
export function createSsoService({
  db,
  clock,
  secrets,
  publicUrl,
  users,
  policy,
  allowLoopbackHttp = false,
}: SsoServiceDeps) {
  const store = createSsoStore(db);
  const base = publicUrl.replace(/\/+$/, '');
  const redirectUri = `${base}${CALLBACK_PATH}`;
  const discovered = new Map<string, { server: oidc.ServerMetadata; at: number }>();

  const insecure = (issuer: URL) => issuer.protocol === 'http:' && allowLoopbackHttp && isLoopback(issuer);

  /** The issuer as it may be used: https, or a loopback http issuer when allowed; then the SSRF guard. */
  async function acceptedIssuer(raw: string): Promise<URL> {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && !insecure(url)) {
      throw badRequest('The issuer must be an https URL');
    }
    if (!insecure(url)) {
      try {
        await checkTargetUrl(url.href, policy);
      } catch (error) {
        if (error instanceof BlockedTargetError)
          throw badRequest(`The issuer is not reachable: ${error.message}`);
        throw error;
      }
    }
    return url;
  }

  /** The provider's metadata, read once an hour per issuer. */
  async function serverOf(issuer: URL, clientId: string, fresh = false): Promise<oidc.ServerMetadata> {
    const cached = discovered.get(issuer.href);
    if (!fresh && cached !== undefined && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.server;
    const config = await oidc.discovery(issuer, clientId, undefined, undefined, {
      ...(insecure(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
      timeout: 10,
    });
    const server = config.serverMetadata();
    discovered.set(issuer.href, { server, at: Date.now() });
    return server;
  }

  /**
   * A client for one step: the discovered provider, this account's credentials, and the server's
   * clock (an injected clock in tests moves the ID token's time checks with it).
   */
  async function clientOf(row: SsoRow): Promise<oidc.Configuration> {
    const issuer = new URL(row.issuer);
    const server = await serverOf(issuer, row.client_id);
    const config = new oidc.Configuration(server, row.client_id, {
      client_secret: secrets.open(row.client_secret_sealed, row.account_id),
      [oidc.clockSkew]: Math.round((clock().getTime() - Date.now()) / 1000),
    });
    if (insecure(issuer)) oidc.allowInsecureRequests(config);
    return config;
  }

  const toSettings = (row: SsoRow): SsoSettings => ({
    issuer: row.issuer,
    clientId: row.client_id,
    allowedDomains: fromJson<string[]>(row.allowed_domains),
    defaultRole: row.default_role as Role,
    enforce: Number(row.enforce) === 1,
    redirectUri,
    signInUrl: `${base}/v1/auth/sso/start?account=${row.account_id}`,
    updatedAt: row.updated_at,
  });

  return {
    async read(accountId: string): Promise<SsoSettings> {
      const row = await store.get(accountId);
      if (row === undefined) throw notFound('Single sign-on is not set up');
      return toSettings(row);
    },

    async put(accountId: string, body: PutSsoBody): Promise<SsoSettings> {
      const issuer = await acceptedIssuer(body.issuer);
      const current = await store.get(accountId);
      if (body.clientSecret === undefined && current === undefined) {
        throw badRequest('A first set-up needs the client secret');
      }
      let server: oidc.ServerMetadata;
      try {
        server = await serverOf(issuer, body.clientId, true);
      } catch (error) {
        throw badRequest(`The provider's discovery document could not be read: ${(error as Error).message}`);
      }
      const domains = [...new Set(body.allowedDomains.map((d) => d.toLowerCase()))];
      const row: SsoRow = {
        account_id: accountId,
        // The provider's own name for itself, which its ID tokens carry as `iss`.
        issuer: server.issuer,
        client_id: body.clientId,
        client_secret_sealed:
          body.clientSecret === undefined
            ? current!.client_secret_sealed
            : secrets.seal(body.clientSecret, accountId),
        allowed_domains: toJson(domains),
        default_role: body.defaultRole,
        enforce: body.enforce ? 1 : 0,
        updated_at: clock().toISOString(),
      };
      await audited(
        db,
        accountId,
        'sso.updated',
        { type: 'account', id: accountId },
        async (trx) => {
          const inTrx = createSsoStore(trx);
          await inTrx.put(row);
          // People who joined through the provider from a domain no longer allowed are signed out.
          const outside = (await inTrx.ssoMembers(accountId)).filter(
            (m) => !domains.includes(domainOf(m.email)),
          );
          await users.endSessionsOf(
            outside.map((m) => m.id),
            trx,
          );
          return true;
        },
        clock,
      );
      return toSettings(row);
    },

    async remove(accountId: string): Promise<{ id: string; deleted: true }> {
      const removed = await audited(
        db,
        accountId,
        'sso.removed',
        { type: 'account', id: accountId },
        (trx) => createSsoStore(trx).remove(accountId),
        clock,
      );
      if (!removed) throw notFound('Single sign-on is not set up');
      return { id: accountId, deleted: true };
    },

    /**
     * Whether the account's members may sign in with a password or a passkey: not when its single
     * sign-on is enforced, owners included (their way back in is an e-mailed code, `SsoRecovery`).
     */
    async passwordAllowed(accountId: string): Promise<boolean> {
      return !(await store.enforced(accountId));
    },

    /** The provider's sign-in page for the account, and the sealed flow the callback needs. */
    async start(accountId: string): Promise<{ location: string; flow: string }> {
      const row = await store.get(accountId);
      if (row === undefined)
        throw new SsoRefused('not_configured', `no single sign-on for account ${accountId}`);
      const config = await clientOf(row);
      const flow: Flow = {
        account: accountId,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        expiresAt: clock().getTime() + SSO_FLOW_TTL_MS,
      };
      const location = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { location: location.href, flow: secrets.seal(JSON.stringify(flow), FLOW_CONTEXT) };
    },

    /**
     * The provider's answer (`query`, the callback's query string) for the flow this browser
     * started: the code traded, the ID token checked (signature, issuer, audience, expiry, nonce),
     * the address's domain allowed; answers the member to sign in, made on a first sign-in.
     */
    async finish(
      query: string,
      sealedFlow: string | undefined,
      ip: string | null,
    ): Promise<{ userId: string }> {
      let flow: Flow;
      try {
        flow = JSON.parse(secrets.open(sealedFlow ?? '', FLOW_CONTEXT)) as Flow;
      } catch {
        throw new SsoRefused('state', 'no sign-in was started in this browser');
      }
      if (flow.expiresAt < clock().getTime()) throw new SsoRefused('expired', 'the sign-in took too long');
      const params = new URLSearchParams(query);
      if (params.get('error') === 'access_denied')
        throw new SsoRefused('cancelled', 'refused at the provider');
      // The answer must be to the request this browser sent (openid-client checks it again).
      if (!secretMatches(params.get('state') ?? '', hashSecret(flow.state))) {
        throw new SsoRefused('state', 'the state does not match the sign-in this browser started');
      }
      const row = await store.get(flow.account);
      if (row === undefined) throw new SsoRefused('not_configured', 'single sign-on was turned off');
      const config = await clientOf(row);
      let claims: oidc.IDToken;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri}?${params}`), {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims()!;
      } catch (error) {
        const message = (error as Error).message;
        throw new SsoRefused('provider', message);
      }
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (email === '' || claims.email_verified === false) {
        throw new SsoRefused('email', 'the provider gave no verified e-mail address');
      }
      const subject = `${row.issuer} ${claims.sub}`;
      const known = (await store.bySubject(subject)) ?? (await store.byEmail(email));
      // Sign-ins of this account's members, and their refusals, go to its audit log as a password's do.
      const record = (
        member: { id: string; email: string },
        action: 'sign_in.succeeded' | 'sign_in.failed',
      ) =>
        recordAsMember(
          db,
          { ...member, account_id: flow.account },
          action,
          { type: 'member', id: member.id },
          ip,
          clock,
        );
      const refuse = async (reason: SsoRefusal, message: string): Promise<never> => {
        if (known !== undefined && known.account_id === flow.account) await record(known, 'sign_in.failed');
        throw new SsoRefused(reason, message);
      };
      const allowed = fromJson<string[]>(row.allowed_domains);
      if (!allowed.includes(domainOf(email))) await refuse('domain', `${domainOf(email)} is not allowed`);
      const now = clock().toISOString();

      if (known !== undefined) {
        if (known.account_id !== flow.account) {
          await refuse('other_account', 'the address belongs to a member of another account');
        }
        if (known.sso_subject !== null && known.sso_subject !== subject) {
          await refuse('other_account', 'the address is bound to another identity at the provider');
        }
        if (known.sso_subject === null) await store.bindSubject(known.id, subject, now);
        await record(known, 'sign_in.succeeded');
        return { userId: known.id };
      }
      const role = isRole(row.default_role) ? row.default_role : 'viewer';
      return db.transaction().execute(async (trx) => {
        // A password nobody knows: this member signs in through the provider.
        const user = await users.create(
          { account: flow.account, email, password: randomBytes(32).toString('base64url'), role },
          trx,
        );
        await createSsoStore(trx).bindSubject(user.id, subject, now);
        const member = { id: user.id, account_id: flow.account, email };
        for (const action of ['member.joined', 'sign_in.succeeded'] as const) {
          await recordAsMember(trx, member, action, { type: 'member', id: user.id }, ip, clock);
        }
        return { userId: user.id };
      });
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
