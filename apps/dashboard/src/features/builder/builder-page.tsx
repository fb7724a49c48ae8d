import type { Form, FormDraft } from '@formloom/contract';
import { loadQuestionTypes } from '@formloom/contract/engine';
import { roleAllows } from '@formloom/sdk';
import { Alert, Badge, Button, Grid, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '../../components/link.js';
import { useTexts } from '../../i18n/texts.js';
import { type PageProps, pathTo } from '../../navigation.js';
import { useMe } from '../auth/queries.js';
import { CompletionPanel } from './completion-panel.js';
import { DraftBar } from './draft-bar.js';
import { draftTexts } from './draft-texts.js';
import { FieldPanel } from './field-panel.js';
import { useNames } from './names.js';
import { NotificationsPanel } from './notifications-panel.js';
import { Preview } from './preview.js';
import { problemsAt } from './problems.js';
import { useFormForBuilder } from './queries.js';
import { QuizPanel } from './quiz-panel.js';
import { RevisionHistory } from './revision-history.js';
import {
  addField,
  addSection,
  removeField,
  removeSection,
  replaceField,
  replaceSection,
} from './schema-edit.js';
import { SectionPanel } from './section-panel.js';
import { type Selection, StructureList } from './structure-list.js';
import { builderTexts } from './texts.js';
import { TranslationsPanel } from './translations-panel.js';
import { type SaveStatus, useBuilder } from './use-builder.js';
import { VariablesPanel } from './variables-panel.js';

// The map of the form is drawn only when its tab is opened: its code stays out of the builder's start.
const FormMapView = lazy(() => import('./form-map-view.js'));

// The builder names phone countries and checks phone fields: the phone numbering comes with it.
await loadQuestionTypes({ phone: true });

const STATUS_COLOR: Record<SaveStatus, string> = {
  saved: 'green',
  pending: 'gray',
  saving: 'blue',
  invalid: 'orange',
  conflict: 'red',
  error: 'red',
};

function Builder({
  formId,
  loaded,
  onReload,
  canWrite,
}: {
  formId: string;
  loaded: { form: Form; etag: string | undefined; draft?: FormDraft | undefined };
  onReload: () => void;
  canWrite: boolean;
}) {
  const t = useTexts(builderTexts);
  const names = useNames();
  const builder = useBuilder(formId, loaded);
  const draft = useTexts(draftTexts);
  const { schema, edit, problems, status, checkingPatterns } = builder;
  const [selection, setSelection] = useState<Selection>(undefined);
  // The question or page just added, whose name takes the focus (not one selected later).
  const [fresh, setFresh] = useState<string | undefined>(undefined);
  const [tab, setTab] = useState<string | null>('build');
  // What the map opened, to be given the focus once its tab shows it.
  const [opened, setOpened] = useState<string | undefined>(undefined);
  const disabled = !canWrite || status === 'conflict';

  // Ctrl+Z / Ctrl+Shift+Z (and Cmd on a Mac) undo and redo the builder's edits, except while typing
  // in a box, where the browser's own undo of that box's text applies.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      if (event.shiftKey) builder.redo();
      else builder.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [builder.undo, builder.redo]);

  // A page opened from the map: its panel's first box takes the focus. An ending or the default
  // completion: the first box of what the completion tab marks with the map's key for it
  // (data-map-target="ending:<id>" or "completion"), else the tab's first box.
  useEffect(() => {
    if (opened === undefined) return;
    setOpened(undefined);
    const boxes = 'input, textarea, select';
    const panel =
      tab === 'build'
        ? document.getElementById('builder-properties')?.parentElement
        : document.querySelector<HTMLElement>('[role="tabpanel"][id$="completion"]');
    const marked = panel?.querySelector<HTMLElement>(`[data-map-target="${CSS.escape(opened)}"]`);
    const box = marked?.matches(boxes) ? marked : marked?.querySelector<HTMLElement>(boxes);
    (box ?? panel?.querySelector<HTMLElement>(boxes))?.focus();
  }, [opened, tab]);

  const field = selection?.kind === 'field' ? schema.fields.find((f) => f.id === selection.id) : undefined;
  const section =
    selection?.kind === 'section' ? schema.sections.find((s) => s.id === selection.id) : undefined;
  const statusText =
    status === 'error'
      ? t('error', { message: builder.errorMessage ?? '' })
      : status === 'conflict'
        ? t('reload')
        : t(status);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group
            gap="md"
            component="nav"
            aria-label={t('builderOf', { title: schema.meta.title || loaded.form.title })}
          >
            <Link to={pathTo('/forms')} size="sm">
              {t('allForms')}
            </Link>
            <Link to={pathTo('/forms/:formId/share', { formId: loaded.form.id })} size="sm">
              {t('shareLink')}
            </Link>
            <Link to={pathTo('/forms/:formId/responses', { formId: loaded.form.id })} size="sm">
              {t('responsesLink')}
            </Link>
          </Group>
          <Title order={1} size="h2">
            {t('builderOf', { title: schema.meta.title || loaded.form.title })}
          </Title>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <div role="status" aria-live="polite">
            {status === 'conflict' ? null : (
              <Badge color={STATUS_COLOR[status]} variant="light" c="dark" size="lg">
                {statusText}
              </Badge>
            )}
          </div>
          {/* With nothing to undo (or redo), a button says so by aria-disabled but keeps the focus:
              the last Undo disabling the button that was just pressed dropped it to the page. */}
          <Button
            variant="default"
            disabled={disabled}
            data-disabled={!builder.canUndo || undefined}
            aria-disabled={!builder.canUndo || undefined}
            onClick={() => (builder.canUndo ? builder.undo() : undefined)}
            aria-keyshortcuts="Control+Z"
            title={t('undoHint')}
          >
            {t('undo')}
          </Button>
          <Button
            variant="default"
            disabled={disabled}
            data-disabled={!builder.canRedo || undefined}
            aria-disabled={!builder.canRedo || undefined}
            onClick={() => (builder.canRedo ? builder.redo() : undefined)}
            aria-keyshortcuts="Control+Shift+Z"
            title={t('redoHint')}
          >
            {t('redo')}
          </Button>
        </Group>
      </Group>
      {status === 'conflict' ? (
        <Alert color="red" role="alert" title={t('conflict')}>
          <Button onClick={onReload}>{t('reload')}</Button>
        </Alert>
      ) : null}
      {status === 'invalid' ? (
        <Text role="alert" c="red" size="sm">
          {t('invalid')}
        </Text>
      ) : null}
      {canWrite ? null : <Alert color="gray">{t('readOnly')}</Alert>}
      {builder.drafting ? (
        <DraftBar
          formId={formId}
          hasDraft={builder.hasDraft}
          saving={status === 'saving' || status === 'pending'}
          canWrite={canWrite}
          onDone={onReload}
        />
      ) : null}

      <Tabs
        value={tab}
        onChange={(next) => {
          // Back on the Build tab, the panel shown again is not new: the focus stays on the tab.
          setFresh(undefined);
          setTab(next);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="build">{t('tabBuild')}</Tabs.Tab>
          <Tabs.Tab value="logic">{t('tabLogic')}</Tabs.Tab>
          <Tabs.Tab value="translations">{t('tabTranslations')}</Tabs.Tab>
          <Tabs.Tab value="completion">{t('tabCompletion')}</Tabs.Tab>
          <Tabs.Tab value="map">{t('tabMap')}</Tabs.Tab>
          <Tabs.Tab value="history">{draft('tabHistory')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="build" pt="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
              <StructureList
                schema={schema}
                problems={problems}
                selection={selection}
                onSelect={(next) => {
                  setFresh(undefined);
                  setSelection(next);
                }}
                edit={(change) => edit(change)}
                disabled={disabled}
                onAddField={(sectionId, type) => {
                  const [next, id] = addField(
                    schema,
                    sectionId,
                    type,
                    t('newField', { type: names.type[type] }),
                  );
                  edit(next);
                  setFresh(id);
                  setSelection({ kind: 'field', id });
                }}
                onAddSection={() => {
                  const [next, id] = addSection(schema, '');
                  edit(next);
                  setFresh(id);
                  setSelection({ kind: 'section', id });
                }}
                onRemoveField={(id) => {
                  edit((s) => removeField(s, id));
                  // By kind too: a section may share a field's id (a problem until one is renamed).
                  if (selection?.kind === 'field' && selection.id === id) setSelection(undefined);
                }}
                onRemoveSection={(id) => {
                  edit((s) => removeSection(s, id));
                  if (selection?.kind === 'section' && selection.id === id) setSelection(undefined);
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
              <Paper withBorder p="sm" component="section" aria-labelledby="builder-properties">
                <Title order={2} size="h4" id="builder-properties" mb="xs">
                  {t('properties')}
                  {field ? `: ${field.label}` : section ? `: ${section.title || section.id}` : ''}
                </Title>
                {field ? (
                  <FieldPanel
                    key={field.id}
                    schema={schema}
                    field={field}
                    fresh={fresh === field.id}
                    disabled={disabled}
                    problems={problemsAt(problems, `$.fields[${schema.fields.indexOf(field)}]`)}
                    onChange={(next, key) => edit((s) => replaceField(s, next), key)}
                  />
                ) : section ? (
                  <SectionPanel
                    key={section.id}
                    schema={schema}
                    section={section}
                    fresh={fresh === section.id}
                    disabled={disabled}
                    problems={problemsAt(problems, `$.sections[${schema.sections.indexOf(section)}]`)}
                    warnings={problemsAt(builder.warnings, `$.sections[${schema.sections.indexOf(section)}]`)}
                    onChange={(next, key) => edit((s) => replaceSection(s, next), key)}
                    edit={edit}
                  />
                ) : (
                  <Text size="sm">{t('selectSomething')}</Text>
                )}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Preview schema={schema} valid={problems.length === 0 && !checkingPatterns} />
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="logic" pt="md">
          <VariablesPanel schema={schema} edit={edit} problems={problems} disabled={disabled} />
        </Tabs.Panel>
        <Tabs.Panel value="translations" pt="md">
          <TranslationsPanel
            formId={formId}
            schema={schema}
            edit={edit}
            problems={problems}
            disabled={disabled}
            saved={status === 'saved'}
            adopt={builder.adopt}
          />
        </Tabs.Panel>
        <Tabs.Panel value="completion" pt="md">
          <CompletionPanel schema={schema} edit={edit} problems={problems} disabled={disabled} />
          <QuizPanel
            schema={schema}
            edit={edit}
            problems={problems}
            warnings={problemsAt(builder.warnings, '$.settings.quiz')}
            disabled={disabled}
          />
          <NotificationsPanel schema={schema} edit={edit} problems={problems} disabled={disabled} />
        </Tabs.Panel>
        <Tabs.Panel value="map" pt="md">
          <Suspense fallback={<Loader size="sm" />}>
            <FormMapView
              schema={schema}
              onOpen={(node) => {
                if (node.kind === 'page') {
                  setFresh(undefined);
                  setSelection({ kind: 'section', id: node.id });
                  setTab('build');
                } else setTab('completion');
                setOpened(node.key);
              }}
            />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <RevisionHistory
            formId={formId}
            liveRevision={loaded.form.revision}
            canWrite={canWrite}
            onRestored={onReload}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** `/forms/:formId`: the form builder. */
export default function BuilderPage({ params }: PageProps) {
  const t = useTexts(builderTexts);
  const formId = params.formId ?? '';
  const query = useFormForBuilder(formId);
  const me = useMe();
  const role = me.data?.role;
  const canWrite = role !== undefined && roleAllows(role, 'forms.write');

  if (query.isPending) {
    return (
      <Group justify="center" p="xl" role="status">
        <Loader size="sm" />
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Stack>
        <Link to={pathTo('/forms')}>{t('allForms')}</Link>
        <Text role="alert">{t('loadFailed')}</Text>
      </Stack>
    );
  }
  return (
    <Builder
      // A reload starts the builder over from what is stored now.
      key={query.dataUpdatedAt}
      formId={formId}
      loaded={query.data}
      canWrite={canWrite}
      onReload={() => void query.refetch()}
    />
  );
}
