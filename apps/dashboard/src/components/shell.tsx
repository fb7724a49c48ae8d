import { Button, Container, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { client } from '../api.js';
import { authKeys } from '../features/auth/queries.js';
import { formKeys } from '../features/forms/queries.js';
import { useI18n } from '../i18n/i18n.js';
import { LanguagePicker } from './language-picker.js';

/** The signed-in frame: who is signed in, the language, sign-out; the page in `main`. */
export function Shell({ email, children }: { email: string; children: ReactNode }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => client.auth.signOut(),
    onSettled: () => {
      // Nobody is signed in now, and nothing of the account stays in memory.
      queryClient.setQueryData(authKeys.me(), null);
      queryClient.removeQueries({ queryKey: formKeys.all });
    },
  });
  return (
    <>
      <header>
        <Container size="lg" px="md" py="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text fw={700} size="lg">
              Formloom
            </Text>
            <Group gap="sm" wrap="wrap" align="flex-end">
              <Text size="sm">{t('signedInAs', { email })}</Text>
              <LanguagePicker />
              <Button variant="default" onClick={() => signOut.mutate()} loading={signOut.isPending}>
                {t('signOut')}
              </Button>
            </Group>
          </Group>
        </Container>
      </header>
      <Container size="lg" px="md" py="md" component="main">
        {children}
      </Container>
    </>
  );
}
