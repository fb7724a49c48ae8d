import { AuthenticationError } from '@formloom/sdk';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { client } from '../../api.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { authErrorKey, isTwoFactorRequired } from './auth-error.js';
import { authKeys } from './queries.js';
import { authTexts } from './texts.js';

/**
 * An owner's way in while the account requires single sign-on: a one-time code mailed to `email`
 * (the address typed on the sign-in page), then the code, and the authenticator's code when the
 * server asks for it. The server answers the request the same for every address, and so does this.
 */
export function SsoRecoveryPanel({ email }: { email: string }) {
  const { t, language } = useI18n();
  const tx = useTexts(authTexts);
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  // Shown once the server answered that this owner signs in with a second factor too.
  const [askFactor, setAskFactor] = useState(false);
  const [factor, setFactor] = useState('');
  const address = email.trim();
  const request = useMutation({
    mutationFn: () => client.sso.requestRecovery({ email: address, language }),
    onSuccess: () => {
      confirm.reset();
      setCode('');
    },
  });
  const confirm = useMutation({
    mutationFn: () =>
      client.sso.confirmRecovery({
        email: address,
        code: code.trim(),
        ...(askFactor && factor.trim() !== '' ? { twoFactorCode: factor.trim() } : {}),
      }),
    onSuccess: (me) => {
      queryClient.removeQueries({ queryKey: authKeys.ended() });
      queryClient.setQueryData(authKeys.me(), me);
    },
    onError: (error) => {
      if (isTwoFactorRequired(error)) setAskFactor(true);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate();
  };

  let failure: string | undefined;
  let note = false;
  if (confirm.isError) {
    if (isTwoFactorRequired(confirm.error)) {
      note = factor.trim() === '';
      failure = note ? tx('codeNeeded') : tx('wrongCode');
    } else if (confirm.error instanceof AuthenticationError) failure = tx('recoveryRefused');
    else failure = t(authErrorKey(confirm.error, 'somethingWrong'));
  }

  return (
    <Stack mt="md" gap="sm">
      <Text size="sm">{tx('recoveryIntro')}</Text>
      {request.isError && (
        <Alert color="red" role="alert">
          {t(authErrorKey(request.error, 'somethingWrong'))}
        </Alert>
      )}
      {!request.isSuccess ? (
        <Button
          variant="default"
          loading={request.isPending}
          disabled={address === ''}
          onClick={() => request.mutate()}
        >
          {tx('recoveryOffer')}
        </Button>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Alert color="green" role="status">
              {tx('recoverySent')}
            </Alert>
            {failure !== undefined && (
              <Alert color={note ? 'blue' : 'red'} role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              label={tx('recoveryCode')}
              description={tx('recoveryCodeHint')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={8}
              spellCheck={false}
              required
              data-autofocus
              autoFocus
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            {askFactor && (
              <TextInput
                label={tx('code')}
                description={tx('codeHint')}
                inputMode="text"
                spellCheck={false}
                autoCapitalize="none"
                required
                autoFocus
                value={factor}
                onChange={(e) => setFactor(e.currentTarget.value)}
              />
            )}
            <Button type="submit" loading={confirm.isPending} disabled={code.trim() === ''}>
              {tx('recoverySignIn')}
            </Button>
            <Button variant="subtle" loading={request.isPending} onClick={() => request.mutate()}>
              {tx('recoveryResend')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
