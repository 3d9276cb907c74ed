import { Button, Center, Group, Loader, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessages, IconSearch } from '@tabler/icons-react';
import type { Conversation } from '@vendaval/core/schemas/chat';
import { useEffect, useState } from 'react';
import { useCurrentWorkspace } from '../../lib/current-workspace.ts';
import {
  closeOpportunityModal,
  openOpportunityModal,
  useOpportunityModalRequest,
} from '../../lib/opportunity-modal.ts';
import { useIsMobile } from '../../ui/responsive.ts';
import { OMNICHANNEL_PAGE_SIZE, useConversationsQuery } from './api/use-conversations-query.ts';
import { ConversationItem } from './components/conversation-item.tsx';
import { OmnichannelFilterPanel } from './components/omnichannel-filter-panel.tsx';
import classes from './omnichannel.module.css';
import { omniState, useOmnichannelFilters, useOmniState } from './omnichannel-store.ts';

const SEARCH_DEBOUNCE_MS = 500;

function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The chosen card stays chosen while its modal is open; closing it (or leaving the screen) is an omni reset. */
function useSelection(mobile: boolean) {
  const omni = useOmniState();
  const request = useOpportunityModalRequest();
  useEffect(() => {
    if (!request && omni.opportunityId !== 0) omniState.reset();
  }, [request, omni.opportunityId]);
  useEffect(
    () => () => {
      omniState.reset();
      closeOpportunityModal();
    },
    [],
  );
  const select = (c: Conversation) => {
    omniState.select(c.opportunity.id, c.id);
    openOpportunityModal({ id: c.opportunity.id, tab: 'chat', ...(mobile ? {} : { mode: 'omnichannel' }) });
  };
  return { selectedChat: omni.chatId, select };
}

/** /omnichannel (platform.md §2): every conversation of the workspace, newest first, live. */
export function OmnichannelPage() {
  const workspace = useCurrentWorkspace();
  if (!workspace) return null;
  return <Omnichannel workspaceId={workspace.id} role={workspace.role ?? ''} />;
}

function Omnichannel({ workspaceId, role }: { workspaceId: number; role: string }) {
  const { filters, keep } = useOmnichannelFilters(workspaceId, role);
  const mobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [limit, setLimit] = useState(OMNICHANNEL_PAGE_SIZE);
  const query = useConversationsQuery(filters, debounced, limit);
  const { selectedChat, select } = useSelection(mobile);
  const now = useNow();
  const page = query.data;
  return (
    <div className={classes.page}>
      <section className={classes.listPane} aria-label="Conversas">
        <Stack gap="xs" className={classes.listHead}>
          <Group justify="space-between">
            <Title order={3}>Omnichannel</Title>
            <OmnichannelFilterPanel filters={filters} keep={keep} role={role} />
          </Group>
          <TextInput
            aria-label="Buscar conversa"
            placeholder="Buscar por nome ou telefone"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </Stack>
        <div className={classes.list}>
          {query.isPending && (
            <Center py="xl">
              <Loader aria-label="Carregando conversas" />
            </Center>
          )}
          {page && page.data.length === 0 && (
            <Text c="dimmed" ta="center" py="xl" px="md">
              Nenhuma conversa encontrada.
            </Text>
          )}
          {page?.data.map((c) => (
            <ConversationItem
              key={c.id}
              conversation={c}
              now={now}
              selected={c.id === selectedChat}
              onSelect={select}
            />
          ))}
          {page && page.pagination.total_count > page.data.length && (
            <Center p="sm">
              <Button variant="subtle" onClick={() => setLimit((n) => n + OMNICHANNEL_PAGE_SIZE)}>
                Carregar mais
              </Button>
            </Center>
          )}
        </div>
      </section>
      <div className={classes.detailPane} data-covered={(selectedChat !== 0 && !mobile) || undefined}>
        <Stack align="center" gap="xs" c="dimmed">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconMessages size={30} />
          </ThemeIcon>
          <Text>Escolha uma conversa para abrir o chat.</Text>
        </Stack>
      </div>
    </div>
  );
}
