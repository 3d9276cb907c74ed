import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@vendaval/core/schemas/notifications';
import { http } from '../../../lib/http.ts';
import { notificationsKey } from './notifications-key.ts';

export function useReadNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.get<Notification>(`/notifications/${id}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
