import { IMPORT_SOURCES, type ImportFormResult, type ImportSource } from '@formloom/contract';
import { Alert, Button, FileInput, Group, List, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { client } from '../../api.js';
import { errorText } from '../../components/error-text.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { navigate, pathTo } from '../../navigation.js';
import { importTexts } from './import-texts.js';
import { formKeys } from './queries.js';

/** The largest file the dialog reads: the API's own body limit is about this. */
const MAX_BYTES = 1024 * 1024;

/**
 * Import a form from a JSON file (a Formloom definition, a SurveyJS survey, a Typeform or Google
 * form of their APIs): the draft is made and the report says what did not come along, by path,
 * before the builder opens it.
 */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const tx = useTexts(importTexts);
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<ImportSource>('formloom');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [result, setResult] = useState<ImportFormResult | undefined>();
  const run = useMutation({
    mutationFn: (definition: unknown) => client.forms.import({ source, definition }),
    onSuccess: (imported) => {
      setResult(imported);
      return queryClient.invalidateQueries({ queryKey: formKeys.all });
    },
    onError: (error: unknown) => setProblem(errorText(error, t('somethingWrong'))),
  });

  async function submit() {
    setProblem(undefined);
    if (file === null) return;
    if (file.size > MAX_BYTES) return setProblem(tx('tooLarge'));
    let definition: unknown;
    try {
      definition = JSON.parse(await file.text());
    } catch {
      return setProblem(tx('notJson'));
    }
    run.mutate(definition);
  }

  const close = () => {
    setResult(undefined);
    setProblem(undefined);
    setFile(null);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={tx('title')}
      closeButtonProps={{ 'aria-label': tx('close') }}
    >
      {result === undefined ? (
        <Stack
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <NativeSelect
            label={tx('source')}
            value={source}
            onChange={(event) => setSource(event.currentTarget.value as ImportSource)}
            data={IMPORT_SOURCES.map((value) => ({ value, label: tx(value) }))}
          />
          <FileInput
            label={tx('file')}
            accept="application/json,.json"
            value={file}
            onChange={setFile}
            clearable
          />
          {problem === undefined ? null : <Alert role="alert">{problem}</Alert>}
          <Group justify="flex-end">
            <Button type="submit" disabled={file === null} loading={run.isPending}>
              {tx('submit')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text role="status">{tx('imported', { title: result.form.title })}</Text>
          {result.report.length === 0 ? (
            <Text>{tx('whole')}</Text>
          ) : (
            <>
              <Text>{tx('gaps', { count: String(result.report.length) })}</Text>
              <List size="sm" style={{ overflowWrap: 'anywhere' }}>
                {result.report.map((gap) => (
                  <List.Item key={`${gap.path}:${gap.problem}`}>
                    <code>{gap.path}</code>: {gap.problem}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {tx('close')}
            </Button>
            <Button onClick={() => navigate(pathTo('/forms/:formId', { formId: result.form.id }))}>
              {tx('openBuilder')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
