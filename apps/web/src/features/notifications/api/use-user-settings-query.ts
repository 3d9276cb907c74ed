import { useQuery } from '@tanstack/react-query';
import type { UserSettings } from '@vendaval/core/schemas/notifications';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { userSettingsKey } from './notifications-key.ts';

export function useUserSettingsQuery() {
  const { token } = useSession();
  return useQuery({
    queryKey: userSettingsKey,
    queryFn: ({ signal }) => http.get<UserSettings>('/user/settings', { signal }),
    enabled: Boolean(token),
  });
}
