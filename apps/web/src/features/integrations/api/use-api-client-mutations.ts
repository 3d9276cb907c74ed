import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, ApiClientCreate, ApiClientWithSecret } from '@vendaval/core/schemas/api-clients';
import { http } from '../../../lib/http.ts';
import { apiClientsKey } from './use-api-clients-query.ts';

/** A write to the workspace's integrations; it refreshes their list. */
function useApiClientMutation<V, R>(
  workspaceId: number | null,
  write: (base: string, variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(`/workspaces/${workspaceId}/api-clients`, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiClientsKey(workspaceId) }),
  });
}

/** Answers the new integration with its secret, which is shown this once. */
export const useCreateApiClientMutation = (workspaceId: number | null) =>
  useApiClientMutation(workspaceId, (base, input: ApiClientCreate) =>
    http.post<ApiClientWithSecret>(base, input),
  );

/** A new secret at once; the old one stops working, the new one is shown this once. */
export const useRotateApiClientMutation = (workspaceId: number | null) =>
  useApiClientMutation(workspaceId, (base, id: number) =>
    http.post<ApiClientWithSecret>(`${base}/${id}/secret`),
  );

/** The secret stops working at once, for good. */
export const useRevokeApiClientMutation = (workspaceId: number | null) =>
  useApiClientMutation(workspaceId, (base, id: number) => http.delete<ApiClient>(`${base}/${id}`));
