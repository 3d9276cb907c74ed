import type { PhoneConnectionStatus } from '@vendaval/core/constants';
import { useSyncExternalStore } from 'react';

// The sandbox telephony has no SIP registration: its phone is always connected, 'Despachando'. A SIP phone
// reports its registration here as it changes.
let connection: PhoneConnectionStatus = 'Despachando';
const listeners = new Set<() => void>();

export function setPhoneConnection(next: PhoneConnectionStatus) {
  if (next === connection) return;
  connection = next;
  for (const listener of listeners) listener();
}

export function usePhoneConnection(): PhoneConnectionStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connection,
  );
}
