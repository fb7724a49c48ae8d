import { ActionIcon, Button, Fieldset, Group, List, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useTexts } from '../../i18n/texts.js';
import { addLanguage, moveLanguage, removeLanguage } from './edit-model.js';
import { smartFormsTexts } from './texts.js';

const CODE = /^[a-zA-Z]{2}$/;

/**
 * The interview's languages as an ordered list (the first is the fallback): add by code, remove,
 * and move up or down with buttons, so the order is set by keyboard as well as by pointer.
 */
export function LanguagesEditor({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string[];
  onChange: (languages: string[]) => void;
  /** The server's problem with the list, shown at it. */
  error: string | undefined;
  disabled: boolean;
}) {
  const tx = useTexts(smartFormsTexts);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const add = () => {
    if (!CODE.test(code.trim())) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onChange(addLanguage(value, code));
    setCode('');
  };

  return (
    <Fieldset legend={tx('languages')} aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <Text size="sm" c="dimmed" id={hintId} mb="xs">
        {tx('languagesHint')}
      </Text>
      {value.length === 0 ? (
        <Text size="sm" mb="xs">
          {tx('noLanguages')}
        </Text>
      ) : (
        <List listStyleType="none" spacing={4} mb="xs" aria-label={tx('languages')}>
          {value.map((language, index) => (
            <List.Item key={language}>
              <Group gap="xs" wrap="nowrap">
                <Text ff="monospace" w="2.5rem">
                  {language}
                </Text>
                <ActionIcon
                  variant="default"
                  aria-label={tx('moveUp', { code: language })}
                  disabled={disabled || index === 0}
                  onClick={() => onChange(moveLanguage(value, index, -1))}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={tx('moveDown', { code: language })}
                  disabled={disabled || index === value.length - 1}
                  onClick={() => onChange(moveLanguage(value, index, 1))}
                >
                  ↓
                </ActionIcon>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  color="red"
                  disabled={disabled}
                  aria-label={tx('removeLanguage', { code: language })}
                  onClick={() => onChange(removeLanguage(value, index))}
                >
                  ×
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={tx('languageCode')}
          value={code}
          maxLength={2}
          disabled={disabled}
          style={{ flex: '1 1 12rem' }}
          error={invalid ? tx('languageInvalid') : undefined}
          errorProps={{ role: 'alert' }}
          onChange={(e) => setCode(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter adds the code here instead of submitting the whole form.
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="default" disabled={disabled} onClick={add}>
          {tx('addLanguage')}
        </Button>
      </Group>
      {error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" id={errorId} mt="xs">
          {error}
        </Text>
      ) : null}
    </Fieldset>
  );
}
