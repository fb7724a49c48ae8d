import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { client } from '../../api.js';
import { CenteredCard } from '../../components/centered-card.js';
import { EmailInput } from '../../components/email-input.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { authErrorKey } from './auth-error.js';
import { authKeys } from './queries.js';
import { authTexts } from './texts.js';

export default function SignInPage() {
  const { t } = useI18n();
  const tx = useTexts(authTexts);
  const queryClient = useQueryClient();
  // Read once: shown here because the server ended the session of the person who was signed in.
  const [ended] = useState(() => queryClient.getQueryData<boolean>(authKeys.ended()) === true);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => client.auth.signIn({ email, password }),
    onSuccess: (me) => {
      queryClient.removeQueries({ queryKey: authKeys.ended() });
      queryClient.setQueryData(authKeys.me(), me);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  return (
    <CenteredCard title={t('signInTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {ended && (
            <Alert color="blue" role="alert">
              {tx('sessionEnded')}
            </Alert>
          )}
          {signIn.isError && (
            <Alert color="red" role="alert">
              {t(authErrorKey(signIn.error, 'wrongCredentials'))}
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
          <Button type="submit" loading={signIn.isPending}>
            {t('signIn')}
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
