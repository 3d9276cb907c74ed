import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BrandImageSlot,
  Platform,
  PlatformCreate,
  PlatformProfileUpdate,
  PlatformSummary,
} from '@vendaval/core/schemas/platform';
import { http } from '../../../lib/http.ts';

const PLATFORMS_KEY = ['platforms'] as const;
type Page<T> = { data: T[]; pagination: { total_count: number; limit: number; offset: number } };

export function usePlatformsQuery() {
  return useQuery({
    queryKey: [...PLATFORMS_KEY, 'list'],
    queryFn: ({ signal }) => http.get<Page<PlatformSummary>>('/platforms?limit=500', { signal }),
  });
}

export function usePlatformProfileQuery(platformId: number | null) {
  return useQuery({
    queryKey: [...PLATFORMS_KEY, platformId],
    queryFn: ({ signal }) => http.get<Platform>(`/platforms/${platformId}/profile`, { signal }),
    enabled: platformId !== null,
  });
}

/** A saved profile replaces the cached one; the list shows its new name, hosts and colours. */
function useApplyProfile() {
  const queryClient = useQueryClient();
  return (platform: Platform) => {
    queryClient.setQueryData([...PLATFORMS_KEY, platform.id], platform);
    void queryClient.invalidateQueries({ queryKey: [...PLATFORMS_KEY, 'list'] });
  };
}

export function useCreatePlatformMutation() {
  const onSuccess = useApplyProfile();
  return useMutation({
    mutationFn: (input: PlatformCreate) => http.post<Platform>('/platforms', input),
    onSuccess,
  });
}

export function useUpdatePlatformMutation(platformId: number) {
  const onSuccess = useApplyProfile();
  return useMutation({
    mutationFn: (update: PlatformProfileUpdate) =>
      http.put<Platform>(`/platforms/${platformId}/profile`, update),
    onSuccess,
  });
}

export function useUploadPlatformImageMutation(platformId: number) {
  const onSuccess = useApplyProfile();
  return useMutation({
    mutationFn: ({ slot, file }: { slot: BrandImageSlot; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return http.post<Platform>(`/platforms/${platformId}/profile/images/${slot}`, form);
    },
    onSuccess,
  });
}
