import { useState } from 'react';

/** A lazily loaded dialog: mounted at its first opening, then kept so it can animate closed. */
export function useLazyDialog() {
  const [state, setState] = useState({ loaded: false, opened: false });
  return {
    ...state,
    open: () => setState({ loaded: true, opened: true }),
    close: () => setState((s) => ({ ...s, opened: false })),
  };
}
