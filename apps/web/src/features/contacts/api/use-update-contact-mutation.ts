import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactFieldsInput } from '@vendaval/core/schemas/contacts';
import { http } from '../../../lib/http.ts';
import { opportunitiesKey } from '../../../lib/opportunity-keys.ts';
import { useSession } from '../../../lib/session.ts';
import { contactsKey } from './contacts-key.ts';

export type ContactPatch = Partial<Omit<ContactFieldsInput, 'id'>>;

export function useUpdateContactMutation() {
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: ContactPatch }) =>
      http.put<Contact>(`/workspaces/${workspaceId}/contacts/${id}`, patch),
    onSuccess: (contact) => {
      queryClient.setQueryData([...contactsKey(workspaceId), 'one', contact.id], contact);
      // Cards show their contact, and the change may be in their history.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: contactsKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: opportunitiesKey(workspaceId) }),
      ]);
    },
  });
}
