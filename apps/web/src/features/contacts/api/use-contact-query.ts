import { useQuery } from '@tanstack/react-query';
import type { Contact } from '@vendaval/core/schemas/contacts';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { contactsKey } from './contacts-key.ts';

export function useContactQuery(contactId: number | null) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [...contactsKey(workspaceId), 'one', contactId],
    queryFn: ({ signal }) =>
      http.get<Contact>(`/workspaces/${workspaceId}/contacts/${contactId}`, { signal }),
    enabled: workspaceId !== null && contactId !== null,
  });
}
