import { useQuery } from '@tanstack/react-query';
import type { PublicForm } from '@vendaval/core/schemas/forms';
import { http } from '../../../lib/http.ts';

/** The form a visitor fills, read without a login; fetched once per visit (its fill token dates the visit). */
export function usePublicFormQuery(publicId: string) {
  return useQuery({
    queryKey: ['public-form', publicId],
    queryFn: ({ signal }) =>
      http.get<PublicForm>(`/public/forms/${encodeURIComponent(publicId)}`, { signal, token: null }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
