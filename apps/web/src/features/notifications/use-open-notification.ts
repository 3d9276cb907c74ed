import { notifications as toasts } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { TOASTS } from '@vendaval/core/messages';
import type { Notification } from '@vendaval/core/schemas/notifications';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiDownload } from '../../lib/http.ts';
import { openOpportunityModal } from '../../lib/opportunity-modal.ts';
import { PLATFORM_QUERY_KEY } from '../../lib/query-client.ts';
import { saveFile } from '../../lib/save-file.ts';
import { setCurrentWorkspaceId, useSession } from '../../lib/session.ts';
import { showErrorToasts, TOAST_DURATION } from '../../lib/toasts.ts';
import { useReadNotificationMutation } from './api/use-read-notification-mutation.ts';
import { notificationTarget } from './notification-target.ts';

function showUnroutable() {
  toasts.show({
    color: 'red',
    title: TOASTS.notificationUnroutable.title,
    message: TOASTS.notificationUnroutable.message,
    autoClose: TOAST_DURATION.error,
  });
}

/**
 * Follows a notification: a card or its chat opens in the card modal, a task opens the card's agenda, a job's file
 * downloads; an origin the app cannot follow says so. Following it marks it read.
 */
export function useOpenNotification() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, workspaceId } = useSession();
  const read = useReadNotificationMutation();

  return useCallback(
    async (notification: Notification) => {
      if (!notification.read) read.mutate(notification.id);
      const target = notificationTarget(notification);
      if (target.kind === 'unroutable') return showUnroutable();
      if (target.kind === 'download') {
        try {
          const { blob, fileName } = await apiDownload(target.path);
          saveFile(notification.data.filename ?? fileName, blob);
        } catch (error) {
          showErrorToasts(error);
        }
        return;
      }
      if (target.workspaceId !== workspaceId) {
        if (!user?.workspaces.some((w) => w.id === target.workspaceId)) return showUnroutable();
        setCurrentWorkspaceId(target.workspaceId);
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] !== PLATFORM_QUERY_KEY[0],
        });
      }
      if (target.kind === 'page') return navigate(target.path);
      openOpportunityModal({ id: target.opportunityId, ...(target.tab ? { tab: target.tab } : {}) });
    },
    [navigate, queryClient, read, user, workspaceId],
  );
}
