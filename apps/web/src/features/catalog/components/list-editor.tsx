import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
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
import { showErrorToasts, showSuccessToast, showWarningToast } from '../../../lib/toasts.ts';
import { ListCard } from '../../../ui/list-card/list-card.tsx';
import { useIsMobile } from '../../../ui/responsive.ts';
import { type ListRow, useAdminListQuery } from '../api/use-admin-list-query.ts';
import {
  type ListChange,
  type RowRefusal,
  refusalsOf,
  useSaveListMutation,
} from '../api/use-save-list-mutation.ts';
import { emptyValues, type ListDefinition, type ListField } from '../list-definitions.ts';
import { FieldInput } from './field-input.tsx';
import { FieldValue } from './field-value.tsx';
import { draftErrors, type FieldErrors } from './list-validation.ts';

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
  // The rows the server refused in the last save; a row's refusal goes once the row is changed.
  const [refused, setRefused] = useState<RowRefusal[]>([]);
  const [addTried, setAddTried] = useState(false);

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
  // Every row is checked as it is added or edited; nothing is sent while one is wrong.
  const invalid = draftErrors(definition, draft, rows);
  const errorsOf = (key: string): FieldErrors => {
    const refusals = refused.filter((r) => r.key === key);
    return Object.assign(
      {},
      ...refusals.map((r) => ({ [r.field ?? titleField.key]: r.message })),
      invalid.get(key),
    );
  };
  const blocked = invalid.size > 0 || refused.length > 0;
  const forget = (key: string) => setRefused((all) => all.filter((r) => r.key !== key));
  const addingKey = 'adding';
  const addErrors =
    draftErrors(
      definition,
      { ...draft, creates: [...draft.creates, { key: addingKey, values: adding }] },
      rows,
    ).get(addingKey) ?? {};

  const addRow = () => {
    if (Object.keys(addErrors).length > 0) return setAddTried(true);
    const key = `n${Date.now()}`;
    onDraftChange({ ...draft, creates: [...draft.creates, { key, values: adding }] });
    setAdding(emptyValues(definition));
    setAddTried(false);
  };
  const startEdit = (row: ListRow) => {
    setKnown(new Map(known).set(row.id, row));
    const values = Object.fromEntries(definition.fields.map((f) => [f.key, row[f.key]]));
    onDraftChange({ ...draft, updates: { ...draft.updates, [row.id]: values } });
  };
  const editValue = (id: number, key: string, value: unknown) => {
    forget(`u${id}`);
    onDraftChange({ ...draft, updates: { ...draft.updates, [id]: { ...draft.updates[id], [key]: value } } });
  };
  const undo = (id: number) => {
    forget(`u${id}`);
    forget(`d${id}`);
    const { [id]: _, ...updates } = draft.updates;
    onDraftChange({ ...draft, updates, deletes: draft.deletes.filter((d) => d !== id) });
  };
  const markDeleted = (row: ListRow) => {
    setKnown(new Map(known).set(row.id, row));
    const { [row.id]: _, ...updates } = draft.updates;
    onDraftChange({ ...draft, updates, deletes: [...draft.deletes, row.id] });
  };
  const editNew = (key: string, field: string, value: unknown) => {
    forget(key);
    onDraftChange({
      ...draft,
      creates: draft.creates.map((c) =>
        c.key === key ? { ...c, values: { ...c.values, [field]: value } } : c,
      ),
    });
  };
  const dropNew = (key: string) => {
    forget(key);
    onDraftChange({ ...draft, creates: draft.creates.filter((c) => c.key !== key) });
  };

  // All or nothing: a refused edit leaves the whole draft, with the refusal on its row.
  const saveAll = () =>
    save.mutate(changes, {
      onSuccess: () => {
        onDraftChange(EMPTY_DRAFT);
        setRefused([]);
        showSuccessToast(MESSAGES.listsSaved);
      },
      onError: (error) => {
        const rowsRefused = refusalsOf(error, changes);
        if (!rowsRefused) return showErrorToasts(error);
        setRefused(rowsRefused);
        showWarningToast(MESSAGES.listsNotSaved);
      },
    });

  const inputs = (values: Values, onChange: (key: string, value: unknown) => void, errors: FieldErrors) =>
    definition.fields.map((field) => (
      <FieldInput
        key={field.key}
        field={field}
        value={values[field.key]}
        onChange={(value) => onChange(field.key, value)}
        interactionTypes={interactionOptions}
        rowLabel={rowLabel(values)}
        error={errors[field.key]}
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

  type Line = {
    key: string;
    cells: ReactNode[];
    actions: ReactNode;
    status?: ReactNode;
    struck?: boolean;
    wrong?: boolean;
  };
  const newLines: Line[] = draft.creates.map((c) => ({
    key: c.key,
    cells: inputs(c.values, (key, value) => editNew(c.key, key, value), errorsOf(c.key)),
    wrong: Object.keys(errorsOf(c.key)).length > 0,
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
    const editErrors = errorsOf(`u${row.id}`);
    const deleteRefusal = refused.find((r) => r.key === `d${row.id}`)?.message;
    return {
      key: String(row.id),
      cells: edited ? inputs(edited, (key, value) => editValue(row.id, key, value), editErrors) : values(row),
      struck: deleted && !deleteRefusal,
      wrong: Boolean(deleteRefusal) || (Boolean(edited) && Object.keys(editErrors).length > 0),
      status: deleted ? (
        <Stack gap={2}>
          <Badge color="red" variant="light">
            Excluir
          </Badge>
          {deleteRefusal && (
            <Text size="xs" c="red">
              {deleteRefusal}
            </Text>
          )}
        </Stack>
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
              data-invalid={line.wrong || undefined}
              style={
                line.struck
                  ? { textDecoration: 'line-through', opacity: 0.6 }
                  : line.wrong
                    ? { background: 'var(--mantine-color-red-light)' }
                    : undefined
              }
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
        <Card
          key={line.key}
          withBorder
          radius="md"
          padding="sm"
          opacity={line.struck ? 0.6 : 1}
          data-invalid={line.wrong || undefined}
          bd={line.wrong ? '1px solid var(--mantine-color-red-filled)' : undefined}
        >
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
                  error={addTried ? addErrors[field.key] : undefined}
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
          <Button disabled={changes.length === 0 || blocked} loading={save.isPending} onClick={saveAll}>
            Salvar alterações{changes.length > 0 ? ` (${changes.length})` : ''}
          </Button>
        </Group>
      </Group>
      {blocked && (
        <Text size="sm" c="red" role="alert">
          {MESSAGES.listRowsInvalid}
        </Text>
      )}

      <ListCard
        compact={mobile}
        pending={list.isPending}
        empty={lines.length === 0}
        loadingLabel="Carregando lista"
        emptyText="Nenhum item encontrado."
      >
        {mobile ? cards : table}
      </ListCard>

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
