import { useQuery } from '@tanstack/react-query';
import type { Invitation } from '@vendaval/core/schemas/auth';
import { http } from '../../../lib/http.ts';

/** The invitation page explains an invalid or expired invitation itself. */
export function useInvitationQuery(id: string) {
  return useQuery({
    queryKey: ['invitation', id],
    queryFn: ({ signal }) =>
      http.get<Invitation>(`/user-invitations/${encodeURIComponent(id)}/validate`, { signal, token: null }),
    retry: false,
    meta: { errorToast: false },
  });
}
