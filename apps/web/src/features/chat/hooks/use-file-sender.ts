import { notifications } from '@mantine/notifications';
import { MAX_FILES_PER_SEND, MEDIA_MAX_BYTES } from '@vendaval/core/constants';
import { TOASTS } from '@vendaval/core/messages';
import { readAsDataUrl } from '../../../lib/data-url.ts';
import { TOAST_DURATION } from '../../../lib/toasts.ts';
import type { OutgoingMessage } from '../api/use-send-message-mutation.ts';

function warn(toast: { title: string; message: string }) {
  notifications.show({ color: 'yellow', ...toast, autoClose: TOAST_DURATION.warning });
}

/**
 * At most 15 files a time, the rest dropped with a warning (CHAT-032); each over 16 MB refused before any
 * upload (CHAT-031); then one call per file (CHAT-033).
 */
export async function sendFiles(files: File[], send: (message: OutgoingMessage) => Promise<unknown>) {
  if (files.length > MAX_FILES_PER_SEND) warn(TOASTS.tooManyFiles);
  const accepted = files.slice(0, MAX_FILES_PER_SEND).filter((file) => {
    if (file.size <= MEDIA_MAX_BYTES) return true;
    warn({ title: TOASTS.fileTooLarge.title, message: `${file.name}: ${TOASTS.fileTooLarge.message}` });
    return false;
  });
  for (const file of accepted) {
    await send({ file: { name: file.name, base64File: await readAsDataUrl(file) } });
  }
}
