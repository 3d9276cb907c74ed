import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowBackUp, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { type ReactNode, useState } from 'react';
import { useInteractionTypesQuery } from '../../../lib/lookups/lookups.ts';
import { showErrorToasts, showSuccessToast } from '../../../lib/toasts.ts';
import { useIsMobile } from '../../../ui/responsive.ts';
import { type ListRow, useAdminListQuery } from '../api/use-admin-list-query.ts';
import { type ListChange, useSaveListMutation } from '../api/use-save-list-mutation.ts';
import { emptyValues, type ListDefinition, type ListField } from '../list-definitions.ts';
import { FieldInput } from './field-input.tsx';
import { FieldValue } from './field-value.tsx';

type Values = Record<string, unknown>;

/** The edits of one list not yet saved: new rows, edited rows (their full values) and rows to delete. */
export type ListDraft = {
  creates: { key: string; values: Values }[];
  updates: Record<number, Values>;
  deletes: number[];
};
export const EMPTY_DRAFT: ListDraft = { creates: [], updates: {}, deletes: [] };

const SEARCH_DEBOUNCE_MS = 300;

/** Only the fields that changed go in an update. */
const changedFields = (row: ListRow, values: Values) =>
  Object.fromEntries(Object.entries(values).filter(([key, value]) => row[key] !== value));

function changesOf(draft: ListDraft, rows: Map<number, ListRow>): ListChange[] {
  const updates = Object.entries(draft.updates).flatMap(([id, values]): ListChange[] => {
    const row = rows.get(Number(id));
    const patch = row ? changedFields(row, values) : values;
    return Object.keys(patch).length === 0
      ? []
      : [{ kind: 'update', key: `u${id}`, id: Number(id), values: patch }];
  });
  return [
    ...draft.deletes.map((id): ListChange => ({ kind: 'delete', key: `d${id}`, id })),
    ...updates,
    ...draft.creates.map((c): ListChange => ({ kind: 'create', key: c.key, values: c.values })),
  ];
}

export const draftIsEmpty = (draft: ListDraft) =>
  draft.creates.length === 0 && draft.deletes.length === 0 && Object.keys(draft.updates).length === 0;

/** Keeps in the draft only the edits that were not saved. */
function remaining(draft: ListDraft, saved: Set<string>): ListDraft {
  return {
    creates: draft.creates.filter((c) => !saved.has(c.key)),
    updates: Object.fromEntries(Object.entries(draft.updates).filter(([id]) => !saved.has(`u${id}`))),
    deletes: draft.deletes.filter((id) => !saved.has(`d${id}`)),
  };
}

type Props = {
  workspaceId: number;
  definition: ListDefinition;
  draft: ListDraft;
  onDraftChange: (draft: ListDraft) => void;
};

