import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { notificationsKey } from './notifications-key.ts';

export function useDeleteNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ deleted: number }>(`/notifications/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
