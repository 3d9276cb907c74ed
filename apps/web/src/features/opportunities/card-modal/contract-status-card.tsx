import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { CONTRACT_PAYMENT_STATUS_LABELS } from '@vendaval/core/constants';
import { formatBRL, formatDate } from '@vendaval/core/format';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { CONTRACT_STATUS_COLORS } from '../../../ui/contract-status-colors.ts';

/** The card's enrollment: 'Matrícula Pendente' (amber), 'Matrícula Efetivada' (blue) or 'Matrícula Cancelada' (red). */
export function ContractStatusCard({ contract }: { contract: NonNullable<Opportunity['contract']> }) {
  const status = contract.payment_status;
  return (
    <Paper withBorder radius="md" p="sm" aria-label="Matrícula">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            Matrícula #{contract.id}
          </Text>
          <Badge color={CONTRACT_STATUS_COLORS[status]} variant="filled" data-status={status}>
            {CONTRACT_PAYMENT_STATUS_LABELS[status]}
          </Badge>
        </Group>
        <Group gap="lg">
          <Text size="xs" c="dimmed">
            Criada em {formatDate(contract.created_at)}
          </Text>
          {contract.enrollment_fee !== null && (
            <Text size="xs" c="dimmed">
              Taxa: {formatBRL(contract.enrollment_fee)}
            </Text>
          )}
          {contract.payment_due_date && (
            <Text size="xs" c="dimmed">
              Vencimento: {formatDate(contract.payment_due_date)}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
