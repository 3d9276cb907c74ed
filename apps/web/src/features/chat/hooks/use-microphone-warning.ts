import { notifications } from '@mantine/notifications';
import { TOASTS } from '@vendaval/core/messages';
import { useEffect } from 'react';
import { TOAST_DURATION } from '../../../lib/toasts.ts';

let warned = false;

/** Opening the chat with the microphone already refused warns once per session (decisions.md §8). */
export function useMicrophoneWarning() {
  useEffect(() => {
    if (warned || !navigator.permissions?.query) return;
    navigator.permissions
      .query({ name: 'microphone' as PermissionName })
      .then((status) => {
        if (status.state !== 'denied' || warned) return;
        warned = true;
        notifications.show({
          color: 'red',
          title: TOASTS.microphoneDenied.title,
          message: TOASTS.microphoneDenied.message,
          autoClose: TOAST_DURATION.error,
        });
      })
      .catch(() => {});
  }, []);
}
