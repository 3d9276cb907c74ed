import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TokenResponse } from '@vendaval/core/schemas/auth';
import { http } from '../../../lib/http.ts';
import { resetUserQueries } from '../../../lib/query-client.ts';
import { startSession } from '../../../lib/session.ts';

export type FulfillInvitationInput =
  | { name: string; password: string; password_confirmation: string }
  | { password: string };

/** Accepting logs the user in, straight into the workspace they were invited to. */
export function useFulfillInvitationMutation(id: string, workspaceId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FulfillInvitationInput) =>
      http.post<TokenResponse>(`/user-invitations/${encodeURIComponent(id)}/fulfill`, input, { token: null }),
    onSuccess: (response) => {
      resetUserQueries(queryClient);
      startSession(response, workspaceId);
    },
  });
}
