import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../components/error-text.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { EXPORT_FORMATS, type ExportFormat } from './queries.js';
import { responsesTexts } from './texts.js';

/**
 * One button per export format; `download` fetches and saves the file (through the SDK). While one
 * runs the others wait; its progress and result are announced, a failure as an alert.
 */
export function ExportButtons({ download }: { download: (format: ExportFormat) => Promise<void> }) {
  const tx = useTexts(responsesTexts);
  const { t } = useI18n();
  const [exporting, setExporting] = useState<ExportFormat | undefined>();
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();

  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    setNote(undefined);
    try {
      await download(format);
      setNote({ ok: true, text: tx('exported', { format: format.toUpperCase() }) });
    } catch (error) {
      setNote({ ok: false, text: errorText(error, t('somethingWrong')) });
    } finally {
      setExporting(undefined);
    }
  };

  return (
    <>
      <Group gap="xs" wrap="wrap" role="group" aria-label={tx('export')}>
        {EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            variant="default"
            loading={exporting === format}
            disabled={exporting !== undefined && exporting !== format}
            onClick={() => void exportAs(format)}
          >
            {tx('exportAs', { format: format.toUpperCase() })}
          </Button>
        ))}
      </Group>
      <div aria-live="polite">
        {exporting ? <Text>{tx('exporting')}</Text> : null}
        {note?.ok ? <Text>{note.text}</Text> : null}
      </div>
      {note && !note.ok ? <Alert role="alert">{note.text}</Alert> : null}
    </>
  );
}
