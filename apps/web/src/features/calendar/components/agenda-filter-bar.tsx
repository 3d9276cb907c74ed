import {
  Badge,
  Button,
  CloseButton,
  Collapse,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Switch,
  Text,
} from '@mantine/core';
import { IconFilter, IconFilterOff } from '@tabler/icons-react';
import {
  TASK_SORT_FIELDS,
  TASK_SORT_LABELS,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  type TaskStatus,
} from '@vendaval/core/constants';
import { seesOnlyOwnOpportunities } from '@vendaval/core/permissions';
import { useState } from 'react';
import { useTaskTypesQuery, useWorkingMembersQuery } from '../../../lib/lookups/lookups.ts';
import { PeriodInput } from '../../../ui/period-input/period-input.tsx';
import { agendaFilterStore } from '../agenda-filter-store.ts';
import { type AgendaFilters, countActiveAgendaFilters } from '../agenda-filters.ts';

const STATUS_OPTIONS = TASK_STATUSES.map((status) => ({ value: status, label: TASK_STATUS_LABELS[status] }));
const SORT_OPTIONS = TASK_SORT_FIELDS.flatMap((field) => [
  { value: field, label: `${TASK_SORT_LABELS[field]} (crescente)` },
  { value: `-${field}`, label: `${TASK_SORT_LABELS[field]} (decrescente)` },
]);
const ids = (values: string[]) => values.map(Number);
const strings = (values: number[]) => values.map(String);

type Props = {
  filters: AgendaFilters;
  keep: boolean;
  role: string;
  /** On a phone the fields fold away behind 'Filtros'. */
  mobile: boolean;
};

type FieldsProps = Omit<Props, 'mobile'> & { active: number };

/** Period, status, action, responsible (not for a salesRep) and sort; the switches and 'Limpar'. */
function AgendaFilterFields({ filters, keep, role, active }: FieldsProps) {
  const update = agendaFilterStore.update;
  const members = useWorkingMembersQuery();
  const taskTypes = useTaskTypesQuery();
  const ownOnly = seesOnlyOwnOpportunities(role);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: ownOnly ? 4 : 5 }} spacing="sm" verticalSpacing="xs">
        <PeriodInput
          start={filters.start_timestamp}
          end={filters.end_timestamp}
          onChange={(start, end) => update({ start_timestamp: start, end_timestamp: end })}
        />
        <MultiSelect
          label="Status"
          placeholder={filters.task_status.length ? undefined : 'Todos'}
          data={STATUS_OPTIONS}
          value={filters.task_status}
          onChange={(values) => update({ task_status: values as TaskStatus[] })}
          clearable
        />
        <MultiSelect
          label="Ação"
          placeholder={filters.task_type_id.length ? undefined : 'Todas'}
          data={(taskTypes.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={strings(filters.task_type_id)}
          onChange={(values) => update({ task_type_id: ids(values) })}
          searchable
          clearable
        />
        {!ownOnly && (
          <MultiSelect
            label="Responsável"
            placeholder={filters.user_id.length ? undefined : 'Todos'}
            data={(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            value={strings(filters.user_id)}
            onChange={(values) => update({ user_id: ids(values) })}
            searchable
            clearable
          />
        )}
        <Select
          label="Ordenação"
          data={SORT_OPTIONS}
          value={filters.sort}
          onChange={(value) => value && update({ sort: value })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="sm" gap="sm">
        <Group gap="lg">
          <Switch
            label="Somente atrasadas"
            checked={filters.only_delayed}
            onChange={(event) => update({ only_delayed: event.currentTarget.checked })}
          />
          <Switch
            label="Manter filtros"
            checked={keep}
            onChange={(event) => agendaFilterStore.setKeep(event.currentTarget.checked)}
          />
        </Group>
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => agendaFilterStore.clear()}
          rightSection={
            active > 0 ? (
              <Badge size="xs" circle>
                {active}
              </Badge>
            ) : null
          }
        >
          Limpar
        </Button>
      </Group>
    </>
  );
}

/** The agenda's filters: applied as they change; 'Limpar' goes back to the defaults (decision 5). */
export function AgendaFilterBar({ filters, keep, role, mobile }: Props) {
  const update = agendaFilterStore.update;
  const [open, setOpen] = useState(false);
  const active = countActiveAgendaFilters(filters);
  const fields = <AgendaFilterFields filters={filters} keep={keep} role={role} active={active} />;
  return (
    <Paper withBorder radius="md" p="sm">
      {filters.parent_id !== null && (
        <Group gap="xs" mb="sm">
          <Text size="sm" c="dimmed">
            Oportunidade:
          </Text>
          <Badge
            variant="light"
            size="lg"
            tt="none"
            rightSection={
              <CloseButton
                size="xs"
                aria-label="Remover filtro de oportunidade"
                onClick={() => update({ parent_id: null, opportunity: null })}
              />
            }
          >
            {filters.opportunity} · #{filters.parent_id}
          </Badge>
        </Group>
      )}
      {mobile && (
        <Button
          variant="default"
          fullWidth
          leftSection={<IconFilter size={16} />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          mb={open ? 'sm' : 0}
        >
          Filtros{active > 0 ? ` (${active})` : ''}
        </Button>
      )}
      {mobile ? <Collapse in={open}>{fields}</Collapse> : fields}
    </Paper>
  );
}
