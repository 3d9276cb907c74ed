import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /auth/reset-password: whether the e-mailed link still works, checked without using it up. */
export function useResetLinkQuery(token: string) {
  return useQuery({
    queryKey: ['password-reset', token],
    queryFn: ({ signal }) =>
      http.get<{ message: string }>('/auth/reset-password', { signal, token: null, query: { token } }),
    retry: false,
    // A link checked once stays as it was while the form is open: submitting is what uses it up.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });
}
