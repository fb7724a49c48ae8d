import type { Role } from '@formloom/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';

/** Query keys of members and invitations (one factory per resource). */
export const memberKeys = {
  all: ['members'] as const,
  list: () => [...memberKeys.all, 'list'] as const,
};

export function useMembers() {
  return useQuery({ queryKey: memberKeys.list(), queryFn: () => client.members.list() });
}

function useMemberMutation<A, R>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

export const useInvite = () =>
  useMemberMutation((body: { email: string; role: Role }) => client.members.invite(body));
export const useRevokeInvitation = () =>
  useMemberMutation((id: string) => client.members.revokeInvitation(id));
export const useChangeRole = () =>
  useMemberMutation(({ userId, role }: { userId: string; role: Role }) =>
    client.members.update(userId, { role }),
  );
export const useRemoveMember = () => useMemberMutation((userId: string) => client.members.remove(userId));
