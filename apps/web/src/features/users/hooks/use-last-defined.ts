import { useState } from 'react';

/** The latest non-null value, so a closing modal or drawer keeps its content during the transition. */
export function useLastDefined<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
