import { FORM_LINK_LIMITS } from '@formloom/contract';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { errorText } from '../../components/error-text.js';
import { Pager } from '../../components/pager.js';
import { saveBlob } from '../../components/save-blob.js';
import { ColumnHeads, ScrollTable } from '../../components/scroll-table.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { parseCsv, recipientsOf, toCsv } from './csv.js';
import { LINKS_PAGE_SIZE, useCreateLinks, useLinksPage, useRevokeLink } from './link-queries.js';
import { linkTexts } from './link-texts.js';

/** Saves `text` as a file the browser downloads (the created links exist only in this answer). */
function download(name: string, text: string) {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
}

/**
 * The form's personal links: recipients pasted or uploaded as CSV (an `email` column, a column per
 * field id to prefill), created and optionally mailed, the new links downloaded as CSV (they are
 * shown this once), and the list with each link used or not, revocable.
 */
export function LinksPanel({ formId, canWrite, live }: { formId: string; canWrite: boolean; live: boolean }) {
  const tx = useTexts(linkTexts);
  const { t, language } = useI18n();
  const [csv, setCsv] = useState('');
  const [send, setSend] = useState(false);
  const [page, setPage] = useState(1);
  const recipients = useMemo(() => recipientsOf(parseCsv(csv)), [csv]);
  const create = useCreateLinks(formId);
  const revoke = useRevokeLink(formId);
  const links = useLinksPage(formId, page);
  const made = create.data;
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const tooMany = recipients.length > FORM_LINK_LIMITS.recipientsMax;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (recipients.length === 0 || tooMany) return;
    create.mutate({ recipients, send });
  };
  const downloadMade = () => {
    if (made === undefined) return;
    const keys = [...new Set(made.links.flatMap((l) => Object.keys(l.prefill ?? {})))];
    const rows = [
      ['email', ...keys, 'url'],
      ...made.links.map((l) => [l.email ?? '', ...keys.map((k) => l.prefill?.[k] ?? ''), l.url]),
    ];
    download('personal-links.csv', toCsv(rows));
  };

  const list = links.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="links-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="links-heading">
          {tx('heading')}
        </Title>
        {live ? null : <Text size="sm">{tx('notPublished')}</Text>}
        {canWrite && live ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="xs">
              <Text size="sm">{tx('intro')}</Text>
              <Textarea
                label={tx('recipients')}
                description={tx('counted', { count: recipients.length })}
                autosize
                minRows={3}
                maxRows={10}
                spellCheck={false}
                placeholder={'email,name\nann@example.com,Ann'}
                value={csv}
                onChange={(event) => {
                  setCsv(event.currentTarget.value);
                  create.reset();
                }}
              />
              <FileInput
                label={tx('upload')}
                accept=".csv,text/csv"
                clearable
                onChange={async (file) => {
                  if (file !== null) setCsv(await file.text());
                  create.reset();
                }}
              />
              <Checkbox
                label={tx('send')}
                checked={send}
                onChange={(event) => setSend(event.currentTarget.checked)}
              />
              <div>
                <Button
                  type="submit"
                  loading={create.isPending}
                  disabled={recipients.length === 0 || tooMany}
                >
                  {tx('create')}
                </Button>
              </div>
            </Stack>
          </form>
        ) : null}
        <div role="status" aria-live="polite">
          {made === undefined ? null : (
            <Stack gap="xs">
              <Text>{tx('created', { count: made.links.length, mailed: made.mailed })}</Text>
              <Alert color="yellow" styles={{ message: { color: 'var(--mantine-color-dark-7)' } }}>
                {tx('shownOnce')}
              </Alert>
            </Stack>
          )}
          {revoke.isSuccess ? <Text size="sm">{tx('revoked')}</Text> : null}
        </div>
        {made === undefined ? null : (
          <div>
            <Button variant="default" onClick={downloadMade}>
              {tx('download')}
            </Button>
          </div>
        )}
        {(create.error ?? revoke.error) ? (
          <Alert role="alert">{errorText(create.error ?? revoke.error, t('somethingWrong'))}</Alert>
        ) : null}
        <Title order={3} size="h4">
          {tx('list')}
        </Title>
        {list === undefined ? null : list.items.length === 0 ? (
          <Text size="sm">{tx('empty')}</Text>
        ) : (
          <>
            <ScrollTable label={tx('list')}>
              <Table>
                <ColumnHeads labels={[tx('email'), tx('state'), tx('createdAt'), '']} />
                <Table.Tbody>
                  {list.items.map((link) => {
                    const name = link.email ?? tx('noEmail');
                    return (
                      <Table.Tr key={link.id}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{name}</Table.Td>
                        <Table.Td>
                          <Badge color={link.usedAt === null ? 'gray' : 'green'} variant="light" c="dark">
                            {link.usedAt === null ? tx('notUsed') : tx('used')}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{dates.format(new Date(link.createdAt))}</Table.Td>
                        <Table.Td>
                          {canWrite ? (
                            <Button
                              variant="default"
                              size="xs"
                              aria-label={tx('revokeNamed', { name })}
                              loading={revoke.isPending && revoke.variables === link.id}
                              onClick={() => revoke.mutate(link.id)}
                            >
                              {tx('revoke')}
                            </Button>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Group>
              <Pager
                page={page}
                pages={Math.ceil(list.total / LINKS_PAGE_SIZE)}
                hasMore={list.hasMore}
                onPage={setPage}
                size="xs"
              />
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
