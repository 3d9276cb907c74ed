import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSettings, UserSettingsInput } from '@vendaval/core/schemas/notifications';
import { http } from '../../../lib/http.ts';
import { userSettingsKey } from './notifications-key.ts';

export function useSaveUserSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserSettingsInput) => http.post<UserSettings>('/user/settings', input),
    onSuccess: (settings) => queryClient.setQueryData(userSettingsKey, settings),
  });
}
