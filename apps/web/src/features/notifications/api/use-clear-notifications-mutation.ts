import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { notificationsKey } from './notifications-key.ts';

export function useClearNotificationsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<{ deleted: number }>('/notifications/clear'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
