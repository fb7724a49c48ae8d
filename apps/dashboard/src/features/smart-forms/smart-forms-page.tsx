import { roleAllows } from '@formloom/sdk';
import { Button, Group, Paper, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from '../../components/link.js';
import { PageLoading } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { ColumnHeads, ScrollTable } from '../../components/scroll-table.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { navigate, pathTo } from '../../navigation.js';
import { useMe } from '../auth/queries.js';
import { SMART_FORMS_PAGE_SIZE, useSmartFormsPage } from './queries.js';
import { StatusBadge } from './status-badge.js';
import { smartFormsTexts } from './texts.js';

/** The id of a smart form's title link in the list, which its sessions link is described by. */
const titleId = (id: string) => `smart-form-title-${id}`;

export default function SmartFormsPage() {
  const { t, language } = useI18n();
  const tx = useTexts(smartFormsTexts);
  const role = useMe().data?.role ?? 'viewer';
  const canWrite = roleAllows(role, 'smart_forms.write');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const list = useSmartFormsPage({ search: debounced, page });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / SMART_FORMS_PAGE_SIZE));
  const createButton = (
    <Button disabled={!canWrite} onClick={() => navigate(pathTo('/smart-forms/new'))}>
      {tx('create')}
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('smartForms')}
        </Title>
        {/* A control the role may not use stays visible, disabled, and says why. */}
        {canWrite ? (
          createButton
        ) : (
          <Tooltip label={tx('readOnly', { role })}>
            <span>{createButton}</span>
          </Tooltip>
        )}
      </Group>
      {canWrite ? null : <Text size="sm">{tx('readOnly', { role })}</Text>}
      <TextInput
        label={tx('search')}
        type="search"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <Text role="alert">{t('somethingWrong')}</Text>
      ) : list.data.total === 0 && debounced === '' ? (
        <Paper withBorder p="xl" ta="center">
          <Stack align="center">
            <Title order={2} size="h3">
              {tx('emptyTitle')}
            </Title>
            <Text>{tx('emptyText')}</Text>
          </Stack>
        </Paper>
      ) : list.data.total === 0 ? (
        <Text role="status">{tx('noMatch')}</Text>
      ) : (
        <>
          <ScrollTable label={t('smartForms')}>
            <Table striped aria-label={t('smartForms')}>
              <ColumnHeads labels={[t('title'), t('status'), t('updated'), tx('sessions')]} />
              <Table.Tbody>
                {list.data.items.map((form) => (
                  <Table.Tr key={form.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Link
                        id={titleId(form.id)}
                        to={pathTo('/smart-forms/:smartFormId', { smartFormId: form.id })}
                      >
                        {form.title}
                      </Link>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={form.status} />
                    </Table.Td>
                    <Table.Td>{date.format(new Date(form.updatedAt))}</Table.Td>
                    <Table.Td>
                      <Link
                        to={pathTo('/smart-forms/:smartFormId/sessions', { smartFormId: form.id })}
                        aria-describedby={titleId(form.id)}
                      >
                        {tx('sessions')}
                      </Link>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Pager page={page} pages={pages} hasMore={list.data.hasMore} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
