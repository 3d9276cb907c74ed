import { Badge, Card, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '@vendaval/core/format';
import {
  WEBHOOK_EVENT_LABELS,
  type Webhook,
  type WebhookDeliveryStatus,
  type WebhookLog,
} from '@vendaval/core/schemas/webhooks';
import { useIsMobile } from '../../../ui/responsive.ts';
import { useWebhookLogsQuery } from '../api/use-webhook-logs-query.ts';
import type { WebhooksTarget } from '../api/webhooks-target.ts';

const STATUS: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  delivered: { label: 'Entregue', color: 'green' },
  failed: { label: 'Falhou', color: 'red' },
  pending: { label: 'Nova tentativa', color: 'yellow' },
};

/** The delivery's final status on its last attempt; earlier attempts of a retried delivery show their own answer. */
function outcome(log: WebhookLog, latest: boolean) {
  if (latest) return STATUS[log.delivery_status];
  return log.status_code !== null && log.status_code < 300 ? STATUS.delivered : STATUS.pending;
}

const answer = (log: WebhookLog) =>
  log.status_code !== null ? `HTTP ${log.status_code}` : (log.error ?? '');

type Props = { target: WebhooksTarget; webhook: Webhook | null; onClose: () => void };

/** Each attempt to deliver an event to one webhook, newest first. */
export function WebhookLogsModal({ target, webhook, onClose }: Props) {
  const mobile = useIsMobile();
  const logs = useWebhookLogsQuery(target, webhook?.id ?? null);
  const rows = logs.data?.data ?? [];
  // Newest first: the first row of a delivery is its latest attempt.
  const seen = new Set<number>();
  const lines = rows.map((log) => {
    const latest = !seen.has(log.delivery_id);
    seen.add(log.delivery_id);
    return { log, status: outcome(log, latest) };
  });
  return (
    <Modal
      opened={webhook !== null}
      onClose={onClose}
      title={`Entregas — ${webhook?.name ?? ''}`}
      size="xl"
      centered
      fullScreen={mobile}
    >
      {logs.isPending ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhuma entrega ainda. Os eventos escolhidos aparecem aqui assim que acontecerem.
        </Text>
      ) : (
        <Stack gap="xs" data-testid="webhook-logs">
          {mobile ? (
            lines.map(({ log, status }) => (
              <Card key={log.id} withBorder radius="md" padding="sm">
                <Group justify="space-between" gap="xs">
                  <Text size="sm" fw={600}>
                    {WEBHOOK_EVENT_LABELS[log.event]}
                  </Text>
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {formatDateTime(log.created_at)} · tentativa {log.attempt}
                </Text>
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {answer(log)}
                </Text>
              </Card>
            ))
          ) : (
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Evento</Table.Th>
                  <Table.Th>Tentativa</Table.Th>
                  <Table.Th>Resposta</Table.Th>
                  <Table.Th>Situação</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map(({ log, status }) => (
                  <Table.Tr key={log.id}>
                    <Table.Td>{formatDateTime(log.created_at)}</Table.Td>
                    <Table.Td>{WEBHOOK_EVENT_LABELS[log.event]}</Table.Td>
                    <Table.Td>{log.attempt}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{answer(log)}</Table.Td>
                    <Table.Td>
                      <Badge color={status.color} variant="light">
                        {status.label}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}
