import { lazy, Suspense } from 'react';
import type { CardChatProps, CardChatSlots } from '../lib/card-chat.ts';

// The chat is loaded with the card modal's Chat tab, not with the shell.
const ChatPanel = lazy(async () => ({
  default: (await import('../features/chat/components/chat-panel.tsx')).ChatPanel,
}));
const RoomStatus = lazy(async () => ({
  default: (await import('../features/chat/components/room-status.tsx')).RoomStatus,
}));

/** The chat feature's pieces of the card modal, as the app composes them. */
export const CARD_CHAT_SLOTS: CardChatSlots = {
  Chat: (props: CardChatProps) => (
    <Suspense fallback={null}>
      <ChatPanel {...props} />
    </Suspense>
  ),
  RoomStatus: (props: CardChatProps) => (
    <Suspense fallback={null}>
      <RoomStatus {...props} />
    </Suspense>
  ),
};
