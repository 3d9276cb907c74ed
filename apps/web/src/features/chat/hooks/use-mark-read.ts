import type { ChatMessage, Dialog } from '@vendaval/core/schemas/chat';
import { useEffect, useRef } from 'react';
import { useMarkReadMutation } from '../api/use-mark-read-mutation.ts';

/**
 * The open chat marks its room read when it has unread messages, on entering and whenever the contact writes
 * while the page is visible.
 */
export function useMarkRead(dialog: Dialog | undefined, newest: ChatMessage | undefined) {
  const markRead = useMarkReadMutation(dialog?.id ?? 0);
  const marked = useRef<number | null>(null);
  const newestInbound = newest?.sender === 'contact' ? newest.id : null;
  const { mutate } = markRead;
  useEffect(() => {
    if (!dialog || document.visibilityState !== 'visible') return;
    const unreadOnEntry = marked.current === null && dialog.unread_count > 0;
    const newSinceMarked =
      marked.current !== null && newestInbound !== null && newestInbound !== marked.current;
    if (!unreadOnEntry && !newSinceMarked) {
      if (marked.current === null) marked.current = newestInbound ?? 0;
      return;
    }
    marked.current = newestInbound ?? 0;
    mutate();
  }, [dialog, newestInbound, mutate]);
}
