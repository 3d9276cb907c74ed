import { useQuery } from '@tanstack/react-query';
import { canManageMembers } from '@vendaval/core/permissions';
import type { Workspace } from '@vendaval/core/schemas/workspaces';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { MY_WORKSPACES_KEY } from './keys.ts';

/** The workspaces the caller administers: those where their role may manage members and settings. */
export function useManagedWorkspacesQuery() {
  return useQuery({
    queryKey: MY_WORKSPACES_KEY,
    queryFn: ({ signal }) =>
      http.get<Page<Workspace>>('/users/self/workspaces', { signal, query: { limit: 500 } }),
    select: (page) => page.data.filter((w) => canManageMembers(w.role)),
  });
}
