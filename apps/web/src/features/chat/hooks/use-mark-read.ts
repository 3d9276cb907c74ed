import type { ChatMessage, Dialog } from '@vendaval/core/schemas/chat';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useMarkReadMutation } from '../api/use-mark-read-mutation.ts';

function subscribeVisibility(listener: () => void) {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

const isVisible = () => document.visibilityState === 'visible';

/**
 * The open chat marks its room read when it has unread messages: on entering, whenever the contact writes
 * while the page is visible, and when the page becomes visible again after the contact wrote.
 */
export function useMarkRead(dialog: Dialog | undefined, newest: ChatMessage | undefined) {
  const { mutate } = useMarkReadMutation(dialog?.id ?? 0);
  const visible = useSyncExternalStore(subscribeVisibility, isVisible);
  const marked = useRef<number | null>(null);
  const newestInbound = newest?.sender === 'contact' ? newest.id : null;
  useEffect(() => {
    if (!dialog || !visible) return;
    const unreadOnEntry = marked.current === null && dialog.unread_count > 0;
    const newSinceMarked =
      marked.current !== null && newestInbound !== null && newestInbound !== marked.current;
    if (!unreadOnEntry && !newSinceMarked) {
      if (marked.current === null) marked.current = newestInbound ?? 0;
      return;
    }
    marked.current = newestInbound ?? 0;
    mutate();
  }, [dialog, newestInbound, visible, mutate]);
}
