import { Group, SegmentedControl, Select } from '@mantine/core';
import { DASHBOARD_DATE_TYPES, OPPORTUNITY_DATE_TYPE_LABELS } from '@vendaval/core/constants';
import dayjs from 'dayjs';
import { useWorkingMembersQuery } from '../../../lib/lookups/lookups.ts';
import { PeriodInput } from '../../../ui/period-input/period-input.tsx';
import type { DashboardFilter } from '../dashboard-filter.ts';

type Props = {
  filter: DashboardFilter;
  onChange: (filter: DashboardFilter) => void;
  /** Whoever sees only their own numbers gets no person to choose. */
  choosesUser: boolean;
};

const DAY = 'YYYY-MM-DD';
/** Ranges ending today. */
function presets(now = dayjs()) {
  const ending = (label: string, start: dayjs.Dayjs) => ({
    label,
    value: [start.format(DAY), now.format(DAY)] as [string, string],
  });
  return [
    ending('Hoje', now),
    ending('Últimos 7 dias', now.subtract(6, 'day')),
    ending('Últimos 30 dias', now.subtract(29, 'day')),
    ending('Este mês', now.startOf('month')),
    ending('Últimos 3 meses', now.subtract(3, 'month')),
  ];
}

const DATE_TYPES = DASHBOARD_DATE_TYPES.map((value) => ({
  value,
  label: OPPORTUNITY_DATE_TYPE_LABELS[value],
}));

function UserSelect({ filter, onChange }: Omit<Props, 'choosesUser'>) {
  const members = useWorkingMembersQuery();
  return (
    <Select
      label="Usuário"
      placeholder="Todos"
      clearable
      searchable
      nothingFoundMessage="Nenhum usuário encontrado"
      data={(members.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
      value={filter.user_id === null ? null : String(filter.user_id)}
      onChange={(value) => onChange({ ...filter, user_id: value === null ? null : Number(value) })}
      miw={220}
    />
  );
}

/** Period, the date it applies to (creation or last change, PLAT-127) and the person. */
export function DashboardFilters({ filter, onChange, choosesUser }: Props) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <PeriodInput
        start={filter.start}
        end={filter.end}
        presets={presets()}
        onChange={(start, end) => {
          if (start && end) onChange({ ...filter, start, end });
        }}
      />
      <SegmentedControl
        aria-label="Data considerada"
        data={DATE_TYPES}
        value={filter.date_type}
        onChange={(value) => onChange({ ...filter, date_type: value as DashboardFilter['date_type'] })}
      />
      {choosesUser && <UserSelect filter={filter} onChange={onChange} />}
    </Group>
  );
}
