import { AuthenticationError } from '@formloom/sdk';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { client } from '../../api.js';
import { CenteredCard } from '../../components/centered-card.js';
import { EmailInput } from '../../components/email-input.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { navigate, useLocation } from '../../navigation.js';
import { authErrorKey, isSsoRequired, isTwoFactorRequired } from './auth-error.js';
import { getPasskey, passkeyProblem } from './passkey-ceremony.js';
import { authKeys } from './queries.js';
import { SsoRecoveryPanel } from './sso-recovery-panel.js';
import { authTexts } from './texts.js';

/** The server asks for the second factor: the password was right, a code must come with it. */
const needsCode = isTwoFactorRequired;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reasons the server's single sign-on callback sends the browser back here with (`?sso=`). */
const SSO_REASONS = [
  'domain',
  'email',
  'state',
  'provider',
  'expired',
  'other_account',
  'not_configured',
  'cancelled',
] as const;
type SsoReason = (typeof SSO_REASONS)[number];

/** Where a browser starts the single sign-on of an account. */
const ssoStart = (account: string) => `/v1/auth/sso/start?account=${encodeURIComponent(account)}`;

/**
 * The account of a refused password sign-in (SSO_REQUIRED): its message names the start link of
 * the account's single sign-on; only an id shaped as one is taken from it.
 */
function accountOfRefusal(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const id = /\/v1\/auth\/sso\/start\?account=([0-9a-f-]{36})/i.exec(error.message)?.[1];
  return id !== undefined && UUID.test(id) ? id : undefined;
}

export default function SignInPage() {
  const { t } = useI18n();
  const tx = useTexts(authTexts);
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  // A link an owner shared (`?account=`) offers the account's single sign-on.
  const account = UUID.test(query.get('account') ?? '') ? query.get('account')! : undefined;
  // A single sign-on the server refused says why (`?sso=`); an unknown reason reads as a failure.
  const refusedSso = query.get('sso');
  const ssoReason =
    refusedSso === null
      ? undefined
      : (SSO_REASONS as readonly string[]).includes(refusedSso)
        ? (`sso_${refusedSso as SsoReason}` as const)
        : ('sso_failed' as const);
  // Read once: shown here because the server ended the session of the person who was signed in.
  const [ended] = useState(() => queryClient.getQueryData<boolean>(authKeys.ended()) === true);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Shown once the server answered that this member signs in with a code too.
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const signIn = useMutation({
    mutationFn: () =>
      client.auth.signIn({ email, password, ...(askCode && code.trim() !== '' ? { code } : {}) }),
    onSuccess: (me) => {
      queryClient.removeQueries({ queryKey: authKeys.ended() });
      queryClient.setQueryData(authKeys.me(), me);
    },
    onError: (error) => {
      if (needsCode(error)) setAskCode(true);
    },
  });
  // A passkey signs in alone, or in place of the code once the password was right: then it must
  // be a passkey of the member whose email was typed.
  const passkey = useMutation({
    mutationFn: async () => {
      const ceremony = await client.security.passkeys.signInOptions(askCode ? { email } : {});
      const response = await getPasskey(ceremony.options);
      return client.security.passkeys.signIn({ challengeId: ceremony.challengeId, response });
    },
    onMutate: () => signIn.reset(),
    onSuccess: (me) => {
      queryClient.removeQueries({ queryKey: authKeys.ended() });
      queryClient.setQueryData(authKeys.me(), me);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    passkey.reset();
    signIn.mutate();
  };
  let failure: string | undefined;
  // A password refused because members sign in through the provider: the way there.
  let ssoAccount = account;
  if (signIn.isError) {
    if (needsCode(signIn.error)) failure = code.trim() === '' ? tx('codeNeeded') : tx('wrongCode');
    else if (isSsoRequired(signIn.error)) {
      failure = tx('ssoRequired');
      ssoAccount ??= accountOfRefusal(signIn.error);
    } else failure = t(authErrorKey(signIn.error, 'wrongCredentials'));
  }
  // Owners of an account that requires single sign-on may get a code by e-mail instead.
  const ssoRefused =
    (signIn.isError && isSsoRequired(signIn.error)) || (passkey.isError && isSsoRequired(passkey.error));
  // A cancelled prompt is no failure: said in blue, as a note.
  const problem = passkey.isError ? passkeyProblem(passkey.error) : undefined;
  if (passkey.isError) {
    if (problem !== undefined) failure = tx(problem);
    else if (isSsoRequired(passkey.error)) {
      failure = tx('ssoRequired');
      ssoAccount ??= accountOfRefusal(passkey.error);
    } else if (passkey.error instanceof AuthenticationError) failure = tx('passkeyRefused');
    else failure = t(authErrorKey(passkey.error, 'wrongCredentials'));
  }
  return (
    <CenteredCard title={t('signInTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {ended && (
            <Alert color="blue" role="alert">
              {tx('sessionEnded')}
            </Alert>
          )}
          {ssoReason !== undefined && !signIn.isError && (
            <Alert color={ssoReason === 'sso_cancelled' ? 'blue' : 'red'} role="alert">
              {tx(ssoReason)}
            </Alert>
          )}
          {failure !== undefined && (
            <Alert
              color={
                problem === 'passkeyCancelled' || (!passkey.isError && askCode && code.trim() === '')
                  ? 'blue'
                  : 'red'
              }
              role="alert"
            >
              {failure}
            </Alert>
          )}
          {ssoAccount !== undefined && (
            <Button component="a" href={ssoStart(ssoAccount)} variant="default">
              {tx('ssoSignIn')}
            </Button>
          )}
          <EmailInput label={t('email')} value={email} onChange={setEmail} />
          <PasswordInput
            label={t('password')}
            visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          {askCode && (
            <TextInput
              label={tx('code')}
              description={tx('codeHint')}
              autoComplete="one-time-code"
              // Digits on a phone's keyboard; a recovery code is typed with the letters toggle.
              inputMode="text"
              spellCheck={false}
              autoCapitalize="none"
              required
              data-autofocus
              autoFocus
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
          )}
          <Button type="submit" loading={signIn.isPending}>
            {t('signIn')}
          </Button>
          <Button variant="default" loading={passkey.isPending} onClick={() => passkey.mutate()}>
            {askCode ? tx('passkeyInstead') : tx('passkeySignIn')}
          </Button>
          <Anchor
            href="/app/forgot-password"
            onClick={(e) => {
              e.preventDefault();
              navigate('/app/forgot-password');
            }}
          >
            {tx('forgotPassword')}
          </Anchor>
        </Stack>
      </form>
      {ssoRefused && <SsoRecoveryPanel email={email} />}
    </CenteredCard>
  );
}
