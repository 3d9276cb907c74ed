import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { MONTHS, planningYears } from '@vendaval/core/constants';
import { formatBRL } from '@vendaval/core/format';
import {
  PLANNING_DASHBOARD_LABELS,
  PLANNING_DASHBOARD_METRIC_NAMES,
  PLANNING_PHASE_LABELS,
  type PlanningDashboardMetric,
  type PlanningDashboardSeries,
  type PlanningSubmitted,
} from '@vendaval/core/schemas/planning';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { ChartCard } from '../dashboards/components/chart-card.tsx';
import {
  usePlanningSeriesQuery,
  usePlanningSubmittedQuery,
  usePlanningSummaryQuery,
} from './api/planning-dashboards-api.ts';

type Metric = PlanningDashboardMetric;
const MONEY: ReadonlySet<Metric> = new Set(['income', 'remote-income']);
const isMetric = (value: string | null): value is Metric =>
  PLANNING_DASHBOARD_METRIC_NAMES.includes(value as Metric);

/** A figure as the indicator counts it: reais for income, a count otherwise; '—' where the cards cannot tell. */
const figure = (metric: Metric, n: number | null) =>
  n === null ? '—' : MONEY.has(metric) ? formatBRL(n) : n.toLocaleString('pt-BR');
const percentOf = (goal: number, actual: number | null) =>
  actual === null || goal <= 0 ? null : Math.round((actual / goal) * 100);
const percentText = (percent: number | null) =>
  percent === null ? '—' : `${percent.toLocaleString('pt-BR')}%`;
const monthName = (month: number) => MONTHS[month - 1] ?? String(month);

/**
 * /planning/dashboards: a unit's year, each indicator's goal against what its cards did, month by month, and
 * which units submitted the year's plan. Year, unit and indicator live in the address, so a view can be shared.
 */
export function PlanningDashboardsPage() {
  const { workspaceId } = useSession();
  const [params, setParams] = useSearchParams();
  const year = Number(params.get('year')) || new Date().getFullYear();
  const unitId = Number(params.get('unit')) || workspaceId;
  const metricParam = params.get('metric');
  const metric: Metric = isMetric(metricParam) ? metricParam : 'enrollments';
  const submitted = usePlanningSubmittedQuery(workspaceId, year);
  const units = submitted.data?.data ?? [];
  const choose = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg" maw={1180} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>Dashboards do planejamento</Title>
          <Text size="sm" c="dimmed">
            As metas do plano contra o realizado das oportunidades, mês a mês, e o envio dos planejamentos.
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap" align="flex-end">
          <Select
            label="Ano"
            w={110}
            allowDeselect={false}
            data={planningYears().map(String)}
            value={String(year)}
            onChange={(value) => value && choose('year', value)}
          />
          {units.length > 1 && (
            <Select
              label="Unidade"
              w={220}
              allowDeselect={false}
              data={units.map((u) => ({ value: String(u.workspace_id), label: u.name }))}
              value={String(unitId)}
              onChange={(value) => value && choose('unit', value)}
            />
          )}
          <Select
            label="Indicador"
            w={240}
            allowDeselect={false}
            data={PLANNING_DASHBOARD_METRIC_NAMES.map((m) => ({
              value: m,
              label: PLANNING_DASHBOARD_LABELS[m],
            }))}
            value={metric}
            onChange={(value) => isMetric(value) && choose('metric', value)}
          />
        </Group>
      </Group>
      <SummaryCard unitId={unitId} year={year} metric={metric} onPick={(m) => choose('metric', m)} />
      <SeriesCard unitId={unitId} year={year} metric={metric} />
      <SubmittedCard
        year={year}
        loading={submitted.isPending}
        failed={submitted.isError}
        data={submitted.data}
      />
    </Stack>
  );
}

