import { Button, Card, Group, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  PLANNING_AVAILABILITY_OPTIONS,
  PLANNING_DATE_TYPES,
  PLANNING_TYPE_LABELS,
  PLANNING_TYPES,
  planningYears,
} from '@vendaval/core/constants';
import type { Query } from '../../../lib/http.ts';
import { useWorkingMembersQuery } from '../../../lib/lookups/lookups.ts';

/** The planning list filter (platform.md §3); empty fields filter nothing. */
export interface PlanningListFilter {
  start_timestamp: string;
  end_timestamp: string;
  dateType: string;
  start_at: string | null;
  end_at: string | null;
  user_id: string[];
  status: string | null;
  type: string;
}

export const EMPTY_PLANNING_FILTER: PlanningListFilter = {
  start_timestamp: '',
  end_timestamp: '',
  dateType: 'created_at',
  start_at: null,
  end_at: null,
  user_id: [],
  status: null,
  type: 'regular',
};

/** The filter as the list's query string: only what is set. */
export function planningFilterQuery(filter: PlanningListFilter): Query {
  const query: Query = { dateType: filter.dateType, type: filter.type };
  if (filter.start_timestamp) query.start_timestamp = filter.start_timestamp;
  if (filter.end_timestamp) query.end_timestamp = filter.end_timestamp;
  if (filter.start_at) query.start_at = filter.start_at;
  if (filter.end_at) query.end_at = filter.end_at;
  if (filter.user_id.length > 0) query.user_id = filter.user_id.join(',');
  if (filter.status !== null) query.status = filter.status;
  return query;
}

const years = planningYears().map(String);

export function PlanningListFilterForm({
  value,
  onChange,
}: {
  value: PlanningListFilter;
  onChange: (next: PlanningListFilter) => void;
}) {
  const members = useWorkingMembersQuery();
  const set = (patch: Partial<PlanningListFilter>) => onChange({ ...value, ...patch });
  return (
    <Card withBorder padding="md" component="section" aria-label="Filtros dos planejamentos">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Select
          label="Tipo de data"
          data={PLANNING_DATE_TYPES.map((d) => ({ value: d.value, label: d.label }))}
          value={value.dateType}
          onChange={(v) => v && set({ dateType: v })}
          allowDeselect={false}
        />
        <TextInput
          label="De"
          type="date"
          value={value.start_timestamp}
          onChange={(e) => set({ start_timestamp: e.currentTarget.value })}
        />
        <TextInput
          label="Até"
          type="date"
          value={value.end_timestamp}
          onChange={(e) => set({ end_timestamp: e.currentTarget.value })}
        />
        <MultiSelect
          label="Responsável"
          placeholder={value.user_id.length ? undefined : 'Todos'}
          data={(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
          value={value.user_id}
          onChange={(v) => set({ user_id: v })}
          searchable
        />
        <Select
          label="Ano inicial"
          placeholder="Todos"
          data={years}
          value={value.start_at}
          onChange={(v) => set({ start_at: v })}
          clearable
        />
        <Select
          label="Ano final"
          placeholder="Todos"
          data={years}
          value={value.end_at}
          onChange={(v) => set({ end_at: v })}
          clearable
        />
        <Select
          label="Situação"
          placeholder="Todas"
          data={PLANNING_AVAILABILITY_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
          value={value.status}
          onChange={(v) => set({ status: v })}
          clearable
        />
        <Select
          label="Tipo"
          data={PLANNING_TYPES.map((t) => ({ value: t, label: PLANNING_TYPE_LABELS[t] }))}
          value={value.type}
          onChange={(v) => v && set({ type: v })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button variant="subtle" onClick={() => onChange(EMPTY_PLANNING_FILTER)}>
          Limpar filtros
        </Button>
      </Group>
    </Card>
  );
}
