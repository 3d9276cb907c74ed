import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandImageSlot, BrandUpdate, Platform } from '@vendaval/core/schemas/platform';
import { http } from '../../../lib/http.ts';
import { PLATFORM_QUERY_KEY } from '../../../lib/query-client.ts';
import { BRAND_KEY, BRAND_LOGS_KEY } from './keys.ts';

type Brand = { platform: Platform; overridden: string[] };

export function useBrandQuery(platformId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...BRAND_KEY, platformId],
    queryFn: ({ signal }) => http.get<Brand>(`/platforms/${platformId}/brand`, { signal }),
    enabled,
  });
}

/** Every brand change re-themes the app at once; other users see it on their next page load. */
function useApplyBrand(platformId: number) {
  const queryClient = useQueryClient();
  return (brand: Brand) => {
    queryClient.setQueryData([...BRAND_KEY, platformId], brand);
    queryClient.setQueryData(PLATFORM_QUERY_KEY, brand.platform);
    void queryClient.invalidateQueries({ queryKey: BRAND_LOGS_KEY });
  };
}

export function useUpdateBrandMutation(platformId: number) {
  const onSuccess = useApplyBrand(platformId);
  return useMutation({
    mutationFn: (update: BrandUpdate) => http.put<Brand>(`/platforms/${platformId}/brand`, update),
    onSuccess,
  });
}

export function useUploadBrandImageMutation(platformId: number) {
  const onSuccess = useApplyBrand(platformId);
  return useMutation({
    mutationFn: ({ slot, file }: { slot: BrandImageSlot; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return http.post<Brand>(`/platforms/${platformId}/brand/images/${slot}`, form);
    },
    onSuccess,
  });
}
