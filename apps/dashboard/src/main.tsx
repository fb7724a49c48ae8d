import '@mantine/core/styles.css';
import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { I18nProvider } from './i18n/i18n.js';

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
// Darker primary shades, so white text on buttons keeps WCAG AA contrast.
const theme = createTheme({ primaryColor: 'blue', primaryShade: 8 });
// Mantine's dimmed text (input descriptions) and its error red (an invalid input's text and
// message) are lighter than WCAG AA allows on white.
const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#495057', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

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
