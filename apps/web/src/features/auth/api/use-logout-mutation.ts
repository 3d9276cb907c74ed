import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** Revokes the token on the server; best effort, the session ends on this side regardless. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: (token: string) => http.post<unknown>('/auth/logout', undefined, { token }),
    meta: { errorToast: false },
  });
}
