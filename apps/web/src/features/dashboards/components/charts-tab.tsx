import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Pagination, SimpleGrid, Stack } from '@mantine/core';
import { DASHBOARD_PAGE_SIZES } from '@vendaval/core/constants';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import type {
  Breakdown,
  PagedBreakdown,
  SalesStageDashboard,
  ServiceTrails,
  TaskScheduledDashboard,
} from '@vendaval/core/schemas/dashboards';
import { useState } from 'react';
import type { BoardEntryFilters } from '../../../lib/board-entry.ts';
import { usePeriodPair } from '../api/use-period-pair.ts';
import type { DashboardFilter } from '../dashboard-filter.ts';
import { ChartCard } from './chart-card.tsx';
import { type FigureRow, FigureTable } from './figure-table.tsx';

export type ChartProps = {
  title: string;
  workspaceId: number;
  filter: DashboardFilter;
  /** Opens the board on a bar's cards (the period, date and person are added). */
  open: (bar: BoardEntryFilters) => void;
  stages: SalesStage[];
};

const PALETTE = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'red.6',
  'cyan.6',
  'lime.7',
  'pink.6',
  'indigo.6',
  'yellow.6',
];
const COUNT = 'Oportunidades';

/** Bars (or slices) and the table under them; a click on either opens the board on the same cards. */
function Figures({ rows, shape }: { rows: FigureRow[]; shape: 'bar' | 'donut' }) {
  const click = (_: unknown, index: number) => rows[index]?.open?.();
  return (
    <Stack gap="xs">
      {shape === 'bar' ? (
        <BarChart
          h={220}
          data={rows.map((r) => ({ name: r.name, count: r.count }))}
          dataKey="name"
          series={[{ name: 'count', label: COUNT, color: 'blue.6' }]}
          barProps={{ onClick: click, cursor: 'pointer' }}
          tickLine="none"
          gridAxis="y"
        />
      ) : (
        <DonutChart
          mx="auto"
          size={180}
          thickness={28}
          data={rows.map((r, i) => ({
            name: r.name,
            value: r.count,
            color: PALETTE[i % PALETTE.length] as string,
          }))}
          pieProps={{ onClick: click, cursor: 'pointer' }}
          tooltipDataSource="segment"
        />
      )}
      <FigureTable rows={rows} countLabel={COUNT} />
    </Stack>
  );
}

/**
 * One row per item of the period, with the previous period's count of the same item (0 once that period has
 * loaded without it), and what a click on it opens, if anything.
 */
function figureRows<T extends { name: string; count: number }>(
  data: T[],
  previous: T[] | undefined,
  keyOf: (item: T) => number | string | null,
  openOf?: (item: T) => (() => void) | undefined,
): FigureRow[] {
  return data.map((item) => ({
    id: String(keyOf(item)),
    name: item.name,
    count: item.count,
    previous: previous ? (previous.find((p) => keyOf(p) === keyOf(item))?.count ?? 0) : undefined,
    open: openOf?.(item),
  }));
}

const breakdownCsv = (title: string, data: Breakdown['data'], previous: Breakdown | undefined) => () => ({
  header: [title, COUNT, 'Em aberto', 'Ganhas', 'Perdidas', 'Valor total', 'Valor ganho', 'Período anterior'],
  rows: data.map((d) => [
    d.name,
    d.count,
    d.open,
    d.won,
    d.lost,
    d.total_price,
    d.won_price,
    previous?.data.find((p) => p.key === d.key)?.count ?? 0,
  ]),
});

/** Campaigns, medias, sources, lost reasons: one bar or slice per value, each the board's filter of that value. */
function BreakdownChart({
  title,
  workspaceId,
  filter,
  open,
  path,
  shape,
  barOf,
}: ChartProps & {
  path: string;
  shape: 'bar' | 'donut';
  barOf: (key: number | string) => BoardEntryFilters;
}) {
  const { current, previous } = usePeriodPair<Breakdown>(workspaceId, path, filter);
  const data = current.data?.data ?? [];
  const rows = figureRows(
    data,
    previous?.data,
    (d) => d.key,
    (d) => (d.key === null ? undefined : () => open(barOf(d.key as number | string))),
  );
  return (
    <ChartCard
      title={title}
      loading={current.isPending}
      updating={current.isPlaceholderData}
      empty={rows.length === 0}
      csv={breakdownCsv(title, data, previous)}
    >
      <Figures rows={rows} shape={shape} />
    </ChartCard>
  );
}

/** 'Resumo do Funil': the cards of each stage, in board order; a bar opens that column alone. */
function FunnelChart({ title, workspaceId, filter, open }: ChartProps) {
  const { current, previous } = usePeriodPair<SalesStageDashboard>(
    workspaceId,
    'dashboards/sales-stage',
    filter,
  );
  const data = current.data?.data ?? [];
  const rows = figureRows(
    data,
    previous?.data,
    (d) => d.sales_stage_id,
    (d) => () => open({ sales_stage_id: [d.sales_stage_id] }),
  );
  const csv = () => ({
    header: ['Etapa', COUNT, 'Valor total', 'Período anterior'],
    rows: rows.map((r, i) => [r.name, r.count, data[i]?.total_price ?? 0, r.previous ?? 0]),
  });
  return (
    <ChartCard
      title={title}
      loading={current.isPending}
      updating={current.isPlaceholderData}
      empty={(current.data?.total.count ?? 0) === 0}
      csv={csv}
    >
      <Figures rows={rows} shape="bar" />
    </ChartCard>
  );
}

