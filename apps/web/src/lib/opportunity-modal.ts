import { useSyncExternalStore } from 'react';

/** Which tab the card modal opens on, and a close flow to start right away (drag into a Won/Lost column). */
export type OpportunityModalRequest = {
  id: number;
  tab?: 'edit' | 'chat' | 'phone' | 'history' | 'notes' | 'close';
  action?: 'won' | 'lost';
  /** 'omnichannel': beside the conversation list on a desktop, with only the chat and the notes. */
  mode?: 'omnichannel';
  /** Opened by the phone after a call (PLAT-155): a click on the backdrop does not close it (PLAT-156). */
  afterCall?: boolean;
};

let current: OpportunityModalRequest | null = null;
const listeners = new Set<() => void>();

function emit(next: OpportunityModalRequest | null) {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * The card modal is one global element (platform.md §2): any screen opens it here — the board, a history
 * entry, a task — and the layout renders it.
 */
export const openOpportunityModal = (request: OpportunityModalRequest) => emit(request);
export const closeOpportunityModal = () => emit(null);
/** Closes the modal only while it still shows this card: a delayed close never takes another card down. */
export const closeOpportunityModalOf = (id: number) => {
  if (current?.id === id) emit(null);
};

export function useOpportunityModalRequest(): OpportunityModalRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
