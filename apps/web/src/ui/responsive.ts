import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@vendaval/core/constants';

/** Narrower than the spec's 800 px breakpoint. */
export const MOBILE_QUERY = `(max-width: ${(MOBILE_BREAKPOINT_PX - 0.02) / 16}em)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}
