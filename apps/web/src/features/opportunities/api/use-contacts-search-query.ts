import { useQuery } from '@tanstack/react-query';
import { CONTACT_TYPEAHEAD_LIMIT } from '@vendaval/core/constants';
import type { Contact } from '@vendaval/core/schemas/contacts';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { useSession } from '../../../lib/session.ts';

/** The contact type-ahead: 25 contacts matching the text; a failed search is just an empty list. */
export function useContactsSearchQuery(search: string) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [workspaceId, 'contacts', 'search', search],
    queryFn: async ({ signal }): Promise<Contact[]> => {
      try {
        const page = await http.get<Page<Contact>>(`/workspaces/${workspaceId}/contacts`, {
          signal,
          query: { search, limit: CONTACT_TYPEAHEAD_LIMIT },
        });
        return page.data;
      } catch {
        return [];
      }
    },
    enabled: workspaceId !== null && search.length > 0,
    staleTime: 30_000,
  });
}
