import { AuthenticationError } from '@formloom/sdk';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { client } from '../../api.js';
import { CenteredCard } from '../../components/centered-card.js';
import { errorMessage } from '../../components/shown-once.js';
import { useTexts } from '../../i18n/texts.js';
import { navigate } from '../../navigation.js';
import { authKeys } from '../auth/queries.js';
import { texts } from './texts.js';

/** An invitation link: the invitee sets a password, joins with the invited role, and is signed in. */
export default function InvitePage({ token }: { token: string | null }) {
  const t = useTexts(texts);
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const accept = useMutation({
    mutationFn: () => client.auth.acceptInvitation({ token: token ?? '', password }),
    onSuccess: (me) => {
      queryClient.setQueryData(authKeys.me(), me);
      navigate('/app/');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate();
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
      <CenteredCard title={t('acceptTitle')}>
        <Stack>
          <Text>{t('acceptMissing')}</Text>
          {toSignIn}
        </Stack>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title={t('acceptTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>{t('acceptIntro')}</Text>
          {accept.isError && (
            <Alert color="red" role="alert">
              {accept.error instanceof AuthenticationError
                ? t('acceptRefused')
                : t('failed', { message: errorMessage(accept.error) })}{' '}
              {toSignIn}
            </Alert>
          )}
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
          <Button type="submit" loading={accept.isPending}>
            {t('acceptButton')}
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
