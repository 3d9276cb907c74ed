import { Card, Stack, Tabs, Text, Title } from '@mantine/core';
import { canSeeAllUsers } from '@vendaval/core/permissions';
import { useState } from 'react';
import { useOpenBoardWith } from '../../lib/board-entry.ts';
import { useCurrentWorkspace } from '../../lib/current-workspace.ts';
import { useSalesStagesQuery } from '../../lib/lookups/lookups.ts';
import { usePlatform } from '../../lib/platform.ts';
import { ChartsTab } from './components/charts-tab.tsx';
import { DashboardFilters } from './components/dashboard-filters.tsx';
import { RankingTab } from './components/ranking-tab.tsx';
import { ServiceTab } from './components/service-tab.tsx';
import { boardEntryOf, type DashboardFilter, defaultDashboardFilter } from './dashboard-filter.ts';

/** The dashboards (route /dashboard, PLAT-044). */
export function DashboardPage() {
  const membership = useCurrentWorkspace();
  if (!membership) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          Dashboard
        </Title>
        <Card withBorder padding="lg" radius="md">
          <Text>Você ainda não participa de nenhum workspace.</Text>
        </Card>
      </Stack>
    );
  }
  return <WorkspaceDashboard key={membership.id} workspaceId={membership.id} role={membership.role} />;
}

function WorkspaceDashboard({ workspaceId, role }: { workspaceId: number; role: string }) {
  const titles = usePlatform().dashboard_titles;
  const [filter, setFilter] = useState<DashboardFilter>(() => defaultDashboardFilter(role, new Date()));
  const stages = useSalesStagesQuery().data ?? [];
  const openBoardWith = useOpenBoardWith();
  const everyone = canSeeAllUsers(role);
  const common = { workspaceId, filter };
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Dashboard
      </Title>
      <DashboardFilters filter={filter} onChange={setFilter} choosesUser={everyone} />
      <Tabs defaultValue="charts" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="charts">Funil</Tabs.Tab>
          <Tabs.Tab value="service">{titles.service_tab}</Tabs.Tab>
          <Tabs.Tab value="ranking">{titles.ranking_tab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="charts" pt="md">
          <ChartsTab
            {...common}
            titles={titles.charts}
            stages={stages}
            open={(bar) => openBoardWith(boardEntryOf(filter, bar))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="service" pt="md">
          <ServiceTab {...common} />
        </Tabs.Panel>
        <Tabs.Panel value="ranking" pt="md">
          <RankingTab
            key={JSON.stringify(filter)}
            {...common}
            title={titles.ranking_tab}
            openUser={
              everyone ? (userId) => openBoardWith(boardEntryOf(filter, { user_id: [userId] })) : undefined
            }
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
