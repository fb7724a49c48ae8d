import { roleAllows } from '@formloom/sdk';
import { Center, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactElement, Suspense } from 'react';
import { Link } from './components/link.js';
import { LoadingMark } from './components/page-state.js';
import { Shell } from './components/shell.js';
import { useMe } from './features/auth/queries.js';
import { useEnrolmentRequired } from './features/security/enrolment.js';
import { useI18n } from './i18n/i18n.js';
import { useLocation } from './navigation.js';
import { matchRoute, pathTo, ROUTES } from './routes.js';

// Each page is its own chunk: the sign-in page does not load the forms list, nor the reverse.
const SignInPage = lazy(() => import('./features/auth/sign-in-page.js'));
const SetupPage = lazy(() => import('./features/auth/setup-page.js'));
const InvitePage = lazy(() => import('./features/members/invite-page.js'));
const ForgotPasswordPage = lazy(() => import('./features/auth/forgot-password-page.js'));
const ResetPasswordPage = lazy(() => import('./features/auth/reset-password-page.js'));
const SecurityPage = lazy(() => import('./features/security/security-page.js'));

// The catalog's word for it (a fixed English label was read in every language).
function Loading() {
  return (
    <Center p="xl">
      <LoadingMark />
    </Center>
  );
}

function Refused({ title, text }: { title: string; text: string }) {
  const { t } = useI18n();
  return (
    <Stack>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text>{text}</Text>
      <Link to={pathTo(ROUTES[0]!.path)}>{t('backToForms')}</Link>
    </Stack>
  );
}

export function App() {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const me = useMe();
  const setup = pathname.replace(/\/+$/, '').endsWith('/setup');
  const invite = pathname.replace(/\/+$/, '').endsWith('/invite');
  const forgot = pathname.replace(/\/+$/, '').endsWith('/forgot-password');
  const reset = pathname.replace(/\/+$/, '').endsWith('/reset-password');
  const enrolment = useEnrolmentRequired(me.data != null);
  let content: ReactElement;
  if (setup && !me.data) {
    content = <SetupPage token={new URLSearchParams(search).get('token')} />;
  } else if (invite && !me.data) {
    content = <InvitePage token={new URLSearchParams(search).get('token')} />;
  } else if (forgot && !me.data) {
    content = <ForgotPasswordPage />;
  } else if (reset && !me.data) {
    content = <ResetPasswordPage token={new URLSearchParams(search).get('token')} />;
  } else if (me.isPending) {
    content = <Loading />;
  } else if (!me.data) {
    content = <SignInPage />;
  } else {
    const match = setup || invite || forgot || reset ? matchRoute('/app') : matchRoute(pathname);
    const role = me.data.role;
    let page: ReactElement;
    if (enrolment) {
      // The account requires two-factor: nothing else is served until the member turns it on.
      page = <SecurityPage />;
    } else if (match === undefined) {
      page = <Refused title={t('notFoundTitle')} text={t('notFoundText')} />;
    } else if (!roleAllows(role, match.route.permission)) {
      page = <Refused title={t('notFoundTitle')} text={t('notAllowed', { role })} />;
    } else {
      const Page = match.route.page;
      page = <Page params={match.params} search={new URLSearchParams(search)} />;
    }
    content = (
      <Shell email={me.data.user.email} role={role}>
        <Suspense fallback={<Loading />}>{page}</Suspense>
      </Shell>
    );
  }
  return <Suspense fallback={<Loading />}>{content}</Suspense>;
}
