import type { FormSchema } from '@formloom/contract';
import { LANGUAGES } from '@formloom/contract';
import type { SchemaProblem } from '@formloom/contract/engine';
import { Fieldset, NativeSelect, Stack, TextInput } from '@mantine/core';
import { LANGUAGE_NAMES } from '../../i18n/messages.js';
import { useTexts } from '../../i18n/texts.js';
import { EndingsEditor } from './endings-editor.js';
import { ProblemList, problemsAt } from './problems.js';
import { RecallInput } from './recall-input.js';
import { builderTexts } from './texts.js';

/** Sets `value` at `key` of an object, removing the key for an empty value. */
function put<T extends object>(target: T, key: string, value: unknown): T {
  const out: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  if (value === undefined || value === '') delete out[key];
  else out[key] = value;
  return out as T;
}

/** The form's own texts, its layout and what the respondent sees after submitting: the completion and the endings. */
export function CompletionPanel({
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
  const completion = schema.settings?.completion ?? {};
  const setMeta = (key: string, value: string) =>
    edit(
      (s) => ({ ...s, meta: key === 'title' ? { ...s.meta, title: value } : put(s.meta, key, value) }),
      `meta.${key}`,
    );
  const setSettings = (key: string, value: unknown) =>
    edit((s) => ({ ...s, settings: put(s.settings ?? {}, key, value) }), `settings.${key}`);
  const setCompletion = (key: string, value: string) => {
    const next = put(completion, key, value);
    setSettings('completion', Object.keys(next).length === 0 ? undefined : next);
  };

  return (
    <Stack gap="md">
      <Fieldset legend={t('formTexts')} disabled={disabled}>
        <Stack gap="xs">
          <ProblemList problems={problemsAt(problems, '$.meta')} />
          <TextInput
            label={t('formTitle')}
            required
            value={schema.meta.title}
            onChange={(e) => setMeta('title', e.currentTarget.value)}
          />
          <RecallInput
            label={t('formDescription')}
            multiline
            value={schema.meta.description ?? ''}
            schema={schema}
            disabled={disabled}
            onChange={(text) => setMeta('description', text)}
          />
          <TextInput
            label={t('submitLabel')}
            value={schema.meta.submitLabel ?? ''}
            onChange={(e) => setMeta('submitLabel', e.currentTarget.value)}
          />
          <NativeSelect
            label={t('baseLanguage')}
            value={schema.meta.language}
            data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            onChange={(e) =>
              edit((s) => ({
                ...s,
                meta: { ...s.meta, language: e.currentTarget.value as typeof s.meta.language },
              }))
            }
          />
          <NativeSelect
            label={t('layout')}
            value={schema.settings?.layout === 'paged' ? 'paged' : 'single-column'}
            data={[
              { value: 'single-column', label: t('singleColumn') },
              { value: 'paged', label: t('paged') },
            ]}
            onChange={(e) => setSettings('layout', e.currentTarget.value)}
          />
        </Stack>
      </Fieldset>
      {/* The map of the form opens the default completion here. */}
      <Fieldset legend={t('completion')} disabled={disabled} data-map-target="completion">
        <Stack gap="xs">
          <ProblemList
            problems={problemsAt(problems, '$.settings').filter(
              (p) =>
                !p.path.startsWith('$.settings.endings') && !p.path.startsWith('$.settings.notifications'),
            )}
          />
          <RecallInput
            label={t('completionMessage')}
            multiline
            hint
            value={completion.message ?? ''}
            schema={schema}
            disabled={disabled}
            onChange={(text) => setCompletion('message', text)}
          />
          <TextInput
            label={t('redirectUrl')}
            type="url"
            placeholder="https://"
            value={completion.redirectUrl ?? ''}
            onChange={(e) => setCompletion('redirectUrl', e.currentTarget.value)}
          />
        </Stack>
      </Fieldset>
      <EndingsEditor
        schema={schema}
        edit={edit}
        problems={problemsAt(problems, '$.settings.endings')}
        disabled={disabled}
      />
    </Stack>
  );
}
