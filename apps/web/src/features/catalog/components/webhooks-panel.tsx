import { Badge, Button, Card, Center, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import { WEBHOOK_EVENT_LABELS, type Webhook, type WebhookCreate } from '@vendaval/core/schemas/webhooks';
import { useState } from 'react';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useCreateWebhookMutation } from '../api/use-create-webhook-mutation.ts';
import { useDeleteWebhookMutation } from '../api/use-delete-webhook-mutation.ts';
import { useRotateWebhookSecretMutation } from '../api/use-rotate-webhook-secret-mutation.ts';
import { useUpdateWebhookMutation } from '../api/use-update-webhook-mutation.ts';
import { useWebhooksQuery } from '../api/use-webhooks-query.ts';
import type { WebhooksTarget } from '../api/webhooks-target.ts';
import { WebhookFormModal } from './webhook-form-modal.tsx';
import { WebhookLogsModal } from './webhook-logs-modal.tsx';
import { WebhookSecretModal } from './webhook-secret-modal.tsx';

/**
 * Webhooks in /lists, the workspace's or the platform's: each saved on its own, its secret shown once, its
 * deliveries listed.
 */
export function WebhooksPanel({ target, intro }: { target: WebhooksTarget; intro: string }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logsOf, setLogsOf] = useState<Webhook | null>(null);
  const list = useWebhooksQuery(target, page);
  const create = useCreateWebhookMutation(target);
  const update = useUpdateWebhookMutation(target);
  const remove = useDeleteWebhookMutation(target);
  const rotate = useRotateWebhookSecretMutation(target);
  const webhooks = list.data?.data ?? [];
  const total = list.data?.pagination.total_count ?? 0;

  const save = (input: WebhookCreate, onRefused: (error: unknown) => void) => {
    if (editing === 'new') {
      create.mutate(input, {
        onSuccess: (created) => {
          setEditing(null);
          setSecret(created.secret);
        },
        onError: onRefused,
      });
    } else if (editing) {
      update.mutate(
        { id: editing.id, ...input },
        {
          onSuccess: () => {
            setEditing(null);
            showSuccessToast('Webhook salvo com sucesso!');
          },
          onError: onRefused,
        },
      );
    }
  };

  const confirm = (webhook: Webhook, kind: 'rotate' | 'delete') =>
    modals.openConfirmModal({
      title: kind === 'rotate' ? 'Gerar nova chave' : 'Excluir webhook',
      centered: true,
      children: (
        <Text size="sm">
          {kind === 'rotate'
            ? `A chave atual de "${webhook.name}" deixa de valer agora: o destino precisa receber a nova.`
            : `"${webhook.name}" deixa de receber eventos e o seu histórico de entregas é apagado.`}
        </Text>
      ),
      labels: { confirm: kind === 'rotate' ? 'Gerar' : 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: kind === 'rotate' ? undefined : 'red' },
      onConfirm: () =>
        kind === 'rotate'
          ? rotate.mutate(webhook.id, { onSuccess: (answer) => setSecret(answer.secret) })
          : remove.mutate(webhook.id, { onSuccess: () => showSuccessToast('Webhook excluído com sucesso!') }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 220 }}>
          {intro}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Novo webhook
        </Button>
      </Group>

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Carregando webhooks" />
        </Center>
      ) : webhooks.length === 0 ? (
        <Card withBorder radius="md">
          <Text c="dimmed" ta="center" py="lg">
            Nenhum webhook cadastrado.
          </Text>
        </Card>
      ) : (
        webhooks.map((webhook) => (
          <Card key={webhook.id} withBorder radius="md" padding="md" data-testid="webhook-card">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} truncate>
                  {webhook.name}
                </Text>
                <Badge color={webhook.active ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
                  {webhook.active ? 'Ativo' : 'Inativo'}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {webhook.url}
              </Text>
              <Group gap={6}>
                {webhook.events.map((event) => (
                  <Badge key={event} variant="outline" size="sm" tt="none">
                    {WEBHOOK_EVENT_LABELS[event]}
                  </Badge>
                ))}
              </Group>
              <Group gap="xs" justify="flex-end">
                <Button size="xs" variant="light" onClick={() => setLogsOf(webhook)}>
                  Entregas
                </Button>
                <Button size="xs" variant="default" onClick={() => setEditing(webhook)}>
                  Editar
                </Button>
                {target.rotates && (
                  <Button size="xs" variant="default" onClick={() => confirm(webhook, 'rotate')}>
                    Nova chave
                  </Button>
                )}
                <Button size="xs" variant="subtle" color="red" onClick={() => confirm(webhook, 'delete')}>
                  Excluir
                </Button>
              </Group>
            </Stack>
          </Card>
        ))
      )}

      {total > ADMIN_PAGE_SIZE && (
        <Pagination total={Math.ceil(total / ADMIN_PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
      )}

      <WebhookFormModal
        webhook={editing}
        saving={create.isPending || update.isPending}
        onSave={save}
        onClose={() => setEditing(null)}
      />
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
      <WebhookLogsModal target={target} webhook={logsOf} onClose={() => setLogsOf(null)} />
    </Stack>
  );
}
