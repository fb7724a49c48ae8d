import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { client } from '../../api.js';
import { CenteredCard } from '../../components/centered-card.js';
import { EmailInput } from '../../components/email-input.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { navigate } from '../../navigation.js';
import { authErrorKey } from './auth-error.js';
import { authTexts } from './texts.js';

/** Asks for a password reset link; the answer reads the same whether the address has an account or not. */
export default function ForgotPasswordPage() {
  const { t, language } = useI18n();
  const tx = useTexts(authTexts);
  const [email, setEmail] = useState('');
  const request = useMutation({
    mutationFn: () => client.security.requestPasswordReset({ email: email.trim(), language }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate();
  };
  return (
    <CenteredCard title={tx('forgotTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>{tx('forgotIntro')}</Text>
          {request.isSuccess && (
            <Alert color="green" role="status">
              {tx('linkSent')}
            </Alert>
          )}
          {request.isError && (
            <Alert color="red" role="alert">
              {t(authErrorKey(request.error, 'somethingWrong'))}
            </Alert>
          )}
          <EmailInput label={t('email')} value={email} onChange={setEmail} />
          <Button type="submit" loading={request.isPending} disabled={email.trim() === ''}>
            {tx('sendLink')}
          </Button>
          <Anchor
            href="/app/"
            onClick={(e) => {
              e.preventDefault();
              navigate('/app/');
            }}
          >
            {tx('backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </CenteredCard>
  );
}
