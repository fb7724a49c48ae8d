import { ROLES, type Role, roleAllows } from '@formloom/sdk';
import { Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { LoadingMark } from '../../components/page-state.js';
import { ColumnHeads, ScrollTable } from '../../components/scroll-table.js';
import { errorMessage, ShownOnce } from '../../components/shown-once.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { useMe } from '../auth/queries.js';
import { useChangeRole, useInvite, useMembers, useRemoveMember, useRevokeInvitation } from './queries.js';
import { texts } from './texts.js';

export default function MembersPage() {
  const t = useTexts(texts);
  const { language } = useI18n();
  const me = useMe();
  const myRole = me.data?.role ?? 'viewer';
  const ownerOk = roleAllows(myRole, 'owners.manage');
  const members = useMembers();
  const changeRole = useChangeRole();
  const revokeInvitation = useRevokeInvitation();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<{ id: string; email: string } | null>(null);
  const closeRemove = () => {
    setRemoving(null);
    remove.reset();
  };
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const roleOptions = (current: Role) =>
    ROLES.map((role) => ({
      value: role,
      label: t(role),
      disabled: !ownerOk && (role === 'owner' || current === 'owner'),
    }));
  const failure = changeRole.error ?? revokeInvitation.error;

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <InviteForm ownerOk={ownerOk} />
      {failure && (
        <Alert color="red" role="alert">
          {t('failed', { message: errorMessage(failure) })}
        </Alert>
      )}
      {members.isPending ? (
        <LoadingMark />
      ) : members.isError ? (
        <Text role="alert">{t('failed', { message: errorMessage(members.error) })}</Text>
      ) : (
        <>
          <ScrollTable label={t('title')}>
            <Table striped aria-label={t('title')}>
              <ColumnHeads labels={[t('email'), t('role'), t('joined'), t('actions')]} />
              <Table.Tbody>
                {members.data.members.map((member) => {
                  const locked = !ownerOk && member.role === 'owner';
                  return (
                    <Table.Tr key={member.id}>
                      <Table.Td>{member.email}</Table.Td>
                      <Table.Td>
                        <NativeSelect
                          aria-label={t('changeRoleOf', { email: member.email })}
                          description={locked ? t('ownersOnly') : undefined}
                          disabled={locked}
                          value={member.role}
                          data={roleOptions(member.role)}
                          onChange={(e) =>
                            changeRole.mutate({ userId: member.id, role: e.currentTarget.value as Role })
                          }
                        />
                      </Table.Td>
                      <Table.Td>{date.format(new Date(member.createdAt))}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          disabled={locked}
                          aria-label={`${t('remove')} ${member.email}`}
                          onClick={() => setRemoving({ id: member.id, email: member.email })}
                        >
                          {t('remove')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {members.data.invitations.length > 0 && (
            <>
              <Title order={2} size="h3">
                {t('invitations')}
              </Title>
              <ScrollTable label={t('invitations')}>
                <Table striped aria-label={t('invitations')}>
                  <ColumnHeads labels={[t('email'), t('role'), t('expires'), t('actions')]} />
                  <Table.Tbody>
                    {members.data.invitations.map((invitation) => (
                      <Table.Tr key={invitation.id}>
                        <Table.Td>{invitation.email}</Table.Td>
                        <Table.Td>{t(invitation.role)}</Table.Td>
                        <Table.Td>{date.format(new Date(invitation.expiresAt))}</Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={t('revokeInvitation', { email: invitation.email })}
                            onClick={() => revokeInvitation.mutate(invitation.id)}
                          >
                            {t('revokeShort')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            </>
          )}
        </>
      )}
      <ConfirmDialog
        opened={removing !== null}
        onClose={closeRemove}
        title={t('removeTitle', { email: removing?.email ?? '' })}
        confirmLabel={t('remove')}
        cancelLabel={t('cancel')}
        pending={remove.isPending}
        error={remove.isError ? t('failed', { message: errorMessage(remove.error) }) : undefined}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: closeRemove })}
      >
        {t('removeText')}
      </ConfirmDialog>
    </Stack>
  );
}

function InviteForm({ ownerOk }: { ownerOk: boolean }) {
  const t = useTexts(texts);
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email: email.trim(), role });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('invite')}>
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <NativeSelect
            label={t('role')}
            value={role}
            onChange={(e) => setRole(e.currentTarget.value as Role)}
            data={ROLES.map((r) => ({ value: r, label: t(r), disabled: r === 'owner' && !ownerOk }))}
          />
          <Button type="submit" loading={invite.isPending} disabled={email.trim() === ''}>
            {t('invite')}
          </Button>
        </Group>
        {invite.isError && (
          <Alert color="red" role="alert">
            {t('failed', { message: errorMessage(invite.error) })}
          </Alert>
        )}
        {invite.data && (
          <>
            <ShownOnce
              label={t('link')}
              value={invite.data.link}
              warning={t('linkOnce', { email: invite.data.email })}
              copy={t('copy')}
              copied={t('copied')}
            />
            {invite.data.emailed && <Text size="sm">{t('emailed')}</Text>}
          </>
        )}
      </Stack>
    </form>
  );
}
