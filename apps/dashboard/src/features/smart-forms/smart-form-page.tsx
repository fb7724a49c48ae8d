import { roleAllows } from '@formloom/sdk';
import { Stack, Text, Title, Tooltip } from '@mantine/core';
import { type ReactElement, useState } from 'react';
import { Link } from '../../components/link.js';
import { PageLoading } from '../../components/page-state.js';
import { useTexts } from '../../i18n/texts.js';
import { navigate, type PageProps, pathTo } from '../../navigation.js';
import { useMe } from '../auth/queries.js';
import { createBody, draftOf, EMPTY_DRAFT, updateBody } from './edit-model.js';
import { PublishPanel } from './publish-panel.js';
import { useCreateSmartForm, useSmartForm, useUpdateSmartForm } from './queries.js';
import { SmartFormEditor } from './smart-form-editor.js';
import { smartFormsTexts } from './texts.js';

/**
 * `/smart-forms/new` (no id: the editor creates, then opens the new smart form) and
 * `/smart-forms/:smartFormId` (the editor saves what changed; publishing below it).
 */
export default function SmartFormPage({ params }: PageProps) {
  const id = params.smartFormId;
  const tx = useTexts(smartFormsTexts);
  const role = useMe().data?.role ?? 'viewer';
  const canWrite = roleAllows(role, 'smart_forms.write');
  const form = useSmartForm(id);
  const create = useCreateSmartForm();
  const update = useUpdateSmartForm(id ?? '');
  const [notice, setNotice] = useState<string | undefined>();
  // A control the role may not use stays visible, disabled, and says why.
  const gate = (control: ReactElement) =>
    canWrite ? (
      control
    ) : (
      <Tooltip label={tx('readOnly', { role })}>
        <span>{control}</span>
      </Tooltip>
    );
  const back = <Link to={pathTo('/smart-forms')}>{tx('back')}</Link>;
  const readOnly = canWrite ? null : <Text size="sm">{tx('readOnly', { role })}</Text>;

  if (id === undefined)
    return (
      <Stack>
        {back}
        <Title order={1} size="h2">
          {tx('newHeading')}
        </Title>
        {readOnly}
        <SmartFormEditor
          initial={EMPTY_DRAFT}
          submitLabel={tx('createSubmit')}
          disabled={!canWrite}
          onSave={async (draft) => {
            const created = await create.mutateAsync(createBody(draft));
            navigate(pathTo('/smart-forms/:smartFormId', { smartFormId: created.id }));
          }}
        />
      </Stack>
    );

  if (form.isPending) return <PageLoading />;
  if (form.isError)
    return (
      <Stack>
        {back}
        <Title order={1} size="h2">
          {tx('editHeading')}
        </Title>
        <Text role="alert">{tx('notFound')}</Text>
      </Stack>
    );

  const saved = draftOf(form.data);
  return (
    <Stack>
      {back}
      <div>
        <Title order={1} size="h2">
          {tx('editHeading')}
        </Title>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {form.data.title}
        </Text>
      </div>
      {readOnly}
      <Link to={pathTo('/smart-forms/:smartFormId/sessions', { smartFormId: id })}>{tx('viewSessions')}</Link>
      <PublishPanel form={form.data} canWrite={canWrite} gate={gate} />
      <div aria-live="polite">{notice !== undefined ? <Text>{notice}</Text> : null}</div>
      <SmartFormEditor
        key={id}
        initial={saved}
        submitLabel={tx('save')}
        disabled={!canWrite}
        onSave={async (draft) => {
          setNotice(undefined);
          const body = updateBody(saved, draft);
          if (Object.keys(body).length > 0) await update.mutateAsync(body);
          setNotice(tx('saved'));
        }}
      />
    </Stack>
  );
}
