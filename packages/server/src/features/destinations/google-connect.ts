import { randomBytes } from 'node:crypto';
import type { GoogleAuthorization } from '@formloom/contract';
import type { SecretBox } from '../../crypto/secret-box.js';
import { GoogleNotConfiguredError } from '../../domain-errors.js';
import type { TargetPolicy } from '../../net/ssrf-guard.js';
import { type AuditStarter, currentAuditStarter, runAsAuditStarter } from '../../platform/audit/index.js';
import type { createLimiter } from '../../platform/limits/index.js';
import type { FormsService } from '../forms/index.js';
import type { DestinationsService } from './destinations-service.js';
import { type GoogleSettings, googleAuthorizeUrl, googleToken, sheetsApi } from './google-client.js';
import { wantedColumns } from './sheet-columns.js';

/** How long a started connection may take at Google's consent screen. */
export const GOOGLE_FLOW_TTL_MS = 10 * 60_000;
export const GOOGLE_CALLBACK_PATH = '/v1/destinations/google/callback';
/** The sheet of the spreadsheet Formloom makes. */
export const GOOGLE_SHEET = 'Responses';
const FLOW_CONTEXT = 'google-sheets-flow';
const CALL_TIMEOUT_MS = 15_000;

/** A connection between its start and Google's callback, sealed in the `state` Google hands back. */
interface GoogleFlow {
  /** Names this flow to the limiter, which lets it be finished once. */
  id: string;
  accountId: string;
  formId: string;
  /** Who started it (a member or a key): the callback acts as them, and a member's must be theirs. */
  starter: AuditStarter | null;
  verifier: string;
  expiresAt: number;
}

/**
 * Why the callback connected nothing: the dashboard's page says `denied` (the person refused at
 * Google) or `error`; the details, with no secret in them, go to the server's log.
 */
export class GoogleConnectRefused extends Error {
  override name = 'GoogleConnectRefused';
  constructor(
    readonly outcome: 'denied' | 'error',
    detail: string,
    /** The form the flow was for, when the state named one. */
    readonly formId?: string,
  ) {
    super(detail);
  }
}

export interface GoogleConnectDeps {
  /** Absent: the server has no Google OAuth client; starting answers 409 GOOGLE_NOT_CONFIGURED. */
  settings: GoogleSettings | undefined;
  secrets: SecretBox;
  clock: () => Date;
  /** The server's public origin: Google sends the browser back to its callback. */
  publicUrl: string;
  /** The one limiter: a flow's state is taken once (across instances). */
  limiter: Pick<ReturnType<typeof createLimiter>, 'consume'>;
  forms: Pick<FormsService, 'load'>;
  destinations: Pick<DestinationsService, 'connectGoogle'>;
  /** Outbound URL policy for Google's endpoints (the webhooks' SSRF guard). */
  policy: TargetPolicy;
}

/**
 * Connecting Google Sheets through Google's OAuth 2 (authorization code with PKCE, an offline grant
 * of `drive.file`): the start answers the consent screen's URL with the flow sealed in its `state`;
 * the callback trades the code for a refresh token, makes a spreadsheet named after the form with
 * the header row, and connects it as a destination.
 */
