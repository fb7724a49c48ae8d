import { Alert, Button, Checkbox, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../components/error-text.js';
import { Link } from '../../components/link.js';
import { useI18n } from '../../i18n/i18n.js';
import { defineTexts, useTexts } from '../../i18n/texts.js';
import { pathTo } from '../../navigation.js';
import { useSetFormLook } from '../forms/queries.js';
import { useThemes } from '../themes/queries.js';

const pickerTexts = defineTexts(
  {
    title: 'Look',
    theme: 'Theme',
    none: 'Default look',
    branding: 'Show "Made with Formloom" on the form',
    save: 'Save look',
    saved: 'Saved.',
    manage: 'Make and edit themes',
  },
  {
    de: {
      title: 'Aussehen',
      theme: 'Design',
      none: 'Standardaussehen',
      branding: '„Erstellt mit Formloom“ am Formular zeigen',
      save: 'Aussehen speichern',
      saved: 'Gespeichert.',
      manage: 'Designs erstellen und bearbeiten',
    },
    es: {
      title: 'Aspecto',
      theme: 'Tema',
      none: 'Aspecto predeterminado',
      branding: 'Mostrar «Hecho con Formloom» en el formulario',
      save: 'Guardar aspecto',
      saved: 'Guardado.',
      manage: 'Crear y editar temas',
    },
    it: {
      title: 'Aspetto',
      theme: 'Tema',
      none: 'Aspetto predefinito',
      branding: 'Mostra «Realizzato con Formloom» sul modulo',
      save: 'Salva aspetto',
      saved: 'Salvato.',
      manage: 'Crea e modifica temi',
    },
    nl: {
      title: 'Uiterlijk',
      theme: 'Thema',
      none: 'Standaarduiterlijk',
      branding: '"Gemaakt met Formloom" op het formulier tonen',
      save: 'Uiterlijk opslaan',
      saved: 'Opgeslagen.',
      manage: 'Thema’s maken en bewerken',
    },
    tr: {
      title: 'Görünüm',
      theme: 'Tema',
      none: 'Varsayılan görünüm',
      branding: 'Formda "Formloom ile yapıldı" yazısını göster',
      save: 'Görünümü kaydet',
      saved: 'Kaydedildi.',
      manage: 'Tema oluştur ve düzenle',
    },
  },
);

/** The form's theme and branding (`settings.themeId`, `settings.branding`), saved with a settings PATCH. */
export function ThemePicker({
  formId,
  themeId,
  branding,
  canWrite,
}: {
  formId: string;
  themeId: string | undefined;
  branding: boolean;
  canWrite: boolean;
}) {
  const tx = useTexts(pickerTexts);
  const { t } = useI18n();
  const themes = useThemes();
  const update = useSetFormLook();
  const [chosen, setChosen] = useState(themeId ?? '');
  const [shown, setShown] = useState(branding);

  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {tx('title')}
        </Title>
        <NativeSelect
          label={tx('theme')}
          value={chosen}
          disabled={!canWrite}
          onChange={(e) => {
            setChosen(e.currentTarget.value);
            update.reset();
          }}
          data={[
            { value: '', label: tx('none') },
            ...(themes.data ?? []).map((theme) => ({ value: theme.id, label: theme.name })),
          ]}
        />
        <Checkbox
          label={tx('branding')}
          checked={shown}
          disabled={!canWrite}
          onChange={(e) => {
            setShown(e.currentTarget.checked);
            update.reset();
          }}
        />
        <div>
          <Button
            variant="default"
            disabled={!canWrite}
            loading={update.isPending}
            onClick={() =>
              update.mutate({ id: formId, themeId: chosen === '' ? null : chosen, branding: shown })
            }
          >
            {tx('save')}
          </Button>
        </div>
        <Text size="sm" role="status" aria-live="polite">
          {update.isSuccess ? tx('saved') : ''}
        </Text>
        {update.error ? <Alert role="alert">{errorText(update.error, t('somethingWrong'))}</Alert> : null}
        <Link to={pathTo('/themes')}>{tx('manage')}</Link>
      </Stack>
    </Paper>
  );
}
