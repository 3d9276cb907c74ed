import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workspace, WorkspaceSettings } from '@vendaval/core/schemas/workspaces';
import { http } from '../../../lib/http.ts';
import { logsKey, MY_WORKSPACES_KEY } from './keys.ts';

export type WorkspaceDraft = { name: string; settings: WorkspaceSettings };

/** Creates a workspace (no id) or saves the name and settings of an existing one. */
export function useSaveWorkspaceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, draft }: { id: number | null; draft: WorkspaceDraft }) => {
      if (id === null) return http.post<Workspace>('/users/self/workspaces', draft);
      await http.post<WorkspaceSettings>(`/workspaces/${id}/settings`, draft.settings);
      return http.put<Workspace>(`/users/self/workspaces/${id}`, { name: draft.name });
    },
    onSuccess: (workspace) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_WORKSPACES_KEY }),
        queryClient.invalidateQueries({ queryKey: logsKey(workspace.id) }),
        queryClient.invalidateQueries({ queryKey: [workspace.id, 'workspace'] }),
      ]),
  });
}
