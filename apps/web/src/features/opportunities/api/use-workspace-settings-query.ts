import { useQuery } from '@tanstack/react-query';
import { DEFAULT_WORKSPACE_SETTINGS, type Workspace } from '@vendaval/core/schemas/workspaces';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

/** The current workspace's settings (the task rule for stage changes), defaults until they load. */
export function useWorkspaceSettingsQuery() {
  const { workspaceId } = useSession();
  const query = useQuery({
    queryKey: [workspaceId, 'workspace'],
    queryFn: ({ signal }) => http.get<Workspace>(`/workspaces/${workspaceId}`, { signal }),
    enabled: workspaceId !== null,
  });
  return query.data?.settings ?? DEFAULT_WORKSPACE_SETTINGS;
}
