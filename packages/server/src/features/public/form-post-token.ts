import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** How long a rendered form may wait before its plain post is refused (it is rendered again). */
export const FORM_POST_TOKEN_TTL_SECONDS = 24 * 3600;
const AUDIENCE = 'formloom:form-post';

/**
 * `key`: derived for this purpose alone from the server's secret key (`deriveKey`).
 *
 * The token a form page rendered by this server carries in its plain post (`fl_token`): signed
 * with a key derived from the server's secret key, naming the form's share code, valid a day. A
 * public form has no session a cross-site request could ride on, so the token is not about
 * stolen authority: it makes the no-JavaScript route take posts only from a page this server
 * rendered for that form (a script posting blind has to fetch a page first, and is rate-limited there).
 */
export function createFormPostTokens(key: Uint8Array, clock: () => Date) {
  return {
    issue(code: string): Promise<string> {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(code)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + FORM_POST_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /** Whether `token` was issued by this server for the form `code`, and is unexpired. */
    async valid(code: string, token: string | undefined): Promise<boolean> {
      if (token === undefined || token === '') return false;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience: AUDIENCE,
          subject: code,
          currentDate: clock(),
          requiredClaims: ['sub', 'exp'],
        });
        return payload.sub === code;
      } catch (error) {
        if (error instanceof errors.JOSEError) return false;
        throw error;
      }
    },
  };
}

export type FormPostTokens = ReturnType<typeof createFormPostTokens>;
