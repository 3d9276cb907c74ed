import { ActionIcon, Badge, Button, Group, Text, TextInput, Title } from '@mantine/core';
import {
  IconFileImport,
  IconFilter,
  IconPhoneCall,
  IconPlus,
  IconSearch,
  IconSquareCheck,
} from '@tabler/icons-react';
import type { Query } from '../../../lib/http.ts';
import { requestCall, usePhoneLine } from '../../../lib/phone.ts';
import { ExportMenu } from '../../../ui/export-menu/export-menu.tsx';
import classes from './board.module.css';

type Props = {
  workspaceName: string;
  mobile: boolean;
  search: string;
  onSearch: (search: string) => void;
  activeFilters: number;
  onOpenFilters: () => void;
  onCreate: () => void;
  /** Present for the roles that may import leads. */
  onImport?: (() => void) | undefined;
  /** The board's filter query, which 'Exportar' applies. */
  query: Query;
  /** Cards are being picked for a batch assign or transfer. */
  selecting: boolean;
  /** Present for the roles that may change a card's responsible: starts picking cards. */
  onSelect?: (() => void) | undefined;
};

/** Dials the cards of the board's filter one after another, through the dial bar. */
const QUEUE_LABEL = 'Fila de ligações';

/**
 * Title with the workspace's name, search, 'Filtros' with its active count, 'Importar leads' for the roles that
 * may, 'Fila de ligações' (a call queue of the filtered cards), 'Exportar' (the filtered cards) for the roles with export permission, and 'Criar Card' (a floating button on
 * a phone).
 */
export function BoardHeader(props: Props) {
  const {
    workspaceName,
    mobile,
    search,
    onSearch,
    activeFilters,
    onOpenFilters,
    onCreate,
    onImport,
    query,
    selecting,
    onSelect,
  } = props;
  const searchBox = (
    <TextInput
      type="search"
      aria-label="Buscar"
      placeholder="Nome, contato, telefone ou #id"
      leftSection={<IconSearch size={16} />}
      value={search}
      onChange={(event) => onSearch(event.currentTarget.value)}
      w={mobile ? '100%' : 340}
    />
  );
  const phone = usePhoneLine();
  const callQueue = () => requestCall({ kind: 'queue', filter: query });
  const filterLabel =
    activeFilters > 0 ? `Filtros, ${activeFilters} ${activeFilters === 1 ? 'ativo' : 'ativos'}` : 'Filtros';
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Title order={1} size="h3">
            Pipeline
          </Title>
          <Text c="dimmed" size="sm" truncate="end" maw={mobile ? 140 : 220} title={workspaceName}>
            {workspaceName}
          </Text>
          {!mobile && searchBox}
          <Button
            variant={activeFilters > 0 ? 'light' : 'default'}
            leftSection={<IconFilter size={16} />}
            rightSection={
              activeFilters > 0 ? (
                <Badge size="xs" circle>
                  {activeFilters}
                </Badge>
              ) : undefined
            }
            onClick={onOpenFilters}
            aria-label={filterLabel}
            size={mobile ? 'xs' : 'sm'}
            // The workspace's name gives way on a narrow screen, never the button's label.
            style={{ flexShrink: 0 }}
          >
            Filtros
          </Button>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {onSelect &&
            (mobile ? (
              <ActionIcon
                variant={selecting ? 'light' : 'default'}
                size="lg"
                onClick={onSelect}
                aria-label="Selecionar cards"
                aria-pressed={selecting}
              >
                <IconSquareCheck size={18} />
              </ActionIcon>
            ) : (
              <Button
                variant={selecting ? 'light' : 'default'}
                leftSection={<IconSquareCheck size={18} />}
                onClick={onSelect}
                aria-pressed={selecting}
              >
                Selecionar
              </Button>
            ))}
          {mobile ? (
            <ActionIcon
              variant="default"
              size="lg"
              onClick={callQueue}
              disabled={phone.active}
              aria-label={QUEUE_LABEL}
            >
              <IconPhoneCall size={18} />
            </ActionIcon>
          ) : (
            <Button
              variant="default"
              leftSection={<IconPhoneCall size={18} />}
              onClick={callQueue}
              disabled={phone.active}
            >
              {QUEUE_LABEL}
            </Button>
          )}
          <ExportMenu kind="opportunities" query={query} compact={mobile} />
          {onImport &&
            (mobile ? (
              <ActionIcon variant="default" size="lg" onClick={onImport} aria-label="Importar leads">
                <IconFileImport size={18} />
              </ActionIcon>
            ) : (
              <Button variant="default" leftSection={<IconFileImport size={18} />} onClick={onImport}>
                Importar leads
              </Button>
            ))}
          {!mobile && (
            <Button leftSection={<IconPlus size={18} />} onClick={onCreate}>
              Criar Card
            </Button>
          )}
        </Group>
      </Group>
      {mobile && searchBox}
      {mobile && !selecting && (
        <ActionIcon size={56} radius="xl" className={classes.fab} onClick={onCreate} aria-label="Criar Card">
          <IconPlus size={28} />
        </ActionIcon>
      )}
    </>
  );
}
