import { Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@vendaval/core/format';
import {
  BATCH_MESSAGE_STATUS_LABELS,
  type BatchMessage,
  type BatchMessageStatus,
} from '@vendaval/core/schemas/batch-messages';
import { type BatchAction, useBatchActionMutation } from '../api/use-batch-action-mutation.ts';

const STATUS_COLORS: Record<BatchMessageStatus, string> = {
  scheduled: 'gray',
  running: 'blue',
  paused: 'yellow',
  cancelled: 'red',
  completed: 'green',
};

const ACTIONS: Record<BatchAction, string> = { pause: 'Pausar', resume: 'Retomar', cancel: 'Cancelar' };

function actionsOf(status: BatchMessageStatus): BatchAction[] {
  if (status === 'scheduled' || status === 'running') return ['pause', 'cancel'];
  if (status === 'paused') return ['resume', 'cancel'];
  return [];
}

function BatchCard({ batch, canManage }: { batch: BatchMessage; canManage: boolean }) {
  const action = useBatchActionMutation();
  const done = batch.sent + batch.failed + batch.skipped;
  const percent = batch.total > 0 ? (done / batch.total) * 100 : 0;
  return (
    <Card withBorder padding="md" radius="md" aria-label={`Disparo ${batch.title}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{batch.title}</Text>
          <Badge color={STATUS_COLORS[batch.status]} variant="light">
            {BATCH_MESSAGE_STATUS_LABELS[batch.status]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {batch.bot_name ?? '-'} · {batch.template_name} · {formatDateTime(batch.created_at)}
        </Text>
        <Progress.Root size="lg" aria-label="Progresso do disparo">
          <Progress.Section value={(batch.sent / Math.max(batch.total, 1)) * 100} color="green" />
          <Progress.Section value={(batch.failed / Math.max(batch.total, 1)) * 100} color="red" />
          <Progress.Section value={(batch.skipped / Math.max(batch.total, 1)) * 100} color="gray" />
        </Progress.Root>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" aria-label="Contagem do disparo">
            {`Enviadas: ${batch.sent} · Falhas: ${batch.failed} · Ignoradas: ${batch.skipped} · Total: ${batch.total}`}
          </Text>
          <Text size="sm" c="dimmed">
            {Math.round(percent)}%
          </Text>
        </Group>
        {canManage && actionsOf(batch.status).length > 0 && (
          <Group gap="xs">
            {actionsOf(batch.status).map((name) => (
              <Button
                key={name}
                size="xs"
                variant={name === 'cancel' ? 'light' : 'default'}
                color={name === 'cancel' ? 'red' : undefined}
                loading={action.isPending && action.variables?.action === name}
                onClick={() => action.mutate({ id: batch.id, action: name })}
              >
                {ACTIONS[name]}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The batches with their progress and, for managers, pause/resume/cancel. */
export function BatchList({ batches, canManage }: { batches: BatchMessage[]; canManage: boolean }) {
  if (batches.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        Nenhum disparo ainda.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {batches.map((batch) => (
        <BatchCard key={batch.id} batch={batch} canManage={canManage} />
      ))}
    </Stack>
  );
}