/** 'Funil de atendimento': received, answered, answered in time, won; the first and the last open the board. */
function ServiceFunnelChart({ title, workspaceId, filter, open, stages }: ChartProps) {
  const { current, previous } = usePeriodPair<ServiceTrails>(
    workspaceId,
    'dashboards/service-trails',
    filter,
  );
  const won = stages.filter((s) => s.type === 'Won').map((s) => s.id);
  const bars: Partial<Record<string, BoardEntryFilters>> = { received: {}, won: { sales_stage_id: won } };
  const data = current.data?.data ?? [];
  const rows = figureRows(
    data,
    previous?.data,
    (d) => d.step,
    (d) => {
      const bar = bars[d.step];
      return bar ? () => open(bar) : undefined;
    },
  );
  const csv = () => ({
    header: ['Etapa', COUNT, 'Período anterior'],
    rows: rows.map((r) => [r.name, r.count, r.previous ?? 0]),
  });
  return (
    <ChartCard
      title={title}
      loading={current.isPending}
      updating={current.isPlaceholderData}
      empty={(data[0]?.count ?? 0) === 0}
      csv={csv}
    >
      <Figures rows={rows} shape="bar" />
    </ChartCard>
  );
}

/** 'Produtos', nine a page (PLAT-131). */
function ProductChart({ title, workspaceId, filter, open }: ChartProps) {
  const [page, setPage] = useState(1);
  const size = DASHBOARD_PAGE_SIZES.productStats;
  const paging = { limit: size, offset: (page - 1) * size };
  const { current, previous } = usePeriodPair<PagedBreakdown>(
    workspaceId,
    'dashboards/product',
    filter,
    paging,
  );
  const data = current.data?.data ?? [];
  const rows = figureRows(
    data,
    previous?.data,
    (d) => d.key,
    (d) => (d.key === null ? undefined : () => open({ product_id: [d.key as number] })),
  );
  const pages = Math.ceil((current.data?.pagination.total_count ?? 0) / size);
  return (
    <ChartCard
      title={title}
      loading={current.isPending}
      updating={current.isPlaceholderData}
      empty={rows.length === 0}
      csv={breakdownCsv(title, data, previous)}
    >
      <Figures rows={rows} shape="bar" />
      {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} />}
    </ChartCard>
  );
}

/** 'Agendamentos': tasks scheduled in the period by type; tasks are not cards, so no bar opens the board. */
function TasksChart({ title, workspaceId, filter }: ChartProps) {
  const { current, previous } = usePeriodPair<TaskScheduledDashboard>(
    workspaceId,
    'dashboards/task-scheduled',
    filter,
  );
  const data = current.data?.data ?? [];
  const rows = figureRows(data, previous?.data, (d) => d.task_type_id);
  const csv = () => ({
    header: ['Tipo de tarefa', 'Agendadas', 'Concluídas', 'Atrasadas'],
    rows: data.map((d) => [d.name, d.count, d.completed, d.overdue]),
  });
  return (
    <ChartCard
      title={title}
      loading={current.isPending}
      updating={current.isPlaceholderData}
      empty={rows.length === 0}
      csv={csv}
    >
      <Figures rows={rows} shape="bar" />
    </ChartCard>
  );
}

/** The first tab's charts in the order of the profile's titles (platform.md §1): the n-th title names the n-th. */
const CHARTS: ((props: ChartProps) => React.JSX.Element)[] = [
  FunnelChart,
  (props) => (
    <BreakdownChart
      {...props}
      path="dashboards/closed-type"
      shape="donut"
      barOf={(key) => ({ closed_type: [key as number] })}
    />
  ),
  ServiceFunnelChart,
  (props) => (
    <BreakdownChart
      {...props}
      path="dashboards/source-type"
      shape="donut"
      barOf={(key) => ({ source_type: [String(key)] })}
    />
  ),
  (props) => (
    <BreakdownChart
      {...props}
      path="dashboards/campaign"
      shape="bar"
      barOf={(key) => ({ campaign_id: [key as number] })}
    />
  ),
  (props) => (
    <BreakdownChart
      {...props}
      path="dashboards/media"
      shape="bar"
      barOf={(key) => ({ media_id: [key as number] })}
    />
  ),
  ProductChart,
  TasksChart,
];

export function ChartsTab({ titles, ...props }: Omit<ChartProps, 'title'> & { titles: string[] }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {titles.slice(0, CHARTS.length).map((title, index) => {
        const Chart = CHARTS[index] as (p: ChartProps) => React.JSX.Element;
        return <Chart key={title} title={title} {...props} />;
      })}
    </SimpleGrid>
  );
}
