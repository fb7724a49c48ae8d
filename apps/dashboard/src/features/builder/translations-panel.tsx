import type { FormSchema, Language } from '@formloom/contract';
import { LANGUAGES } from '@formloom/contract';
import { type SchemaProblem, translationKeys } from '@formloom/contract/engine';
import { NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { LANGUAGE_NAMES } from '../../i18n/messages.js';
import { useTexts } from '../../i18n/texts.js';
import { ProblemList, problemsAt } from './problems.js';
import { builderTexts } from './texts.js';

const nameOf = (lang: string) => LANGUAGE_NAMES[lang as keyof typeof LANGUAGE_NAMES] ?? lang;

/** One language's texts beside the base texts; an empty box falls back to the base text. */
export function TranslationsPanel({
  schema,
  edit,
  problems,
  disabled,
}: {
  schema: FormSchema;
  edit: (change: (s: FormSchema) => FormSchema, key?: string) => void;
  problems: readonly SchemaProblem[];
  disabled: boolean;
}) {
  const t = useTexts(builderTexts);
  const base = schema.meta.language;
  const others = LANGUAGES.filter((l) => l !== base);
  const [language, setLanguage] = useState<Language>(
    (Object.keys(schema.translations ?? {}).find((l) => l !== base) as Language | undefined) ?? others[0]!,
  );
  const table = schema.translations?.[language] ?? {};
  const setText = (key: string, text: string) =>
    edit((s) => {
      const current = { ...(s.translations?.[language] ?? {}) };
      if (text === '') delete current[key];
      else current[key] = text;
      const translations = { ...s.translations, [language]: current };
      if (Object.keys(current).length === 0) delete translations[language];
      const { translations: _drop, ...rest } = s;
      return Object.keys(translations).length === 0 ? rest : { ...rest, translations };
    }, `tr.${language}.${key}`);

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('translations')}
      </Title>
      <NativeSelect
        label={t('translateTo')}
        value={language}
        data={others.map((l) => ({ value: l, label: nameOf(l) }))}
        onChange={(e) => setLanguage(e.currentTarget.value as Language)}
      />
      <ProblemList problems={problemsAt(problems, '$.translations')} />
      {language === base ? (
        <Text>{t('noOtherLanguage')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table aria-label={t('translations')} layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('baseText', { language: nameOf(base) })}</Table.Th>
                <Table.Th scope="col">{t('translation', { language: nameOf(language) })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {translationKeys(schema).map((entry) => (
                <Table.Tr key={entry.key}>
                  <Table.Td>
                    <Text size="sm">{entry.text}</Text>
                    <Text size="xs" c="dimmed">
                      {entry.key}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('translationOf', { key: entry.key })}
                      lang={language}
                      placeholder={entry.text}
                      value={table[entry.key] ?? ''}
                      disabled={disabled}
                      onChange={(e) => setText(entry.key, e.currentTarget.value)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
