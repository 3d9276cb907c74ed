import { useQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@vendaval/core/schemas/notifications';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { notificationsKey } from './notifications-key.ts';

/** The bell shows the newest ones; older ones are deleted or cleared from there. */
export const BELL_PAGE_SIZE = 50;

export function useNotificationsQuery() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...notificationsKey, 'list'],
    queryFn: ({ signal }) =>
      http.get<NotificationPage>('/notifications', { signal, query: { limit: BELL_PAGE_SIZE } }),
    enabled: Boolean(token),
  });
}
