import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TokenResponse } from '@vendaval/core/schemas/auth';
import { http } from '../../../lib/http.ts';
import { resetUserQueries } from '../../../lib/query-client.ts';
import { startSession } from '../../../lib/session.ts';

export type LoginInput = { username: string; password: string };

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => http.post<TokenResponse>('/auth/token', input, { token: null }),
    onSuccess: (response) => {
      resetUserQueries(queryClient);
      startSession(response);
    },
  });
}
