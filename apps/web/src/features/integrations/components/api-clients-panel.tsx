import { Badge, Button, Card, Center, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import { formatDateTime } from '@vendaval/core/format';
import { ROLE_LABELS } from '@vendaval/core/roles';
import type { ApiClient, ApiClientCreate } from '@vendaval/core/schemas/api-clients';
import { useState } from 'react';
import { showSuccessToast } from '../../../lib/toasts.ts';
import {
  useCreateApiClientMutation,
  useRevokeApiClientMutation,
  useRotateApiClientMutation,
} from '../api/use-api-client-mutations.ts';
import { useApiClientsQuery } from '../api/use-api-clients-query.ts';
import { ApiClientFormModal } from './api-client-form-modal.tsx';
import { ApiClientSecretModal } from './api-client-secret-modal.tsx';

/** The workspace's integration tokens: made with a secret shown once, given a new key, revoked. */
export function ApiClientsPanel({ workspaceId }: { workspaceId: number }) {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const list = useApiClientsQuery(workspaceId, page);
  const create = useCreateApiClientMutation(workspaceId);
  const rotate = useRotateApiClientMutation(workspaceId);
  const revoke = useRevokeApiClientMutation(workspaceId);
  const clients = list.data?.data ?? [];
  const total = list.data?.pagination.total_count ?? 0;

  const save = (input: ApiClientCreate) =>
    create.mutate(input, {
      onSuccess: (created) => {
        setCreating(false);
        setSecret(created.secret);
      },
    });

  const confirm = (client: ApiClient, kind: 'rotate' | 'revoke') =>
    modals.openConfirmModal({
      title: kind === 'rotate' ? 'Gerar nova chave' : 'Revogar integração',
      centered: true,
      children: (
        <Text size="sm">
          {kind === 'rotate'
            ? `A chave atual de "${client.name}" deixa de valer agora: o sistema integrado precisa receber a nova.`
            : `"${client.name}" deixa de acessar a API agora. Não é possível desfazer.`}
        </Text>
      ),
      labels: { confirm: kind === 'rotate' ? 'Gerar' : 'Revogar', cancel: 'Cancelar' },
      confirmProps: { color: kind === 'rotate' ? undefined : 'red' },
      onConfirm: () =>
        kind === 'rotate'
          ? rotate.mutate(client.id, { onSuccess: (answer) => setSecret(answer.secret) })
          : revoke.mutate(client.id, { onSuccess: () => showSuccessToast('Integração revogada.') }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 220 }}>
          Cada integração tem uma chave própria e um papel de API que define o que ela pode fazer.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          Nova integração
        </Button>
      </Group>

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Carregando integrações" />
        </Center>
      ) : clients.length === 0 ? (
        <Card withBorder radius="md">
          <Text c="dimmed" ta="center" py="lg">
            Nenhuma integração criada.
          </Text>
        </Card>
      ) : (
        clients.map((client) => (
          <ApiClientCard
            key={client.id}
            client={client}
            onRotate={() => confirm(client, 'rotate')}
            onRevoke={() => confirm(client, 'revoke')}
          />
        ))
      )}

      {total > ADMIN_PAGE_SIZE && (
        <Pagination total={Math.ceil(total / ADMIN_PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
      )}

      <ApiClientFormModal
        opened={creating}
        saving={create.isPending}
        onSave={save}
        onClose={() => setCreating(false)}
      />
      <ApiClientSecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}

type CardProps = { client: ApiClient; onRotate: () => void; onRevoke: () => void };

function ApiClientCard({ client, onRotate, onRevoke }: CardProps) {
  const revoked = client.revoked_at !== null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="api-client-card">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} truncate>
            {client.name}
          </Text>
          <Badge color={revoked ? 'gray' : 'green'} variant="light" style={{ flexShrink: 0 }}>
            {revoked ? 'Revogada' : 'Ativa'}
          </Badge>
        </Group>
        <Group gap="xs">
          <Badge variant="outline" size="sm" tt="none">
            {ROLE_LABELS[client.role]}
          </Badge>
          <Text size="sm" c="dimmed" ff="monospace">
            {client.secret_hint}…
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          Criada em {formatDateTime(client.created_at)}
          {client.rotated_at && ` · nova chave em ${formatDateTime(client.rotated_at)}`}
          {client.revoked_at && ` · revogada em ${formatDateTime(client.revoked_at)}`}
        </Text>
        {!revoked && (
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={onRotate}>
              Nova chave
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={onRevoke}>
              Revogar
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
