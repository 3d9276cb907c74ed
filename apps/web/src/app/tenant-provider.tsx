import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useMemo } from 'react';
import { usePlatformQuery } from '../features/platform/api/use-platform-query.ts';
import { PlatformUnavailable } from '../features/platform/components/platform-unavailable.tsx';
import { useFavicon } from '../features/platform/hooks/use-favicon.ts';
import { PlatformContext } from '../lib/platform.ts';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { LoadingScreen, type SpinnerVariant } from '../ui/loading-screen.tsx';
import { useIsMobile } from '../ui/responsive.ts';
import { useSkin } from './skin.tsx';
import { baseTheme, buildTenantTheme, tenantCssVariables } from './tenant-theme.ts';

function rememberedSpinner(): SpinnerVariant {
  try {
    return localStorage.getItem(STORAGE_KEYS.spinner) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/**
 * Where toasts cover no control. On a desktop, a narrow column at the bottom centre: close buttons and page
 * actions sit at the top right, modal actions at the right of the modal's footer. On a phone both ends of the
 * screen hold actions (full-screen modals' buttons, the board's add button), so toasts sit at the top, clear
 * of its corner buttons.
 */
function toastPlacement(mobile: boolean) {
  return mobile
    ? { position: 'top-center' as const, containerWidth: 'calc(100vw - 7rem)' }
    : { position: 'bottom-center' as const, containerWidth: '22.5rem' };
}

/**
 * Loads the tenant before anything else and themes the app with it. Until the tenant is
 * known, the loader uses the spinner variant remembered from the last visit.
 */
export function TenantProvider({ children }: { children: ReactNode }) {
  const { skin } = useSkin();
  const mobile = useIsMobile();
  const query = usePlatformQuery();
  const platform = query.data;
  const theme = useMemo(() => (platform ? buildTenantTheme(platform) : baseTheme), [platform]);
  const cssVariables = useMemo(() => (platform ? tenantCssVariables(platform) : undefined), [platform]);
  useFavicon(platform?.favicon);

  useEffect(() => {
    if (!platform) return;
    try {
      localStorage.setItem(STORAGE_KEYS.spinner, platform.spinner);
    } catch {
      // Only a nicer loader on the next visit depends on it.
    }
  }, [platform]);

  let content: ReactNode;
  if (platform) {
    content = (
      <PlatformContext value={platform}>
        <ModalsProvider>{children}</ModalsProvider>
      </PlatformContext>
    );
  } else if (query.isError) {
    content = <PlatformUnavailable onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else {
    content = <LoadingScreen spinner={rememberedSpinner()} />;
  }

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariables}
      forceColorScheme={skin === 'dark' ? 'dark' : 'light'}
    >
      <Notifications {...toastPlacement(mobile)} zIndex={1000} />
      {content}
    </MantineProvider>
  );
}
