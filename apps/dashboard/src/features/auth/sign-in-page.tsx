import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { client } from '../../api.js';
import { CenteredCard } from '../../components/centered-card.js';
import { EmailInput } from '../../components/email-input.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { navigate } from '../../navigation.js';
import { authErrorKey, isTwoFactorRequired } from './auth-error.js';
import { authKeys } from './queries.js';
import { authTexts } from './texts.js';

/** The server asks for the second factor: the password was right, a code must come with it. */
const needsCode = isTwoFactorRequired;

export default function SignInPage() {
  const { t } = useI18n();
  const tx = useTexts(authTexts);
  const queryClient = useQueryClient();
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  let failure: string | undefined;
  if (signIn.isError) {
    if (needsCode(signIn.error)) failure = code.trim() === '' ? tx('codeNeeded') : tx('wrongCode');
    else failure = t(authErrorKey(signIn.error, 'wrongCredentials'));
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
          {failure !== undefined && (
            <Alert color={askCode && code.trim() === '' ? 'blue' : 'red'} role="alert">
              {failure}
            </Alert>
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
    </CenteredCard>
  );
}
