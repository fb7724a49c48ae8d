import { Center, Loader } from '@mantine/core';
import { lazy, type ReactElement, Suspense } from 'react';
import { Shell } from './components/shell.js';
import { useMe } from './features/auth/queries.js';
import { useLocation } from './navigation.js';

// Each page is its own chunk: the sign-in page does not load the forms list, nor the reverse.
const SignInPage = lazy(() => import('./features/auth/sign-in-page.js'));
const SetupPage = lazy(() => import('./features/auth/setup-page.js'));
const FormsPage = lazy(() => import('./features/forms/forms-page.js'));

function Loading() {
  return (
    <Center p="xl" role="status" aria-label="Loading">
      <Loader size="sm" />
    </Center>
  );
}

export function App() {
  const { pathname, search } = useLocation();
  const me = useMe();
  const page = pathname.replace(/\/+$/, '').endsWith('/setup') ? 'setup' : 'forms';
  let content: ReactElement;
  if (page === 'setup' && !me.data) {
    content = <SetupPage token={new URLSearchParams(search).get('token')} />;
  } else if (me.isPending) {
    content = <Loading />;
  } else if (!me.data) {
    content = <SignInPage />;
  } else {
    content = (
      <Shell email={me.data.user.email}>
        <FormsPage />
      </Shell>
    );
  }
  return <Suspense fallback={<Loading />}>{content}</Suspense>;
}
