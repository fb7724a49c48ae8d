import { useI18n } from './i18n.js';
import { DASHBOARD_LANGUAGES, type DashboardLanguage } from './messages.js';

/**
 * A page's own texts in the six languages. Each page keeps its catalog beside it, so the catalog
 * travels in the page's lazy chunk and the first load carries only the shell's texts.
 * Every language must name every key the English catalog has (the type says so).
 */
export type Texts<K extends string> = Record<DashboardLanguage, Record<K, string>>;

export function defineTexts<K extends string>(
  en: Record<K, string>,
  others: Record<Exclude<DashboardLanguage, 'en'>, Record<K, string>>,
): Texts<K> {
  return { en, ...others };
}

/** `{name}` placeholders filled from `values`; the text stays text (React escapes it). */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? ''));
}

/** The translator of one page's catalog in the dashboard's current language. */
export function useTexts<K extends string>(
  texts: Texts<K>,
): (key: K, values?: Record<string, string | number>) => string {
  const { language } = useI18n();
  return (key, values) => fill(texts[language][key], values);
}

export { DASHBOARD_LANGUAGES };
