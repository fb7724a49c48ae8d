import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from '../../components/link.js';
import { useI18n } from '../../i18n/i18n.js';
import { pathTo } from '../../navigation.js';
import { FORMS_PAGE_SIZE, useCreateBlankForm, useFormsPage } from './queries.js';

const STATUS_COLOR = { DRAFT: 'gray', PUBLISHED: 'green', ARCHIVED: 'orange' } as const;

export default function FormsPage() {
  const { t, language } = useI18n();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const forms = useFormsPage({ search: debounced, page });
  const create = useCreateBlankForm();
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const pages = Math.max(1, Math.ceil((forms.data?.total ?? 0) / FORMS_PAGE_SIZE));
  const createButton = (
    <Button onClick={() => create.mutate(t('newFormTitle'))} loading={create.isPending}>
      {t('createForm')}
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('forms')}
        </Title>
        {createButton}
      </Group>
      <TextInput
        label={t('search')}
        type="search"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {forms.isPending ? (
        <Group justify="center" p="xl" role="status">
          <Loader size="sm" />
          <Text>{t('loading')}</Text>
        </Group>
      ) : forms.isError ? (
        <Text role="alert">{t('somethingWrong')}</Text>
      ) : forms.data.total === 0 && debounced === '' ? (
        <Paper withBorder p="xl" ta="center">
          <Stack align="center">
            <Title order={2} size="h3">
              {t('emptyTitle')}
            </Title>
            <Text>{t('emptyText')}</Text>
          </Stack>
        </Paper>
      ) : forms.data.total === 0 ? (
        <Text role="status">{t('noMatch')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={320}>
            <Table striped aria-label={t('forms')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('title')}</Table.Th>
                  <Table.Th scope="col">{t('status')}</Table.Th>
                  <Table.Th scope="col">{t('updated')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {forms.data.items.map((form) => (
                  <Table.Tr key={form.id}>
                    <Table.Td>
                      <Link to={pathTo('/forms/:formId', { formId: form.id })}>{form.title}</Link>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[form.publishStatus]} variant="light" c="dark">
                        {t(form.publishStatus)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{date.format(new Date(form.updatedAt))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" component="nav" aria-label={t('pageOf', { page, pages })}>
            <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('previous')}
            </Button>
            <Text aria-live="polite">{t('pageOf', { page, pages })}</Text>
            <Button variant="default" disabled={!forms.data.hasMore} onClick={() => setPage(page + 1)}>
              {t('next')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