export function createGoogleConnect(deps: GoogleConnectDeps) {
  const redirectUri = `${deps.publicUrl.replace(/\/+$/, '')}${GOOGLE_CALLBACK_PATH}`;
  const options = { timeoutMs: CALL_TIMEOUT_MS, policy: deps.policy };

  /** The flow sealed in `state`, unexpired, and not finished before. */
  async function flowOf(state: string): Promise<GoogleFlow> {
    let flow: GoogleFlow;
    try {
      flow = JSON.parse(deps.secrets.open(state, FLOW_CONTEXT)) as GoogleFlow;
    } catch {
      throw new GoogleConnectRefused('error', 'the state is not one this server sealed');
    }
    if (flow.expiresAt < deps.clock().getTime()) {
      throw new GoogleConnectRefused('error', 'the connection took longer than 10 minutes', flow.formId);
    }
    const once = await deps.limiter.consume(`google:flow:${flow.id}`, {
      limit: 1,
      windowMs: GOOGLE_FLOW_TTL_MS,
    });
    if (!once.allowed) throw new GoogleConnectRefused('error', 'the state was used before', flow.formId);
    return flow;
  }

  return {
    redirectUri,

    /** Google's consent screen for connecting the form's responses, as the current caller. */
    async start(accountId: string, formId: string): Promise<GoogleAuthorization> {
      const settings = deps.settings;
      if (settings === undefined) {
        throw new GoogleNotConfiguredError(
          'Google Sheets is not set up on this server: set FORMLOOM_GOOGLE_CLIENT_ID and FORMLOOM_GOOGLE_CLIENT_SECRET',
        );
      }
      await deps.forms.load(accountId, formId);
      const flow: GoogleFlow = {
        id: randomBytes(16).toString('base64url'),
        accountId,
        formId,
        starter: currentAuditStarter(accountId),
        verifier: randomBytes(48).toString('base64url'),
        expiresAt: deps.clock().getTime() + GOOGLE_FLOW_TTL_MS,
      };
      const state = deps.secrets.seal(JSON.stringify(flow), FLOW_CONTEXT);
      return { url: googleAuthorizeUrl(settings, redirectUri, state, flow.verifier) };
    },

    /**
     * Google's answer (the callback's query) in the browser of `member` (the dashboard's signed-in
     * member, if any): the destination made, or GoogleConnectRefused. A flow a member started
     * finishes only in that member's browser, so a link from someone else's flow connects nothing.
     */
    async finish(
      query: URLSearchParams,
      member: { userId: string; accountId: string } | undefined,
    ): Promise<{ formId: string; destinationId: string }> {
      const settings = deps.settings;
      if (settings === undefined)
        throw new GoogleConnectRefused('error', 'Google is not set up on this server');
      const flow = await flowOf(query.get('state') ?? '');
      const actor = flow.starter?.actor;
      if (actor?.type === 'user' && (member?.userId !== actor.id || member.accountId !== flow.accountId)) {
        throw new GoogleConnectRefused('error', 'the connection was started by another member', flow.formId);
      }
      if (query.has('error')) {
        const error = query.get('error');
        throw new GoogleConnectRefused(
          error === 'access_denied' ? 'denied' : 'error',
          `google: ${error}`,
          flow.formId,
        );
      }
      const form = await deps.forms.load(flow.accountId, flow.formId).catch(() => undefined);
      if (form === undefined) throw new GoogleConnectRefused('error', 'the form was deleted', flow.formId);
      const refused = (detail: string) => new GoogleConnectRefused('error', detail, flow.formId);

      const tokens = await googleToken(
        settings,
        {
          grant_type: 'authorization_code',
          code: query.get('code') ?? '',
          redirect_uri: redirectUri,
          code_verifier: flow.verifier,
        },
        options,
      );
      if (!tokens.ok) throw refused(`the code was not traded: ${tokens.failure.error}`);
      const refreshToken = tokens.value.refreshToken;
      if (refreshToken === undefined) throw refused('Google gave no refresh token');

      const columns = wantedColumns(JSON.parse(form.schema), null);
      const api = sheetsApi(settings.sheetsBase, tokens.value.accessToken, options);
      const made = await api.create(
        `${form.title} (Formloom responses)`,
        GOOGLE_SHEET,
        columns.map((c) => c.title),
      );
      if (!made.ok) throw refused(`the spreadsheet was not made: ${made.failure.error}`);

      const destination = await runAsAuditStarter(flow.accountId, flow.starter, () =>
        deps.destinations.connectGoogle(flow.accountId, flow.formId, {
          target: { spreadsheetId: made.value.spreadsheetId, sheet: GOOGLE_SHEET },
          refreshToken,
          state: { sheetId: made.value.sheetId, columns },
        }),
      );
      return { formId: flow.formId, destinationId: destination.id };
    },
  };
}

export type GoogleConnect = ReturnType<typeof createGoogleConnect>;
