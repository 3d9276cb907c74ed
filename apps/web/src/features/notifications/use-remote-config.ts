import { useQueryClient } from '@tanstack/react-query';
import type { Platform } from '@vendaval/core/schemas/platform';
import { useEffect } from 'react';
import { usePlatform } from '../../lib/platform.ts';
import { useRealtimeStatus } from '../../lib/realtime.ts';
import { refreshRemoteConfig } from '../../lib/remote-config.ts';

/**
 * Keeps the open tab's remote config (the tenant's profile: flags, terms, palette) current. The tab asks again
 * when it comes back into view (focus, visibility) and when the event stream reconnects, never more than once
 * a minute; the new profile flows through the tenant provider, so screens re-render in place and keep what the
 * user is typing.
 */
export function useRemoteConfigRefresh(): void {
  const queryClient = useQueryClient();
  const realtime = useRealtimeStatus();

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'hidden') refreshRemoteConfig(queryClient);
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [queryClient]);

  useEffect(() => {
    if (realtime === 'open') refreshRemoteConfig(queryClient);
  }, [realtime, queryClient]);
}

/** The remote config as the notification state holds it. */
export function useRemoteConfig(): Platform {
  return usePlatform();
}
