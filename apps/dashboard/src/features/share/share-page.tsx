import { roleAllows } from '@formloom/sdk';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { lazy, Suspense, useRef } from 'react';
import { errorText } from '../../components/error-text.js';
import { useFocusRescue } from '../../components/focus-rescue.js';
import { Link } from '../../components/link.js';
import { PageLoading, PageMissing } from '../../components/page-state.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { pathTo } from '../../navigation.js';
import type { PageProps } from '../../routes.js';
import { useMe } from '../auth/queries.js';
import { useForm, usePublishForm, useUnpublishForm } from '../forms/queries.js';
import { AccessPanel } from './access-panel.js';
import { AllowedOrigins } from './allowed-origins.js';
import { FormSlug } from './form-slug.js';
import { LinksPanel } from './links-panel.js';
import { embedSnippets } from './snippets.js';
import { shareTexts } from './texts.js';
import { ThemePicker } from './theme-picker.js';

// The QR encoder loads only when a published form shows its code.
const QrCode = lazy(() => import('./qr-code.js'));

const STATUS_COLOR = { DRAFT: 'gray', PUBLISHED: 'green', ARCHIVED: 'orange' } as const;

/** A copy button: it shows "Copy" (then "Copied") and is named after what it copies. */
function Copy({ value, name }: { value: string; name: string }) {
  const tx = useTexts(shareTexts);
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button variant="default" size="xs" onClick={copy} aria-label={tx('copyNamed', { name })}>
          {copied ? tx('copied') : tx('copy')}
        </Button>
      )}
    </CopyButton>
  );
}

export default function SharePage({ params }: PageProps) {
  const formId = params.formId!;
  const tx = useTexts(shareTexts);
  const { t } = useI18n();
  const role = useMe().data?.role ?? 'viewer';
  const canWrite = roleAllows(role, 'forms.write');
  const form = useForm(formId);
  const publish = usePublishForm();
  const unpublish = useUnpublishForm();
  const failure = publish.error ?? unpublish.error;
  // Publish disables itself while it works, then turns into Unpublish: the focus stays on it.
  const statusRow = useRef<HTMLDivElement>(null);
  useFocusRescue(statusRow, `${form.data?.publishStatus}:${publish.isPending}:${unpublish.isPending}`);

  if (form.isPending) return <PageLoading />;
  if (form.isError)
    return (
      <PageMissing
        heading={tx('heading')}
        message={tx('notFound')}
        back=<Link to={pathTo('/forms')}>{tx('back')}</Link>
      />
    );

  const { title, publishStatus, shareUrl } = form.data;
  const origin = window.location.origin;
  const publicUrl = shareUrl === null ? null : `${origin}/f/${shareUrl}`;
  const live = publishStatus !== 'DRAFT' && shareUrl !== null;
  const snippets = shareUrl === null ? [] : embedSnippets(origin, shareUrl);
  const toggle =
    publishStatus === 'PUBLISHED' ? (
      <Button
        variant="default"
        disabled={!canWrite}
        loading={unpublish.isPending}
        onClick={() => unpublish.mutate(formId)}
      >
        {tx('unpublish')}
      </Button>
    ) : (
      <Button disabled={!canWrite} loading={publish.isPending} onClick={() => publish.mutate(formId)}>
        {tx('publish')}
      </Button>
    );

  return (
    <Stack>
      <Link to={pathTo('/forms')}>{tx('back')}</Link>
      <div>
        <Title order={1} size="h2">
          {tx('heading')}
        </Title>
        <Text c="dimmed">{title}</Text>
      </div>
      <Paper withBorder p="md">
        <Stack>
          <Group justify="space-between" wrap="wrap" ref={statusRow}>
            <Group gap="xs">
              <Text fw={500}>{tx('status')}:</Text>
              <Badge color={STATUS_COLOR[publishStatus]} variant="light" c="dark">
                {t(publishStatus)}
              </Badge>
            </Group>
            {canWrite ? (
              toggle
            ) : (
              <Tooltip label={tx('readOnly', { role })}>
                <span>{toggle}</span>
              </Tooltip>
            )}
          </Group>
          <Text aria-live="polite">
            {publishStatus === 'PUBLISHED'
              ? tx('published')
              : publishStatus === 'ARCHIVED'
                ? tx('archived')
                : tx('draft')}
          </Text>
          {failure ? <Alert role="alert">{errorText(failure, t('somethingWrong'))}</Alert> : null}
          <Link to={pathTo('/forms/:formId/responses', { formId })}>{tx('responses')}</Link>
        </Stack>
      </Paper>
      {live && publicUrl !== null ? (
        <>
          <Paper withBorder p="md">
            <Stack>
              <Group align="flex-end" wrap="wrap" gap="xs">
                <TextInput label={tx('link')} value={publicUrl} readOnly style={{ flex: '1 1 16rem' }} />
                <Copy value={publicUrl} name={tx('link')} />
              </Group>
              {/* Another page, not one of the app's: a plain link, opened in a new tab. */}
              <Anchor href={publicUrl} target="_blank" rel="noopener">
                {tx('open')}
              </Anchor>
              <Suspense fallback={<Loader size="sm" />}>
                <QrCode value={publicUrl} label={tx('qr')} />
              </Suspense>
            </Stack>
          </Paper>
          <Title order={2} size="h3">
            {tx('snippets')}
          </Title>
          {snippets.map((snippet) => (
            <Paper withBorder p="md" key={snippet.kind}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap">
                  <Title order={3} size="h4">
                    {tx(snippet.kind)}
                  </Title>
                  <Copy value={snippet.code} name={tx(snippet.kind)} />
                </Group>
                <Text size="sm">{tx(`${snippet.kind}Hint`)}</Text>
                <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {snippet.code}
                </Code>
              </Stack>
            </Paper>
          ))}
        </>
      ) : null}
      <FormSlug
        formId={formId}
        saved={form.data.settings.slug}
        canWrite={canWrite}
        published={publishStatus === 'PUBLISHED'}
      />
      <AccessPanel formId={formId} canWrite={canWrite} />
      <ThemePicker
        formId={formId}
        themeId={form.data.settings.themeId}
        branding={form.data.settings.branding !== false}
        canWrite={canWrite}
      />
      <AllowedOrigins formId={formId} saved={form.data.settings.allowedOrigins ?? []} canWrite={canWrite} />
      <LinksPanel formId={formId} canWrite={canWrite} live={live} />
    </Stack>
  );
}
