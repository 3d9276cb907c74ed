import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { MONTHS } from '@vendaval/core/constants';
import { formatBRL } from '@vendaval/core/format';
import type { Planning } from '@vendaval/core/schemas/planning';
import { useState } from 'react';
import { useCampaignsQuery, useMediasQuery } from '../../../lib/lookups/lookups.ts';
import { useSession } from '../../../lib/session.ts';
import { useCreatePlanningMediaMutation, useDeletePlanningMediaMutation } from '../api/planning-api.ts';
import { isReadOnly, useAdvance } from './advance.ts';

type MonthValues = Record<number, { budget: number; expected_leads: number }>;

/** Step 3 (PlanningMedias): the budget and the leads expected of each media and campaign, month by month. */
export function MediaStep({ plan }: { plan: Planning }) {
  const { workspaceId } = useSession();
  const medias = useMediasQuery();
  const campaigns = useCampaignsQuery();
  const create = useCreatePlanningMediaMutation(workspaceId);
  const remove = useDeletePlanningMediaMutation(workspaceId);
  const { advance, pending } = useAdvance(3);
  const readOnly = isReadOnly(plan);
  const [mediaId, setMediaId] = useState<string | null>(null);
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [values, setValues] = useState<MonthValues>({});
  const months = Array.from(
    { length: plan.end_month - plan.start_month + 1 },
    (_, i) => plan.start_month + i,
  );
  const nameOf = (list: { id: number; name: string }[] | undefined, id: number | null) =>
    id === null ? 'Sem campanha' : (list?.find((i) => i.id === id)?.name ?? `#${id}`);
  const monthValue = (month: number) => values[month] ?? { budget: 0, expected_leads: 0 };
  const setValue = (month: number, field: 'budget' | 'expected_leads', v: number) =>
    setValues((all) => ({ ...all, [month]: { ...monthValue(month), [field]: v } }));

  const add = () =>
    create.mutate(
      {
        id: plan.id,
        media_id: Number(mediaId),
        campaign_id: campaignId ? Number(campaignId) : null,
        months: months.map((month) => ({ month, ...monthValue(month) })),
      },
      {
        onSuccess: () => {
          setMediaId(null);
          setCampaignId(null);
          setValues({});
        },
      },
    );

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={520}>
        <Table striped withTableBorder aria-label="Plano de mídia">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mídia</Table.Th>
              <Table.Th>Campanha</Table.Th>
              <Table.Th>Verba</Table.Th>
              <Table.Th>Leads esperados</Table.Th>
              {!readOnly && <Table.Th aria-label="Ações" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.medias.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" size="sm">
                    Nenhuma mídia no plano.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {plan.medias.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>{nameOf(medias.data, line.media_id)}</Table.Td>
                <Table.Td>{nameOf(campaigns.data, line.campaign_id)}</Table.Td>
                <Table.Td>{formatBRL(line.total_budget)}</Table.Td>
                <Table.Td>{line.total_expected_leads.toLocaleString('pt-BR')}</Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remover ${nameOf(medias.data, line.media_id)}`}
                      onClick={() => remove.mutate({ id: plan.id, mediaId: line.id })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!readOnly && (
        <Card withBorder padding="md" component="section" aria-label="Incluir mídia">
          <Stack gap="sm">
            <Title order={4}>Incluir mídia</Title>
            <Group gap="sm" wrap="wrap">
              <Select
                label="Mídia"
                placeholder="Selecione"
                data={(medias.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
                value={mediaId}
                onChange={setMediaId}
                w={220}
              />
              <Select
                label="Campanha"
                placeholder="Sem campanha"
                data={(campaigns.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                value={campaignId}
                onChange={setCampaignId}
                clearable
                w={220}
              />
            </Group>
            <Table.ScrollContainer minWidth={360}>
              <Table withTableBorder aria-label="Verba e leads por mês">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Mês</Table.Th>
                    <Table.Th>Verba</Table.Th>
                    <Table.Th>Leads esperados</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {months.map((month) => (
                    <Table.Tr key={month}>
                      <Table.Td>{MONTHS[month - 1]}</Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`Verba em ${MONTHS[month - 1]}`}
                          value={monthValue(month).budget}
                          onChange={(v) => setValue(month, 'budget', Number(v) || 0)}
                          min={0}
                          decimalScale={2}
                          thousandSeparator="."
                          decimalSeparator=","
                          prefix="R$ "
                          hideControls
                          size="xs"
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`Leads esperados em ${MONTHS[month - 1]}`}
                          value={monthValue(month).expected_leads}
                          onChange={(v) => setValue(month, 'expected_leads', Number(v) || 0)}
                          min={0}
                          decimalScale={0}
                          hideControls
                          size="xs"
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="flex-end">
              <Button variant="light" onClick={add} disabled={!mediaId} loading={create.isPending}>
                Incluir no plano
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {!readOnly && (
        <Group justify="flex-end">
          <Button onClick={() => advance(plan)} loading={pending}>
            Avançar
          </Button>
        </Group>
      )}
    </Stack>
  );
}
