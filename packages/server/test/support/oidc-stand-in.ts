import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/** A person the provider signs in: their subject and what their ID token says. */
export interface OidcPerson {
  sub: string;
  email: string;
  emailVerified?: boolean;
}

export interface OidcStandIn {
  /** The issuer, `http://127.0.0.1:<port>`. */
  readonly issuer: string;
  /** Who signs in at the provider's next login prompt (the interaction a person would fill in). */
  signInAs(person: OidcPerson): void;
  /** New signing keys: the next ID tokens are signed with a key the client has not seen. */
  rotateKeys(): Promise<void>;
  /**
   * The token endpoint's next answers carry an ID token issued to `audience` instead (signed with
   * the provider's own key, its other claims kept): a token meant for another client, as an
   * attacker holding one would substitute it. `undefined` turns it off.
   */
  issueIdTokensFor(audience: string | undefined): void;
  close(): Promise<void>;
}

export interface OidcStandInOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Seconds an ID token lives (the provider's default: an hour). */
  idTokenTtl?: number;
}

async function signingKey() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, with one confidential client. Its
 * login and consent prompts, which a person would fill in, are answered at once for whoever
 * `signInAs` named; everything else (discovery, the authorization endpoint, PKCE, the token
 * endpoint, signed ID tokens, the JWKS) is the library's own.
 */
export async function startOidcStandIn(options: OidcStandInOptions): Promise<OidcStandIn> {
  let person: OidcPerson | undefined;
  let provider: Provider;
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const make = async (keys: object[]) => {
    const made = new Provider(issuer, {
      clients: [
        {
          client_id: options.clientId,
          client_secret: options.clientSecret,
          redirect_uris: [options.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys },
      cookies: { keys: ['oidc-stand-in-cookie-key'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      // The e-mail in the ID token itself, as Google, Entra ID and Okta put it there.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      ttl: { IdToken: options.idTokenTtl ?? 3600 },
      async findAccount(_ctx, sub) {
        if (person === undefined || person.sub !== sub) return undefined;
        const { email, emailVerified = true } = person;
        return { accountId: sub, claims: async () => ({ sub, email, email_verified: emailVerified }) };
      },
    });
    return made;
  };
  let keys = [await signingKey()];
  provider = await make(keys);
  let audience: string | undefined;

  /** Re-signs the ID token of a token endpoint answer for `audience` (see issueIdTokensFor). */
  async function substitute(body: string): Promise<string> {
    const answer = JSON.parse(body) as { id_token?: string };
    if (answer.id_token === undefined || audience === undefined) return body;
    const key = keys[0]!;
    const claims = decodeJwt(answer.id_token);
    answer.id_token = await new SignJWT({ ...claims, aud: audience })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .sign(await importJWK(key, 'RS256'));
    return JSON.stringify(answer);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    try {
      if (req.url?.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(req, res);
        if (person === undefined) throw new Error('signInAs was not called');
        const grant = new provider.Grant({ accountId: person.sub, clientId: options.clientId });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: person.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      if (audience !== undefined && req.method === 'POST' && req.url?.startsWith('/token')) {
        // Hold the library's answer back and send the substituted one in its place.
        const end = res.end.bind(res);
        res.end = ((chunk?: unknown) => {
          void substitute(String(chunk ?? '')).then((body) => {
            res.setHeader('content-length', Buffer.byteLength(body));
            end(body);
          });
          return res;
        }) as typeof res.end;
      }
      provider.callback()(req, res);
    } catch (error) {
      res.writeHead(500).end((error as Error).message);
    }
  }

  return {
    issuer,
    signInAs(next) {
      person = next;
    },
    async rotateKeys() {
      keys = [await signingKey()];
      provider = await make(keys);
    },
    issueIdTokensFor(next) {
      audience = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A browser's trip through a sign-in: follows redirects by hand from `start`, keeping each
 * origin's cookies as a browser would, up to the first URL `stopAt` accepts, whose response is
 * answered (not followed); `serverCookies` are the jar of the start's origin.
 */
export async function followSignIn(
  start: string,
  serverCookies: Map<string, string>,
  stopAt: (url: URL, response: Response) => boolean,
  /** Where the browser really goes for a location (a public origin served by a local server). */
  rewrite: (url: URL) => URL = (url) => url,
): Promise<{ url: URL; response: Response }> {
  const jars = new Map<string, Map<string, string>>();
  const jarOf = (origin: string) => {
    const jar = jars.get(origin) ?? new Map<string, string>();
    jars.set(origin, jar);
    return jar;
  };
  let url = new URL(start);
  const serverOrigin = url.origin;
  jars.set(serverOrigin, serverCookies);
  for (let hop = 0; hop < 20; hop++) {
    const jar = jarOf(url.origin);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get('location');
    if (location === null || !(response.status >= 300 && response.status < 400) || stopAt(url, response)) {
      return { url, response };
    }
    url = rewrite(new URL(location, url));
  }
  throw new Error('too many redirects');
}
