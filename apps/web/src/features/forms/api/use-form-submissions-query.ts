import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import type { FormSubmission } from '@vendaval/core/schemas/forms';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { formsKey } from './use-forms-query.ts';

/** One page of a form's submissions, newest first. */
export function useFormSubmissionsQuery(workspaceId: number | null, formId: number | null, page: number) {
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  return useQuery({
    queryKey: [...formsKey(workspaceId), formId, 'submissions', { offset }],
    queryFn: ({ signal }) =>
      http.get<Page<FormSubmission>>(`/workspaces/${workspaceId}/forms/${formId}/submissions`, {
        signal,
        query: { limit: ADMIN_PAGE_SIZE, offset },
      }),
    enabled: workspaceId !== null && formId !== null,
    placeholderData: keepPreviousData,
  });
}
