import { Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { MOBILE_BREAKPOINT_PX } from '@vendaval/core/constants';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentWorkspace } from '../../lib/current-workspace.ts';
import { ExportMenu } from '../../ui/export-menu/export-menu.tsx';
import { ListCard } from '../../ui/list-card/list-card.tsx';
import { PageFooter } from '../../ui/page-footer.tsx';
import { useContactsQuery } from './api/use-contacts-query.ts';
import { ContactCards } from './components/contact-cards.tsx';
import { ContactModal } from './components/contact-modal.tsx';
import { ContactsTable } from './components/contacts-table.tsx';

export const CONTACT_SEARCH_DEBOUNCE_MS = 500;
/** `/contacts?contact_id=123` opens that contact (the card form's linked-contact control hands it over). */
export const CONTACT_ID_PARAM = 'contact_id';
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export function ContactsPage() {
  const membership = useCurrentWorkspace();
  if (!membership) {
    return (
      <Stack gap="lg" maw={1200}>
        <Title order={1} size="h2">
          Contatos
        </Title>
        <Card withBorder padding="lg" radius="md">
          <Text>Você ainda não participa de nenhum workspace.</Text>
        </Card>
      </Stack>
    );
  }
  return <WorkspaceContacts key={membership.id} workspaceName={membership.name} />;
}

function useOpenedContact() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get(CONTACT_ID_PARAM));
  const set = (next: number | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === null) updated.delete(CONTACT_ID_PARAM);
        else updated.set(CONTACT_ID_PARAM, String(next));
        return updated;
      },
      { replace: true },
    );
  return [Number.isInteger(id) && id > 0 ? id : null, set] as const;
}

function WorkspaceContacts({ workspaceName }: { workspaceName: string }) {
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, CONTACT_SEARCH_DEBOUNCE_MS);
  // A page belongs to one search; a new search starts again at page 1.
  const [paging, setPaging] = useState({ term: '', page: 1 });
  const term = debounced.trim();
  const page = paging.term === term ? paging.page : 1;
  const [openedId, setOpenedId] = useOpenedContact();

  const list = useContactsQuery({ search: term, page });
  const contacts = list.data?.data ?? [];
  const total = list.data?.pagination.total_count ?? 0;
  const View = mobile ? ContactCards : ContactsTable;

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Title order={1} size="h2">
            Contatos
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Contatos de {workspaceName}
          </Text>
        </Stack>
        <ExportMenu kind="contacts" />
      </Group>
      <TextInput
        label="Buscar"
        placeholder="Nome, telefone, e-mail ou #id"
        leftSection={<IconSearch size={16} />}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={mobile ? undefined : 420}
      />
      <ListCard
        compact={mobile}
        pending={list.isPending}
        empty={contacts.length === 0}
        loadingLabel="Carregando contatos"
        emptyText="Nenhum contato encontrado."
      >
        <View contacts={contacts} onOpen={(contact) => setOpenedId(contact.id)} />
      </ListCard>
      <PageFooter
        page={page}
        total={total}
        noun={['contato', 'contatos']}
        compact={mobile}
        onPage={(next) => setPaging({ term, page: next })}
      />
      <ContactModal contactId={openedId} onClose={() => setOpenedId(null)} />
    </Stack>
  );
}
