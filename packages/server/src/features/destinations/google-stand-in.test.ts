import { sheets } from '@googleapis/sheets';
import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GoogleStandIn, startGoogleStandIn } from '../../../test/support/google-stand-in.js';

const REDIRECT = 'http://127.0.0.1:1/v1/destinations/google/callback';

/**
 * The stand-in answers Google's own clients (google-auth-library's OAuth2Client for the consent
 * and the token endpoint, `@googleapis/sheets` for the Sheets API) as Google does, so the Google
 * Sheets destination's tests against it hold.
 */
describe('the Google stand-in, driven by the official Google clients', () => {
  let google: GoogleStandIn;
  beforeAll(async () => {
    google = await startGoogleStandIn();
  });
  afterAll(() => google.close());

  const oauthClient = () =>
    new OAuth2Client({
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      redirectUri: REDIRECT,
      endpoints: {
        oauth2AuthBaseUrl: `${google.url}/o/oauth2/v2/auth`,
        oauth2TokenUrl: `${google.url}/token`,
      },
    });

  /** Consent through the stand-in's screen: the callback's query. */
  async function consent(client: OAuth2Client, challenge: string, state: string) {
    const url = client.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: ['https://www.googleapis.com/auth/drive.file'],
      state,
      code_challenge: challenge,
      code_challenge_method: CodeChallengeMethod.S256,
    });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    return back.searchParams;
  }

  /** A signed-in client with a grant: the OAuth2Client holds its refresh token. */
  async function signedIn() {
    const client = oauthClient();
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    const back = await consent(client, codeChallenge!, 'st-1');
    expect(back.get('state')).toBe('st-1');
    const { tokens } = await client.getToken({ code: back.get('code')!, codeVerifier });
    client.setCredentials(tokens);
    return { client, tokens };
  }

  it('trades a code for tokens with the PKCE verifier, refreshes, and refuses a wrong verifier or a reused code', async () => {
    const client = oauthClient();
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    const back = await consent(client, codeChallenge!, 'abc');
    const code = back.get('code')!;
    await expect(client.getToken({ code, codeVerifier: `${codeVerifier}x` })).rejects.toMatchObject({
      message: expect.stringContaining('invalid_grant'),
    });

    const again = await consent(client, codeChallenge!, 'abc');
    const { tokens } = await client.getToken({ code: again.get('code')!, codeVerifier });
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      scope: 'https://www.googleapis.com/auth/drive.file',
    });
    expect(tokens.refresh_token).toMatch(/^1\/\/0g/);
    expect(tokens.access_token).toMatch(/^ya29\./);
    // A code is good once.
    await expect(client.getToken({ code: again.get('code')!, codeVerifier })).rejects.toThrow(
      /invalid_grant/,
    );

    const fresh = oauthClient();
    fresh.setCredentials({ refresh_token: tokens.refresh_token! });
    const { token } = await fresh.getAccessToken();
    expect(token).toMatch(/^ya29\./);
    expect(token).not.toBe(tokens.access_token);
  });

  it('sends the person back with access_denied when they refuse', async () => {
    google.deny();
    try {
      const client = oauthClient();
      const { codeChallenge } = await client.generateCodeVerifierAsync();
      const back = await consent(client, codeChallenge!, 'st-2');
      expect(back.get('error')).toBe('access_denied');
      expect(back.get('state')).toBe('st-2');
      expect(back.has('code')).toBe(false);
    } finally {
      google.deny(false);
    }
  });

  it('answers invalid_grant to the refresh of a revoked grant', async () => {
    const { tokens } = await signedIn();
    google.revoke(tokens.refresh_token!);
    const client = oauthClient();
    client.setCredentials({ refresh_token: tokens.refresh_token! });
    await expect(client.getAccessToken()).rejects.toMatchObject({
      response: { status: 400, data: { error: 'invalid_grant' } },
    });
  });

  it('creates a spreadsheet, appends, reads, updates and deletes rows', async () => {
    const { client } = await signedIn();
    const api = sheets({ version: 'v4', auth: client, rootUrl: `${google.url}/` });
    const made = await api.spreadsheets.create({
      requestBody: {
        properties: { title: 'Signup responses' },
        sheets: [{ properties: { title: 'Responses' } }],
      },
    });
    const spreadsheetId = made.data.spreadsheetId!;
    const sheetId = made.data.sheets![0]!.properties!.sheetId!;
    expect(made.data.properties?.title).toBe('Signup responses');

    await api.spreadsheets.values.update({
      spreadsheetId,
      range: "'Responses'!A1",
      valueInputOption: 'RAW',
      requestBody: { values: [['Response ID', 'Name', 'Score']] },
    });
    const appended = await api.spreadsheets.values.append({
      spreadsheetId,
      range: "'Responses'!A1",
      valueInputOption: 'RAW',
      insertDataOption: 'INSERT_ROWS',
      requestBody: {
        values: [
          ['r-1', 'Ada', 7],
          ['r-2', "O'Brien", 3],
          ['r-3', 'Grace', 9],
        ],
      },
    });
    expect(appended.data.updates?.updatedRange).toBe("'Responses'!A2:C4");
    expect(appended.data.updates?.updatedRows).toBe(3);

    const ids = await api.spreadsheets.values.get({ spreadsheetId, range: "'Responses'!A:A" });
    expect(ids.data.values).toEqual([['Response ID'], ['r-1'], ['r-2'], ['r-3']]);
    const row = await api.spreadsheets.values.get({ spreadsheetId, range: "'Responses'!A2:C2" });
    expect(row.data.values).toEqual([['r-1', 'Ada', '7']]);

    await api.spreadsheets.values.update({
      spreadsheetId,
      range: "'Responses'!A3:C3",
      valueInputOption: 'RAW',
      requestBody: { values: [['r-2', 'Mary', 4]] },
    });
    await api.spreadsheets.batchUpdate({
      spreadsheetId,
      requestBody: {
        requests: [
          { deleteDimension: { range: { sheetId, dimension: 'ROWS', startIndex: 1, endIndex: 2 } } },
        ],
      },
    });
    expect(google.rows(spreadsheetId, 'Responses')).toEqual([
      ['Response ID', 'Name', 'Score'],
      ['r-2', 'Mary', 4],
      ['r-3', 'Grace', 9],
    ]);
  });

  it('answers 429 and 5xx when switched to, and 401 without a valid token, as the client sees them', async () => {
    const { client } = await signedIn();
    const api = sheets({ version: 'v4', auth: client, rootUrl: `${google.url}/`, retry: false });
    const made = await api.spreadsheets.create({ requestBody: { properties: { title: 'T' } } });
    const spreadsheetId = made.data.spreadsheetId!;
    google.behave(() => ({ status: 429, retryAfterSeconds: 2 }));
    try {
      await expect(api.spreadsheets.values.get({ spreadsheetId, range: 'Sheet1' })).rejects.toMatchObject({
        status: 429,
      });
      google.behave(() => ({ afterWrite: 503 }));
      await expect(
        api.spreadsheets.values.append({
          spreadsheetId,
          range: 'Sheet1!A1',
          valueInputOption: 'RAW',
          requestBody: { values: [['r-9']] },
        }),
      ).rejects.toMatchObject({ status: 503 });
    } finally {
      google.behave(() => 'ok');
    }
    // The append was written before the 503.
    expect(google.rows(spreadsheetId)).toEqual([['r-9']]);

    const stranger = sheets({ version: 'v4', rootUrl: `${google.url}/`, retry: false });
    await expect(
      stranger.spreadsheets.values.get({ spreadsheetId, range: 'Sheet1', access_token: 'ya29.nope' }),
    ).rejects.toMatchObject({ status: 401 });
  });
});
