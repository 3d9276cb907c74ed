import { notifications as toasts } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@vendaval/core/schemas/notifications';
import { useEffect, useRef } from 'react';
import { muteRing, onRealtimeEvent } from '../../lib/realtime.ts';
import { TOAST_DURATION } from '../../lib/toasts.ts';
import { notificationsKey } from './api/notifications-key.ts';
import { useUserSettingsQuery } from './api/use-user-settings-query.ts';
import { subscribeBrowser } from './browser-push.ts';
import { useOpenNotification } from './use-open-notification.ts';
import { useRemoteConfigRefresh } from './use-remote-config.ts';

/**
 * A notification that arrives on the stream refreshes the bell and shows its toast for 5 s; a click on the toast
 * follows it. The chat ring follows the user's sound setting. The remote config beside them stays current too.
 */
export function useLiveNotifications() {
  useRemoteConfigRefresh();
  const queryClient = useQueryClient();
  const open = useOpenNotification();
  const openRef = useRef(open);
  openRef.current = open;
  const settings = useUserSettingsQuery().data;

  useEffect(() => {
    muteRing(settings?.sound_enabled === false);
  }, [settings?.sound_enabled]);

  // A browser the user already allowed keeps its subscription known to the server (it may have been renewed).
  const pushEnabled = settings?.push_enabled === true;
  useEffect(() => {
    if (pushEnabled) subscribeBrowser({ ask: false }).catch(() => undefined);
  }, [pushEnabled]);

  useEffect(
    () =>
      onRealtimeEvent((event) => {
        if (event.type !== 'notification.created' || !event.notification) return;
        void queryClient.invalidateQueries({ queryKey: notificationsKey });
        showNotificationToast(event.notification, (n) => void openRef.current(n));
      }),
    [queryClient],
  );
}

function showNotificationToast(notification: Notification, open: (n: Notification) => void) {
  const id = `notification:${notification.id}`;
  toasts.show({
    id,
    title: notification.data.title,
    message: notification.data.body,
    autoClose: TOAST_DURATION.notification,
    style: { cursor: 'pointer' },
    'data-testid': 'notification-toast',
    onClick: () => {
      toasts.hide(id);
      open(notification);
    },
  });
}
