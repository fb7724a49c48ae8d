import { NativeSelect } from '@mantine/core';
import { useI18n } from '../i18n/i18n.js';
import { DASHBOARD_LANGUAGES, type DashboardLanguage, LANGUAGE_NAMES } from '../i18n/messages.js';

/** A native select: keyboard and screen readers work as everywhere else. */
export function LanguagePicker() {
  const { t, language, setLanguage } = useI18n();
  return (
    <NativeSelect
      label={t('language')}
      size="xs"
      value={language}
      onChange={(e) => setLanguage(e.currentTarget.value as DashboardLanguage)}
      data={DASHBOARD_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
    />
  );
}
