import { roleAllows } from '@formloom/sdk';
import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../components/error-text.js';
import { Link } from '../../components/link.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { pathTo } from '../../navigation.js';
import { useMe } from '../auth/queries.js';
import { useDomains } from '../domains/queries.js';
import { useSetSlug } from '../forms/queries.js';
import { slugTexts } from './slug-texts.js';

/**
 * The form's slug, its address on the account's verified custom domains, and those addresses
 * (for the members who may see the domains: owners and admins).
 */
export function FormSlug({
  formId,
  saved,
  canWrite,
  published,
}: {
  formId: string;
  saved: string | undefined;
  canWrite: boolean;
  published: boolean;
}) {
  const tx = useTexts(slugTexts);
  const { t } = useI18n();
  const role = useMe().data?.role ?? 'viewer';
  const seesDomains = roleAllows(role, 'domains.manage');
  const domains = useDomains(seesDomains);
  const [slug, setSlug] = useState(saved ?? '');
  const update = useSetSlug();
  const verified = (domains.data ?? []).filter((d) => d.status === 'verified');

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: formId, slug: slug.trim() === '' ? null : slug.trim() });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="form-slug-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="form-slug-heading">
          {tx('heading')}
        </Title>
        <form onSubmit={save} noValidate>
          <Stack gap="xs">
            <TextInput
              label={tx('label')}
              description={tx('hint')}
              placeholder="contact"
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              value={slug}
              disabled={!canWrite}
              onChange={(event) => {
                setSlug(event.currentTarget.value);
                update.reset();
              }}
            />
            <div>
              <Button type="submit" variant="default" disabled={!canWrite} loading={update.isPending}>
                {tx('save')}
              </Button>
            </div>
          </Stack>
        </form>
        <Text size="sm" role="status" aria-live="polite">
          {update.isSuccess ? tx('saved') : ''}
        </Text>
        {update.error ? <Alert role="alert">{errorText(update.error, t('somethingWrong'))}</Alert> : null}
        {seesDomains && saved !== undefined && domains.isSuccess ? (
          verified.length === 0 ? (
            <Text size="sm">
              {tx('noDomains')} <Link to={pathTo('/domains')}>{tx('domainsPage')}</Link>
            </Text>
          ) : (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {tx('addresses')}
              </Text>
              {published ? null : <Text size="sm">{tx('notPublished')}</Text>}
              {verified.map((domain) => {
                const address = `https://${domain.hostname}/${saved}`;
                return (
                  <Group key={domain.id} gap="xs" wrap="nowrap" justify="space-between">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {address}
                    </Text>
                    <CopyButton value={address}>
                      {({ copied, copy }) => (
                        <Button
                          variant="default"
                          size="xs"
                          onClick={copy}
                          aria-label={tx('copyNamed', { address })}
                        >
                          {copied ? tx('copied') : tx('copy')}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                );
              })}
            </Stack>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}
