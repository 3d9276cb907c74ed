import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconFlask, IconX } from '@tabler/icons-react';
import { CONTRACT_PAYMENT_STATUS_LABELS } from '@vendaval/core/constants';
import { formatBRL, formatDate } from '@vendaval/core/format';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import { BILLING_TYPE_LABELS } from '@vendaval/core/schemas/contracts';
import { useParams } from 'react-router';
import { openOpportunityModal } from '../../lib/opportunity-modal.ts';
import { useSession } from '../../lib/session.ts';
import { showErrorToasts, showSuccessToast } from '../../lib/toasts.ts';
import { CONTRACT_STATUS_COLORS } from '../../ui/contract-status-colors.ts';
import { useContractQuery, useSandboxPaymentMutation } from './api/contracts-api.ts';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/**
 * /matriculas/:id/pagamento: the sandbox provider's payment page. No money moves; it pays or cancels a pending
 * enrolment as a payer or a bank would, so the whole enrolment flow works without an account at a provider.
 */
export function SandboxPaymentPage() {
  const id = Number(useParams().id);
  const { workspaceId } = useSession();
  const contract = useContractQuery(workspaceId, id);
  const settle = useSandboxPaymentMutation(workspaceId);
  const data = contract.data;

  const act = (payment_status: 'Succeeded' | 'Canceled') =>
    settle.mutate(
      { id, payment_status },
      {
        onSuccess: () =>
          showSuccessToast(
            payment_status === 'Succeeded'
              ? SUCCESS_MESSAGES.enrollmentPaid
              : SUCCESS_MESSAGES.enrollmentCanceled,
          ),
        onError: showErrorToasts,
      },
    );

  return (
    <Stack p="md" gap="lg" maw={640} mx="auto" w="100%">
      <Title order={2}>Pagamento de teste</Title>
      <Alert color="gray" variant="light" icon={<IconFlask size={18} />}>
        Ambiente de testes: nenhum valor é cobrado. Marque a cobrança como paga ou cancelada para ver a
        matrícula mudar na oportunidade.
      </Alert>
      {contract.isPending && <Loader aria-label="Carregando" />}
      {contract.isError && <Text c="red">Cobrança não encontrada.</Text>}
      {data && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Group justify="space-between" gap="xs">
              <Text fw={700} size="lg">
                Matrícula #{data.id}
              </Text>
              <Badge color={CONTRACT_STATUS_COLORS[data.payment_status]} variant="filled" size="lg">
                {CONTRACT_PAYMENT_STATUS_LABELS[data.payment_status]}
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <Field label="Valor" value={formatBRL(data.enrollment_fee ?? 0)} />
              <Field
                label="Vencimento"
                value={data.payment_due_date ? formatDate(data.payment_due_date) : '-'}
              />
              <Field label="Forma de pagamento" value={BILLING_TYPE_LABELS[data.billing_type]} />
            </SimpleGrid>
            {data.payment_status === 'Pending' && (
              <Group gap="sm" grow>
                <Button
                  color="green"
                  leftSection={<IconCheck size={16} />}
                  loading={settle.isPending && settle.variables?.payment_status === 'Succeeded'}
                  disabled={settle.isPending}
                  onClick={() => act('Succeeded')}
                >
                  Marcar como paga
                </Button>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconX size={16} />}
                  loading={settle.isPending && settle.variables?.payment_status === 'Canceled'}
                  disabled={settle.isPending}
                  onClick={() => act('Canceled')}
                >
                  Cancelar cobrança
                </Button>
              </Group>
            )}
            <Button variant="subtle" onClick={() => openOpportunityModal({ id: data.opportunity_id })}>
              Abrir a oportunidade #{data.opportunity_id}
            </Button>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
