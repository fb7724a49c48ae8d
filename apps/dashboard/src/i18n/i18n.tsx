import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { DASHBOARD_LANGUAGES, type DashboardLanguage, MESSAGES, type MessageKey } from './messages.js';

const STORAGE_KEY = 'formloom.dashboard.language';

/** The person's choice if made, else the browser's first language we have, else English. */
export function initialLanguage(): DashboardLanguage {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const tag of window.navigator.languages ?? [window.navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function isLanguage(value: unknown): value is DashboardLanguage {
  return (DASHBOARD_LANGUAGES as readonly unknown[]).includes(value);
}

interface I18n {
  language: DashboardLanguage;
  setLanguage: (language: DashboardLanguage) => void;
  t: (key: MessageKey, values?: Record<string, string | number>) => string;
}

const I18nContext = createContext<I18n | undefined>(undefined);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<DashboardLanguage>(initialLanguage);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const setLanguage = useCallback((next: DashboardLanguage) => {
    window.localStorage.setItem(STORAGE_KEY, next);
    setLanguageState(next);
  }, []);
  const value = useMemo<I18n>(
    () => ({
      language,
      setLanguage,
      t: (key, values = {}) =>
        MESSAGES[language][key].replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? '')),
    }),
    [language, setLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (i18n === undefined) throw new Error('useI18n outside I18nProvider');
  return i18n;
}
