import type { Form, FormSchema, Language } from '@formloom/contract';
import { LANGUAGES } from '@formloom/contract';
import { type SchemaProblem, translationKeys } from '@formloom/contract/engine';
import { NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { LANGUAGE_NAMES } from '../../i18n/messages.js';
import { useTexts } from '../../i18n/texts.js';
import { ProblemList, problemsAt } from './problems.js';
import { setTranslation } from './schema-edit.js';
import { builderTexts } from './texts.js';
import { TranslateWithAi } from './translate-with-ai.js';

const nameOf = (lang: string) => LANGUAGE_NAMES[lang as keyof typeof LANGUAGE_NAMES] ?? lang;

/**
 * One language's texts beside the base texts; an empty box falls back to the base text. The AI
 * fills the empty boxes, or replaces them all once the member confirmed it.
 */
export function TranslationsPanel({
  formId,
  schema,
  edit,
  problems,
  disabled,
  saved,
  adopt,
}: {
  formId: string;
  schema: FormSchema;
  edit: (change: (s: FormSchema) => FormSchema, key?: string) => void;
  problems: readonly SchemaProblem[];
  disabled: boolean;
  /** Nothing waits to be saved: the AI job reads the stored form. */
  saved: boolean;
  adopt: (form: Form, etag: string | undefined) => void;
}) {
  const t = useTexts(builderTexts);
  const base = schema.meta.language;
  const others = LANGUAGES.filter((l) => l !== base);
  const [language, setLanguage] = useState<Language>(
    (Object.keys(schema.translations ?? {}).find((l) => l !== base) as Language | undefined) ?? others[0]!,
  );
  // While the AI job runs, its language stays picked and its boxes wait for its texts.
  const [translating, setTranslating] = useState(false);
  const onRunning = useCallback((running: boolean) => setTranslating(running), []);
  const table = schema.translations?.[language] ?? {};
  const setText = (key: string, text: string) =>
    edit((s) => setTranslation(s, language, key, text), `tr.${language}.${key}`);

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('translations')}
      </Title>
      <NativeSelect
        label={t('translateTo')}
        value={language}
        disabled={translating}
        data={others.map((l) => ({ value: l, label: nameOf(l) }))}
        onChange={(e) => setLanguage(e.currentTarget.value as Language)}
      />
      <ProblemList problems={problemsAt(problems, '$.translations')} />
      {language === base ? null : (
        <TranslateWithAi
          formId={formId}
          schema={schema}
          language={language}
          languageName={nameOf(language)}
          enabled={!disabled && saved}
          adopt={adopt}
          onRunning={onRunning}
        />
      )}
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
                      disabled={disabled || translating}
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
