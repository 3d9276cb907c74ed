import { Button, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { MONTHS, planningYears } from '@vendaval/core/constants';
import {
  PLANNING_GOAL_FIELDS,
  PLANNING_GOAL_LABELS,
  type Planning,
  type PlanningGoal,
  type PlanningGoalField,
} from '@vendaval/core/schemas/planning';
import { useState } from 'react';
import { useSession } from '../../../lib/session.ts';
import { useCreatePlanningMutation, useUpdatePlanningMutation } from '../api/planning-api.ts';
import { isReadOnly, useAdvance } from './advance.ts';

const MONTH_OPTIONS = MONTHS.map((label, i) => ({ value: String(i + 1), label }));
const emptyGoal = (month: number): PlanningGoal => ({
  month,
  ...(Object.fromEntries(PLANNING_GOAL_FIELDS.map((f) => [f, 0])) as Record<PlanningGoalField, number>),
});

/** Step 1 (PrePlanning): the year, the months it covers and the unit's goals for each month. */
export function GoalsStep({ plan }: { plan: Planning | null }) {
  const { workspaceId } = useSession();
  const create = useCreatePlanningMutation(workspaceId);
  const update = useUpdatePlanningMutation(workspaceId);
  const { advance, pending } = useAdvance(1);
  const readOnly = isReadOnly(plan);
  const [year, setYear] = useState<string | null>(plan ? String(plan.year) : null);
  const [start, setStart] = useState(plan?.start_month ?? 1);
  const [end, setEnd] = useState(plan?.end_month ?? 12);
  const [goals, setGoals] = useState<Record<number, PlanningGoal>>(
    Object.fromEntries((plan?.goals ?? []).map((g) => [g.month, g])),
  );
  const months = Array.from({ length: Math.max(end - start + 1, 0) }, (_, i) => start + i);
  const goalOf = (month: number) => goals[month] ?? emptyGoal(month);
  const setGoal = (month: number, field: PlanningGoalField, value: number) =>
    setGoals((all) => ({ ...all, [month]: { ...goalOf(month), [field]: value } }));

  const save = async () => {
    const payload = { start_month: start, end_month: end, goals: months.map(goalOf) };
    const saved = plan
      ? await update.mutateAsync({ id: plan.id, ...payload })
      : await create.mutateAsync({ year: Number(year), ...payload });
    await advance(saved);
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Ano"
          placeholder="Selecione o ano"
          data={planningYears().map(String)}
          value={year}
          onChange={setYear}
          disabled={plan !== null}
          w={160}
        />
        <Select
          label="Mês inicial"
          data={MONTH_OPTIONS}
          value={String(start)}
          onChange={(v) => v && setStart(Number(v))}
          disabled={readOnly}
          allowDeselect={false}
          w={160}
        />
        <Select
          label="Mês final"
          data={MONTH_OPTIONS}
          value={String(end)}
          onChange={(v) => v && setEnd(Number(v))}
          disabled={readOnly}
          allowDeselect={false}
          w={160}
        />
      </Group>
      {start > end && (
        <Text c="red" size="sm">
          O mês final deve ser igual ou posterior ao mês inicial.
        </Text>
      )}
      <Table.ScrollContainer minWidth={1040}>
        <Table striped withTableBorder aria-label="Metas por mês">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mês</Table.Th>
              {PLANNING_GOAL_FIELDS.map((field) => (
                <Table.Th key={field}>{PLANNING_GOAL_LABELS[field]}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((month) => (
              <Table.Tr key={month}>
                <Table.Td>{MONTHS[month - 1]}</Table.Td>
                {PLANNING_GOAL_FIELDS.map((field) => (
                  <Table.Td key={field}>
                    <NumberInput
                      aria-label={`${PLANNING_GOAL_LABELS[field]} em ${MONTHS[month - 1]}`}
                      value={goalOf(month)[field]}
                      onChange={(v) => setGoal(month, field, Number(v) || 0)}
                      min={0}
                      decimalScale={field.endsWith('income') ? 2 : 0}
                      thousandSeparator="."
                      decimalSeparator=","
                      prefix={field.endsWith('income') ? 'R$ ' : undefined}
                      hideControls
                      disabled={readOnly}
                      size="xs"
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!readOnly && (
        <Group justify="flex-end">
          <Button
            onClick={save}
            loading={create.isPending || update.isPending || pending}
            disabled={!year || start > end}
          >
            Salvar e avançar
          </Button>
        </Group>
      )}
    </Stack>
  );
}
