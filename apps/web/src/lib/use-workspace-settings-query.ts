import { useQuery } from '@tanstack/react-query';
import { DEFAULT_WORKSPACE_SETTINGS, type Workspace } from '@vendaval/core/schemas/workspaces';
import { http } from './http.ts';
import { useSession } from './session.ts';

/** The current workspace as the server answers it, with its settings. */
export function useCurrentWorkspaceQuery() {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [workspaceId, 'workspace'],
    queryFn: ({ signal }) => http.get<Workspace>(`/workspaces/${workspaceId}`, { signal }),
    enabled: workspaceId !== null,
  });
}

/** The current workspace's settings, defaults until they load. */
export function useWorkspaceSettingsQuery() {
  return useCurrentWorkspaceQuery().data?.settings ?? DEFAULT_WORKSPACE_SETTINGS;
}

/** The workspace's keep-filters default for its screens (PLAT-113, PLAT-115); undefined until it loads. */
export const useKeepFiltersDefault = (): boolean | undefined =>
  useCurrentWorkspaceQuery().data?.settings.keep_filters;
