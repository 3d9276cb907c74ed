import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { type ComponentType, createContext, useContext } from 'react';

export type CardChatProps = { opportunity: Opportunity };

/**
 * What the chat puts into the card modal: the Chat tab and the room line of the header (bot, room, status and
 * the close-room button). The app provides them, so the card modal and the chat never import each other.
 */
export type CardChatSlots = {
  Chat: ComponentType<CardChatProps>;
  RoomStatus: ComponentType<CardChatProps>;
};

export const CardChatContext = createContext<CardChatSlots | null>(null);

export function useCardChatSlots(): CardChatSlots | null {
  return useContext(CardChatContext);
}
