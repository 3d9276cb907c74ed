import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import type { DigitalEmployee } from '@vendaval/core/schemas/bots';
import { useState } from 'react';
import { showErrorToasts, showSuccessToast } from '../../../lib/toasts.ts';
import { useSyncTemplatesMutation } from '../../../lib/use-sync-templates-mutation.ts';
import { useCreateDigitalEmployeeMutation } from '../api/use-create-digital-employee-mutation.ts';
import { useDeleteDigitalEmployeeMutation } from '../api/use-delete-digital-employee-mutation.ts';
import { useDigitalEmployeesQuery } from '../api/use-digital-employees-query.ts';
import { useUpdateDigitalEmployeeMutation } from '../api/use-update-digital-employee-mutation.ts';
import {
  CHANNEL_LABELS,
  DigitalEmployeeFormModal,
  type DigitalEmployeeSave,
} from './digital-employee-form-modal.tsx';
import { WebhookUrl } from './digital-employee-webhook-url.tsx';

/** 'Funcionários digitais' in /lists: the workspace's bots, each saved on its own in a form with its secrets. */
export function DigitalEmployeesPanel({ workspaceId }: { workspaceId: number }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const [editing, setEditing] = useState<DigitalEmployee | 'new' | null>(null);
  const list = useDigitalEmployeesQuery(workspaceId, page, debounced);
  const create = useCreateDigitalEmployeeMutation(workspaceId);
  const update = useUpdateDigitalEmployeeMutation(workspaceId);
  const remove = useDeleteDigitalEmployeeMutation(workspaceId);
  const sync = useSyncTemplatesMutation(workspaceId);
  const employees = list.data?.data ?? [];
  const total = list.data?.pagination.total_count ?? 0;

  const save = (action: DigitalEmployeeSave, onRefused: (error: unknown) => void) => {
    const done = {
      onSuccess: () => {
        setEditing(null);
        showSuccessToast('Funcionário digital salvo com sucesso!');
      },
      onError: onRefused,
    };
    if (action.kind === 'create') create.mutate(action.input, done);
    else update.mutate({ id: action.id, ...action.input }, done);
  };

  const confirmDelete = (employee: DigitalEmployee) =>
    modals.openConfirmModal({
      title: 'Excluir funcionário digital',
      centered: true,
      children: (
        <Text size="sm">
          {`"${employee.name}" deixa de atender. Se já teve salas de conversa, ele é desativado e o histórico das salas é mantido.`}
        </Text>
      ),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(employee.id, { onSuccess: (answer) => showSuccessToast(answer.message) }),
    });

  const syncTemplates = (employee: DigitalEmployee) =>
    sync.mutate(employee.id, {
      onSuccess: (answer) => showSuccessToast(`${answer.data.length} templates sincronizados.`),
      onError: showErrorToasts,
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <TextInput
          placeholder="Buscar por nome"
          aria-label="Buscar funcionário digital"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200, maxWidth: 360 }}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Novo funcionário digital
        </Button>
      </Group>

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Carregando funcionários digitais" />
        </Center>
      ) : employees.length === 0 ? (
        <Card withBorder radius="md">
          <Text c="dimmed" ta="center" py="lg">
            {debounced
              ? 'Nenhum funcionário digital encontrado para essa busca.'
              : 'Nenhum funcionário digital cadastrado.'}
          </Text>
        </Card>
      ) : (
        employees.map((employee) => (
          <EmployeeCard
            key={employee.id}
            employee={employee}
            syncing={sync.isPending && sync.variables === employee.id}
            onEdit={() => setEditing(employee)}
            onDelete={() => confirmDelete(employee)}
            onSync={() => syncTemplates(employee)}
          />
        ))
      )}

      {total > ADMIN_PAGE_SIZE && (
        <Pagination total={Math.ceil(total / ADMIN_PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
      )}

      <DigitalEmployeeFormModal
        employee={editing}
        saving={create.isPending || update.isPending}
        onSave={save}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}

type CardProps = {
  employee: DigitalEmployee;
  syncing: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onSync: () => void;
};

function EmployeeCard({ employee, syncing, onEdit, onDelete, onSync }: CardProps) {
  const cloud = employee.channel === 'whatsapp_cloud';
  const connected = cloud ? employee.is_whatsapp_business_connected : true;
  return (
    <Card withBorder radius="md" padding="md" data-testid="digital-employee-card">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} truncate>
            {employee.name}
          </Text>
          <Badge color={employee.active ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {employee.active ? 'Ativo' : 'Inativo'}
          </Badge>
        </Group>
        <Group gap={6}>
          <Badge variant="outline" size="sm" tt="none">
            {CHANNEL_LABELS[employee.channel]}
          </Badge>
          {cloud && (
            <Badge variant="light" size="sm" tt="none" color={connected ? 'teal' : 'orange'}>
              {connected ? 'Conectado' : 'Falta número ou token'}
            </Badge>
          )}
          {employee.keep_bot_on_dialog && (
            <Badge variant="light" size="sm" tt="none" color="gray">
              Fica na conversa
            </Badge>
          )}
        </Group>
        {cloud && employee.whatsapp?.phone_number_id && (
          <Text size="sm" c="dimmed">
            Número (ID): {employee.whatsapp.phone_number_id}
          </Text>
        )}
        {cloud && <WebhookUrl botId={employee.id} />}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="light" onClick={onSync} loading={syncing}>
            Sincronizar templates
          </Button>
          <Button size="xs" variant="default" onClick={onEdit}>
            Editar
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
            Excluir
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
