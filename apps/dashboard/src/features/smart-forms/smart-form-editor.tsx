import { SMART_FORM_LIMITS, TEXT_LIMITS } from '@formloom/contract';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../components/error-text.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { type BodyKey, issuesByProperty, jsonProblem, type SmartFormDraft } from './edit-model.js';
import { LanguagesEditor } from './languages-editor.js';
import { smartFormsTexts } from './texts.js';

/**
 * The fields of a smart form's create and update bodies (edit-model's SMART_FORM_BODY_CONTROLS
 * names each control). `onSave` gets the draft; a rejection with the server's validation issues
 * is shown at the fields it names, anything else above the Save button.
 */
export function SmartFormEditor({
  initial,
  submitLabel,
  disabled,
  onSave,
}: {
  initial: SmartFormDraft;
  submitLabel: string;
  /** The role may not change smart forms: every control is disabled. */
  disabled: boolean;
  onSave: (draft: SmartFormDraft) => Promise<unknown>;
}) {
  const { t } = useI18n();
  const tx = useTexts(smartFormsTexts);
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<BodyKey, string>>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const set = <K extends keyof SmartFormDraft>(key: K, value: SmartFormDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setFieldErrors((e) => ({ ...e, [key]: undefined }));
  };
  const jsonError = jsonProblem(draft.referenceJson);
  const errorOf = (key: BodyKey) => fieldErrors[key];
  const errorProps = { role: 'alert' } as const;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    if (jsonError !== undefined) {
      document.getElementById('smart-form-reference-json')?.focus();
      return;
    }
    // Respondents see the title as the interview's heading; left empty, the server would take it
    // from the purpose, which is the owner's brief to the interviewer, not for respondents' eyes.
    if (draft.title.trim() === '') {
      setFieldErrors((e) => ({ ...e, title: tx('titleRequired') }));
      document.querySelector<HTMLElement>('[data-property="title"]')?.focus();
      return;
    }
    setSaving(true);
    try {
      await onSave(draft);
      setFieldErrors({});
    } catch (error) {
      const { fields, other } = issuesByProperty(error);
      setFieldErrors(fields);
      const marked = Object.keys(fields).length > 0;
      setFailure(
        other.length > 0 ? other.join(' ') : marked ? tx('fixErrors') : errorText(error, t('somethingWrong')),
      );
      // The first field the server refused takes the focus, so its message is read out there.
      const first = (Object.keys(fields) as BodyKey[])[0];
      if (first !== undefined) document.querySelector<HTMLElement>(`[data-property="${first}"]`)?.focus();
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Textarea
          label={tx('purpose')}
          description={tx('purposeHint')}
          value={draft.purpose}
          onChange={(e) => set('purpose', e.currentTarget.value)}
          maxLength={TEXT_LIMITS.smartFormPurposeMax}
          autosize
          minRows={3}
          withAsterisk
          aria-required
          disabled={disabled}
          error={errorOf('purpose')}
          errorProps={errorProps}
          data-property="purpose"
        />
        <TextInput
          label={tx('title')}
          description={tx('titleHint')}
          value={draft.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          maxLength={TEXT_LIMITS.smartFormTitle}
          withAsterisk
          aria-required
          disabled={disabled}
          error={errorOf('title')}
          errorProps={errorProps}
          data-property="title"
        />
        <Textarea
          label={tx('description')}
          description={tx('descriptionHint')}
          value={draft.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          maxLength={TEXT_LIMITS.smartFormDescription}
          autosize
          minRows={2}
          disabled={disabled}
          error={errorOf('description')}
          errorProps={errorProps}
          data-property="description"
        />
        <TextInput
          label={tx('audience')}
          description={tx('audienceHint')}
          value={draft.targetAudience}
          onChange={(e) => set('targetAudience', e.currentTarget.value)}
          maxLength={TEXT_LIMITS.smartFormTargetAudience}
          disabled={disabled}
          error={errorOf('targetAudience')}
          errorProps={errorProps}
          data-property="targetAudience"
        />
        <NumberInput
          label={tx('questions')}
          description={tx('questionsHint')}
          value={draft.maxQuestions}
          onChange={(value) => set('maxQuestions', typeof value === 'number' ? value : Number(value) || 0)}
          min={SMART_FORM_LIMITS.minQuestions}
          max={SMART_FORM_LIMITS.maxQuestions}
          allowDecimal={false}
          clampBehavior="blur"
          disabled={disabled}
          error={errorOf('maxQuestions')}
          errorProps={errorProps}
          data-property="maxQuestions"
          style={{ maxWidth: '16rem' }}
        />
        <LanguagesEditor
          value={draft.languages}
          onChange={(languages) => set('languages', languages)}
          error={errorOf('languages')}
          disabled={disabled}
        />
        <Fieldset legend={tx('privacy')}>
          <Checkbox
            label={tx('isPrivate')}
            checked={draft.isPrivate}
            onChange={(e) => set('isPrivate', e.currentTarget.checked)}
            disabled={disabled}
            error={errorOf('isPrivate')}
            data-property="isPrivate"
          />
        </Fieldset>
        <Textarea
          id="smart-form-reference-json"
          label={tx('referenceJson')}
          description={tx('referenceHint')}
          value={draft.referenceJson}
          onChange={(e) => set('referenceJson', e.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={16}
          styles={{ input: { fontFamily: 'monospace' } }}
          spellCheck={false}
          disabled={disabled}
          error={
            jsonError !== undefined ? tx('jsonInvalid', { reason: jsonError }) : errorOf('referenceJson')
          }
          errorProps={errorProps}
          data-property="referenceJson"
        />
        {failure !== undefined ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={disabled}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
