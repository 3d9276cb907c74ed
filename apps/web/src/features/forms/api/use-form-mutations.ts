import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Form, FormWriteInput } from '@vendaval/core/schemas/forms';
import { http } from '../../../lib/http.ts';
import { lookupKey } from '../../../lib/lookups/use-lookup-query.ts';
import { formsKey } from './use-forms-query.ts';

/** A write to the workspace's forms; it refreshes their list and the board's forms filter. */
function useFormMutation<V, R>(
  workspaceId: number | null,
  write: (base: string, variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(`/workspaces/${workspaceId}/forms`, variables),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: formsKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: lookupKey(workspaceId, 'forms') }),
      ]),
  });
}

export const useCreateFormMutation = (workspaceId: number | null) =>
  useFormMutation(workspaceId, (base, input: FormWriteInput) => http.post<Form>(base, input));

export const useUpdateFormMutation = (workspaceId: number | null) =>
  useFormMutation(workspaceId, (base, { id, input }: { id: number; input: FormWriteInput }) =>
    http.put<Form>(`${base}/${id}`, input),
  );

export const useDeleteFormMutation = (workspaceId: number | null) =>
  useFormMutation(workspaceId, (base, id: number) => http.delete<{ message: string }>(`${base}/${id}`));
