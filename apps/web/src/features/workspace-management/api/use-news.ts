import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsWarning, NewsWarningInput } from '@vendaval/core/schemas/news';
import { http } from '../../../lib/http.ts';

type NewsPage = { data: NewsWarning[]; pagination: { total_count: number; limit: number; offset: number } };

/** The platform's warnings, expired too, for its admins; apart from the users' own list of current ones. */
const newsAdminKey = (platformId: number) => ['platform-news', platformId] as const;

export function usePlatformNewsQuery(platformId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...newsAdminKey(platformId), page],
    queryFn: ({ signal }) =>
      http.get<NewsPage>(`/platforms/${platformId}/news`, {
        signal,
        query: { limit: pageSize, offset: (page - 1) * pageSize },
      }),
  });
}

function useRefreshNews(platformId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: newsAdminKey(platformId) });
}

export function useSaveNewsMutation(platformId: number) {
  const onSuccess = useRefreshNews(platformId);
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: NewsWarningInput }) =>
      id === null
        ? http.post<NewsWarning>(`/platforms/${platformId}/news`, input)
        : http.put<NewsWarning>(`/platforms/${platformId}/news/${id}`, input),
    onSuccess,
  });
}

export function useDeleteNewsMutation(platformId: number) {
  const onSuccess = useRefreshNews(platformId);
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/platforms/${platformId}/news/${id}`),
    onSuccess,
  });
}

export function useUploadNewsImageMutation(platformId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return http.post<{ src: string }>(`/platforms/${platformId}/news/images`, form);
    },
  });
}
