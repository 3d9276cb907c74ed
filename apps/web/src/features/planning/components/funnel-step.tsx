import { Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { MONTHS } from '@vendaval/core/constants';
import type { Planning } from '@vendaval/core/schemas/planning';
import { useState } from 'react';
import { useSession } from '../../../lib/session.ts';
import { useUpdatePlanningMutation } from '../api/planning-api.ts';
import { isReadOnly, useAdvance } from './advance.ts';

const count = (n: number | null) => (n === null ? '—' : n.toLocaleString('pt-BR'));

/** Step 2 (Planning): the funnel behind the enrolment goals, leads → visits → enrolments. */
export function FunnelStep({ plan }: { plan: Planning }) {
  const { workspaceId } = useSession();
  const update = useUpdatePlanningMutation(workspaceId);
  const { advance, pending } = useAdvance(2);
  const readOnly = isReadOnly(plan);
  const { funnel } = plan;
  const own = funnel.rates_source === 'plan';
  const [visitRate, setVisitRate] = useState<number | string>(own ? (funnel.lead_to_visit_rate ?? '') : '');
  const [enrolRate, setEnrolRate] = useState<number | string>(
    own ? (funnel.visit_to_enrollment_rate ?? '') : '',
  );
  const rate = (v: number | string) => (v === '' ? null : Number(v));

  const save = async () => {
    const saved = await update.mutateAsync({
      id: plan.id,
      lead_to_visit_rate: rate(visitRate),
      visit_to_enrollment_rate: rate(enrolRate),
    });
    await advance(saved);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {funnel.rates_source === 'workspace'
          ? 'Taxas de conversão reais das oportunidades da unidade; informe outras para planejar com elas.'
          : funnel.rates_source === 'plan'
            ? 'Taxas de conversão definidas neste planejamento.'
            : 'A unidade ainda não tem oportunidades para calcular as taxas; informe as taxas planejadas.'}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NumberInput
          label="Leads que visitam (%)"
          placeholder={funnel.lead_to_visit_rate === null ? undefined : String(funnel.lead_to_visit_rate)}
          value={visitRate}
          onChange={setVisitRate}
          min={0.1}
          max={100}
          decimalScale={2}
          decimalSeparator=","
          disabled={readOnly}
          w={220}
        />
        <NumberInput
          label="Visitas que matriculam (%)"
          placeholder={
            funnel.visit_to_enrollment_rate === null ? undefined : String(funnel.visit_to_enrollment_rate)
          }
          value={enrolRate}
          onChange={setEnrolRate}
          min={0.1}
          max={100}
          decimalScale={2}
          decimalSeparator=","
          disabled={readOnly}
          w={220}
        />
      </Group>
      <Table.ScrollContainer minWidth={360}>
        <Table striped withTableBorder aria-label="Funil por mês">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mês</Table.Th>
              <Table.Th>Leads</Table.Th>
              <Table.Th>Visitas</Table.Th>
              <Table.Th>Matrículas</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {funnel.months.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>{MONTHS[m.month - 1]}</Table.Td>
                <Table.Td>{count(m.leads)}</Table.Td>
                <Table.Td>{count(m.visits)}</Table.Td>
                <Table.Td>{count(m.enrollments)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!readOnly && (
        <Group justify="flex-end">
          <Button onClick={save} loading={update.isPending || pending}>
            Salvar e avançar
          </Button>
        </Group>
      )}
    </Stack>
  );
}
