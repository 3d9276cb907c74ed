import type { Notification } from '@vendaval/core/schemas/notifications';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { http } from '../../lib/http.ts';
import { showErrorToasts } from '../../lib/toasts.ts';
import { browserPushSupported } from './browser-push.ts';
import { useOpenNotification } from './use-open-notification.ts';

/** The page's part of a click on a pushed notification (the service worker's `notificationclick`). */
export const PUSH_CLICK_PARAM = 'notification';

type PushClickMessage = { type: 'notification-click'; notification: Notification };
const isPushClick = (data: unknown): data is PushClickMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'notification-click';

/**
 * Follows a clicked push like a click in the bell: told by the service worker when a tab was open, or read from
 * `?notification=<id>` when the click opened this tab (the notification is fetched, and so marked read).
 */
export function usePushClicks() {
  const open = useOpenNotification();
  const openRef = useRef(open);
  openRef.current = open;
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get(PUSH_CLICK_PARAM));

  useEffect(() => {
    if (!Number.isInteger(asked) || asked <= 0) return;
    setParams(
      (current) => {
        current.delete(PUSH_CLICK_PARAM);
        return current;
      },
      { replace: true },
    );
    http
      .get<Notification>(`/notifications/${asked}/read`)
      .then((notification) => openRef.current(notification))
      .catch(showErrorToasts);
  }, [asked, setParams]);

  useEffect(() => {
    if (!browserPushSupported()) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      if (isPushClick(event.data)) void openRef.current(event.data.notification);
    };
    container.addEventListener('message', onMessage);
    container.startMessages();
    return () => container.removeEventListener('message', onMessage);
  }, []);
}