/** Every indicator's year: the goal, the actual and how much of the goal it reached; a name shows its months. */
function SummaryCard({
  unitId,
  year,
  metric,
  onPick,
}: {
  unitId: number | null;
  year: number;
  metric: Metric;
  onPick: (metric: Metric) => void;
}) {
  const summary = usePlanningSummaryQuery(unitId, year);
  const data = summary.data;
  const title = `Resumo de ${year}`;
  return (
    <ChartCard
      title={title}
      loading={summary.isPending}
      updating={summary.isPlaceholderData}
      empty={false}
      csv={() => ({
        header: ['Indicador', 'Meta', 'Realizado', '% da meta'],
        rows: (data?.metrics ?? []).map((m) => [
          PLANNING_DASHBOARD_LABELS[m.metric],
          m.goal,
          m.actual,
          percentOf(m.goal, m.actual),
        ]),
      })}
    >
      {summary.isError ? (
        <Text c="dimmed">Não foi possível carregar o resumo.</Text>
      ) : (
        data && (
          <Stack gap="sm">
            {data.phase ? (
              <Group gap="xs">
                <Text size="sm">Planejamento {data.year}:</Text>
                <Badge variant="light" color={data.phase === 'Submitted' ? 'green' : 'blue'}>
                  {PLANNING_PHASE_LABELS[data.phase]}
                </Badge>
              </Group>
            ) : (
              <Alert color="yellow" variant="light" title={`A unidade não tem planejamento de ${data.year}`}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm">
                    As metas aparecem zeradas; o realizado das oportunidades continua contando.
                  </Text>
                  <Button component={Link} to="/planning/register" size="xs" variant="light">
                    Novo planejamento
                  </Button>
                </Group>
              </Alert>
            )}
            <Table.ScrollContainer minWidth={300}>
              <Table fz="sm" verticalSpacing={6} highlightOnHover aria-label="Metas e realizado do ano">
                <GoalHeader name="Indicador" />
                <Table.Tbody>
                  {data.metrics.map((m) => (
                    <Table.Tr
                      key={m.metric}
                      bg={m.metric === metric ? 'var(--mantine-primary-color-light)' : undefined}
                      aria-current={m.metric === metric || undefined}
                    >
                      <Table.Td>
                        <UnstyledButton
                          fz="sm"
                          fw={m.metric === metric ? 600 : 400}
                          onClick={() => onPick(m.metric)}
                        >
                          {PLANNING_DASHBOARD_LABELS[m.metric]}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td ta="right">{figure(m.metric, m.goal)}</Table.Td>
                      <Table.Td ta="right">{figure(m.metric, m.actual)}</Table.Td>
                      <Table.Td ta="right">
                        <Percent percent={percentOf(m.goal, m.actual)} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )
      )}
    </ChartCard>
  );
}

function Percent({ percent }: { percent: number | null }) {
  return (
    <Text
      span
      fz="sm"
      fw={percent !== null && percent >= 100 ? 600 : 400}
      c={percent !== null && percent >= 100 ? 'green.8' : undefined}
    >
      {percentText(percent)}
    </Text>
  );
}

/** The head of a goal table: what each row is, then goal, actual and share of the goal met. */
function GoalHeader({ name }: { name: string }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{name}</Table.Th>
        <Table.Th ta="right">Meta</Table.Th>
        <Table.Th ta="right">Realizado</Table.Th>
        <Table.Th ta="right">% da meta</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

/** A month's (or the year's) goal, actual and share of the goal met. */
function GoalRow({
  label,
  metric,
  goal,
  actual,
  bold = false,
}: {
  label: string;
  metric: Metric;
  goal: number;
  actual: number | null;
  bold?: boolean;
}) {
  return (
    <Table.Tr fw={bold ? 600 : undefined}>
      <Table.Td>{label}</Table.Td>
      <Table.Td ta="right">{figure(metric, goal)}</Table.Td>
      <Table.Td ta="right">{figure(metric, actual)}</Table.Td>
      <Table.Td ta="right">
        <Percent percent={percentOf(goal, actual)} />
      </Table.Td>
    </Table.Tr>
  );
}

/** One indicator month by month: goal and actual as bars, then the same figures with the totals. */
function SeriesCard({ unitId, year, metric }: { unitId: number | null; year: number; metric: Metric }) {
  const series = usePlanningSeriesQuery(unitId, metric, year);
  const label = PLANNING_DASHBOARD_LABELS[metric];
  const data = series.data;
  const empty = !data || data.months.every((m) => m.goal === 0 && !m.actual);
  return (
    <ChartCard
      title={`${label}: meta x realizado em ${year}`}
      loading={series.isPending}
      updating={series.isPlaceholderData}
      empty={series.isError || empty}
      csv={() => ({
        header: ['Mês', 'Meta', 'Realizado', '% da meta'],
        rows: (data?.months ?? []).map((m) => [
          monthName(m.month),
          m.goal,
          m.actual,
          percentOf(m.goal, m.actual),
        ]),
      })}
    >
      {data && <SeriesFigures metric={metric} data={data} />}
    </ChartCard>
  );
}

function SeriesFigures({ metric, data }: { metric: Metric; data: PlanningDashboardSeries }) {
  const valueFormatter = (n: number) => figure(metric, n);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <BarChart
        h={280}
        data={data.months.map((m) => ({
          month: monthName(m.month).slice(0, 3),
          goal: m.goal,
          actual: m.actual ?? 0,
        }))}
        dataKey="month"
        series={[
          { name: 'goal', label: 'Meta', color: 'primary.3' },
          { name: 'actual', label: 'Realizado', color: 'primary.8' },
        ]}
        valueFormatter={valueFormatter}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="none"
        gridAxis="y"
        yAxisProps={{ width: MONEY.has(metric) ? 90 : 40 }}
      />
      <Table.ScrollContainer minWidth={300}>
        <Table fz="sm" verticalSpacing={4} striped aria-label="Meta e realizado por mês">
          <GoalHeader name="Mês" />
          <Table.Tbody>
            {data.months.map((m) => (
              <GoalRow
                key={m.month}
                label={monthName(m.month)}
                metric={metric}
                goal={m.goal}
                actual={m.actual}
              />
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <GoalRow label="Total" metric={metric} goal={data.total_goal} actual={data.total_actual} bold />
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </SimpleGrid>
  );
}

/** The units the person works in and whether each submitted the year's plan. */
function SubmittedCard({
  year,
  loading,
  failed,
  data,
}: {
  year: number;
  loading: boolean;
  failed: boolean;
  data: PlanningSubmitted | undefined;
}) {
  const units = data?.data ?? [];
  const sent = units.filter((u) => u.submitted).length;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={`Envio dos planejamentos de ${year}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h5">
            Envio dos planejamentos de {year}
          </Title>
          {data && units.length > 0 && (
            <Text size="sm" c="dimmed">
              {sent} de {units.length} {units.length === 1 ? 'unidade enviou' : 'unidades enviaram'}
            </Text>
          )}
        </Group>
        {loading ? (
          <Skeleton h={120} />
        ) : failed ? (
          <Text c="dimmed">Não foi possível carregar o envio dos planejamentos.</Text>
        ) : units.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            Nenhuma unidade encontrada.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table fz="sm" verticalSpacing={6} aria-label="Unidades e envio do planejamento">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Unidade</Table.Th>
                  <Table.Th>Etapa</Table.Th>
                  <Table.Th ta="right">Situação</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {units.map((unit) => (
                  <Table.Tr key={unit.workspace_id}>
                    <Table.Td>{unit.name}</Table.Td>
                    <Table.Td>{unit.phase ? PLANNING_PHASE_LABELS[unit.phase] : 'Sem planejamento'}</Table.Td>
                    <Table.Td ta="right">
                      <Badge variant="light" color={unit.submitted ? 'green' : 'gray'}>
                        {unit.submitted ? 'Enviado' : 'Não enviado'}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
