import { useQuery } from '@tanstack/react-query';
import type { Workspace } from '@vendaval/core/schemas/workspaces';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';

/** The user's own workspaces: not scoped to one workspace, so the key does not start with an id. */
export function useMyWorkspacesQuery() {
  return useQuery({
    queryKey: ['self', 'workspaces'],
    queryFn: ({ signal }) =>
      http.get<Page<Workspace>>('/users/self/workspaces', { signal, query: { limit: 500 } }),
  });
}
