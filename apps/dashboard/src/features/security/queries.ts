import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';
import { createPasskey } from '../auth/passkey-ceremony.js';
import { securityKeys } from './enrolment.js';

export { securityKeys, useEnrolmentRequired, useTwoFactor } from './enrolment.js';

export function useSessions() {
  return useQuery({ queryKey: securityKeys.sessions(), queryFn: () => client.security.sessions.list() });
}

export function usePasskeys() {
  return useQuery({ queryKey: securityKeys.passkeys(), queryFn: () => client.security.passkeys.list() });
}

function useSecurityMutation<A, R>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}

export const useSetupTwoFactor = () => useSecurityMutation(() => client.security.twoFactor.setup());
export const useConfirmTwoFactor = () =>
  useSecurityMutation((code: string) => client.security.twoFactor.confirm({ code }));
export const useDisableTwoFactor = () =>
  useSecurityMutation((code: string) => client.security.twoFactor.disable({ code }));
export const useRenewRecoveryCodes = () =>
  useSecurityMutation((code: string) => client.security.twoFactor.renewRecoveryCodes({ code }));
export const useEndSession = () => useSecurityMutation((id: string) => client.security.sessions.end(id));
export const useChangePassword = () =>
  useSecurityMutation((body: { current: string; new: string }) => client.security.changePassword(body));
export const useRequireTwoFactor = () =>
  useSecurityMutation((require2fa: boolean) => client.security.update({ require2fa }));
/** Runs the browser's ceremony for a new passkey and keeps it under `name`. */
export const useAddPasskey = () =>
  useSecurityMutation(async (name: string) => {
    const ceremony = await client.security.passkeys.registrationOptions();
    const response = await createPasskey(ceremony.options);
    return client.security.passkeys.register({ challengeId: ceremony.challengeId, name, response });
  });
export const useRemovePasskey = () =>
  useSecurityMutation(({ id, code }: { id: string; code?: string }) =>
    client.security.passkeys.remove(id, code === undefined ? {} : { code }),
  );
