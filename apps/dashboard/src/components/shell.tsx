import { type Role, roleAllows } from '@formloom/sdk';
import { Button, Container, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { client } from '../api.js';
import { authKeys, signedOut } from '../features/auth/queries.js';
import { useI18n } from '../i18n/i18n.js';
import { useLocation } from '../navigation.js';
import { pathTo, ROUTES } from '../routes.js';
import { LanguagePicker } from './language-picker.js';
import { Link } from './link.js';

/** The signed-in frame: the main menu (the pages the member's role may open), language, sign-out. */
export function Shell({ email, role, children }: { email: string; role: Role; children: ReactNode }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const main = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  // After moving to another page, focus goes to it, so a screen reader reads the new page
  // and the keyboard does not start over at the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs on each change of page
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
    window.scrollTo(0, 0);
  }, [pathname]);
  const signOut = useMutation({
    mutationKey: authKeys.signOut(),
    mutationFn: () => client.auth.signOut(),
    onSettled: () => signedOut(queryClient),
  });
  const menu = ROUTES.filter((route) => route.nav !== undefined && roleAllows(role, route.permission));
  return (
    <>
      {/* The keyboard's first stop: past the header and menu, straight to the page (main takes
          the focus: it has tabindex -1). */}
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
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
          {menu.length > 1 && (
            <Group component="nav" aria-label={t('mainNav')} gap="md" wrap="wrap" mt="xs">
              {menu.map((route) => {
                const to = pathTo(route.path);
                const current = pathname === to || pathname.startsWith(`${to}/`);
                return (
                  <Link
                    key={route.path}
                    to={to}
                    aria-current={current ? 'page' : undefined}
                    fw={current ? 700 : 400}
                  >
                    {t(route.nav!)}
                  </Link>
                );
              })}
            </Group>
          )}
        </Container>
      </header>
      <Container
        size="lg"
        px="md"
        py="md"
        component="main"
        id="main"
        ref={main}
        tabIndex={-1}
        style={{ outline: 'none' }}
      >
        {children}
      </Container>
    </>
  );
}
