import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@vendaval/core/constants';
import { TOASTS } from '@vendaval/core/messages';

/** For pages served without a secure context, where navigator.clipboard does not exist. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

async function copyWithClipboard(text: string): Promise<boolean> {
  if (!navigator.clipboard?.writeText) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Copies text and confirms with 'Copiado com sucesso!' for 2 s. */
export async function copyToClipboard(text: string): Promise<boolean> {
  const copied = (await copyWithClipboard(text)) || copyWithSelection(text);
  if (copied) {
    notifications.show({
      color: 'green',
      title: TOASTS.copied.title,
      message: TOASTS.copied.message,
      autoClose: TOAST_MS.copied,
    });
  }
  return copied;
}
