import type { MantineGradient } from '@mantine/core';
import { roleLabel } from '@vendaval/core/roles';
import type { Platform } from '@vendaval/core/schemas/platform';
import { resolveTerms, type Terms } from '@vendaval/core/terms';
import { createContext, useContext, useMemo } from 'react';

export const PlatformContext = createContext<Platform | null>(null);

/** The tenant (white-label profile) the app is served for. */
export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform needs the tenant provider above it');
  return platform;
}

/** The tenant's vocabulary: won, lost, product, price, concluded and sales-rep terms. */
export function useTerms(): Terms {
  const { terms } = usePlatform();
  return useMemo(() => resolveTerms(terms), [terms]);
}

/** The brand gradient where it applies: always on the login screens, in the app unless login_only. */
export function useBrandGradient(where: 'login' | 'app'): MantineGradient | null {
  const { gradient } = usePlatform();
  if (!gradient || (where === 'app' && gradient.login_only)) return null;
  return { from: gradient.primary, to: gradient.secondary, deg: 135 };
}

/** A role's label, with the tenant's term for the sales rep. */
export function useRoleLabel(): (role: string) => string {
  const terms = useTerms();
  return (role) => (role === 'salesRep' ? terms.sales_rep_term : roleLabel(role));
}
