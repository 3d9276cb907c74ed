import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { PDCA_INDICATOR_LABELS, PDCA_INDICATORS, type PdcaIndicator } from '@vendaval/core/constants';
import { formatBRL, formatDate } from '@vendaval/core/format';
import type { Planning } from '@vendaval/core/schemas/planning';
import { useState } from 'react';
import { useCampaignsQuery, useMediasQuery, useWorkingMembersQuery } from '../../../lib/lookups/lookups.ts';
import { useSession } from '../../../lib/session.ts';
import {
  useCreatePlanningActionMutation,
  useDeletePlanningActionMutation,
  usePlanningActionsQuery,
} from '../api/planning-api.ts';
import { isReadOnly, useAdvance } from './advance.ts';

const blank = { what: '', why: '', where: '', when: '', how: '', how_much: 0 as number | string };

/** Step 4 (Planning5w2h): the action plan — What, Why, Where, When, Who, How, How much — then submission. */
export function ActionsStep({ plan }: { plan: Planning }) {
  const { workspaceId } = useSession();
  const actions = usePlanningActionsQuery(workspaceId, plan.id);
  const members = useWorkingMembersQuery();
  const medias = useMediasQuery();
  const campaigns = useCampaignsQuery();
  const create = useCreatePlanningActionMutation(workspaceId);
  const remove = useDeletePlanningActionMutation(workspaceId);
  const { advance, pending } = useAdvance(4);
  const readOnly = isReadOnly(plan);
  const [form, setForm] = useState(blank);
  const [who, setWho] = useState<string | null>(null);
  const [mediaId, setMediaId] = useState<string | null>(null);
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [indicator, setIndicator] = useState<string | null>(null);
  const [target, setTarget] = useState<number | string>('');
  const field = (key: keyof typeof blank) => ({
    value: form[key],
    onChange: (e: { currentTarget: { value: string } }) => setForm({ ...form, [key]: e.currentTarget.value }),
  });
  const memberName = (id: number | null) => members.data?.find((m) => m.id === id)?.name ?? '—';

  const add = () =>
    create.mutate(
      {
        id: plan.id,
        what: form.what,
        why: form.why,
        where: form.where,
        when: form.when,
        who_user_id: Number(who),
        how: form.how,
        how_much: Number(form.how_much) || 0,
        media_id: mediaId ? Number(mediaId) : null,
        campaign_id: campaignId ? Number(campaignId) : null,
        indicator: indicator as PdcaIndicator | null,
        target: indicator && target !== '' ? Number(target) : null,
      },
      {
        onSuccess: () => {
          setForm(blank);
          setWho(null);
          setMediaId(null);
          setCampaignId(null);
          setIndicator(null);
          setTarget('');
        },
      },
    );

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder aria-label="Plano de ação 5W2H">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>O quê</Table.Th>
              <Table.Th>Por quê</Table.Th>
              <Table.Th>Onde</Table.Th>
              <Table.Th>Quando</Table.Th>
              <Table.Th>Quem</Table.Th>
              <Table.Th>Como</Table.Th>
              <Table.Th>Quanto</Table.Th>
              {!readOnly && <Table.Th aria-label="Ações" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {actions.data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text c="dimmed" size="sm">
                    Nenhuma ação cadastrada.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {actions.data?.map((action) => (
              <Table.Tr key={action.id}>
                <Table.Td>{action.what}</Table.Td>
                <Table.Td>{action.why}</Table.Td>
                <Table.Td>{action.where}</Table.Td>
                <Table.Td>{formatDate(`${action.when}T12:00:00`)}</Table.Td>
                <Table.Td>{memberName(action.who_user_id)}</Table.Td>
                <Table.Td>{action.how}</Table.Td>
                <Table.Td>{formatBRL(action.how_much)}</Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remover ${action.what}`}
                      onClick={() => remove.mutate({ id: plan.id, actionId: action.id })}
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
        <Card withBorder padding="md" component="section" aria-label="Nova ação">
          <Stack gap="sm">
            <Title order={4}>Nova ação</Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <TextInput label="O quê" required {...field('what')} />
              <TextInput label="Onde" {...field('where')} />
              <TextInput label="Quando" type="date" required {...field('when')} />
              <Select
                label="Quem"
                required
                placeholder="Selecione"
                data={(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
                value={who}
                onChange={setWho}
              />
              <NumberInput
                label="Quanto"
                value={form.how_much}
                onChange={(v) => setForm({ ...form, how_much: v })}
                min={0}
                decimalScale={2}
                thousandSeparator="."
                decimalSeparator=","
                prefix="R$ "
                hideControls
              />
              <Select
                label="Mídia"
                placeholder="Nenhuma"
                clearable
                data={(medias.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
                value={mediaId}
                onChange={setMediaId}
              />
              <Select
                label="Campanha"
                placeholder="Nenhuma"
                clearable
                data={(campaigns.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                value={campaignId}
                onChange={setCampaignId}
              />
              <Select
                label="Indicador"
                placeholder="Nenhum"
                clearable
                data={PDCA_INDICATORS.map((i) => ({ value: i, label: PDCA_INDICATOR_LABELS[i] }))}
                value={indicator}
                onChange={setIndicator}
              />
              <NumberInput
                label="Meta do indicador"
                value={target}
                onChange={setTarget}
                min={0}
                allowDecimal={false}
                disabled={!indicator}
                hideControls
              />
            </SimpleGrid>
            <Textarea label="Por quê" autosize minRows={2} {...field('why')} />
            <Textarea label="Como" autosize minRows={2} {...field('how')} />
            <Group justify="flex-end">
              <Button
                variant="light"
                onClick={add}
                disabled={!form.what.trim() || !form.when || !who}
                loading={create.isPending}
              >
                Incluir ação
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {!readOnly && (
        <Group justify="flex-end">
          <Button onClick={() => advance(plan)} loading={pending}>
            Enviar planejamento
          </Button>
        </Group>
      )}
    </Stack>
  );
}
