import { Button, Center, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { MOBILE_BREAKPOINT_PX } from '@vendaval/core/constants';
import type { OpportunityListItem } from '@vendaval/core/schemas/opportunities';
import { useState } from 'react';
import { useSession } from '../../lib/session.ts';
import { useOpportunitySearchQuery } from './api/use-opportunity-search-query.ts';
import classes from './opportunity-selector.module.css';

/** Debounce of the selector's search (opportunities.md §9). */
export const SELECTOR_SEARCH_DEBOUNCE_MS = 500;
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export type OpportunitySelectorModalProps = {
  opened: boolean;
  onClose: () => void;
  onSelect: (opportunity: OpportunityListItem) => void;
  /** 'Criar Nova': the caller opens its create-card form. */
  onCreateNew?: () => void;
};

export function OpportunitySelectorModal({
  opened,
  onClose,
  onSelect,
  onCreateNew,
}: OpportunitySelectorModalProps) {
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Selecionar Oportunidade"
      centered
      size="lg"
      fullScreen={mobile}
    >
      {opened && (
        <SelectorBody
          onClose={onClose}
          onSelect={(opportunity) => {
            onSelect(opportunity);
            onClose();
          }}
          onCreateNew={
            onCreateNew &&
            (() => {
              onClose();
              onCreateNew();
            })
          }
        />
      )}
    </Modal>
  );
}

type SelectorBodyProps = Omit<OpportunitySelectorModalProps, 'opened'>;

function SelectorBody({ onClose, onSelect, onCreateNew }: SelectorBodyProps) {
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SELECTOR_SEARCH_DEBOUNCE_MS);
  const list = useOpportunitySearchQuery(debounced, true);
  const items = list.data?.data ?? [];
  const workspaceName = (id: number) => user?.workspaces.find((w) => w.id === id)?.name ?? '';

  return (
    <Stack gap="md">
      <TextInput
        label="Buscar"
        placeholder="Nome, contato, telefone, e-mail ou #id"
        leftSection={<IconSearch size={16} />}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      {list.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Carregando oportunidades" />
        </Center>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          Nenhuma oportunidade encontrada.
        </Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} aria-label="Oportunidades" className={classes.list}>
          {items.map((item) => (
            <li key={item.id}>
              <UnstyledButton className={classes.item} onClick={() => onSelect(item)}>
                <Text size="sm" fw={600} className={classes.name}>
                  {item.name}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    #{item.id}
                  </Text>
                  <Text size="xs" c="dimmed" className={classes.name}>
                    {workspaceName(item.workspace_id)}
                  </Text>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        {onCreateNew && <Button onClick={onCreateNew}>Criar Nova</Button>}
      </Group>
    </Stack>
  );
}
