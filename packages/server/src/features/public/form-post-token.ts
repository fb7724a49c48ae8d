import { randomUUID } from 'node:crypto';
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';

/** How long a rendered form may wait before its plain post is refused (it is rendered again). */
export const FORM_POST_TOKEN_TTL_SECONDS = 24 * 3600;
/** How long the thank-you page after a plain post may show the response's recalls. */
export const DONE_TOKEN_TTL_SECONDS = 3600;

/**
 * What a token is for, each its own audience, so one never passes for the other: the form page's
 * plain post (`fl_token`), and the thank-you page's link to the response it recalls (`?r=`).
 */
const PURPOSES = {
  post: { audience: 'formloom:form-post', ttl: FORM_POST_TOKEN_TTL_SECONDS },
  done: { audience: 'formloom:form-done', ttl: DONE_TOKEN_TTL_SECONDS },
} as const;
type Purpose = keyof typeof PURPOSES;

/** The claim naming the response a `done` token lets the thank-you page read. */
const RESPONSE_CLAIM = 'rid';

/**
 * `key`: derived for this purpose alone from the server's secret key (`deriveKey`).
 *
 * The token a form page rendered by this server carries in its plain post (`fl_token`): signed
 * with a key derived from the server's secret key, naming the form's share code, valid a day. A
 * public form has no session a cross-site request could ride on, so the token is not about
 * stolen authority: it makes the no-JavaScript route take posts only from a page this server
 * rendered for that form (a script posting blind has to fetch a page first, and is rate-limited there).
 *
 * The same signer gives the thank-you page's token: after a stored plain post the page is sent to
 * `/f/<code>/done?r=<token>`, naming the form and the response, valid an hour, so that page alone
 * (who holds the link) can fill the completion message's recalls from that response.
 */
export interface FormPostTokensDeps {
  /** The signing key (derived from the server's secret key for this purpose alone). */
  key: Uint8Array;
  clock: () => Date;
}

export function createFormPostTokens({ key, clock }: FormPostTokensDeps) {
  function sign(purpose: Purpose, code: string, claims: JWTPayload): Promise<string> {
    const now = Math.floor(clock().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(code)
      .setAudience(PURPOSES[purpose].audience)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + PURPOSES[purpose].ttl)
      .sign(key);
  }

  /** The claims of `token` when this server issued it for `purpose` and the form `code`, unexpired. */
  async function verify(purpose: Purpose, code: string, token: string | undefined) {
    if (token === undefined || token === '') return undefined;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        audience: PURPOSES[purpose].audience,
        subject: code,
        currentDate: clock(),
        requiredClaims: ['sub', 'exp'],
      });
      return payload.sub === code ? payload : undefined;
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }

  return {
    issue: (code: string): Promise<string> => sign('post', code, {}),
    /** Whether `token` was issued by this server for the form `code`, and is unexpired. */
    async valid(code: string, token: string | undefined): Promise<boolean> {
      return (await verify('post', code, token)) !== undefined;
    },
    /** The thank-you page's token for the response `responseId` of the form `code`. */
    issueDone: (code: string, responseId: string): Promise<string> =>
      sign('done', code, { [RESPONSE_CLAIM]: responseId }),
    /** The response a thank-you page's token names, when it is valid for the form `code`. */
    async doneResponse(code: string, token: string | undefined): Promise<string | undefined> {
      const id = (await verify('done', code, token))?.[RESPONSE_CLAIM];
      return typeof id === 'string' && id !== '' ? id : undefined;
    },
  };
}

export type FormPostTokens = ReturnType<typeof createFormPostTokens>;
