import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { client } from '../../api.js';
import { CenteredCard } from '../../components/centered-card.js';
import { useI18n } from '../../i18n/i18n.js';
import { navigate } from '../../navigation.js';
import { authErrorKey } from './auth-error.js';
import { authKeys } from './queries.js';

/** First run: the link `formloom serve` printed makes the owner, who is then signed in. */
export default function SetupPage({ token }: { token: string | null }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const setup = useMutation({
    mutationFn: () => client.auth.setup({ token: token ?? '', email, password }),
    onSuccess: (me) => {
      queryClient.setQueryData(authKeys.me(), me);
      navigate('/app/');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setup.mutate();
  };
  const toSignIn = (
    <Anchor
      href="/app/"
      onClick={(e) => {
        e.preventDefault();
        navigate('/app/');
      }}
    >
      {t('goToSignIn')}
    </Anchor>
  );
  if (token === null) {
    return (
      <CenteredCard title={t('setupTitle')}>
        <Stack>
          <Text>{t('setupMissing')}</Text>
          {toSignIn}
        </Stack>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title={t('setupTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>{t('setupIntro')}</Text>
          {setup.isError && (
            <Alert color="red" role="alert">
              {t(authErrorKey(setup.error, 'setupRefused'))} {toSignIn}
            </Alert>
          )}
          <TextInput
            label={t('email')}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('password')}
            visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
            description={t('passwordHint')}
            autoComplete="new-password"
            required
            minLength={10}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={setup.isPending}>
            {t('createOwner')}
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
