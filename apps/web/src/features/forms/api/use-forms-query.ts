import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import type { Form } from '@vendaval/core/schemas/forms';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';

export const formsKey = (workspaceId: number | null) => [workspaceId, 'forms'] as const;

/** One page of the workspace's marketing forms, newest first. */
export function useFormsQuery(workspaceId: number | null, page: number) {
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  return useQuery({
    queryKey: [...formsKey(workspaceId), { offset }],
    queryFn: ({ signal }) =>
      http.get<Page<Form>>(`/workspaces/${workspaceId}/forms`, {
        signal,
        query: { limit: ADMIN_PAGE_SIZE, offset },
      }),
    enabled: workspaceId !== null,
    placeholderData: keepPreviousData,
  });
}