/** One admin list: search, 50 rows a page, inline add, edit and delete, all saved together. */
export function ListEditor({ workspaceId, definition, draft, onDraftChange }: Props) {
  const mobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ search: debounced, page: 1 });
  const page = paging.search === debounced ? paging.page : 1;
  const [adding, setAdding] = useState<Values>(() => emptyValues(definition));
  const [known, setKnown] = useState(() => new Map<number, ListRow>());

  const list = useAdminListQuery(workspaceId, definition.list, debounced, page);
  const save = useSaveListMutation(workspaceId, definition.list);
  const interactionTypes = useInteractionTypesQuery();
  const interactionOptions = (interactionTypes.data ?? []).map((i) => ({
    value: String(i.id),
    label: i.name,
  }));
  const interactionTypeName = (id: number) => interactionTypes.data?.find((i) => i.id === id)?.name;

  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const changes = changesOf(draft, known);
  const titleField = definition.fields[0] as ListField;
  const rowLabel = (values: Values) => String(values[titleField.key] || 'novo item');

  const addRow = () => {
    const key = `n${Date.now()}`;
    onDraftChange({ ...draft, creates: [...draft.creates, { key, values: adding }] });
    setAdding(emptyValues(definition));
  };
  const startEdit = (row: ListRow) => {
    setKnown(new Map(known).set(row.id, row));
    const values = Object.fromEntries(definition.fields.map((f) => [f.key, row[f.key]]));
    onDraftChange({ ...draft, updates: { ...draft.updates, [row.id]: values } });
  };
  const editValue = (id: number, key: string, value: unknown) =>
    onDraftChange({ ...draft, updates: { ...draft.updates, [id]: { ...draft.updates[id], [key]: value } } });
  const undo = (id: number) => {
    const { [id]: _, ...updates } = draft.updates;
    onDraftChange({ ...draft, updates, deletes: draft.deletes.filter((d) => d !== id) });
  };
  const markDeleted = (row: ListRow) => {
    setKnown(new Map(known).set(row.id, row));
    const { [row.id]: _, ...updates } = draft.updates;
    onDraftChange({ ...draft, updates, deletes: [...draft.deletes, row.id] });
  };
  const editNew = (key: string, field: string, value: unknown) =>
    onDraftChange({
      ...draft,
      creates: draft.creates.map((c) =>
        c.key === key ? { ...c, values: { ...c.values, [field]: value } } : c,
      ),
    });
  const dropNew = (key: string) =>
    onDraftChange({ ...draft, creates: draft.creates.filter((c) => c.key !== key) });

  const saveAll = () =>
    save.mutate(changes, {
      onSuccess: (outcome) => {
        // Rows opened for editing but left as they were are done too.
        const untouched = Object.keys(draft.updates)
          .map((id) => `u${id}`)
          .filter((key) => !changes.some((c) => c.key === key));
        onDraftChange(remaining(draft, new Set([...outcome.saved, ...untouched])));
        for (const failure of outcome.failed) showErrorToasts(failure.error);
        if (outcome.failed.length === 0) showSuccessToast(MESSAGES.listsSaved);
      },
    });

  const inputs = (values: Values, onChange: (key: string, value: unknown) => void) =>
    definition.fields.map((field) => (
      <FieldInput
        key={field.key}
        field={field}
        value={values[field.key]}
        onChange={(value) => onChange(field.key, value)}
        interactionTypes={interactionOptions}
        rowLabel={rowLabel(values)}
      />
    ));
  const values = (row: ListRow) =>
    definition.fields.map((field) => (
      <FieldValue
        key={field.key}
        field={field}
        value={row[field.key]}
        interactionTypeName={interactionTypeName}
      />
    ));

  type Line = { key: string; cells: ReactNode[]; actions: ReactNode; status?: ReactNode; struck?: boolean };
  const newLines: Line[] = draft.creates.map((c) => ({
    key: c.key,
    cells: inputs(c.values, (key, value) => editNew(c.key, key, value)),
    status: (
      <Badge color="teal" variant="light">
        Novo
      </Badge>
    ),
    actions: (
      <Tooltip label="Remover">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Remover ${rowLabel(c.values)}`}
          onClick={() => dropNew(c.key)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    ),
  }));
  const rowLines: Line[] = rows.map((row) => {
    const edited = draft.updates[row.id];
    const deleted = draft.deletes.includes(row.id);
    const name = rowLabel(row);
    return {
      key: String(row.id),
      cells: edited ? inputs(edited, (key, value) => editValue(row.id, key, value)) : values(row),
      struck: deleted,
      status: deleted ? (
        <Badge color="red" variant="light">
          Excluir
        </Badge>
      ) : edited ? (
        <Badge color="yellow" variant="light">
          Editado
        </Badge>
      ) : undefined,
      actions:
        edited || deleted ? (
          <Tooltip label="Desfazer">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Desfazer ${name}`}
              onClick={() => undo(row.id)}
            >
              <IconArrowBackUp size={18} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" aria-label={`Editar ${name}`} onClick={() => startEdit(row)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Excluir">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Excluir ${name}`}
                onClick={() => markDeleted(row)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
    };
  });
  const lines = [...newLines, ...rowLines];

  const table = (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {definition.fields.map((f) => (
              <Table.Th key={f.key}>{f.label}</Table.Th>
            ))}
            <Table.Th w={90} />
            <Table.Th w={90} ta="right">
              Ações
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr
              key={line.key}
              style={line.struck ? { textDecoration: 'line-through', opacity: 0.6 } : undefined}
            >
              {line.cells.map((cell, i) => (
                <Table.Td key={definition.fields[i]?.key}>{cell}</Table.Td>
              ))}
              <Table.Td>{line.status}</Table.Td>
              <Table.Td>
                <Group justify="flex-end">{line.actions}</Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  const cards = (
    <Stack gap="sm">
      {lines.map((line) => (
        <Card key={line.key} withBorder radius="md" padding="sm" opacity={line.struck ? 0.6 : 1}>
          <Stack gap={6}>
            {line.cells.map((cell, i) => (
              <Stack key={definition.fields[i]?.key} gap={2} td={line.struck ? 'line-through' : undefined}>
                <Text size="xs" c="dimmed">
                  {definition.fields[i]?.label}
                </Text>
                {cell}
              </Stack>
            ))}
            <Group justify="space-between">
              {line.status ?? <span />}
              {line.actions}
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Adicionar
          </Text>
          <Group align="flex-end" gap="sm" wrap={mobile ? 'wrap' : 'nowrap'}>
            {definition.fields.map((field) => (
              <Stack
                key={field.key}
                gap={2}
                style={{ flex: field.kind === 'text' || field.kind === 'longText' ? 1 : undefined }}
                miw={mobile ? '100%' : undefined}
              >
                <Text size="xs" c="dimmed">
                  {field.label}
                </Text>
                <FieldInput
                  field={field}
                  value={adding[field.key]}
                  onChange={(value) => setAdding({ ...adding, [field.key]: value })}
                  interactionTypes={interactionOptions}
                  rowLabel="novo item"
                />
              </Stack>
            ))}
            <Button leftSection={<IconPlus size={16} />} variant="light" onClick={addRow} fullWidth={mobile}>
              Adicionar
            </Button>
          </Group>
        </Stack>
      </Card>

      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label="Buscar"
          placeholder={definition.searchHint}
          leftSection={<IconSearch size={16} />}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={mobile ? '100%' : undefined}
          style={{ flex: 1, maxWidth: mobile ? undefined : 360 }}
        />
        <Group gap="sm" grow={mobile} w={mobile ? '100%' : undefined}>
          <Button
            variant="default"
            disabled={draftIsEmpty(draft) || save.isPending}
            onClick={() => onDraftChange(EMPTY_DRAFT)}
          >
            Descartar
          </Button>
          <Button disabled={changes.length === 0} loading={save.isPending} onClick={saveAll}>
            Salvar alterações{changes.length > 0 ? ` (${changes.length})` : ''}
          </Button>
        </Group>
      </Group>

      <Card
        withBorder
        radius="md"
        padding={mobile ? 0 : 'xs'}
        bg={mobile ? 'transparent' : undefined}
        bd={mobile ? 'none' : undefined}
      >
        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label="Carregando lista" />
          </Center>
        ) : lines.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            Nenhum item encontrado.
          </Text>
        ) : mobile ? (
          cards
        ) : (
          table
        )}
      </Card>

      {total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {total} {total === 1 ? 'item' : 'itens'}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => setPaging({ search: debounced, page: next })}
              size="sm"
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
