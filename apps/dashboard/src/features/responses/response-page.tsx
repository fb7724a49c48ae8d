import { takesUpload } from '@formloom/contract/engine';
import { roleAllows } from '@formloom/sdk';
import { Alert, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { errorText } from '../../components/error-text.js';
import { Link } from '../../components/link.js';
import { PageLoading, PageMissing } from '../../components/page-state.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { navigate, pathTo } from '../../navigation.js';
import type { PageProps } from '../../routes.js';
import { useMe } from '../auth/queries.js';
import { useForm } from '../forms/queries.js';
import { answerItems, itemText, quizText } from './answers.js';
import { PaymentPanel } from './payment-panel.js';
import { downloadFile, downloadResponsePdf, useDeleteResponse, useResponse } from './queries.js';
import { ResponseHistory } from './response-history.js';
import { responsesTexts } from './texts.js';

/** One response: every field's label beside its answer (options by label, files by name), then its variables. */
export default function ResponsePage({ params }: PageProps) {
  const formId = params.formId!;
  const responseId = params.responseId!;
  const tx = useTexts(responsesTexts);
  const { t, language } = useI18n();
  const form = useForm(formId);
  const response = useResponse(formId, responseId);
  const role = useMe().data?.role ?? 'viewer';
  const canDelete = roleAllows(role, 'forms.write');
  const remove = useDeleteResponse(formId);
  const [confirming, setConfirming] = useState(false);
  const [fileError, setFileError] = useState<string | undefined>();
  const back = <Link to={pathTo('/forms/:formId/responses', { formId })}>{tx('backToResponses')}</Link>;

  if (form.isPending || response.isPending) return <PageLoading />;
  if (form.isError || response.isError)
    return (
      <PageMissing
        heading={tx('heading')}
        message={form.isError ? tx('notFound') : tx('responseNotFound')}
        back={back}
      />
    );

  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const format = (iso: string) => when.format(new Date(iso));
  const date = format(response.data.submittedAt);
  const variables = Object.entries(response.data.variables);
  return (
    <Stack>
      {back}
      <div>
        <Title order={1} size="h2">
          {tx('response', { date })}
        </Title>
        <Text c="dimmed">{form.data.title}</Text>
      </div>
      <Group>
        <Button
          variant="default"
          onClick={() => {
            setFileError(undefined);
            downloadResponsePdf(formId, responseId).catch((error: unknown) =>
              setFileError(errorText(error, t('somethingWrong'))),
            );
          }}
        >
          {tx('downloadPdf')}
        </Button>
      </Group>
      {fileError ? <Alert role="alert">{fileError}</Alert> : null}
      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          {tx('answers')}
        </Title>
        <Table>
          <Table.Tbody>
            {answerItems(form.data.schema).map((item) => {
              const value = response.data.answers[item.id];
              // A repeating section's entries: one line each.
              const text = itemText(form.data.schema, item, response.data.answers);
              const file =
                item.kind === 'field' &&
                takesUpload(item.field) &&
                typeof value === 'object' &&
                !Array.isArray(value);
              return (
                <Table.Tr key={item.id}>
                  <Table.Th scope="row">{item.label}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                    {text === '' ? (
                      <Text c="dimmed">{tx('noAnswer')}</Text>
                    ) : file ? (
                      <Button
                        variant="default"
                        size="compact-sm"
                        style={{ maxWidth: '100%' }}
                        aria-label={tx('download', { name: text })}
                        onClick={() => {
                          setFileError(undefined);
                          downloadFile(formId, responseId, value as { uploadId: string; name: string }).catch(
                            (error: unknown) => setFileError(errorText(error, t('somethingWrong'))),
                          );
                        }}
                      >
                        {text}
                      </Button>
                    ) : (
                      text
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      {response.data.payment ? (
        <PaymentPanel formId={formId} responseId={responseId} payment={response.data.payment} />
      ) : null}
      <ResponseHistory
        formId={formId}
        responseId={responseId}
        updatedAt={response.data.updatedAt}
        schema={form.data.schema}
        format={format}
      />
      {response.data.quiz ? (
        // The response's read has the quiz's totals, not each question's mark.
        <Paper withBorder p="md" component="section" aria-labelledby="response-quiz">
          <Title order={2} size="h3" mb="sm" id="response-quiz">
            {tx('quizScore')}
          </Title>
          <Text>{quizText(response.data.quiz, tx)}</Text>
        </Paper>
      ) : null}
      {variables.length > 0 ? (
        <Paper withBorder p="md">
          <Title order={2} size="h3" mb="sm">
            {tx('variables')}
          </Title>
          <Table>
            <Table.Tbody>
              {variables.map(([id, value]) => (
                <Table.Tr key={id}>
                  <Table.Th scope="row">{id}</Table.Th>
                  <Table.Td>{String(value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
      <Text size="sm" c="dimmed">
        {tx('responseId')}: {response.data.id}
        {response.data.language ? ` · ${tx('language')}: ${response.data.language}` : ''}
      </Text>
      <Group>
        {canDelete ? (
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {tx('delete')}
          </Button>
        ) : (
          <Tooltip label={tx('noDelete', { role })}>
            <span>
              <Button color="red" variant="light" disabled aria-describedby="no-delete-reason">
                {tx('delete')}
              </Button>
            </span>
          </Tooltip>
        )}
        {canDelete ? null : (
          <Text id="no-delete-reason" size="sm" c="dimmed">
            {tx('noDelete', { role })}
          </Text>
        )}
      </Group>
      {remove.isError ? <Alert role="alert">{errorText(remove.error, t('somethingWrong'))}</Alert> : null}
      <ConfirmDialog
        opened={confirming}
        title={tx('deleteTitle')}
        confirmLabel={tx('delete')}
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(responseId, {
            onSuccess: () => navigate(pathTo('/forms/:formId/responses', { formId })),
            onSettled: () => setConfirming(false),
          })
        }
      >
        {tx('deleteText', { date })}
      </ConfirmDialog>
    </Stack>
  );
}
