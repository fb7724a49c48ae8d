import { Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '../../components/link.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { pathTo } from '../../navigation.js';
import type { PageProps } from '../../routes.js';
import { useForm } from '../forms/queries.js';
import { answerText, fieldsInOrder } from './answers.js';
import { useResponse } from './queries.js';
import { responsesTexts } from './texts.js';

/** One response: every field's label beside its answer (options by label, files by name), then its variables. */
export default function ResponsePage({ params }: PageProps) {
  const formId = params.formId!;
  const responseId = params.responseId!;
  const tx = useTexts(responsesTexts);
  const { t, language } = useI18n();
  const form = useForm(formId);
  const response = useResponse(formId, responseId);
  const back = <Link to={pathTo('/forms/:formId/responses', { formId })}>{tx('backToResponses')}</Link>;

  if (form.isPending || response.isPending)
    return (
      <Group justify="center" p="xl" role="status">
        <Loader size="sm" />
        <Text>{t('loading')}</Text>
      </Group>
    );
  if (form.isError || response.isError)
    return (
      <Stack>
        <Title order={1} size="h2">
          {tx('heading')}
        </Title>
        <Text role="alert">{form.isError ? tx('notFound') : tx('responseNotFound')}</Text>
        {back}
      </Stack>
    );

  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(response.data.submittedAt),
  );
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
      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          {tx('answers')}
        </Title>
        <Table>
          <Table.Tbody>
            {fieldsInOrder(form.data.schema).map((field) => {
              const text = answerText(field, response.data.answers[field.id]);
              return (
                <Table.Tr key={field.id}>
                  <Table.Th scope="row">{field.label}</Table.Th>
                  <Table.Td>{text === '' ? <Text c="dimmed">{tx('noAnswer')}</Text> : text}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
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
    </Stack>
  );
}
