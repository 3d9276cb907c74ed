import type { Notification } from '@vendaval/core/schemas/notifications';
import type { Platform } from '@vendaval/core/schemas/platform';
import { useMemo } from 'react';
import { useNotificationsQuery } from './api/use-notifications-query.ts';
import { useRemoteConfig } from './use-remote-config.ts';

export type NotificationState = {
  /** Unread notifications of chat rooms (origin Dialog), newest first, as the bell lists them. */
  unreadOmnichannel: Notification[];
  /** The tenant's profile, kept current by useRemoteConfigRefresh. */
  remoteConfig: Platform;
};

/** The notification state (platform.md §3): the unread omnichannel notifications and the remote config. */
export function useNotificationState(): NotificationState {
  const page = useNotificationsQuery().data;
  const remoteConfig = useRemoteConfig();
  const unreadOmnichannel = useMemo(
    () => (page?.data ?? []).filter((n) => !n.read && n.data.origin === 'Dialog'),
    [page],
  );
  return { unreadOmnichannel, remoteConfig };
}
