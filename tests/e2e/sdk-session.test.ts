import { AuthenticationError, Formloom, PermissionDeniedError } from '@formloom/sdk';
import { createServices } from '@formloom/server';
import { expect, it } from 'vitest';
import { useServer } from './support/server.js';

const server = useServer();
const ORIGIN = 'https://forms.example.test';

/** A browser in miniature: keeps the cookies it is given and says which origin its page is on. */
function browserFetch(origin: string | undefined) {
  const jar = new Map<string, string>();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    expect(request.credentials).toBe('same-origin');
    expect(request.headers.get('authorization')).toBeNull();
    if (jar.size > 0) request.headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    if (origin !== undefined) request.headers.set('origin', origin);
    const response = await globalThis.fetch(request);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split('; ');
      const [name, value] = pair!.split('=') as [string, string];
      if (attributes.includes('Max-Age=0')) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  return { fetch, jar };
}

it('session: true signs in with the cookie, lists forms, signs out, without ever holding a token', async () => {
  const key = await server.key();
  const owner = new Formloom({ apiKey: key, baseUrl: server.baseUrl });
  const { account } = await owner.me.retrieve();
  await createServices({ db: server.db }).users.create({
    account: account.id,
    email: 'ada@example.com',
    password: 'a long enough password',
  });
  await owner.forms.create({ title: 'Made with the key' });

  const browser = browserFetch(ORIGIN);
  const client = new Formloom({ session: true, baseUrl: server.baseUrl, fetch: browser.fetch });
  await expect(client.auth.me()).rejects.toBeInstanceOf(AuthenticationError);
  const signedIn = await client.auth.signIn({ email: 'ada@example.com', password: 'a long enough password' });
  expect(signedIn).toMatchObject({ user: { email: 'ada@example.com' }, role: 'owner' });
  expect((await client.auth.me()).account.id).toBe(account.id);
  const made = await client.forms.create({ title: 'Made in the dashboard' });
  const titles = (await client.forms.list()).items.map((f) => f.title).sort();
  expect(titles).toEqual(['Made in the dashboard', 'Made with the key']);
  await client.forms.delete(made.id);
  await client.auth.signOut();
  expect(browser.jar.size).toBe(0);
  await expect(client.forms.list()).rejects.toBeInstanceOf(AuthenticationError);

  // The same cookie sent from another origin: refused before anything happens.
  const elsewhere = browserFetch('https://evil.example');
  const evil = new Formloom({ session: true, baseUrl: server.baseUrl, fetch: elsewhere.fetch });
  await expect(
    evil.auth.signIn({ email: 'ada@example.com', password: 'a long enough password' }),
  ).rejects.toBeInstanceOf(PermissionDeniedError);
});
