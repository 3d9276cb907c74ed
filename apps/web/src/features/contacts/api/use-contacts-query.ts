import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import type { Contact } from '@vendaval/core/schemas/contacts';
import { http } from '../../../lib/http.ts';
import type { Page } from '../../../lib/lookups/use-lookup-query.ts';
import { useSession } from '../../../lib/session.ts';
import { contactsKey } from './contacts-key.ts';

/** One page (50) of the contacts screen, searched by name, phone digits, e-mail or #id. */
export function useContactsQuery({ search, page }: { search: string; page: number }) {
  const { workspaceId } = useSession();
  const term = search.trim();
  return useQuery({
    queryKey: [...contactsKey(workspaceId), 'list', { term, page }],
    queryFn: ({ signal }) =>
      http.get<Page<Contact>>(`/workspaces/${workspaceId}/contacts`, {
        signal,
        query: { search: term || undefined, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE },
      }),
    enabled: workspaceId !== null,
    placeholderData: keepPreviousData,
  });
}
