import { ActionIcon, Button, Indicator, MultiSelect, Popover, Select, Stack, Switch } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { canSeeAllUsers } from '@vendaval/core/permissions';
import { useState } from 'react';
import { useSalesStagesQuery, useWorkingMembersQuery } from '../../../lib/lookups/lookups.ts';
import { useTerms } from '../../../lib/platform.ts';
import { PeriodInput } from '../../../ui/period-input/period-input.tsx';
import {
  isOmnichannelFilterActive,
  OMNI_DATE_TYPE_LABEL,
  type OmnichannelFilters,
} from '../omnichannel-filters.ts';
import { omnichannelFilterStore } from '../omnichannel-store.ts';

const options = (items: readonly { id: number; name: string }[] | undefined) =>
  (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

type Props = { filters: OmnichannelFilters; keep: boolean; role: string };

/** The omnichannel filter (platform.md §3): the date of the last message, attendants, stages, rooms with chat. */
export function OmnichannelFilterPanel({ filters, keep, role }: Props) {
  const terms = useTerms();
  const stages = useSalesStagesQuery();
  const seesOthers = canSeeAllUsers(role);
  const members = useWorkingMembersQuery();
  const [opened, setOpened] = useState(false);
  const set = (patch: Partial<OmnichannelFilters>) => omnichannelFilterStore.update(patch);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" trapFocus>
      <Popover.Target>
        <Indicator disabled={!isOmnichannelFilterActive(filters)} size={9} offset={4}>
          <ActionIcon variant="default" size="lg" aria-label="Filtros" onClick={() => setOpened((o) => !o)}>
            <IconFilter size={18} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Select
            label="Filtrar datas por"
            data={[{ value: 'last_message_at', label: OMNI_DATE_TYPE_LABEL }]}
            value={filters.dateType}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            onChange={() => set({ dateType: 'last_message_at' })}
          />
          <PeriodInput
            start={filters.start_timestamp}
            end={filters.end_timestamp}
            onChange={(start, end) => set({ start_timestamp: start, end_timestamp: end })}
          />
          {seesOthers && (
            <MultiSelect
              label={terms.sales_rep_term}
              placeholder="Todos"
              searchable
              comboboxProps={{ withinPortal: false }}
              data={options(members.data)}
              value={filters.user_id.map(String)}
              onChange={(ids) => set({ user_id: ids.map(Number) })}
            />
          )}
          <MultiSelect
            label="Etapas"
            placeholder="Todas"
            searchable
            comboboxProps={{ withinPortal: false }}
            data={options(stages.data)}
            value={filters.sales_stage_id.map(String)}
            onChange={(ids) => set({ sales_stage_id: ids.map(Number) })}
          />
          <Switch
            label="Somente com conversa"
            checked={filters.has_chat}
            onChange={(event) => set({ has_chat: event.currentTarget.checked })}
          />
          <Switch
            label="Manter filtros"
            checked={keep}
            onChange={(event) => omnichannelFilterStore.setKeep(event.currentTarget.checked)}
          />
          <Button variant="default" onClick={() => omnichannelFilterStore.clear()}>
            Limpar
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
