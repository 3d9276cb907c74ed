import { type KeyboardEvent, useRef } from 'react';

/**
 * Escape closes this modal only when pressed inside it: the pickers it opens live in their own portals, and
 * their Escape must close just them. Open dropdowns mark their input to keep Escape for themselves.
 */
export function useEscapeInside(onEscape: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Escape' || event.defaultPrevented || !ref.current?.contains(target)) return;
    if (target.getAttribute('data-mantine-stop-propagation') === 'true') return;
    onEscape();
  };
  return { ref, onKeyDown };
}
