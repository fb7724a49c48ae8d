import { roleAllows } from '@formloom/sdk';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, type ReactElement, Suspense, useState } from 'react';
import { errorText } from '../../components/error-text.js';
import { Link } from '../../components/link.js';
import { PageLoading } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { ScrollTable } from '../../components/scroll-table.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { navigate, pathTo } from '../../navigation.js';
import { useMe } from '../auth/queries.js';
import { type FormActionResult, FormActions, formTitleId } from './form-actions.js';
import { importTexts } from './import-texts.js';
import { FORMS_PAGE_SIZE, useCreateBlankForm, useFormsPage } from './queries.js';
import { formsTexts } from './texts.js';

// The dialogs load when first opened: a modal's code is not needed to show the list.
const PromptDialog = lazy(() => import('./prompt-dialog.js').then((m) => ({ default: m.PromptDialog })));
const ImportDialog = lazy(() => import('./import-dialog.js').then((m) => ({ default: m.ImportDialog })));
const TemplateGallery = lazy(() =>
  import('./template-gallery.js').then((m) => ({ default: m.TemplateGallery })),
);

const STATUS_COLOR = { DRAFT: 'gray', PUBLISHED: 'green', ARCHIVED: 'orange' } as const;

export default function FormsPage() {
  const { t, language } = useI18n();
  const tx = useTexts(formsTexts);
  const role = useMe().data?.role ?? 'viewer';
  const canWrite = roleAllows(role, 'forms.write');
  const canUseAi = canWrite && roleAllows(role, 'ai.use');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [prompting, setPrompting] = useState(false);
  // Mounted from its first opening on, so closing it keeps Mantine's focus return.
  const [promptWanted, setPromptWanted] = useState(false);
  const [notice, setNotice] = useState<FormActionResult | undefined>();
  // undefined until first opened: mounted from then on, as the prompt dialog is.
  const [gallery, setGallery] = useState<boolean>();
  const [importing, setImporting] = useState<boolean>();
  const ix = useTexts(importTexts);
  const forms = useFormsPage({ search: debounced, page });
  const create = useCreateBlankForm();
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const pages = Math.max(1, Math.ceil((forms.data?.total ?? 0) / FORMS_PAGE_SIZE));
  const describeError = (error: unknown) => errorText(error, t('somethingWrong'));
  // A control the role may not use stays visible, disabled, and says why.
  const gated = (allowed: boolean, why: string, button: ReactElement) =>
    allowed ? (
      button
    ) : (
      <Tooltip label={why}>
        <span>{button}</span>
      </Tooltip>
    );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('forms')}
        </Title>
        <Group gap="xs" wrap="wrap">
          {gated(
            canUseAi,
            tx('noAi', { role }),
            <Button
              variant="light"
              disabled={!canUseAi}
              onClick={() => {
                setPromptWanted(true);
                setPrompting(true);
              }}
            >
              {tx('createFromPrompt')}
            </Button>,
          )}
          {gated(
            canWrite,
            tx('readOnly', { role }),
            <Button variant="light" disabled={!canWrite} onClick={() => setGallery(true)}>
              {tx('fromTemplate')}
            </Button>,
          )}
          {gated(
            canWrite,
            tx('readOnly', { role }),
            <Button variant="light" disabled={!canWrite} onClick={() => setImporting(true)}>
              {ix('open')}
            </Button>,
          )}
          {gated(
            canWrite,
            tx('readOnly', { role }),
            <Button
              disabled={!canWrite}
              onClick={() =>
                // A blank form has nothing to see in the list: it opens in the builder.
                create.mutate(t('newFormTitle'), {
                  onSuccess: (form) => navigate(pathTo('/forms/:formId', { formId: form.id })),
                })
              }
              loading={create.isPending}
            >
              {t('createForm')}
            </Button>,
          )}
        </Group>
      </Group>
      {promptWanted ? (
        <Suspense fallback={null}>
          <PromptDialog opened={prompting} onClose={() => setPrompting(false)} />
        </Suspense>
      ) : null}
      {importing === undefined ? null : (
        <Suspense fallback={null}>
          <ImportDialog opened={importing} onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {gallery === undefined ? null : (
        <Suspense fallback={null}>
          <TemplateGallery opened={gallery} onClose={() => setGallery(false)} />
        </Suspense>
      )}
      <div aria-live="polite">
        {notice?.ok ? (
          <Alert
            color="green"
            withCloseButton
            onClose={() => setNotice(undefined)}
            closeButtonLabel={tx('close')}
          >
            {notice.text}
          </Alert>
        ) : null}
      </div>
      {notice !== undefined && !notice.ok ? (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setNotice(undefined)}
          closeButtonLabel={tx('close')}
        >
          {notice.text}
        </Alert>
      ) : null}
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
        <PageLoading />
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
          <ScrollTable label={t('forms')}>
            <Table striped aria-label={t('forms')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('title')}</Table.Th>
                  <Table.Th scope="col">{t('status')}</Table.Th>
                  <Table.Th scope="col">{t('updated')}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{tx('actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {forms.data.items.map((form) => (
                  <Table.Tr key={form.id}>
                    <Table.Td>
                      <Link id={formTitleId(form.id)} to={pathTo('/forms/:formId', { formId: form.id })}>
                        {form.title}
                      </Link>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[form.publishStatus]} variant="light" c="dark">
                        {t(form.publishStatus)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{date.format(new Date(form.updatedAt))}</Table.Td>
                    <Table.Td>
                      <FormActions
                        form={form}
                        canWrite={canWrite}
                        onDone={setNotice}
                        describeError={describeError}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Pager page={page} pages={pages} hasMore={forms.data.hasMore} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
