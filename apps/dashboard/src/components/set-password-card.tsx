import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { client } from '../api.js';
import { authKeys } from '../features/auth/queries.js';
import { navigate } from '../navigation.js';
import { CenteredCard } from './centered-card.js';
import { EmailInput } from './email-input.js';

type Me = Awaited<ReturnType<typeof client.auth.me>>;

/** The words of one use of the card, already in the visitor's language. */
export interface SetPasswordTexts {
  title: string;
  /** Shown instead of the form when the link carries no token. */
  missing: string;
  intro: string;
  password: string;
  showPassword: string;
  passwordHint: string;
  goToSignIn: string;
  submit: string;
  /** Said when `send` signs nobody in (a password reset): the person signs in next. */
  done?: string;
}

/**
 * A link's token turned into a password (first-run setup, accepting an invitation, a password
 * reset): the member chooses a password, `send` makes the account and they are signed in on the
 * forms list, or (`send` answering null) the card says `texts.done` and offers the sign-in page.
 * A refused or spent link says why and offers the sign-in page.
 */
export function SetPasswordCard({
  token,
  texts,
  emailLabel,
  send,
  refusal,
}: {
  token: string | null;
  texts: SetPasswordTexts;
  /** Asks for an email address above the password when given (setup names the owner). */
  emailLabel?: string;
  send: (fields: { token: string; email: string; password: string }) => Promise<Me | null>;
  /** The alert's text for a failed `send`. */
  refusal: (error: unknown) => string;
}) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const mutation = useMutation({
    mutationFn: () => send({ token: token ?? '', email, password }),
    onSuccess: (me) => {
      if (me === null) return;
      queryClient.setQueryData(authKeys.me(), me);
      navigate('/app/');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  const toSignIn = (
    <Anchor
      href="/app/"
      onClick={(e) => {
        e.preventDefault();
        navigate('/app/');
      }}
    >
      {texts.goToSignIn}
    </Anchor>
  );
  if (mutation.data === null) {
    return (
      <CenteredCard title={texts.title}>
        <Stack>
          <Alert color="green" role="status">
            {texts.done}
          </Alert>
          {toSignIn}
        </Stack>
      </CenteredCard>
    );
  }
  if (token === null) {
    return (
      <CenteredCard title={texts.title}>
        <Stack>
          <Text>{texts.missing}</Text>
          {toSignIn}
        </Stack>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title={texts.title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>{texts.intro}</Text>
          {mutation.isError && (
            <Alert color="red" role="alert">
              {refusal(mutation.error)} {toSignIn}
            </Alert>
          )}
          {emailLabel !== undefined && <EmailInput label={emailLabel} value={email} onChange={setEmail} />}
          <PasswordInput
            label={texts.password}
            visibilityToggleButtonProps={{ 'aria-label': texts.showPassword }}
            description={texts.passwordHint}
            autoComplete="new-password"
            required
            minLength={10}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={mutation.isPending}>
            {texts.submit}
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
