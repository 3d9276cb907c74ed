import { useSyncExternalStore } from 'react';
import type { Query } from './http.ts';

/**
 * What a screen asks of the phone (the dial bar is one global element, platform.md §2): a call to one card's
 * number, or a queue of the board's cards under its filter. The phone feature hears the requests, so the board
 * and the card modal never import it.
 */
export type PhoneRequest =
  | { kind: 'single'; opportunityId: number; phoneNumber: string }
  | { kind: 'queue'; filter: Query };

/** What screens may know of the phone: whether a session is open, and the card on the line now. */
export type PhoneLine = { active: boolean; onCallOpportunityId: number | null };

const IDLE: PhoneLine = { active: false, onCallOpportunityId: null };
let line: PhoneLine = IDLE;
const lineListeners = new Set<() => void>();
const requestListeners = new Set<(request: PhoneRequest) => void>();
const hangUpListeners = new Set<() => void>();

export function requestCall(request: PhoneRequest) {
  for (const listener of requestListeners) listener(request);
}

export function onPhoneRequest(listener: (request: PhoneRequest) => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/** 'Finalizar' of the card's 'Em atendimento' banner: the phone ends the call on the line. */
export function requestHangUp() {
  for (const listener of hangUpListeners) listener();
}

export function onHangUpRequest(listener: () => void): () => void {
  hangUpListeners.add(listener);
  return () => hangUpListeners.delete(listener);
}

export function setPhoneLine(next: PhoneLine) {
  if (next.active === line.active && next.onCallOpportunityId === line.onCallOpportunityId) return;
  line = next;
  for (const listener of lineListeners) listener();
}

export function usePhoneLine(): PhoneLine {
  return useSyncExternalStore(
    (listener) => {
      lineListeners.add(listener);
      return () => lineListeners.delete(listener);
    },
    () => line,
  );
}
