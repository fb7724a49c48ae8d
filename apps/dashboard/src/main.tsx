import '@mantine/core/styles.css';
import './styles.css';
import { loadQuestionTypes, loadVariables } from '@formloom/contract/engine';
import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { endSessionOn, retryUnlessSignedOut } from './features/auth/session-expiry.js';
import { I18nProvider } from './i18n/i18n.js';

// A 401 from any query or mutation while signed in sends the person to sign in again (one handler).
const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => endSessionOn(queryClient, error, query) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => endSessionOn(queryClient, error, mutation),
  }),
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: retryUnlessSignedOut } },
});
// Darker primary shades, so white text on buttons keeps WCAG AA contrast. A person who asks for
// reduced motion gets dialogs and menus without their fade (styles.css stops the CSS ones).
const theme = createTheme({ primaryColor: 'blue', primaryShade: 8, respectReducedMotion: true });
// Mantine's dimmed text (input descriptions) and its error red (an invalid input's text and
// message) are lighter than WCAG AA allows on white.
const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#495057', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

// The builder checks, translates and previews every question type: the engine's browser bundle
// loads their code on demand (and the variables' too), so the dashboard loads both before it
// draws. The phone numbering (29 KB) comes with the builder's page, which is the one to use it.
await Promise.all([loadQuestionTypes(), loadVariables()]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider>
          <App />
        </I18nProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
