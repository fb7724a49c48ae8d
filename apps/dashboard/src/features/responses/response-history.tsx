import type { FormSchema } from '@formloom/contract';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTexts } from '../../i18n/texts.js';
import { answerItems, itemText } from './answers.js';
import { useResponseHistory } from './queries.js';
import { responsesTexts } from './texts.js';

/**
 * An edited response's note and its earlier answers (the respondent changed them through the
 * form's edit link): each version's answers as the response page shows them, newest first.
 */
export function ResponseHistory({
  formId,
  responseId,
  updatedAt,
  schema,
  format,
}: {
  formId: string;
  responseId: string;
  updatedAt: string | null | undefined;
  schema: FormSchema;
  format: (iso: string) => string;
}) {
  const tx = useTexts(responsesTexts);
  const edited = typeof updatedAt === 'string';
  const history = useResponseHistory(formId, responseId, edited);
  if (!edited) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="response-history">
      <Title order={2} size="h3" mb="xs" id="response-history">
        {tx('history')}
      </Title>
      <Text mb="sm">{tx('edited', { date: format(updatedAt) })}</Text>
      <Stack gap="md">
        {(history.data?.revisions ?? []).map((revision) => (
          <details key={revision.replacedAt}>
            <summary>
              {tx('revision', { given: format(revision.answeredAt), replaced: format(revision.replacedAt) })}
            </summary>
            <Table mt="xs">
              <Table.Tbody>
                {answerItems(schema).map((item) => {
                  const text = itemText(schema, item, revision.answers);
                  return (
                    <Table.Tr key={item.id}>
                      <Table.Th scope="row">{item.label}</Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                        {text === '' ? <Text c="dimmed">{tx('noAnswer')}</Text> : text}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </details>
        ))}
      </Stack>
    </Paper>
  );
}
